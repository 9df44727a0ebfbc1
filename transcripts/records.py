"""Plain records the store writes and reads: a game's header, its row, its seats, a model call.

They are dataclasses rather than the engine's events because they describe the *play-through*
(who sat where, which package and commit ran it), not the game's rules; the events stay the
engine's business and are stored as the engine serialises them.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from engine.events import AliasesAssigned, Event, GameCreated, RoleChanged, RoleDealt

DISTRIBUTION = "bansha-arena"
SECRET_KEYS = frozenset({"api_key", "apikey", "key", "secret", "client_secret", "password", "passwd",
                         "authorization", "proxy_authorization", "token", "access_token", "refresh_token",
                         "auth_token", "bearer", "cookie", "x_api_key"})
"""Seat-config keys whose values are secrets and never reach a transcript (a shared Parquet file would
leak them), matched whole (case and ``-``/``_`` aside): an explicit list, because a pattern such as
"contains token" also hid ``max_tokens`` and made every stored LLM seat unresumable. ``api_key_env``
is not among them: it names the variable that holds the key, which a resume needs, never the key."""


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
    """A copy of a seat config with its secrets (``SECRET_KEYS``, a password in a URL) replaced by
    ``***``, at any depth; every other setting as it was, so the stored config rebuilds the seat."""
    clean: dict[str, Any] = {}
    for key, value in config.items():
        if is_secret(str(key)) and value:
            clean[key] = "***"
        elif isinstance(value, Mapping):
            clean[key] = redact(value)
        elif isinstance(value, str) and "://" in value:
            clean[key] = _url_without_password(value)
        else:
            clean[key] = value
    return clean


def is_secret(key: str) -> bool:
    """Whether a config key holds a secret (``SECRET_KEYS``)."""
    return key.lower().replace("-", "_") in SECRET_KEYS


def _url_without_password(url: str) -> str:
    """``url`` with the password of its ``user:password@`` part replaced by ``***`` (an endpoint's
    base_url may carry one); any other text as it is."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


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
    runner: dict[str, Any] | None = None
    """The runner's policy the game is played under (``arena.run.runner.RunnerConfig.record``); None in a
    game stored before version 3."""
    package_version: str = field(default_factory=package_version)
    git_commit: str = field(default_factory=git_commit)
    created_at: datetime = field(default_factory=utcnow)

    @classmethod
    def from_events(cls, events: Sequence[Event], seat_configs: Sequence[Mapping[str, Any]] = (),
                    runner: Mapping[str, Any] | None = None) -> GameHeader:
        """The header of a game whose log starts with its ``GameCreated`` event."""
        first = events[0] if events else None
        if not isinstance(first, GameCreated):
            raise ValueError("a game's event log must start with GameCreated")
        return cls(
            ruleset=first.ruleset, ruleset_version=first.version, seed=first.seed,
            flags=dict(first.flags), options=dict(first.options),
            seat_configs=[dict(c) for c in seat_configs], runner=None if runner is None else dict(runner),
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


@dataclass(slots=True, kw_only=True)
class CallRecord:
    """One call of a seat to a model: made and filled in by the LLM players (``agents``), stored by the
    arena as a row of ``llm_calls`` and read back by the replay pages, resumes and evaluations.

    One record from the request to the stored row, so its fields are written once. It is mutable
    because it is filled in as the call goes: the player sets the response, tokens and cost when the
    answer comes, the runner sets ``event_seq`` (the first event the decision produced), and the store
    numbers it (``call_id``, None until it is stored; a journal stores a numbered copy, never the
    player's own record). A row read back holds what was stored, so a row of an older version may
    have NULL where a fresh record has a value.
    """

    call_id: int | None = None
    seat: int
    event_seq: int | None = None
    phase: str | None = None
    day: int | None = None
    model: str | None = None
    base_url: str | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)
    response: dict[str, Any] | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
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
    """The model's reasoning as the provider returned it (DeepSeek's ``reasoning_content``)."""
    cost_usd: float | None = None
    """The billed cost from ``prices`` (None where no price is known)."""
    prices: dict[str, Any] | None = None
    """The prices the cost used (USD per 1M tokens: input, cached_input, output) and their source."""
    decision: int | None = None
    """The runner's decision the call was made in (0: outside any decision, at a checkpoint; None: a
    call that is not the game's own, e.g. ``arena persuasion``'s)."""

    def numbered(self, call_id: int) -> CallRecord:
        """A copy of this record to store as call ``call_id``: deep, so that nothing the player still
        does to its own record or its lists reaches a row kept in memory (a Ray task's result)."""
        copy = deepcopy(self)
        copy.call_id = call_id
        return copy


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerRow:
    """One stored answer of a player whose answers cannot be computed again (``answers``)."""

    decision: int
    seat: int
    asked_seq: int
    day: int
    phase: str
    action: str | None = None
    """The engine action as JSON (``engine.actions`` model), None for a pass by answering nothing."""
    error: str | None = None
    """The player's failure, as the runner reported it, instead of an action."""
    created_at: datetime = field(default_factory=utcnow)


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
