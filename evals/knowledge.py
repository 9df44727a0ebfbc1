"""Knowledge-aware priors: what a seat's role alone tells it about every other seat, as probabilities.

A belief report is only skilful beyond what the seat was *told*: a killer that knows its three
mates scores far above a roster-only prior without inferring anything. So the headline baseline
of a report is the posterior of the deal given exactly what the seat's role told it before the
checkpoint:

* the roster as dealt (cards = dealt (role, faction) pairs, from the game's deal);
* its own dealt card (taken out of the pool — a converted seat's *dealt* card, so an apprentice
  witch still sees the witch among the others);
* the members of its team chats that name their members (``evals.clue_rules``), each pinned to its
  card and predicted to hold its faction at the checkpoint (the chat tells it, conversions included);
* its own skills' results, each a set of cards the target may hold (侦探权限 黑, 预言 非平民…).

Every deal consistent with that is equally likely (the deal is a uniform shuffle); the prior of a
target is the share of consistent deals in which it holds each faction. Counted exactly, not
sampled: cards that every constraint treats alike are merged into classes, and a small dynamic
programme over the constrained seats' classes counts the deals (multinomial weights), the
unconstrained seats taking whatever is left. A target's faction is its card's dealt faction
(conversions of seats it was not told about are not modelled, as in the roster prior). Results
that contradict each other (a converted seat checked black) fall back to the chats alone, then to
the roster.

The roster prior (``roster``) is the same computation with nothing but the seat's own card.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from evals.clue_rules import Allowed, Card, ClueRules, clue_rules
from evals.facts import GameFacts

Dist = dict[str, float]


@dataclass(frozen=True)
class Prior:
    """A prior over every other seat's faction: pinned seats, then each constrained seat, then the rest."""

    by_seat: dict[int, Dist]
    rest: Dist
    """The distribution of a seat nothing was said about."""

    def of(self, target: int) -> Dist:
        return self.by_seat.get(target, self.rest)


def cards(game: GameFacts) -> dict[int, Card]:
    """Each seat's dealt (role, faction); a rule set without roles deals its factions as the cards."""
    out: dict[int, Card] = {}
    for seat in game.truth.seats:
        faction = game.truth.dealt(seat)
        if faction is not None:
            out[seat] = (game.truth.dealt_role(seat) or faction, faction)
    return out


def roster(game: GameFacts, seat: int) -> Prior:
    """The roster-only prior of ``seat``: the deal minus its own dealt card."""
    dealt = cards(game)
    return _solve(dealt, seat, {}, {})


def knowledge(game: GameFacts, seat: int, checkpoint: int, rules: ClueRules | None = None) -> Prior:
    """The prior of ``seat`` at ``checkpoint`` given what its role told it (see the module doc);
    ``rules``: how the clues read (default: the game's rule set's)."""
    dealt = cards(game)
    rules = rules or clue_rules(game.ruleset)
    pinned: dict[int, str] = {}
    allowed: dict[int, list[Allowed]] = {}
    for clue in game.clues:
        if clue.seq >= checkpoint or seat not in clue.to:
            continue
        if clue.kind == "team":
            if rules.team_names_cards(clue.name):
                for mate in clue.targets:
                    faction = game.truth.faction(mate, checkpoint)
                    if mate != seat and mate in dealt and faction is not None:
                        pinned[mate] = faction
        elif clue.to == (seat,):
            for target, rule in rules.decode(clue, game.flags):
                if target != seat and target in dealt:
                    allowed.setdefault(target, []).append(rule)
    return _solve(dealt, seat, pinned, allowed)


def _solve(dealt: dict[int, Card], seat: int, pinned: dict[int, str], allowed: dict[int, list[Allowed]]) -> Prior:
    own = dealt.get(seat)
    if own is None:
        return Prior({}, {})
    pool = Counter(c for s, c in dealt.items() if s != seat)
    kinds = sorted(pool)
    sets: dict[int, frozenset[Card]] = {t: frozenset({dealt[t]}) for t in pinned}
    for target, rules in allowed.items():
        cards_ok = frozenset(c for c in kinds if all(rule(c) for rule in rules))
        sets[target] = sets.get(target, frozenset(kinds)) & cards_ok
    for attempt in (sets, {t: s for t, s in sets.items() if t in pinned}, {}):
        found = _count(tuple(sorted(pool.items())), _types(attempt))
        if found is not None:
            by_set, rest = found
            break
    else:  # pragma: no cover - the empty attempt always has a deal
        return Prior({}, {})
    by_seat = {t: _factions(by_set[s]) for t, s in attempt.items()}
    by_seat.update({t: {f: 1.0} for t, f in pinned.items() if t in attempt})
    return Prior(by_seat, _factions(rest))


