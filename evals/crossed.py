"""Intervals for units crossed by two factors: the pigeonhole bootstrap (Owen 2007).

A counterfactual vote question is asked of every voter ``v`` in every sample ``k``: a voter's answers
share that voter (its role, its view), and a sample's answers share that sample (the same seed in
every condition: common random numbers). Neither the voters nor the samples are independent, so the
resampling redraws both, independently — voters with replacement, samples with replacement — and
weighs the unit (v, k) by the product of the two counts (Owen, "The pigeonhole bootstrap", Annals of
Applied Statistics 1(2), 2007; the two-way clustering of Cameron, Gelbach & Miller, JBES 2011). Each
figure is a ratio of sums, as in ``evals.clustered``, whose ``Estimate`` it returns; a row key may be
a tuple (a voter within a game: ``(game, voter)``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np

from evals.clustered import DEFAULT_RESAMPLES, LEVEL, Estimate, percentile, resample_weights

Item = tuple[Hashable, Hashable, float, float]
"""(row key — a voter —, column key — a sample —, num, den)."""


def crossed_ratio(items: Iterable[Item], *, resamples: int = DEFAULT_RESAMPLES, seed: int = 0,
                  level: float = LEVEL) -> Estimate:
    """``sum(num) / sum(den)`` with its pigeonhole-bootstrap interval over rows and columns."""
    listed = list(items)
    rows = list(dict.fromkeys(r for r, _, _, _ in listed))
    cols = list(dict.fromkeys(c for _, c, _, _ in listed))
    num, den = np.zeros((len(rows), len(cols))), np.zeros((len(rows), len(cols)))
    ri, ci = {r: i for i, r in enumerate(rows)}, {c: i for i, c in enumerate(cols)}
    for r, c, n, d in listed:
        num[ri[r], ci[c]] += n
        den[ri[r], ci[c]] += d
    total = float(den.sum())
    value = None if total == 0 else float(num.sum()) / total
    if not listed:
        return Estimate(None, None, None, 0, 0.0, 0.0)
    wr = resample_weights(len(rows), resamples, seed)
    wc = resample_weights(len(cols), resamples, seed + 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        boots = np.einsum("br,rc,bc->b", wr, num, wc) / np.einsum("br,rc,bc->b", wr, den, wc)
    found = percentile(boots, level) if value is not None else None
    lo, hi = found if found is not None else (None, None)
    return Estimate(value, lo, hi, len(rows), float(den.sum()), float(num.sum()))
