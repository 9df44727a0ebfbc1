"""Observations into numbers: each metric per model, rule set and side, its basis, and its intervals.

For every (metric, label, rule set, side[, group]) the value is the ratio of summed observations
(``evals.base``); the same per-game sums, reweighted by bootstrap resamples of the *clusters*
(``evals.clustered``: games by default, byte-identical games being one; or deals), give its 95%
interval, so the interval of a number and the number itself never disagree on what they count.

The rows that carry meaning are per rule set and per side (a deceiver's "hit rate" and a
villager's are different things); pooled rows — rule set ``*``, side ``*``, group ``*`` — are
given beside them, never instead. A balanced metric has side ``*`` only: per rule set the mean of
its sides' rates, over rule sets the mean of those.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from evals.base import ALL, Evaluator, Metric, Obs
from evals.clustered import DEFAULT_RESAMPLES, Bootstrap, Estimate, Sums
from evals.facts import GameFacts

ClusterBy = Literal["game", "deal"]
Key = tuple[str, str, str, str]
"""(label, rule set, side, group) of one row."""


@dataclass(frozen=True, slots=True)
class Row:
    """One leaderboard number with what it rests on."""

    evaluator: str
    version: str
    metric: str
    label: str
    ruleset: str
    side: str
    group: str
    value: float | None
    lo: float | None
    hi: float | None
    games: int
    """Clusters (distinct games, or deals) the number rests on."""
    n: float
    events: float
    basis: str

    @property
    def pooled(self) -> bool:
        return ALL in (self.ruleset, self.side, self.group)

    @property
    def degenerate(self) -> bool:
        """No interval: no data, or none of the resamples differ (one game, no event, all events)."""
        return self.lo is None or self.hi is None or self.hi - self.lo < 1e-12


def cluster_of(game: GameFacts, by: ClusterBy = "game") -> str:
    """The independent unit of ``game``: itself (byte-identical games count once), or its deal."""
    return f"{game.ruleset}#{game.seed}" if by == "deal" else game.cluster


def bootstrap(games: Sequence[GameFacts], *, resamples: int = DEFAULT_RESAMPLES, seed: int = 0,
              by: ClusterBy = "game") -> Bootstrap:
    """One set of resample weights over the games' clusters (every figure of a report shares it)."""
    return Bootstrap([cluster_of(g, by) for g in games], resamples, seed)


def summarise(evaluators: Sequence[Evaluator], games: Sequence[GameFacts], *, resamples: int = DEFAULT_RESAMPLES,
              seed: int = 0, by: ClusterBy = "game", boot: Bootstrap | None = None) -> list[Row]:
    """Every metric of every evaluator over ``games``, per rule set and side with pooled rows, each
    with its clustered bootstrap interval."""
    boot = boot or bootstrap(games, resamples=resamples, seed=seed, by=by)
    where = {g.game_id: (cluster_of(g, by), g.ruleset) for g in games}
    rows: list[Row] = []
    for evaluator in evaluators:
        obs = [o for g in games for o in evaluator.observe(g)]
        for metric in evaluator.metrics:
            chosen = [o for o in obs if o.metric == metric.name]
            rows += metric_rows(evaluator, metric, chosen, where, boot)
    return rows


def differences(evaluator: Evaluator, metric: str, games: Sequence[GameFacts], reference: str, *,
                boot: Bootstrap, by: ClusterBy = "game") -> list[Row]:
    """``metric`` of every other model minus ``reference``'s, per rule set and side with pooled rows,
    paired: both parts from the same resampled clusters (``Row.group`` names the reference)."""
    chosen = next(m for m in evaluator.metrics if m.name == metric)
    where = {g.game_id: (cluster_of(g, by), g.ruleset) for g in games}
    obs = [o for g in games for o in evaluator.observe(g) if o.metric == metric]
    cells = _cells(obs, where, boot, grouped=False)
    rows = []
    for key in sorted(cells, key=_order):
        label, ruleset, side, _ = key
        base = cells.get((reference, ruleset, side, ""))
        if label == reference or base is None:
            continue
        found = boot.difference(cells[key], base, skill=chosen.kind == "skill")
        rows.append(_row(evaluator, chosen, (label, ruleset, side, reference), found))
    return rows


def metric_rows(evaluator: Evaluator, metric: Metric, obs: Sequence[Obs], where: dict[str, tuple[str, str]],
                boot: Bootstrap) -> list[Row]:
    """One metric's rows (``where``: game id → (cluster, rule set))."""
    cells = _cells(obs, where, boot, grouped=bool(metric.group), per_ruleset=metric.group == "role")
    if metric.kind == "balanced":
        return _balanced(evaluator, metric, cells, boot)
    rows = []
    for key in sorted(cells, key=_order):
        estimate = boot.ratio(cells[key], skill=metric.kind == "skill")
        rows.append(_row(evaluator, metric, key, estimate))
    return rows


def _cells(obs: Sequence[Obs], where: dict[str, tuple[str, str]], boot: Bootstrap, *, grouped: bool,
           per_ruleset: bool = False) -> dict[Key, Sums]:
    """Per row key, the per-cluster sums; every observation also lands in its pooled keys. A side,
    and a group that belongs to its rule set (a role), is not pooled over rule sets: two rule sets'
    "lovers" or 女巫 are different things."""
    out: dict[Key, Sums] = {}
    for o in obs:
        cluster, ruleset = where[o.game_id]
        groups = (o.group, ALL) if grouped else ("",)
        for r in (ruleset, ALL):
            for s in (o.side, ALL) if r != ALL else (ALL,):
                for g in groups:
                    if per_ruleset and g != ALL and (r == ALL or s != ALL):
                        continue
                    key = (o.label, r, s, g)
                    if key not in out:
                        out[key] = boot.zeros()
                    boot.add(out[key], cluster, o.num, o.den, o.units)
    return out


def _order(key: Key) -> tuple[str, bool, str, bool, str, bool, str]:
    """Per label: rule sets then their pooled row, sides then pooled, groups then pooled."""
    label, ruleset, side, group = key
    return label, ruleset == ALL, ruleset, side == ALL, side, group == ALL, group


def _balanced(evaluator: Evaluator, metric: Metric, cells: dict[Key, Sums], boot: Bootstrap) -> list[Row]:
    rows = []
    for label in sorted({k[0] for k in cells}):
        rulesets = sorted({k[1] for k in cells if k[0] == label and k[1] != ALL})
        sides = {r: sorted({k[2] for k in cells if k[:2] == (label, r) and k[2] != ALL}) for r in rulesets}
        rulesets = [r for r in rulesets if sides[r]]
        for r in rulesets:
            parts = [cells[(label, r, s, "")] for s in sides[r]]
            rows.append(_row(evaluator, metric, (label, r, ALL, ""), boot.mean_of_ratios(parts)))
        parts = [cells[(label, r, s, "")] for r in rulesets for s in sides[r]]
        weights = [1.0 / len(sides[r]) for r in rulesets for _ in sides[r]]
        rows.append(_row(evaluator, metric, (label, ALL, ALL, ""), boot.mean_of_ratios(parts, weights)))
    return rows


def _row(evaluator: Evaluator, metric: Metric, key: Key, e: Estimate) -> Row:
    label, ruleset, side, group = key
    return Row(evaluator.name, evaluator.version, metric.name, label, ruleset, side, group, e.value, e.lo, e.hi,
               e.clusters, e.units, e.events, metric.basis)
