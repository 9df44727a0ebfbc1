"""Style de-anonymisation: can a simple classifier tell, from an alias's posts alone, which model wrote them?

The alias layer (马甲) is meant to hide who plays a seat. If a model's prose gives it away, a player
(or a model) reading the thread can tell which aliases are the strong model and play the seat, not
the role — a leak a tournament's figures should say. This check measures it the way a stylometrist
would, with the least clever tool that works: one document per alias and game (the alias's public
posts of that game, nothing else: no role, no votes, no seat number), character 1-3-grams weighted
by TF-IDF (``analyzer="char"``: Chinese text has no spaces for ``char_wb`` to find words by) and a
multinomial logistic regression (scikit-learn, ``TfidfVectorizer`` + ``LogisticRegression``).

It is scored out of sample, by game: a fold's test games are never seen in training
(``GroupKFold`` over games), so the classifier cannot learn a game's topics (the seats it talks
about) instead of a model's style. The figure is the accuracy above chance, where chance is the
accuracy of always naming the training folds' most frequent model (the best guess without
reading); both are ratios of per-game sums and their difference has an interval clustered by game
(``evals.clustered``), paired. Per model, the share of its aliases named right (recall) beside
its share of the documents.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from evals.clustered import DEFAULT_RESAMPLES, Estimate, clustered_difference, clustered_ratio
from evals.facts import GameFacts

MIN_CHARS = 20
"""An alias with fewer characters of posts than this says too little to classify; it is left out."""
MAX_FOLDS = 5


@dataclass(frozen=True, slots=True)
class Document:
    """An alias's public posts in one game."""

    game_id: str
    seat: int
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class Prediction:
    document: Document
    predicted: str
    chance: str
    """The training folds' most frequent label (what a guess without reading names)."""


@dataclass(frozen=True)
class StyleResult:
    """The check's figures; ``reason`` says why there are none (too few games or models)."""

    accuracy: Estimate
    chance: Estimate
    above_chance: Estimate
    per_label: dict[str, tuple[Estimate, int]]
    """Per model: its recall (aliases named right) and its number of documents."""
    documents: int
    games: int
    labels: int
    folds: int
    reason: str = ""


def documents(games: Iterable[GameFacts]) -> list[Document]:
    """One document per (game, seat) with public posts: the seat's posts in thread order, joined; a
    human's seat is no model's. ``evals.facts.load_facts`` leaves forks out unless named (their posts
    before the fork point are their origin's, and an edited floor is not its author's words)."""
    out = []
    for game in games:
        for seat, parts in sorted(game.post_texts.items()):
            text = "\n".join(parts)
            if seat in game.labels and game.players.get(seat) != "human" and len(text) >= MIN_CHARS:
                out.append(Document(game.game_id, seat, game.labels[seat], text))
    return out


def predict(docs: Sequence[Document], *, seed: int = 0) -> tuple[list[Prediction], int]:
    """Out-of-sample predictions of every document (folds by game); returns them and the folds used."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold
    from sklearn.pipeline import make_pipeline

    games = sorted({d.game_id for d in docs})
    folds = min(MAX_FOLDS, len(games))
    texts, labels, groups = [d.text for d in docs], [d.label for d in docs], [d.game_id for d in docs]
    out: list[Prediction] = []
    for train, test in GroupKFold(n_splits=folds, shuffle=True, random_state=seed).split(texts, labels, groups):
        seen = [labels[i] for i in train]
        chance = max(sorted(set(seen)), key=seen.count)
        if len(set(seen)) < 2:  # nothing to tell apart in training: the guess is all it can say
            out.extend(Prediction(docs[i], chance, chance) for i in test)
            continue
        model = make_pipeline(TfidfVectorizer(analyzer="char", ngram_range=(1, 3), sublinear_tf=True, min_df=2),
                              LogisticRegression(max_iter=2000))
        model.fit([texts[i] for i in train], seen)
        for i, name in zip(test, model.predict([texts[i] for i in test]), strict=True):
            out.append(Prediction(docs[i], str(name), chance))
    return out, folds


def style_check(docs: Sequence[Document], *, resamples: int = DEFAULT_RESAMPLES, seed: int = 0) -> StyleResult:
    """The check's figures over ``docs`` (see the module docstring)."""
    games, labels = {d.game_id for d in docs}, sorted({d.label for d in docs})
    empty = Estimate(None, None, None, 0, 0.0, 0.0)
    if len(labels) < 2 or len(games) < 2:
        reason = "labels" if len(labels) < 2 else "games"
        return StyleResult(empty, empty, empty, {}, len(docs), len(games), len(labels), 0, reason)
    found, folds = predict(docs, seed=seed)
    right = [(p.document.game_id, float(p.predicted == p.document.label), 1.0) for p in found]
    guess = [(p.document.game_id, float(p.chance == p.document.label), 1.0) for p in found]
    kw = {"resamples": resamples, "seed": seed}
    per_label = {}
    for label in labels:
        mine = [p for p in found if p.document.label == label]
        per_label[label] = (clustered_ratio([(p.document.game_id, float(p.predicted == label), 1.0) for p in mine],
                                            **kw), len(mine))
    return StyleResult(clustered_ratio(right, **kw), clustered_ratio(guess, **kw),
                       clustered_difference(right, guess, **kw), per_label, len(docs), len(games), len(labels),
                       folds)
