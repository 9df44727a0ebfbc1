"""Plain records the store writes and reads: a game's header, its row, its seats, an LLM call.

They are dataclasses rather than the engine's events because they describe the *play-through*
(who sat where, which package and commit ran it), not the game's rules; the events stay the
engine's business and are stored as the engine serialises them.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from engine.events import AliasesAssigned, Event, GameCreated, RoleChanged, RoleDealt

DISTRIBUTION = "bansha-arena"
SECRET_KEYS = ("api_key", "apikey", "secret", "token", "password", "authorization")
"""Seat-config keys whose values never reach a transcript (a shared Parquet file would leak them)."""


def utcnow() -> datetime:
    """Now, as a naive UTC datetime: DuckDB's TIMESTAMP has no zone, so every stamp is UTC by convention."""
    return datetime.now(UTC).replace(tzinfo=None)


@cache
def package_version() -> str:
    """The installed version of this package; ``0+unknown`` when run from a bare checkout."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "0+unknown"


@cache
def git_commit() -> str:
    """The commit of the checkout this package runs from, or "" when it is not run from one.

    Asked once per process (a subprocess costs more than a whole game of the engine).

    Only a repository whose top level holds this package counts, so an installed copy that
    happens to sit inside some other repository does not record that repository's commit.
    """
    root = Path(__file__).resolve().parent.parent
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-toplevel", "HEAD"],
            capture_output=True, text=True, timeout=5, check=True,
        ).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return ""
    if len(out) != 2 or Path(out[0]).resolve() != root:
        return ""
    return out[1]


def redact(config: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a seat config with secrets (API keys, tokens) replaced by ``***``, at any depth."""
    clean: dict[str, Any] = {}
    for key, value in config.items():
        if any(s in str(key).lower().replace("-", "_") for s in SECRET_KEYS) and value:
            clean[key] = "***"
        elif isinstance(value, Mapping):
            clean[key] = redact(value)
        else:
            clean[key] = value
    return clean


@dataclass(frozen=True, slots=True, kw_only=True)
class GameHeader:
    """What a game was started with: enough to reproduce it, and to know which code played it.

    ``seat_configs`` lists one dict per seat in seat order (seat 1 first), e.g.
    ``{"kind": "llm", "model": "...", "base_url": "..."}``; secrets are redacted when written.
    """

    ruleset: str
    ruleset_version: str
    seed: int
    flags: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    seat_configs: list[dict[str, Any]] = field(default_factory=list)
    package_version: str = field(default_factory=package_version)
    git_commit: str = field(default_factory=git_commit)
    created_at: datetime = field(default_factory=utcnow)

    @classmethod
    def from_events(cls, events: Sequence[Event], seat_configs: Sequence[Mapping[str, Any]] = ()) -> GameHeader:
        """The header of a game whose log starts with its ``GameCreated`` event."""
        first = events[0] if events else None
        if not isinstance(first, GameCreated):
            raise ValueError("a game's event log must start with GameCreated")
        return cls(
            ruleset=first.ruleset, ruleset_version=first.version, seed=first.seed,
            flags=dict(first.flags), options=dict(first.options),
            seat_configs=[dict(c) for c in seat_configs],
        )


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's final identity after the game (its history is in the events)."""

    seat: int
    alias: str = ""
    role: str = ""
    faction: str = ""
    player: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GameRow:
    """A stored game: its header and how far it got."""

    game_id: str
    header: GameHeader
    schema_version: int
    status: str
    winners: list[str] | None
    days: int | None
    ended_at: datetime | None
    events: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class LlmCall:
    """One call to a model by an LLM seat (written by the LLM players, read by evaluations)."""

    call_id: int
    seat: int
    event_seq: int | None = None
    phase: str | None = None
    day: int | None = None
    model: str | None = None
    base_url: str | None = None
    messages: Any = None
    tools: Any = None
    response: Any = None
    tool_calls: Any = None
    tokens_in: int | None = None
    tokens_out: int | None = None
    tokens_in_reported: int | None = None
    tokens_out_reported: int | None = None
    cached_tokens: int | None = None
    latency_ms: float | None = None
    retries: int = 0
    error: str | None = None
    fallback: bool = False
    created_at: datetime = field(default_factory=utcnow)
    profile: str | None = None
    reasoning: str | None = None
    cost_usd: float | None = None
    prices: Any = None


def final_seats(events: Sequence[Event], seat_configs: Sequence[Mapping[str, Any]] = ()) -> list[SeatRecord]:
    """Every seat's final alias, role and faction, folded from the events any rule set emits.

    Reading the events rather than a rule set's state keeps this independent of each rule set's
    state class; ``seat_configs`` (seat order, or dicts with a ``seat`` key) fills ``player``.
    """
    count = next((e.seats for e in events if isinstance(e, GameCreated)), 0)
    seats: dict[int, dict[str, Any]] = {s: {} for s in range(1, count + 1)}
    for event in events:
        if isinstance(event, AliasesAssigned):
            for seat, alias in event.aliases.items():
                seats.setdefault(seat, {})["alias"] = alias
        elif isinstance(event, RoleDealt | RoleChanged):
            seats.setdefault(event.seat, {}).update(role=event.role, faction=event.faction)
    players = {int(c.get("seat", i + 1)): redact(c) for i, c in enumerate(seat_configs)}
    return [SeatRecord(seat=s, player=players.get(s, {}), **seats[s]) for s in sorted(seats)]


@dataclass(frozen=True, slots=True)
class SeatControl:
    """A seat changing hands from the event ``at_seq`` on: ``controller`` is ``human`` or ``bot``."""

    seat: int
    at_seq: int
    controller: str
    reason: str
    created_at: datetime | None = None
