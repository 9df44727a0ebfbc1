"""Intervals clustered by game: a percentile bootstrap that resamples whole clusters, never seats.

All seats of one side share their game's outcome, and every ballot, report and call of a game
shares its deal and its table talk, so the units of a figure (seat-games, votes, reports) are not
independent trials: an interval that treats them so (a per-seat Wilson interval) is 1.5-2.5x too
narrow. Here every figure is a ratio of per-cluster sums, ``sum(num) / sum(den)``, and each
bootstrap resample redraws the clusters with replacement (multinomial counts over the clusters)
and recomputes the ratio from the reweighted sums: the cluster-level bootstrap of a ratio
estimator (Davison & Hinkley 1997, §3.8; Field & Welsh 2007, "Bootstrapping clustered data").

A cluster is whatever is independent: a game by default (byte-identical games are one game, see
``evals.facts``), a deal (``(ruleset, seed)``: the rotations of one deal share its cards), or any
finer or coarser hashable key a caller chooses. One ``Bootstrap`` holds one set of resample
weights; every figure computed from it is paired with every other, so the interval of a
*difference* (two models, two flag settings) comes from the same resamples as its parts.

A figure with no spread over the resamples (one cluster, or a rate whose events are all 0 or
all 1) has no interval to give: ``Estimate.degenerate`` says so and a report prints "—" with its
N, never ``[0.000, 0.000]``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Vec = NDArray[np.float64]
DEFAULT_RESAMPLES = 1000
LEVEL = 0.95


@dataclass(frozen=True, slots=True)
class Sums:
    """Per-cluster sums of one figure: numerator, denominator and basis units (vectors over clusters)."""

    num: Vec
    den: Vec
    units: Vec

    def __add__(self, other: Sums) -> Sums:
        return Sums(self.num + other.num, self.den + other.den, self.units + other.units)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure, its clustered 95% interval and what it rests on."""

    value: float | None
    lo: float | None
    hi: float | None
    clusters: int
    """Clusters (games) holding any unit of the figure."""
    units: float
    """Units of its basis (seat-games, votes, reports…)."""
    events: float
    """The numerator's total: 0 for a rate that never happened."""

    @property
    def degenerate(self) -> bool:
        """No interval to give: no data, or no spread over the resamples (one game, all 0 or all 1)."""
        return self.lo is None or self.hi is None or self.hi - self.lo < 1e-12


