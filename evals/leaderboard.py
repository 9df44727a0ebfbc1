"""Everything a report shows, computed from the database alone: scores, ratings, calibration, basis.

``leaderboard(con)`` loads the games' facts once and runs every evaluator, the ratings and the
calibration over them; the report only renders what it returns. What the numbers rest on is part
of it: how many games (finished or not), how many reports, and which labels reported nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import duckdb

from evals.calibration import CalibrationBin, calibration
from evals.facts import GameFacts, load_facts
from evals.intervals import DEFAULT_RESAMPLES
from evals.ratings import RatingRow, rating_rows
from evals.registry import evaluators
from evals.summary import Row, summarise


@dataclass
class Leaderboard:
    games: int
    finished: int
    rulesets: list[str]
    labels: list[str]
    rows: list[Row]
    ratings: list[RatingRow]
    calibration: list[CalibrationBin]
    versions: dict[str, str]
    reports: dict[str, int] = field(default_factory=dict)
    """Belief reports per label (a label missing here never reported)."""

    def metric(self, name: str, side: str = "*") -> list[Row]:
        return [r for r in self.rows if r.metric == name and r.side == side]


def leaderboard(con: duckdb.DuckDBPyConnection, game_ids: Iterable[str] | None = None, *,
                resamples: int = DEFAULT_RESAMPLES, rating_resamples: int | None = None,
                seed: int = 0) -> Leaderboard:
    """Every figure of the report for the games of ``con`` (or ``game_ids``)."""
    games = load_facts(con, game_ids)
    chosen = evaluators()
    return Leaderboard(
        games=len(games), finished=sum(1 for g in games if g.finished),
        rulesets=sorted({g.ruleset for g in games}), labels=_labels(games),
        rows=summarise(chosen, games, resamples=resamples, seed=seed),
        ratings=rating_rows(games, resamples=rating_resamples, seed=seed),
        calibration=calibration(games), versions={e.name: e.version for e in chosen}, reports=_reports(games))


def _labels(games: list[GameFacts]) -> list[str]:
    return sorted({label for g in games for label in g.labels.values()})


def _reports(games: list[GameFacts]) -> dict[str, int]:
    out: dict[str, int] = {}
    for game in games:
        for report in game.reports:
            label = game.labels.get(report.seat)
            if label is not None:
                out[label] = out.get(label, 0) + 1
    return out
