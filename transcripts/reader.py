"""Reading stored games back: lists, headers, seats and the event log itself.

Every function takes ``db``: a path (opened read-only for the call, and closed after) or an open
connection (used as is, e.g. ``TranscriptWriter.cursor()`` next to a running writer). A game is
named by its id or any unambiguous prefix of it (``arena replay 20261130-1636``); an unknown or
ambiguous name is a ``TranscriptError`` that lists the candidates.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

import duckdb

from engine.events import Event, from_json
from engine.upgrade import upgraded
from transcripts.errors import TranscriptError
from transcripts.records import AnswerRow, CallRecord, GameHeader, GameRow, SeatControl, SeatRecord
from transcripts.schema import GAME_STATUSES
from transcripts.store import PathLike, open_db

Db = PathLike | duckdb.DuckDBPyConnection
CANDIDATES_SHOWN = 10

_GAME_SELECT = (
    "SELECT g.game_id, g.created_at, g.ruleset, g.ruleset_version, g.seed, g.flags, g.options, g.seat_configs, "
    "g.package_version, g.git_commit, g.schema_version, g.status, g.winners, g.days, g.ended_at, "
    "(SELECT count(*) FROM events e WHERE e.game_id = g.game_id) + coalesce(g.origin_seq, 0), g.runner FROM games g"
)


@contextmanager
def connect(db: Db) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection for the duration of one read: ``db`` itself, or the file opened read-only."""
    if isinstance(db, duckdb.DuckDBPyConnection):
        yield db
        return
    con = open_db(db, create=False)
    try:
        yield con
    finally:
        con.close()


def resolve_game_id(db: Db, game_id: str) -> str:
    """The full id of the one stored game whose id is ``game_id`` or starts with it."""
    with connect(db) as con:
        return _resolve(con, game_id, _name(db))


def list_games(db: Db, ruleset: str | None = None, status: str | None = None, limit: int | None = None) -> list[GameRow]:
    """Stored games, newest first, optionally of one rule set and/or one status."""
    if status is not None and status not in GAME_STATUSES:
        raise TranscriptError(f"unknown game status {status!r}; known: {', '.join(GAME_STATUSES)}")
    where, params = [], []
    if ruleset is not None:
        where.append("g.ruleset = ?")
        params.append(ruleset)
    if status is not None:
        where.append("g.status = ?")
        params.append(status)
    sql = _GAME_SELECT + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY g.created_at DESC, g.game_id DESC"
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    with connect(db) as con:
        return [_game_row(r) for r in con.execute(sql, params).fetchall()]


def load_header(db: Db, game_id: str) -> GameRow:
    """One stored game's header and end (its id may be a prefix)."""
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        row = con.execute(_GAME_SELECT + " WHERE g.game_id = ?", [gid]).fetchone()
        assert row is not None  # _resolve found it, in this same connection
        return _game_row(row)


def load_events(db: Db, game_id: str) -> list[Event]:
    """One stored game's event log, in order, as the engine's events — as the current version of its
    rule set writes them (``engine.upgrade``: a game stored by an older rule-set version is read in
    the typed events of today, one event for one; the file is not rewritten)."""
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        payloads = stored_payloads(con, gid)
    return upgraded([from_json(payload) for payload in payloads])


def stored_payloads(con: duckdb.DuckDBPyConnection, game_id: str, upto: int | None = None) -> list[str]:
    """The stored JSON of a game's events in order, below seq ``upto`` where given. A fork's first
    events are its origin's, stored once under the origin (``games.origin_game``, ``origin_seq``)."""
    row = con.execute("SELECT origin_game, origin_seq FROM games WHERE game_id = ?", [game_id]).fetchone()
    origin, first = (row[0], int(row[1] or 0)) if row is not None and row[0] is not None else (None, 0)
    limit = "" if upto is None else f" AND seq < {int(upto)}"
    own = [p for (p,) in con.execute(f"SELECT payload FROM events WHERE game_id = ?{limit} ORDER BY seq",
                                     [game_id]).fetchall()]
    if origin is None:
        return own
    return stored_payloads(con, str(origin), first if upto is None else min(first, upto)) + own


def load_seats(db: Db, game_id: str) -> list[SeatRecord]:
    """One game's final seats (empty until the game is finished)."""
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute(
            "SELECT seat, alias, role, faction, player FROM seats WHERE game_id = ? ORDER BY seat", [gid],
        ).fetchall()
    return [SeatRecord(seat, alias or "", role or "", faction or "", _loads(player) or {})
            for seat, alias, role, faction, player in rows]


def latest_game_id(db: Db, ruleset: str | None = None, status: str | None = None) -> str:
    """The id of the most recently started game (optionally of one rule set / status)."""
    games = list_games(db, ruleset=ruleset, status=status, limit=1)
    if not games:
        which = " ".join(x for x in (status, ruleset) if x)
        raise TranscriptError(f"no {which + ' ' if which else ''}games in {_name(db)}; record one with `arena play`")
    return games[0].game_id