class Bootstrap:
    """Resample weights over a fixed list of clusters; every figure drawn from them is paired."""

    def __init__(self, clusters: Sequence[Hashable], resamples: int = DEFAULT_RESAMPLES, seed: int = 0,
                 level: float = LEVEL) -> None:
        self.keys = list(dict.fromkeys(clusters))
        self.index = {key: i for i, key in enumerate(self.keys)}
        self.resamples, self.seed, self.level = resamples, seed, level
        self.weights = resample_weights(len(self.keys), resamples, seed)

    def zeros(self) -> Sums:
        n = len(self.keys)
        return Sums(np.zeros(n), np.zeros(n), np.zeros(n))

    def sums(self, items: Iterable[tuple[Hashable, float, float]]) -> Sums:
        """Per-cluster sums of ``(cluster, num, den)`` items (a unit of the basis per unit of ``den``)."""
        out = self.zeros()
        for key, num, den in items:
            self.add(out, key, num, den, den)
        return out

    def add(self, sums: Sums, key: Hashable, num: float, den: float, units: float) -> None:
        """Add one observation of cluster ``key`` to ``sums`` in place."""
        i = self.index[key]
        sums.num[i] += num
        sums.den[i] += den
        sums.units[i] += units

    def ratio(self, sums: Sums, *, skill: bool = False) -> Estimate:
        """``sum(num) / sum(den)`` (``1 -`` it for a skill score) with its bootstrap interval."""
        value, boots = self._ratio(sums)
        if skill:
            value, boots = (None if value is None else 1 - value), 1 - boots
        return self._estimate(value, boots, sums)

    def difference(self, a: Sums, b: Sums, *, skill: bool = False) -> Estimate:
        """``ratio(a) - ratio(b)``, paired: both from the same resampled clusters."""
        va, ba = self._ratio(a)
        vb, bb = self._ratio(b)
        value = None if va is None or vb is None else va - vb
        sign = -1.0 if skill else 1.0
        return self._estimate(None if value is None else sign * value, sign * (ba - bb), a + b)

    def mean_of_ratios(self, parts: Sequence[Sums], weights: Sequence[float] | None = None) -> Estimate:
        """The (weighted) mean of several ratios, a side-balanced rate; a resample missing a part
        averages the parts it has, renormalising their weights."""
        w = np.ones(len(parts)) if weights is None else np.asarray(weights, dtype=np.float64)
        ratios = [self._ratio(p) for p in parts]
        have = [(v, wi) for (v, _), wi in zip(ratios, w, strict=True) if v is not None]
        value = sum(v * wi for v, wi in have) / sum(wi for _, wi in have) if have else None
        boots = np.array([b for _, b in ratios]) if ratios else np.zeros((0, self.resamples))
        if boots.size:
            mask = np.isfinite(boots)
            weighted = np.where(mask, boots, 0.0) * w[:, None]
            with np.errstate(divide="ignore", invalid="ignore"):
                mean = weighted.sum(axis=0) / (mask * w[:, None]).sum(axis=0)
        else:
            mean = np.zeros(0)
        total = sum(parts, self.zeros())
        return self._estimate(value, mean, total)

    def _ratio(self, sums: Sums) -> tuple[float | None, Vec]:
        total = float(sums.den.sum())
        value = None if total == 0 else float(sums.num.sum()) / total
        if not self.keys:
            return value, np.zeros(0)
        with np.errstate(divide="ignore", invalid="ignore"):
            return value, (self.weights @ sums.num) / (self.weights @ sums.den)

    def _estimate(self, value: float | None, boots: Vec, sums: Sums) -> Estimate:
        found = percentile(boots, self.level) if value is not None and boots.size else None
        lo, hi = found if found is not None else (None, None)
        return Estimate(value, lo, hi, int(np.count_nonzero(sums.units + np.abs(sums.den))),
                        float(sums.units.sum()), float(sums.num.sum()))


def resample_weights(clusters: int, resamples: int, seed: int) -> Vec:
    """(resamples × clusters) counts: how often each cluster is drawn in each resample."""
    if clusters == 0:
        return np.zeros((resamples, 0))
    rng = np.random.default_rng(seed)
    return rng.multinomial(clusters, np.full(clusters, 1.0 / clusters), size=resamples).astype(np.float64)


def percentile(values: Vec, level: float = LEVEL) -> tuple[float, float] | None:
    """The central ``level`` interval of bootstrap values (NaNs, resamples without data, dropped)."""
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return None
    tail = (1 - level) / 2 * 100
    lo, hi = np.percentile(finite, [tail, 100 - tail])
    return float(lo), float(hi)


def clustered_ratio(items: Iterable[tuple[Hashable, float, float]], *, resamples: int = DEFAULT_RESAMPLES,
                    seed: int = 0, level: float = LEVEL) -> Estimate:
    """One ratio of ``(cluster, num, den)`` items with its clustered interval (clusters: those named)."""
    listed = list(items)
    boot = Bootstrap([key for key, _, _ in listed], resamples, seed, level)
    return boot.ratio(boot.sums(listed))


def clustered_difference(a: Iterable[tuple[Hashable, float, float]], b: Iterable[tuple[Hashable, float, float]], *,
                         resamples: int = DEFAULT_RESAMPLES, seed: int = 0, level: float = LEVEL) -> Estimate:
    """``ratio(a) - ratio(b)`` over the clusters either names, resampled together (paired)."""
    first, second = list(a), list(b)
    boot = Bootstrap([key for key, _, _ in first + second], resamples, seed, level)
    return boot.difference(boot.sums(first), boot.sums(second))
