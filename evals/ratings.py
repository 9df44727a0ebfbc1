"""Ratings: per model, an OpenSkill (Plackett-Luce) rating from who won, with a side term; and the
leaderboard as differences against a reference model, with intervals that include the play order.

Each finished game is a match between its factions: a team is the seats of one faction at the end
(one model may hold several seats, on either side) plus one pseudo-player for the side itself
(``side:<ruleset>:<faction>``). The side's pseudo-player learns how often that side wins whoever
plays it, so a model that drew the stronger side is not credited for it. Winning factions share
rank 1, the others rank 2; a game with no loser (or no winner) tells nothing and is skipped.
A model holding several seats in a game plays several copies of itself; its rating moves by the
mean of its copies' moves (each seat is the same player's evidence, not independent players).

Only differences mean anything: every μ drifts with the number of games and the side terms soak
up tens of points, so the leaderboard is each model's ``μ - μ(reference)`` (and the same for team
Elo, ``evals.elo``). An online rating also depends on the order of its games (two identical bots
in one control tournament ended 1.76 apart when the order was reversed), so:

* the headline difference is the mean over random orders of the games (``order_resamples``);
* its 95% interval comes from an order-permutation bootstrap: each resample draws the games'
  clusters with replacement *and* shuffles the drawn games' order, then re-rates them;
* the order-only range (the same games, shuffled) says how much of that is the order alone, and
  the played-order value is shown beside.

σ is OpenSkill's own uncertainty about a model, not a sample statistic, and is shown as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from openskill.models import PlackettLuce

from evals.clustered import percentile
from evals.elo import team_elo
from evals.facts import GameFacts
from evals.matches import RatedGame, rated_games

__all__ = ["RatedGame", "rated_games"]

SIDE_PREFIX = "side:"
DEFAULT_RATING_RESAMPLES = 200
RATING_BUDGET = 100_000
"""Re-rated games one report may spend on intervals (about 1 ms each): beyond ``RATING_BUDGET / 300``
games the default resamples shrink, to no fewer than ``MIN_RATING_RESAMPLES``."""
MIN_RATING_RESAMPLES = 50
SYSTEMS = ("openskill", "elo")


def auto_resamples(games: int) -> int:
    """Bootstrap resamples for ``games`` rated games when none are asked for (the order-only
    resamples are half as many again)."""
    return max(MIN_RATING_RESAMPLES, min(DEFAULT_RATING_RESAMPLES, int(RATING_BUDGET / 1.5) // max(games, 1)))


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative estimate (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One model's (or side's) rating after the games in their played order."""

    label: str
    mu: float
    sigma: float
    ordinal: float
    elo: float | None
    games: int


@dataclass(frozen=True, slots=True)
class Difference:
    """A model's rating minus the reference model's, under one rating system."""

    system: str
    label: str
    reference: str
    value: float
    """The mean over random orders of the games."""
    lo: float | None
    hi: float | None
    """95% order-permutation bootstrap interval (clusters resampled, their order shuffled)."""
    played: float
    """In the order the games were played."""
    order_lo: float | None
    order_hi: float | None
    """95% range over random orders of the same games."""
    games: int


@dataclass(frozen=True, slots=True)
class Ratings:
    rows: list[RatingRow]
    differences: list[Difference]
    reference: str | None
    resamples: int
    order_resamples: int


def side_name(ruleset: str, faction: str) -> str:
    return f"{SIDE_PREFIX}{ruleset}:{faction}"


def rate(games: Sequence[RatedGame], *, side_term: bool = True) -> dict[str, Skill]:
    """Every model's (and side's) rating after the games, in order."""
    model = PlackettLuce()
    skills: dict[str, Skill] = {}
    for game in games:
        factions = sorted(game.teams)
        ranks = [1.0 if f in game.winners else 2.0 for f in factions]
        if len(set(ranks)) < 2:
            continue
        players = [[*game.teams[f], *([side_name(game.ruleset, f)] if side_term else [])] for f in factions]
        teams = [[model.rating(*_get(skills, model, p)) for p in team] for team in players]
        moved = model.rate(teams, ranks=ranks)
        _apply(skills, model, players, moved)
    return skills


def _get(skills: dict[str, Skill], model: PlackettLuce, name: str) -> tuple[float, float]:
    found = skills.get(name)
    return (model.mu, model.sigma) if found is None else (found.mu, found.sigma)


