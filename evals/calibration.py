"""Calibration: when a model says "30% black", is the seat black 30% of the time?

Every probability of every report (each target and faction) is one forecast, scored against whether
the target belonged to that faction at the checkpoint. Forecasts are grouped in ``BINS`` equal bins;
each bin gives the mean forecast, the observed frequency and how many forecasts (and games) it
holds, which the report plots as a reliability diagram.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evals.facts import GameFacts

BINS = 10


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    label: str
    lo: float
    hi: float
    mean_forecast: float
    observed: float
    forecasts: int
    games: int


def forecasts(games: Sequence[GameFacts]) -> dict[str, list[tuple[str, float, bool]]]:
    """Per label: (game, probability, whether it came true) for every faction of every reported target."""
    out: dict[str, list[tuple[str, float, bool]]] = {}
    for game in games:
        for report in game.reports:
            label = game.labels.get(report.seat)
            if label is None:
                continue
            for target, probs in report.probs.items():
                truth = game.truth.faction(target, report.checkpoint)
                if truth is None:
                    continue
                out.setdefault(label, []).extend((game.game_id, p, f == truth) for f, p in probs.items())
    return out


def calibration(games: Sequence[GameFacts], bins: int = BINS) -> list[CalibrationBin]:
    """Reliability bins per label (empty bins left out)."""
    rows = []
    for label, found in sorted(forecasts(games).items()):
        for b in range(bins):
            lo, hi = b / bins, (b + 1) / bins
            inside = [(g, p, y) for g, p, y in found if lo <= p < hi or (b == bins - 1 and p == 1.0)]
            if inside:
                rows.append(CalibrationBin(label, lo, hi, sum(p for _, p, _ in inside) / len(inside),
                                           sum(1 for *_, y in inside if y) / len(inside), len(inside),
                                           len({g for g, _, _ in inside})))
    return rows
