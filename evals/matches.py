"""Finished games as matches between their factions: what every rating system reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evals.facts import GameFacts


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game as a match: faction -> labels of its seats (one per seat), and the winners.
    ``cluster``: the independent unit it belongs to (byte-identical games share one)."""

    game_id: str
    ruleset: str
    teams: dict[str, list[str]]
    winners: list[str]
    cluster: str = ""


def rated_games(games: Sequence[GameFacts], clusters: dict[str, str] | None = None) -> list[RatedGame]:
    """The finished games as matches (teams by each seat's faction at the end), in played order;
    ``clusters``: game id → its independent unit (default: the game, byte-identical games as one)."""
    out = []
    for game in games:
        if not game.finished or game.winners is None:
            continue
        teams: dict[str, list[str]] = {}
        for seat, label in sorted(game.labels.items()):
            faction = game.truth.faction(seat)
            if faction is not None:
                teams.setdefault(faction, []).append(label)
        out.append(RatedGame(game.game_id, game.ruleset, teams, list(game.winners),
                             (clusters or {}).get(game.game_id, game.cluster)))
    return out
