"""A stored game gathered for the replay viewer: header, events, seats, model calls, hand-overs, beliefs.

Read once per page from the transcript file (through any connection: the server passes its
writer's cursor, the export command opens the file). Which of it a viewer may see is decided
later, by ``engine.views`` for events and by the seat for model calls and belief reports.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from arena.server.replay_fork import ForkView, load_fork_view
from engine import events as ev
from engine.events import Event
from engine.narrate import Names
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset
from transcripts.beliefs import BeliefRow, load_beliefs
from transcripts.reader import (
    Db,
    connect,
    list_games,
    load_calls,
    load_control,
    load_events,
    load_header,
    load_seats,
)
from transcripts.records import CallRecord, GameRow, SeatControl, SeatRecord


@dataclass(frozen=True)
class ReplayData:
    """Everything stored about one game."""

    row: GameRow
    ruleset: Ruleset
    events: list[Event]
    seats: list[SeatRecord]
    calls: list[CallRecord]
    control: list[SeatControl]
    names: Names
    beliefs: list[BeliefRow] = field(default_factory=list)
    """The seats' private reports at checkpoints (none where beliefs were not asked for)."""
    fork: ForkView = field(default_factory=ForkView)
    """The game as a fork (its origin beside it, its counterfactual floors) and the forks made of it."""

    @property
    def finished(self) -> bool:
        return self.row.status == "finished"


def load_replay(db: Db, game_id: str) -> ReplayData:
    """The stored game ``game_id`` (or a prefix of it)."""
    with connect(db) as con:
        row = load_header(con, game_id)
        events = load_events(con, row.game_id)
        seats = load_seats(con, row.game_id)
        calls = load_calls(con, row.game_id)
        control = load_control(con, row.game_id)
        beliefs = load_beliefs(con, row.game_id)
        fork = load_fork_view(con, row.game_id)
    ruleset = get_ruleset(row.header.ruleset)
    return ReplayData(row, ruleset, events, seats, calls, control, Names.from_events(ruleset, events), beliefs, fork)


def search_games(db: Db, ruleset: str = "", model: str = "", outcome: str = "", status: str = "") -> list[GameRow]:
    """Stored games, newest first, filtered: rule set, a model name (substring), a winning side, a status."""
    rows = list_games(db, ruleset=ruleset or None, status=status or None)
    if model:
        rows = [r for r in rows if model.lower() in json.dumps(r.header.seat_configs, ensure_ascii=False).lower()]
    if outcome:
        rows = [r for r in rows if outcome in (r.winners or [])]
    return rows


def models_of(row: GameRow) -> list[str]:
    """The distinct players of a game: bot kinds and model names."""
    out: list[str] = []
    for config in row.header.seat_configs:
        name = player_name(config)
        if name not in out:
            out.append(name)
    return out


def player_name(config: dict[str, Any]) -> str:
    if config.get("kind") == "human":
        return f"human (stand-in {player_name(config.get('bot', {}))})"
    return str(config.get("model") or config.get("kind") or "?")


def votes_by_day(events: list[Event]) -> dict[int, list[ev.VoteCast]]:
    """The ballots of each day, in the order they were cast (the last ballot of a voter counts)."""
    out: dict[int, list[ev.VoteCast]] = {}
    for event in events:
        if isinstance(event, ev.VoteCast):
            out.setdefault(event.day, []).append(event)
    return out


def final_ballots(ballots: list[ev.VoteCast]) -> dict[int, ev.VoteCast]:
    """Each voter's last ballot of a day."""
    return {b.seat: b for b in ballots}