def _types(sets: dict[int, frozenset[Card]]) -> tuple[tuple[frozenset[Card], int], ...]:
    counts = Counter(sets.values())
    return tuple(sorted(counts.items(), key=lambda kv: (sorted(kv[0]), kv[1])))


def _factions(dist: dict[Card, float]) -> Dist:
    out: Dist = {}
    for (_, faction), p in dist.items():
        out[faction] = out.get(faction, 0.0) + p
    return {f: p for f, p in out.items() if p > 0}


@lru_cache(maxsize=65536)
def _count(pool: tuple[tuple[Card, int], ...], types: tuple[tuple[frozenset[Card], int], ...]
           ) -> tuple[dict[frozenset[Card], dict[Card, float]], dict[Card, float]] | None:
    """Card probabilities of a seat of each constrained type, and of an unconstrained seat, over the
    deals of ``pool`` consistent with ``types`` ((allowed cards, how many seats)); None if none is."""
    counts = dict(pool)
    classes = _classes(list(counts), [s for s, _ in types])
    size = np.array([sum(counts[c] for c in cls) for cls in classes], dtype=np.int64)
    allowed = [tuple(i for i, cls in enumerate(classes) if cls[0] in s) for s, _ in types]
    need = [m for _, m in types]
    rest = int(size.sum()) - sum(need)
    if rest < 0:
        return None
    total, expect = _dp(tuple(int(x) for x in size), tuple(allowed), tuple(need), rest)
    if total <= 0:
        return None
    per_type = {}
    for j, (s, m) in enumerate(types):
        per_type[s] = _spread(classes, counts, expect[j] / (total * m))
    free = _spread(classes, counts, expect[-1] / (total * rest)) if rest else {}
    return per_type, free


def _classes(kinds: list[Card], sets: list[frozenset[Card]]) -> list[list[Card]]:
    """Cards that every allowed set treats alike, merged (counting them apart would change nothing)."""
    groups: dict[tuple[bool, ...], list[Card]] = {}
    for card in kinds:
        groups.setdefault(tuple(card in s for s in sets), []).append(card)
    return list(groups.values())


def _spread(classes: list[list[Card]], counts: dict[Card, int], share: np.ndarray) -> dict[Card, float]:
    """A class's probability shared among its cards in proportion to their counts."""
    out: dict[Card, float] = {}
    for i, cls in enumerate(classes):
        n = sum(counts[c] for c in cls)
        for card in cls:
            out[card] = float(share[i]) * counts[card] / n if n else 0.0
    return out


def _dp(size: tuple[int, ...], allowed: tuple[tuple[int, ...], ...], need: tuple[int, ...], rest: int
        ) -> tuple[float, np.ndarray]:
    """(number of consistent deals, per type and for the rest the weighted sum of class counts)."""
    k = len(size)
    memo: dict[tuple[int, tuple[int, ...]], tuple[float, np.ndarray]] = {}

    def go(j: int, left: tuple[int, ...]) -> tuple[float, np.ndarray]:
        key = (j, left)
        if key in memo:
            return memo[key]
        out = np.zeros((len(need) + 1, k))
        if j == len(need):
            weight = _multinomial(rest, left) if sum(left) == rest else 0.0
            out[-1] = weight * np.array(left, dtype=np.float64)
            memo[key] = (weight, out)
            return memo[key]
        total = 0.0
        for split in _splits(need[j], allowed[j], left):
            w = _multinomial(need[j], tuple(split[i] for i in allowed[j]))
            sub_total, sub = go(j + 1, tuple(a - b for a, b in zip(left, split, strict=True)))
            if sub_total == 0:
                continue
            total += w * sub_total
            out += w * sub
            out[j] += w * sub_total * np.array(split, dtype=np.float64)
        memo[key] = (total, out)
        return memo[key]

    return go(0, size)


def _splits(m: int, allowed: tuple[int, ...], left: tuple[int, ...]) -> Iterable[list[int]]:
    """Every way to give ``m`` seats classes among ``allowed``, at most ``left`` of each."""
    split = [0] * len(left)

    def rec(pos: int, remaining: int) -> Iterable[list[int]]:
        if pos == len(allowed):
            if remaining == 0:
                yield list(split)
            return
        i = allowed[pos]
        for n in range(min(remaining, left[i]) + 1):
            split[i] = n
            yield from rec(pos + 1, remaining - n)
        split[i] = 0

    yield from rec(0, m)


def _multinomial(n: int, parts: tuple[int, ...]) -> float:
    return float(math.factorial(n) // math.prod(math.factorial(p) for p in parts))
