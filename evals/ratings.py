"""Ratings: per model, an OpenSkill (Plackett-Luce) rating from who won, with a side term.

Each finished game is a match between its factions: a team is the seats of one faction at the end
(one model may hold several seats, on either side) plus one pseudo-player for the side itself
(``side:<ruleset>:<faction>``). The side's pseudo-player learns how often that side wins whoever
plays it, so a model that drew the stronger side is not credited for it. Winning factions share
rank 1, the others rank 2; a game with no loser (or no winner) tells nothing and is skipped.

A model holding several seats in a game plays several copies of itself; its rating moves by the
mean of its copies' moves (each seat is the same player's evidence, not independent players).
Games are rated in the order they were played; intervals come from rating bootstrap resamples
of the games (``rating_rows``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from openskill.models import PlackettLuce

from evals.facts import GameFacts
from evals.intervals import percentile

SIDE_PREFIX = "side:"
DEFAULT_RATING_RESAMPLES = 200
RATING_BUDGET = 100_000
"""Re-rated games one report may spend on intervals (about 1 ms each): beyond ``RATING_BUDGET / 200``
games the default resamples shrink, to no fewer than ``MIN_RATING_RESAMPLES``."""
MIN_RATING_RESAMPLES = 50


def auto_resamples(games: int) -> int:
    """Bootstrap resamples for ``games`` rated games when none are asked for."""
    return max(MIN_RATING_RESAMPLES, min(DEFAULT_RATING_RESAMPLES, RATING_BUDGET // max(games, 1)))


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game as a match: faction -> labels of its seats (one per seat), and the winners."""

    game_id: str
    ruleset: str
    teams: dict[str, list[str]]
    winners: list[str]


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative estimate (mu - 3 sigma): what a leaderboard sorts by."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingRow:
    label: str
    mu: float
    sigma: float
    ordinal: float
    lo: float | None
    hi: float | None
    games: int
    ordinal_lo: float | None = None
    ordinal_hi: float | None = None


def rated_games(games: Sequence[GameFacts]) -> list[RatedGame]:
    """The finished games as matches (teams by each seat's faction at the end)."""
    out = []
    for game in games:
        if not game.finished or game.winners is None:
            continue
        teams: dict[str, list[str]] = {}
        for seat, label in sorted(game.labels.items()):
            faction = game.truth.faction(seat)
            if faction is not None:
                teams.setdefault(faction, []).append(label)
        out.append(RatedGame(game.game_id, game.ruleset, teams, list(game.winners)))
    return out


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


def rating_rows(games: Sequence[GameFacts], *, resamples: int | None = None, seed: int = 0,
                side_term: bool = True) -> list[RatingRow]:
    """The leaderboard: each model's rating (sides included, named ``side:…``), with 95% bootstrap
    intervals on mu and on mu - 3 sigma from re-rating resamples of the games (kept in their played
    order). sigma is the model's own uncertainty, not a sample statistic, and is shown as it is.
    ``resamples`` None: ``auto_resamples`` (200, fewer past 500 games)."""
    matches = rated_games(games)
    skills = rate(matches, side_term=side_term)
    resamples = auto_resamples(len(matches)) if resamples is None else resamples
    rng = np.random.default_rng(seed)
    boots: dict[str, list[tuple[float, float]]] = {name: [] for name in skills}
    for _ in range(resamples if matches else 0):
        drawn = np.sort(rng.integers(0, len(matches), size=len(matches)))
        again = rate([matches[i] for i in drawn], side_term=side_term)
        for name in skills:
            found = again.get(name)
            boots[name].append((found.mu, found.ordinal) if found is not None else (np.nan, np.nan))
    counts = {name: sum(1 for m in matches if _plays(name, m)) for name in skills}
    rows = []
    for name, skill in skills.items():
        drawn_values = np.array(boots[name], dtype=np.float64).reshape(-1, 2)
        lo, hi = (percentile(drawn_values[:, 0]) if len(drawn_values) else None) or (None, None)
        olo, ohi = (percentile(drawn_values[:, 1]) if len(drawn_values) else None) or (None, None)
        rows.append(RatingRow(name, skill.mu, skill.sigma, skill.ordinal, lo, hi, counts[name], olo, ohi))
    return sorted(rows, key=lambda r: (r.label.startswith(SIDE_PREFIX), -r.ordinal))