def _resolve(con: duckdb.DuckDBPyConnection, game_id: str, name: str) -> str:
    if con.execute("SELECT 1 FROM games WHERE game_id = ?", [game_id]).fetchone():
        return game_id
    rows = con.execute(
        "SELECT game_id FROM games WHERE starts_with(game_id, ?) ORDER BY created_at DESC, game_id DESC LIMIT ?",
        [game_id, CANDIDATES_SHOWN + 1],
    ).fetchall()
    ids = [r[0] for r in rows]
    if len(ids) == 1:
        return str(ids[0])
    if ids:
        more = ", …" if len(ids) > CANDIDATES_SHOWN else ""
        raise TranscriptError(
            f"game id {game_id!r} is ambiguous in {name}: it begins {', '.join(ids[:CANDIDATES_SHOWN])}{more}; "
            "give more of the id"
        )
    recent = [r[0] for r in con.execute(
        "SELECT game_id FROM games ORDER BY created_at DESC, game_id DESC LIMIT ?", [CANDIDATES_SHOWN],
    ).fetchall()]
    hint = f"the latest are {', '.join(recent)}" if recent else "it holds no games yet"
    raise TranscriptError(f"no game {game_id!r} in {name}; {hint}")


def _game_row(r: tuple[Any, ...]) -> GameRow:
    header = GameHeader(
        ruleset=r[2], ruleset_version=r[3], seed=r[4], flags=_loads(r[5]) or {}, options=_loads(r[6]) or {},
        seat_configs=_loads(r[7]) or [], package_version=r[8], git_commit=r[9], created_at=r[1],
        runner=_loads(r[16]),
    )
    return GameRow(game_id=r[0], header=header, schema_version=r[10], status=r[11], winners=_loads(r[12]),
                   days=r[13], ended_at=r[14], events=int(r[15]))


def _loads(value: str | None) -> Any:
    return None if value is None else json.loads(value)


def _name(db: Db) -> str:
    return "the database" if isinstance(db, duckdb.DuckDBPyConnection) else str(db)


def load_calls(db: Db, game_id: str) -> list[CallRecord]:
    """A game's LLM calls in the order they were made (JSON columns decoded)."""
    names = [f.name for f in fields(CallRecord)]
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute(f"SELECT {', '.join(names)} FROM llm_calls WHERE game_id = ? ORDER BY call_id",
                           [gid]).fetchall()
    return [CallRecord(**{n: _decoded(n, v) for n, v in zip(names, row, strict=True)}) for row in rows]


def _decoded(name: str, value: Any) -> Any:
    if name in ("messages", "tools", "response", "tool_calls", "prices") and isinstance(value, str):
        return json.loads(value)
    return value


def load_control(db: Db, game_id: str) -> list[SeatControl]:
    """A game's seat hand-overs (a person leaving a seat to a bot, or taking it back), in order."""
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute("SELECT seat, at_seq, controller, reason, created_at FROM seat_control "
                           "WHERE game_id = ? ORDER BY change", [gid]).fetchall()
    return [SeatControl(*row) for row in rows]


def load_answers(db: Db, game_id: str) -> list[AnswerRow]:
    """A game's stored answers (of models and people), in decision order."""
    names = [f.name for f in fields(AnswerRow)]
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute(f"SELECT {', '.join(names)} FROM answers WHERE game_id = ? ORDER BY decision",
                           [gid]).fetchall()
    return [AnswerRow(**dict(zip(names, row, strict=True))) for row in rows]


def load_replies(db: Db, game_id: str) -> list[StoredReply]:
    """What a resumed LLM seat needs of a game's calls, in call order: whose, in which decision, what
    came back, and the last message sent (to tell that the replayed request is the same). The
    messages themselves, the bulk of the table, are not read."""
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute(
            "SELECT call_id, seat, decision, response, error, retries, latency_ms, "
            "json_extract(messages, '$[#-1]'), event_seq FROM llm_calls WHERE game_id = ? ORDER BY call_id",
            [gid]).fetchall()
    return [StoredReply(call_id, seat, decision, _loads(response), error, retries or 0, latency, _loads(last), seq)
            for call_id, seat, decision, response, error, retries, latency, last, seq in rows]


def load_belief_checkpoints(db: Db, game_id: str) -> set[int]:
    """The checkpoints (event seqs) whose belief rows are stored."""
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute("SELECT DISTINCT checkpoint FROM beliefs WHERE game_id = ?", [gid]).fetchall()
    return {int(seq) for (seq,) in rows}


@dataclass(frozen=True, slots=True)
class StoredReply:
    """One stored model call as a resumed seat replays it (``load_replies``)."""

    call_id: int
    seat: int
    decision: int | None
    response: dict[str, Any] | None
    error: str | None
    retries: int
    latency_ms: float | None
    last_message: dict[str, Any] | None
    event_seq: int | None = None
