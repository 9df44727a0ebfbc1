"""Confidence intervals: Wilson for proportions, percentile bootstrap over games for everything else.

Games, not seats or votes, are resampled: the seats of one game share its deal, its table talk and
its outcome, so treating them as independent would make every interval too narrow.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

Z95 = 1.959963984540054
DEFAULT_RESAMPLES = 1000


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion (None without trials)."""
    if trials <= 0:
        return None
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def resample_weights(games: int, resamples: int, seed: int) -> NDArray[np.float64]:
    """(resamples × games) counts: how often each game is drawn in each bootstrap resample."""
    rng = np.random.default_rng(seed)
    if games == 0:
        return np.zeros((resamples, 0))
    return rng.multinomial(games, np.full(games, 1.0 / games), size=resamples).astype(np.float64)


def percentile(values: NDArray[np.float64], level: float = 0.95) -> tuple[float, float] | None:
    """The central ``level`` interval of bootstrap values (NaNs, resamples without data, dropped)."""
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return None
    tail = (1 - level) / 2 * 100
    lo, hi = np.percentile(finite, [tail, 100 - tail])
    return float(lo), float(hi)
