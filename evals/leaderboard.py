"""Everything a report shows, computed from the database alone: scores, ratings, calibration, basis.

``leaderboard(con)`` loads the games' facts once and runs every evaluator, the ratings and the
calibration over them, all intervals drawn from one set of cluster resamples; the report only
renders what it returns. What the numbers rest on is part of it: how many games (finished or not,
and how many *distinct* — byte-identical games are one), which code played them and which made the
report, the seeds, the resample counts, every evaluator's version, and what is missing (no finished
game, a model that never reported).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import duckdb

from evals.calibration import CalibrationBin, calibration
from evals.clustered import DEFAULT_RESAMPLES
from evals.facts import GameFacts, load_facts
from evals.glossary import Entry, glossary
from evals.ratings import Ratings, ratings
from evals.registry import evaluators
from evals.summary import ClusterBy, Row, bootstrap, cluster_of, differences, summarise
from transcripts.records import git_commit


@dataclass(frozen=True)
class Provenance:
    """Where the numbers come from: code, seeds, resamples, evaluator versions."""

    report_commit: str
    game_commits: list[str]
    seeds: list[int]
    resamples: int
    rating_resamples: int
    order_resamples: int
    bootstrap_seed: int
    cluster_by: str
    versions: dict[str, str]


@dataclass
class Leaderboard:
    games: int
    finished: int
    distinct: int
    """Distinct games (byte-identical games counted once): the clusters of every interval."""
    distinct_finished: int
    rulesets: list[str]
    labels: list[str]
    rows: list[Row]
    ratings: Ratings
    calibration: list[CalibrationBin]
    glossary: list[Entry]
    provenance: Provenance
    reports: dict[str, int] = field(default_factory=dict)
    """Belief reports per label (a label missing here never reported)."""
    binomial: set[str] = field(default_factory=set)
    """Metrics that are rates of events (a rate with none, or only, events has no interval)."""
    win_differences: list[Row] = field(default_factory=list)
    """Each model's win rate minus the reference model's, per rule set and side, paired by game."""
    claim_games: int = 0
    """Games whose claims ledger holds a claim (``evals.claims.ledger``)."""

    @property
    def versions(self) -> dict[str, str]:
        return self.provenance.versions

    def metric(self, name: str, side: str = "*", ruleset: str = "*", group: str | None = None) -> list[Row]:
        return [r for r in self.rows if r.metric == name and r.side == side and r.ruleset == ruleset
                and (group is None or r.group == group)]

    def silent(self) -> list[str]:
        """Models that never reported beliefs."""
        return [label for label in self.labels if label not in self.reports]


def leaderboard(con: duckdb.DuckDBPyConnection, game_ids: Iterable[str] | None = None, *,
                resamples: int = DEFAULT_RESAMPLES, rating_resamples: int | None = None, seed: int = 0,
                reference: str | None = None, by: ClusterBy = "game") -> Leaderboard:
    """Every figure of the report for the games of ``con`` (or ``game_ids``)."""
    return board_of(load_facts(con, game_ids), resamples=resamples, rating_resamples=rating_resamples, seed=seed,
                    reference=reference, by=by)


def board_of(games: Sequence[GameFacts], *, resamples: int = DEFAULT_RESAMPLES, rating_resamples: int | None = None,
             seed: int = 0, reference: str | None = None, by: ClusterBy = "game") -> Leaderboard:
    """``leaderboard`` over games already loaded."""
    chosen = evaluators()
    boot = bootstrap(games, resamples=resamples, seed=seed, by=by)
    clusters = {g.game_id: cluster_of(g, by) for g in games}
    rated = ratings(games, reference=reference, resamples=rating_resamples, seed=seed, clusters=clusters)
    outcomes = next(e for e in chosen if e.name == "outcomes")
    versus = [] if rated.reference is None else differences(outcomes, "win_rate", games, rated.reference, boot=boot,
                                                            by=by)
    finished = [g for g in games if g.finished]
    provenance = Provenance(git_commit(), sorted({g.git_commit for g in games if g.git_commit}),
                            sorted({g.seed for g in games}), resamples, rated.resamples, rated.order_resamples, seed,
                            by, {e.name: e.version for e in chosen})
    return Leaderboard(
        games=len(games), finished=len(finished), distinct=len({g.cluster for g in games}),
        distinct_finished=len({g.cluster for g in finished}), rulesets=sorted({g.ruleset for g in games}),
        labels=_labels(games), rows=summarise(chosen, games, boot=boot, by=by), ratings=rated,
        calibration=calibration(games, boot, clusters), glossary=glossary(chosen), provenance=provenance,
        reports=_reports(games), binomial={m.name for e in chosen for m in e.metrics if m.binomial},
        win_differences=versus, claim_games=sum(1 for g in games if g.claims))


def _labels(games: Sequence[GameFacts]) -> list[str]:
    return sorted({label for g in games for label in g.labels.values()})


def _reports(games: Sequence[GameFacts]) -> dict[str, int]:
    out: dict[str, int] = {}
    for game in games:
        for report in game.reports:
            label = game.labels.get(report.seat)
            if label is not None:
                out[label] = out.get(label, 0) + 1
    return out
