"""Observations into numbers: each metric per model and side, its basis, and its intervals.

For every (metric, label, side) the value is the ratio of summed observations (``evals.base``); the
same per-game sums, reweighted by bootstrap resamples of the games, give its 95% interval, so the
interval of a number and the number itself can never disagree on what they count. Ratio and skill
metrics also get an all-sides row (side ``*``); balanced metrics only that one.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from evals.base import ALL_SIDES, Evaluator, Metric, Obs
from evals.facts import GameFacts
from evals.intervals import DEFAULT_RESAMPLES, percentile, resample_weights, wilson

Key = tuple[str, str, str]
Vec = NDArray[np.float64]
Sums = tuple[Vec, Vec, Vec]
"""Per-game sums of num, den and basis units."""


@dataclass(frozen=True, slots=True)
class Row:
    """One leaderboard number with what it rests on."""

    evaluator: str
    version: str
    metric: str
    label: str
    side: str
    value: float | None
    lo: float | None
    hi: float | None
    wilson_lo: float | None
    wilson_hi: float | None
    games: int
    n: float
    basis: str


def summarise(evaluators: Sequence[Evaluator], games: Sequence[GameFacts], *, resamples: int = DEFAULT_RESAMPLES,
              seed: int = 0) -> list[Row]:
    """Every metric of every evaluator over ``games``, with bootstrap (and Wilson) intervals."""
    index = {g.game_id: i for i, g in enumerate(games)}
    weights = resample_weights(len(games), resamples, seed)
    rows: list[Row] = []
    for evaluator in evaluators:
        obs = [o for g in games for o in evaluator.observe(g)]
        for metric in evaluator.metrics:
            rows += _metric_rows(evaluator, metric, [o for o in obs if o.metric == metric.name], index, weights)
    return rows


def _metric_rows(evaluator: Evaluator, metric: Metric, obs: list[Obs], index: dict[str, int],
                 weights: Vec) -> list[Row]:
    balanced = metric.kind == "balanced"
    sums = _sums(obs, index, with_all=not balanced)
    rows = []
    for label in sorted({label for _, label, _ in sums}):
        sides = sorted(side for _, lab, side in sums if lab == label)
        if balanced:
            rows.append(_balanced_row(evaluator, metric, label, [sums[(metric.name, label, s)] for s in sides],
                                      weights))
            continue
        for side in sides:
            n_vec, d_vec, u_vec = sums[(metric.name, label, side)]
            value, boots = _ratio(n_vec, d_vec, weights, skill=metric.kind == "skill")
            rows.append(_row(evaluator, metric, label, side, value, boots, float(n_vec.sum()), u_vec))
    return rows


def _row(evaluator: Evaluator, metric: Metric, label: str, side: str, value: float | None, boots: Vec,
         num: float, units: Vec) -> Row:
    total = float(units.sum())
    lo, hi = (percentile(boots) if boots.size else None) or (None, None)
    wilson_lo, wilson_hi = (wilson(num, total) if metric.binomial else None) or (None, None)
    return Row(evaluator.name, evaluator.version, metric.name, label, side, value, lo, hi, wilson_lo, wilson_hi,
               int(np.count_nonzero(units)), total, metric.basis)


def _balanced_row(evaluator: Evaluator, metric: Metric, label: str, parts: list[Sums], weights: Vec) -> Row:
    value, boots = _balanced([(n, d) for n, d, _ in parts], weights)
    units = sum((u for _, _, u in parts), np.zeros(weights.shape[1]))
    return _row(evaluator, metric, label, ALL_SIDES, value, boots, sum(float(n.sum()) for n, _, _ in parts), units)


def _sums(obs: list[Obs], index: dict[str, int], *, with_all: bool) -> dict[Key, Sums]:
    """Per key, the per-game sums (vectors over the games); side ``*`` pools the sides."""
    out: dict[Key, Sums] = {}
    for o in obs:
        keys = [(o.metric, o.label, o.side)]
        if with_all and o.side != ALL_SIDES:
            keys.append((o.metric, o.label, ALL_SIDES))
        for key in keys:
            if key not in out:
                out[key] = (np.zeros(len(index)), np.zeros(len(index)), np.zeros(len(index)))
            num, den, units = out[key]
            i = index[o.game_id]
            num[i] += o.num
            den[i] += o.den
            units[i] += o.units
    return out


def _ratio(num: Vec, den: Vec, weights: Vec, *, skill: bool
           ) -> tuple[float | None, Vec]:
    total = den.sum()
    value = None if total == 0 else float(num.sum() / total)
    with np.errstate(divide="ignore", invalid="ignore"):
        boots = (weights @ num) / (weights @ den)
    if skill:
        return (None if value is None else 1 - value), 1 - boots
    return value, boots


def _balanced(parts: list[tuple[Vec, Vec]], weights: Vec
              ) -> tuple[float | None, Vec]:
    """Mean over sides of each side's ratio (a resample missing a side averages the sides it has)."""
    ratios = [_ratio(n, d, weights, skill=False) for n, d in parts]
    values = [v for v, _ in ratios if v is not None]
    boots = np.array([b for _, b in ratios])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a resample holding none of a side: NaN, averaged out
        mean = np.nanmean(boots, axis=0) if boots.size else np.zeros(0)
    return (float(np.mean(values)) if values else None), mean
