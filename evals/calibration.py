"""Calibration: when a model says "30% black", is the seat black 30% of the time?

Every probability of every report (each target and faction) is one forecast, scored against whether
the target belonged to that faction at the checkpoint. Forecasts are grouped in ``BINS`` equal bins
per model, rule set and reporter side (and pooled); each bin gives the mean forecast, the observed
frequency with its 95% interval clustered by game (the forecasts of one game are not independent),
and how many forecasts and games it holds — bins of a few hundred forecasts sit beside bins of tens
of thousands, and a reader must see which points are solid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evals.base import ALL
from evals.clustered import Bootstrap
from evals.facts import GameFacts

BINS = 10


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    label: str
    ruleset: str
    side: str
    lo: float
    hi: float
    mean_forecast: float
    observed: float
    observed_lo: float | None
    observed_hi: float | None
    forecasts: int
    games: int


Forecast = tuple[str, float, bool]
"""(cluster, probability, whether it came true)."""


def forecasts(games: Sequence[GameFacts], cluster: dict[str, str] | None = None
              ) -> dict[tuple[str, str, str], list[Forecast]]:
    """Per (label, rule set, reporter side): every forecast of its reports (side ``*``: the rule
    set's sides pooled; rule set ``*``: everything of the label)."""
    out: dict[tuple[str, str, str], list[Forecast]] = {}
    for game in games:
        key = (cluster or {}).get(game.game_id, game.cluster)
        for report in game.reports:
            label, side = game.labels.get(report.seat), game.truth.faction(report.seat, report.checkpoint)
            if label is None or side is None:
                continue
            for target, probs in report.probs.items():
                truth = game.truth.faction(target, report.checkpoint)
                if truth is None:
                    continue
                found = [(key, p, f == truth) for f, p in probs.items()]
                for key3 in ((label, game.ruleset, side), (label, game.ruleset, ALL), (label, ALL, ALL)):
                    out.setdefault(key3, []).extend(found)
    return out


def calibration(games: Sequence[GameFacts], boot: Bootstrap, cluster: dict[str, str] | None = None,
                bins: int = BINS) -> list[CalibrationBin]:
    """Reliability bins per model, rule set and reporter side (empty bins left out)."""
    rows = []
    order = sorted(forecasts(games, cluster).items(),
                   key=lambda kv: (kv[0][0], kv[0][1] == ALL, kv[0][1], kv[0][2] == ALL, kv[0][2]))
    for (label, ruleset, side), found in order:
        buckets: dict[int, list[Forecast]] = {}
        for item in found:
            buckets.setdefault(min(int(item[1] * bins), bins - 1), []).append(item)
        for b, inside in sorted(buckets.items()):
            freq = boot.ratio(boot.sums((g, 1.0 if y else 0.0, 1.0) for g, _, y in inside))
            rows.append(CalibrationBin(label, ruleset, side, b / bins, (b + 1) / bins, sum(p for _, p, _ in inside) / len(inside),
                                       freq.value or 0.0, None if freq.degenerate else freq.lo,
                                       None if freq.degenerate else freq.hi, len(inside),
                                       len({g for g, _, _ in inside})))
    return rows
