"""The Wilson interval of a proportion of *independent* trials, and the clustered bootstrap's helpers.

Every figure of the report pools units that share a game (its seats, ballots, reports), so its
interval comes from ``evals.clustered`` (a bootstrap over games). Wilson's interval stays for what
truly is one trial per cluster — a side's outcome per game — and is never printed beside a
per-seat rate, where it would be 1.5-2.5x too narrow.
"""

from __future__ import annotations

import math

from evals.clustered import DEFAULT_RESAMPLES, percentile, resample_weights

Z95 = 1.959963984540054

__all__ = ["DEFAULT_RESAMPLES", "Z95", "percentile", "resample_weights", "wilson"]


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion of independent trials (None without trials)."""
    if trials <= 0:
        return None
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
