"""The causal vote swing of a post, from the ballots ``arena persuasion`` asked (``persuasion_votes``).

Each unit is one voter in one sample: its ballot with the post (``factual``) against its ballot
without it (``removed``, or with a neutral text: ``neutral``), under the same sample seed. Per post:

* ``changed``: the share of units whose ballot differs between the two;
* ``toward``: the share whose ballot goes to the post's author's target with the post and elsewhere
  without it (the post brought it); ``away``: the reverse (the post drove it off);
* ``net``: toward − away — the post's pull on its author's target (the author's own final ballot of the
  day, the seat it argued for).

Intervals are the pigeonhole bootstrap over voters and samples (``evals.crossed``); pooled over posts
(per author model and side, and by the truth of the post's claims in the claims ledger), the rows are
voters within games (``(game, voter)``) and the columns samples.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import duckdb

from evals.clustered import DEFAULT_RESAMPLES, Estimate
from evals.crossed import Item, crossed_ratio
from transcripts.persuasion import paired_beliefs, paired_votes

FIGURES = ("changed", "toward", "away", "net")


@dataclass(frozen=True, slots=True)
class Unit:
    game_id: str
    post: int
    voter: int
    sample: int
    factual: int | None
    counter: int | None


@dataclass(frozen=True)
class PostSwing:
    """One post's swing (every figure with its interval)."""

    game_id: str
    post: int
    floor: int
    author: int
    target: int | None
    units: int
    figures: dict[str, Estimate]


def units(con: duckdb.DuckDBPyConnection, game_id: str, run: str, condition: str = "removed") -> list[Unit]:
    """The paired ballots of one run: each (post, voter, sample) with its factual and counterfactual answer."""
    return [Unit(game_id, p.post_seq, p.voter, p.sample, p.factual, p.counter)
            for p in paired_votes(con, game_id, run, condition)]


def items(found: Iterable[Unit], targets: dict[tuple[str, int], int | None], figure: str, *, pooled: bool = False
          ) -> list[Item]:
    """(row, column, num, den) of ``figure`` over ``found``; rows voters (within games where ``pooled``)."""
    out: list[Item] = []
    for u in found:
        target = targets.get((u.game_id, u.post))
        if figure != "changed" and target is None:
            continue
        value = _value(u, target, figure)
        row = (u.game_id, u.voter) if pooled else u.voter
        out.append((row, u.sample, value, 1.0))
    return out


def _value(u: Unit, target: int | None, figure: str) -> float:
    if figure == "changed":
        return float(u.factual != u.counter)
    toward = float(u.factual == target and u.counter != target)
    away = float(u.factual != target and u.counter == target)
    return {"toward": toward, "away": away, "net": toward - away}[figure]


def swing(found: Sequence[Unit], target: int | None, *, resamples: int = DEFAULT_RESAMPLES, seed: int = 0
          ) -> dict[str, Estimate]:
    """Every figure of one post's units."""
    key = {(u.game_id, u.post): target for u in found}
    return {f: crossed_ratio(items(found, key, f), resamples=resamples, seed=seed) for f in FIGURES}


def pooled(found: Sequence[Unit], targets: dict[tuple[str, int], int | None], figure: str = "net", *,
           resamples: int = DEFAULT_RESAMPLES, seed: int = 0) -> Estimate:
    """One figure over many posts (rows: voters within games; columns: samples)."""
    return crossed_ratio(items(found, targets, figure, pooled=True), resamples=resamples, seed=seed)


# -- beliefs re-asked (``persuasion_beliefs``) --------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BeliefUnit:
    """One voter in one sample: the probability it gives ``target`` of being of ``faction``, with the post
    (``factual``) and without it (``counter``)."""

    game_id: str
    post: int
    voter: int
    sample: int
    target: int
    faction: str
    factual: float
    counter: float


def belief_units(con: duckdb.DuckDBPyConnection, game_id: str, run: str, condition: str = "removed"
                 ) -> list[BeliefUnit]:
    """The paired beliefs of one run: each (post, voter, sample, target, faction) factual and counterfactual."""
    return [BeliefUnit(game_id, p.post_seq, p.voter, p.sample, p.target, p.faction, p.factual, p.counter)
            for p in paired_beliefs(con, game_id, run, condition)]


def distrust_shift(found: Iterable[BeliefUnit], target: int | None, own: Callable[[int], str | None], *,
                   resamples: int = DEFAULT_RESAMPLES, seed: int = 0) -> Estimate:
    """A post's pull on belief: the mean, over its voters and samples, of the fall the post brings in the
    probability the voter gives the post's author's target (the author's final ballot of the day) of being
    on the voter's own side (``own``: the voter's faction at its ballot) — P(without the post) − P(with
    it); positive: with the post the voter trusts the seat its author voted less. Units where the target is
    the voter itself, an abstention, or not in the voter's report are left out."""
    picked = [(u.voter, u.sample, u.counter - u.factual, 1.0) for u in found
              if target is not None and u.target == target and u.faction == own(u.voter)]
    return crossed_ratio(picked, resamples=resamples, seed=seed)