def _apply(skills: dict[str, Skill], model: PlackettLuce, players: list[list[str]], moved: Sequence[Sequence[Any]]
           ) -> None:
    """Each player's rating moves by the mean move of its copies in this game."""
    deltas: dict[str, list[tuple[float, float]]] = {}
    for names, ratings in zip(players, moved, strict=True):
        for name, rating in zip(names, ratings, strict=True):
            deltas.setdefault(name, []).append((float(rating.mu), float(rating.sigma)))
    for name, new in deltas.items():
        mu, _ = _get(skills, model, name)
        skills[name] = Skill(mu + float(np.mean([m - mu for m, _ in new])), float(np.mean([s for _, s in new])))


def _plays(name: str, match: RatedGame) -> bool:
    if name.startswith(SIDE_PREFIX):
        return any(side_name(match.ruleset, f) == name for f in match.teams)
    return any(name in team for team in match.teams.values())


def scores(matches: Sequence[RatedGame], side_term: bool = True) -> dict[str, dict[str, float]]:
    """Each rating system's number per label after ``matches`` in their order."""
    return {"openskill": {k: v.mu for k, v in rate(matches, side_term=side_term).items()},
            "elo": team_elo(matches)}


def ratings(games: Sequence[GameFacts], *, reference: str | None = None, resamples: int | None = None,
            order_resamples: int | None = None, seed: int = 0, side_term: bool = True,
            clusters: dict[str, str] | None = None) -> Ratings:
    """Every model's rating and its difference from ``reference`` (default: the model in the most
    rated games, then the first by name), with order-permutation bootstrap intervals that redraw
    the games' ``clusters`` (default: distinct games)."""
    matches = rated_games(games, clusters)
    skills = rate(matches, side_term=side_term)
    elos = team_elo(matches)
    counts = {name: sum(1 for m in matches if _plays(name, m)) for name in skills}
    rows = sorted((RatingRow(n, s.mu, s.sigma, s.ordinal, elos.get(n), counts[n]) for n, s in skills.items()),
                  key=lambda r: (r.label.startswith(SIDE_PREFIX), -r.mu))
    models = [r.label for r in rows if not r.label.startswith(SIDE_PREFIX)]
    resamples = auto_resamples(len(matches)) if resamples is None else resamples
    order_resamples = max(resamples // 2, 1) if order_resamples is None else order_resamples
    if reference is None and models:
        reference = min(models, key=lambda m: (-counts[m], m))
    if reference not in models:
        return Ratings(rows, [], None, resamples, order_resamples)
    rng = np.random.default_rng(seed)
    played = scores(matches, side_term)
    orders = [_shuffled(matches, rng) for _ in range(order_resamples)]
    boots = [_resampled(matches, rng) for _ in range(resamples)]
    by_order = [scores(ms, side_term) for ms in orders]
    by_boot = [scores(ms, side_term) for ms in boots]
    diffs = [_difference(system, m, reference, played, by_order, by_boot, counts[m])
             for system in SYSTEMS for m in models]
    return Ratings(rows, diffs, reference, resamples, order_resamples)


def _shuffled(matches: Sequence[RatedGame], rng: np.random.Generator) -> list[RatedGame]:
    return [matches[i] for i in rng.permutation(len(matches))]


def _resampled(matches: Sequence[RatedGame], rng: np.random.Generator) -> list[RatedGame]:
    """Clusters drawn with replacement (all games of a drawn cluster come along), order shuffled."""
    clusters: dict[str, list[RatedGame]] = {}
    for m in matches:
        clusters.setdefault(m.cluster or m.game_id, []).append(m)
    keys = list(clusters)
    drawn = [g for i in rng.integers(0, len(keys), size=len(keys)) for g in clusters[keys[i]]] if keys else []
    return _shuffled(drawn, rng)


def _difference(system: str, label: str, reference: str, played: dict[str, dict[str, float]],
                by_order: list[dict[str, dict[str, float]]], by_boot: list[dict[str, dict[str, float]]],
                games: int) -> Difference:
    def delta(found: dict[str, dict[str, float]]) -> float:
        table = found[system]
        if label not in table or reference not in table:
            return float("nan")
        return table[label] - table[reference]

    orders = np.array([delta(f) for f in by_order], dtype=np.float64)
    boots = np.array([delta(f) for f in by_boot], dtype=np.float64)
    mean = float(np.nanmean(orders)) if np.isfinite(orders).any() else delta(played)
    lo, hi = percentile(boots) or (None, None)
    olo, ohi = percentile(orders) or (None, None)
    return Difference(system, label, reference, mean, lo, hi, delta(played), olo, ohi, games)
