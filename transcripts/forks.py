"""Forks on record: a game that shares its origin's first events, stored once, under the origin.

A fork's row in ``games`` names its ``origin_game`` and ``origin_seq``: its events below that seq
are the origin's (``transcripts.reader.stored_payloads`` reads them through it), its own rows of
``events`` start there. ``games.fork`` says how it was made; ``fork_edits`` names each floor of the
fork that is a counterfactual (a post edited or dropped by whoever made the fork) with who saw it,
so that no reader — the replay, an export, an evaluation — takes it for its author's words.

``begin_fork`` writes the row, the edits and the fork's own first events in one transaction: a fork
is stored whole or not at all (a crash leaves no fork without its edit).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import duckdb

from engine.events import Event
from transcripts.reader import Db, connect
from transcripts.records import GameHeader, redact
from transcripts.schema import EVENT_COLUMNS, SCHEMA_VERSION
from transcripts.writer import TranscriptWriter, event_row, insert_columnar, new_game_id

EDIT_COLUMNS = ("game_id", "seq", "floor", "seat", "action", "text", "original_seq", "original_floor", "vis",
                "audience")


@dataclass(frozen=True, slots=True)
class ForkEdit:
    """One counterfactual floor of a fork. ``seq``/``floor``: where it stands in the fork (for a
    drop, where the dropped post would have been); ``original_*``: the origin's post it replaces."""

    seq: int
    floor: int
    seat: int
    action: str
    """``edit`` (the post reads ``text``) or ``drop`` (the post is not there)."""
    text: str | None
    original_seq: int
    original_floor: int
    vis: str
    """Who could see it: the post's audience (``public``: every seat and every spectator)."""
    audience: tuple[int, ...] = ()
    """The seats that saw it (every seat of the game for a public post)."""


@dataclass(frozen=True, slots=True)
class ForkOrigin:
    """Where a fork comes from and how it was made."""

    origin: str
    origin_seq: int
    record: dict[str, Any] = field(default_factory=dict)
    edits: tuple[ForkEdit, ...] = ()


def begin_fork(writer: TranscriptWriter, header: GameHeader, origin: ForkOrigin, own: list[Event],
               game_id: str | None = None) -> str:
    """Store a new fork (its row, edits and own first events ``own``) in one transaction and open it in
    ``writer`` to play on; returns its id."""
    gid = game_id or f"{new_game_id()}-fork"
    con = writer.cursor()
    try:
        con.execute("BEGIN TRANSACTION")
        try:
            _insert_game(con, gid, header, origin)
            insert_columnar(con, "fork_edits", EDIT_COLUMNS, [_edit_row(gid, e) for e in origin.edits])
            insert_columnar(con, "events", EVENT_COLUMNS, [event_row(gid, e) for e in own])
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
    finally:
        con.close()
    writer.resume(gid)
    return gid


def _insert_game(con: duckdb.DuckDBPyConnection, gid: str, header: GameHeader, origin: ForkOrigin) -> None:
    con.execute(
        "INSERT INTO games (game_id, created_at, ruleset, ruleset_version, seed, flags, options, seat_configs, "
        "package_version, git_commit, schema_version, status, origin_game, origin_seq, fork) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)",
        [gid, header.created_at, header.ruleset, header.ruleset_version, header.seed, _json(header.flags),
         _json(header.options), _json([redact(c) for c in header.seat_configs]), header.package_version,
         header.git_commit, SCHEMA_VERSION, origin.origin, origin.origin_seq, _json(origin.record)])


def _edit_row(gid: str, e: ForkEdit) -> tuple[Any, ...]:
    return (gid, e.seq, e.floor, e.seat, e.action, e.text, e.original_seq, e.original_floor, e.vis, list(e.audience))


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def fork_origin(db: Db, game_id: str) -> ForkOrigin | None:
    """The origin, fork point, record and edits of ``game_id`` (a full id); None when it is no fork."""
    with connect(db) as con:
        row = con.execute("SELECT origin_game, origin_seq, fork FROM games WHERE game_id = ?", [game_id]).fetchone()
        if row is None or row[0] is None:
            return None
        edits = load_edits(con, game_id)
    return ForkOrigin(str(row[0]), int(row[1]), json.loads(row[2]) if row[2] else {}, tuple(edits.values()))


def load_edits(db: Db, game_id: str) -> dict[int, ForkEdit]:
    """The counterfactual floors of ``game_id`` and of the forks it descends from, by their seq in it."""
    with connect(db) as con:
        out: dict[int, ForkEdit] = {}
        gid: str | None = game_id
        below: int | None = None
        while gid is not None:
            for r in con.execute(f"SELECT {', '.join(EDIT_COLUMNS[1:])} FROM fork_edits WHERE game_id = ? ORDER BY seq",
                                 [gid]).fetchall():
                seq, floor, seat, action, text, original_seq, original_floor, vis, audience = r
                edit = ForkEdit(seq, floor, seat, action, text, original_seq, original_floor, vis, tuple(audience or ()))
                if (below is None or edit.seq < below) and edit.seq not in out:
                    out[edit.seq] = edit
            row = con.execute("SELECT origin_game, origin_seq FROM games WHERE game_id = ?", [gid]).fetchone()
            if row is None or row[0] is None:
                break
            gid, below = str(row[0]), int(row[1]) if below is None else min(below, int(row[1]))
        return out


def forks_of(db: Db, game_id: str) -> list[tuple[str, int, str]]:
    """The forks made of ``game_id``: (fork id, its origin_seq, status), oldest first."""
    with connect(db) as con:
        return [(str(g), int(s), str(st)) for g, s, st in con.execute(
            "SELECT game_id, origin_seq, status FROM games WHERE origin_game = ? ORDER BY created_at, game_id",
            [game_id]).fetchall()]
