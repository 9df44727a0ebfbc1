"""The one writer of a transcript file, shared by every game a process plays into it.

DuckDB lets one process write a file, so concurrent games do not open their own connections: they
hand their events to one ``TranscriptWriter``. It is thread-safe (one lock around its connection
and buffers); asyncio games call it from their loop, where a flush blocks the loop for the few
milliseconds one statement takes (or run ``flush`` through ``asyncio.to_thread``).

Consistency: ``append`` only buffers, ``flush`` writes every buffered row in one transaction, and
callers append whole batches (all the events of one ``submit``/``advance``) and flush only between
them. So the file always holds, for every game, a prefix of its log that ends at a transaction
boundary of the engine: a crash loses at most the unflushed batches, never half of one, and the
game resumes from what is stored (``resume``). A flush writes, in the same transaction, the game's
model calls, its stored answers (``append_answers``), its belief rows and the links of calls to the
events their decisions produced (``link_calls``), so what a decision left is stored whole or not
at all. A failed write is rolled back and raised as a ``TranscriptError`` that names the file and
the fault (a full disk, a read-only or damaged file); the buffers stay, so a later flush can try
again, and ``discard`` closes without writing them.

Speed: DuckDB runs row-by-row inserts (``executemany``) at about 1k rows/s here, so a flush sends
each column as one list parameter and inserts with ``INSERT … SELECT unnest($1), unnest($2), …``,
one statement for the whole batch (about 60k rows/s in bulk; ``python -m transcripts.bench``).
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from pathlib import Path
from types import TracebackType
from typing import Any

import duckdb

from engine.events import Event, to_json
from transcripts.beliefs import BELIEF_COLUMNS, BeliefRow, belief_tuple
from transcripts.errors import TranscriptError
from transcripts.faults import storage_fault
from transcripts.records import AnswerRow, CallRecord, GameHeader, SeatRecord, redact, utcnow
from transcripts.schema import EVENT_COLUMNS, SCHEMA_VERSION
from transcripts.store import PathLike, open_db, rollback

Row = tuple[Any, ...]
Statement = Callable[[duckdb.DuckDBPyConnection], object]
CALL_COLUMNS: tuple[str, ...] = ("game_id", *(f.name for f in fields(CallRecord)))
SEAT_COLUMNS: tuple[str, ...] = ("game_id", "seat", "alias", "role", "faction", "player")
CALL_JSON = frozenset({"messages", "tools", "response", "tool_calls", "prices"})
ANSWER_COLUMNS: tuple[str, ...] = ("game_id", *(f.name for f in fields(AnswerRow)))


def new_game_id() -> str:
    """A short id that sorts by start time (UTC, to the second) and is unique by its random tail."""
    return f"{utcnow():%Y%m%d-%H%M%S}-{secrets.token_hex(2)}"


def event_row(game_id: str, event: Event) -> Row:
    """An event as an ``events`` row: the envelope as columns, the whole event as JSON."""
    return (game_id, event.seq, event.day, event.phase, event.kind, event.vis, list(event.to), to_json(event))


def insert_columnar(con: duckdb.DuckDBPyConnection, table: str, columns: Sequence[str], rows: Sequence[Row]) -> None:
    """Insert ``rows`` with one statement that unnests one list parameter per column."""
    if not rows:
        return
    values = [list(column) for column in zip(*rows, strict=True)]
    select = ", ".join(f"unnest(${i + 1})" for i in range(len(columns)))
    con.execute(f"INSERT INTO {table} ({', '.join(columns)}) SELECT {select}", values)


def call_row(game_id: str, call: CallRecord) -> Row:
    """A numbered call record as a row of ``llm_calls`` (``CALL_COLUMNS``), its JSON columns encoded."""
    return (game_id, *(_json(getattr(call, f.name)) if f.name in CALL_JSON else getattr(call, f.name)
                       for f in fields(CallRecord)))


def _json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)


class TranscriptWriter:
    """Buffers and writes the games of one process into one transcript file."""

    def __init__(self, path: PathLike) -> None:
        self.path = Path(path)
        self._con: duckdb.DuckDBPyConnection | None = open_db(self.path, create=True)
        self._lock = threading.Lock()
        self._next_seq: dict[str, int] = {}
        self._events: dict[str, list[Row]] = {}
        self._calls: dict[str, list[Row]] = {}
        self._beliefs: dict[str, list[Row]] = {}
        self._answers: dict[str, list[Row]] = {}
        self._links: dict[str, list[tuple[int, list[int]]]] = {}

    # -- a game's life -----------------------------------------------------------------------

    def begin_game(self, header: GameHeader, game_id: str | None = None, *, first_seq: int = 0) -> str:
        """Record a new game (status ``running``) and return its id (``new_game_id`` unless given).

        ``first_seq`` is the seq of its first event to be stored here: a fork's (``transcripts.forks``)
        events before it are its origin's."""
        with self._lock:
            self._check_open()
            gid = game_id or self._fresh_id()
            if gid in self._next_seq or self._stored(gid):
                raise TranscriptError(f"game {gid} is already in {self.path}; use resume({gid!r}) to continue it")
            self._statement(None, lambda con: con.execute(
                "INSERT INTO games (game_id, created_at, ruleset, ruleset_version, seed, flags, options, "
                "seat_configs, package_version, git_commit, schema_version, status, runner) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)",
                [gid, header.created_at, header.ruleset, header.ruleset_version, header.seed,
                 _json(header.flags), _json(header.options), _json([redact(c) for c in header.seat_configs]),
                 header.package_version, header.git_commit, SCHEMA_VERSION, _json(header.runner)],
            ))
            self._next_seq[gid] = first_seq
            return gid

    def resume(self, game_id: str) -> int:
        """Take up a stored, unfinished game (after a crash); returns the seq its next event must have."""
        with self._lock:
            self._check_open()
            row = self._db().execute(
                "SELECT g.status, count(e.seq) + coalesce(g.origin_seq, 0), coalesce(max(e.seq) + 1, g.origin_seq, 0) "
                "FROM games g LEFT JOIN events e USING (game_id) WHERE g.game_id = ? GROUP BY g.status, g.origin_seq",
                [game_id],
            ).fetchone()
            if row is None:
                raise TranscriptError(code="resume_unknown", game=game_id, path=self.path)
            status, count, next_seq = row
            if status == "finished":
                raise TranscriptError(code="resume_finished", game=game_id)
            if count != next_seq:
                raise TranscriptError(code="resume_gaps", game=game_id, count=count, last=next_seq - 1)
            self._statement(game_id, lambda con: con.execute(
                "UPDATE games SET status = 'running', ended_at = NULL WHERE game_id = ?", [game_id]))
            self._next_seq[game_id] = int(next_seq)
            return int(next_seq)

    def append(self, game_id: str, events: Iterable[Event]) -> None:
        """Buffer the events of one whole engine step; their seqs must continue the game's log."""
        batch = list(events)
        rows = [event_row(game_id, e) for e in batch]
        with self._lock:
            expected = self._expect(game_id)
            for event in batch:
                if event.seq != expected:
                    raise TranscriptError(f"game {game_id}: expected event seq {expected}, got {event.seq} ({event.kind})")
                expected += 1
            self._events.setdefault(game_id, []).extend(rows)
            self._next_seq[game_id] = expected

    def append_calls(self, game_id: str, calls: Iterable[CallRecord]) -> None:
        """Buffer LLM calls of a game; they are written by the same flush as the events."""
        rows = [call_row(game_id, c) for c in calls]
        with self._lock:
            self._expect(game_id)
            self._calls.setdefault(game_id, []).extend(rows)

    def append_beliefs(self, game_id: str, beliefs: Iterable[BeliefRow]) -> None:
        """Buffer belief reports of a game; they are written by the same flush as the events."""
        rows = [belief_tuple(game_id, b) for b in beliefs]
        with self._lock:
            self._expect(game_id)
            self._beliefs.setdefault(game_id, []).extend(rows)

    def append_answers(self, game_id: str, answers: Iterable[AnswerRow]) -> None:
        """Buffer stored answers of a game (``answers``); written by the same flush as its events."""
        rows = [(game_id, *(getattr(a, f.name) for f in fields(AnswerRow))) for a in answers]
        with self._lock:
            self._expect(game_id)
            self._answers.setdefault(game_id, []).extend(rows)

    def link_calls(self, game_id: str, call_ids: Sequence[int], event_seq: int) -> None:
        """Set ``event_seq`` of calls stored (or buffered) before their decision was applied: a call
        is written when its answer comes, the event it produced is known only once it is applied."""
        if not call_ids:
            return
        with self._lock:
            self._expect(game_id)
            self._links.setdefault(game_id, []).append((event_seq, list(call_ids)))

    def place(self, tournament: str, game_id: str, ruleset: str, deal: int, rotation: int, seed: int) -> None:
        """Record that ``game_id`` is game (deal, rotation) of ``tournament`` (idempotent)."""
        with self._lock:
            self._statement(None, lambda con: con.execute(
                "INSERT OR REPLACE INTO tournament_games VALUES (?, ?, ?, ?, ?, ?)",
                [tournament, game_id, ruleset, deal, rotation, seed]))

    def flush(self, game_id: str | None = None) -> int:
        """Write the buffered rows of one game (or all games) in one transaction; returns the events written."""
        with self._lock:
            if game_id is not None:
                self._expect(game_id)
            return self._write([game_id] if game_id is not None else list(self._next_seq))

    def finish(self, game_id: str, winners: Sequence[str], days: int, seats: Sequence[SeatRecord]) -> None:
        """Write the game's last events, its final seats and its end, all in one transaction."""
        with self._lock:
            self._expect(game_id)
            self._write([game_id], self._finish_statements(game_id, "finished", list(winners), days, seats))
            self._forget(game_id)

    def abort(self, game_id: str) -> None:
        """Mark a game abandoned (its stored events stay, and ``resume`` can take it up again)."""
        with self._lock:
            self._expect(game_id)
            self._write([game_id], self._finish_statements(game_id, "aborted", None, None, ()))
            self._forget(game_id)

    def record_control(self, game_id: str, seat: int, at_seq: int, controller: str, reason: str) -> None:
        """Record at once that a person handed ``seat`` to a bot or took it back (``seat_control``).

        Written immediately, not buffered: a hand-over is rare, and it must survive a crash that
        loses the last buffered events (``at_seq`` may then point past the stored log, harmlessly).
        A hand-over already on record (same seat, position, controller and reason) is not written
        again: a resumed game replays its stored part, and an LLM seat's cap is reached again there.
        """
        with self._lock:
            self._expect(game_id)

            def insert(con: duckdb.DuckDBPyConnection) -> None:
                same = con.execute("SELECT count(*) FROM seat_control WHERE game_id = ? AND seat = ? AND at_seq = ?"
                                   " AND controller = ? AND reason = ?",
                                   [game_id, seat, at_seq, controller, reason[:500]]).fetchone()
                if same and same[0]:
                    return
                row = con.execute("SELECT count(*) FROM seat_control WHERE game_id = ?", [game_id]).fetchone()
                change = int(row[0]) if row else 0
                con.execute("INSERT INTO seat_control VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [game_id, change, seat, at_seq, controller, reason[:500], utcnow()])

            self._statement(game_id, insert)

    # -- the connection --------------------------------------------------------------------

    def cursor(self) -> duckdb.DuckDBPyConnection:
        """A new connection to the same database, for reading from another thread of this process.

        Close it when done: while any connection is open, the file stays locked to other processes.
        """
        with self._lock:
            return self._db().cursor()

    def close(self) -> None:
        """Write whatever is buffered and close the file (idempotent). The file is closed even when
        that last write fails (the error is raised after, its stored part intact)."""
        with self._lock:
            if self._con is None:
                return
            try:
                self._write(list(self._next_seq))
            finally:
                self._con.close()
                self._con = None

    def discard(self) -> None:
        """Close the file without writing what is buffered (after a write failed: the stored part
        is what a resume takes up; writing the rest again would fail the same way)."""
        with self._lock:
            for table in (self._events, self._calls, self._beliefs, self._answers, self._links):
                table.clear()
            if self._con is not None:
                self._con.close()
                self._con = None

    def __enter__(self) -> TranscriptWriter:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    # -- internals (the lock is held) ------------------------------------------------------

    def _write(self, game_ids: Sequence[str], extra: Sequence[Statement] = ()) -> int:
        events = [r for g in game_ids for r in self._events.get(g, ())]
        calls = [r for g in game_ids for r in self._calls.get(g, ())]
        beliefs = [r for g in game_ids for r in self._beliefs.get(g, ())]
        answers = [r for g in game_ids for r in self._answers.get(g, ())]
        links = [(g, seq, ids) for g in game_ids for seq, ids in self._links.get(g, ())]
        if not (events or calls or beliefs or answers or links or extra):
            return 0

        def write(con: duckdb.DuckDBPyConnection) -> None:
            insert_columnar(con, "events", EVENT_COLUMNS, events)
            insert_columnar(con, "llm_calls", CALL_COLUMNS, calls)
            insert_columnar(con, "beliefs", BELIEF_COLUMNS, beliefs)
            insert_columnar(con, "answers", ANSWER_COLUMNS, answers)
            for game_id, seq, ids in links:
                con.execute("UPDATE llm_calls SET event_seq = ? WHERE game_id = ? AND call_id IN (SELECT unnest(?))",
                            [seq, game_id, ids])
            for statement in extra:
                statement(con)

        self._transaction(write, game_ids[0] if len(game_ids) == 1 else None)
        for g in game_ids:
            for table in (self._events, self._calls, self._beliefs, self._answers, self._links):
                table.pop(g, None)
        return len(events)

    def _statement(self, game_id: str | None, statement: Statement) -> None:
        """One statement in a transaction of its own, its failure explained (the lock is held)."""
        self._transaction(statement, game_id)

    def _transaction(self, work: Statement, game_id: str | None) -> None:
        """Run ``work`` in one transaction; a failure rolls it back and becomes a ``TranscriptError``
        that says what went wrong with the file and that the stored part is intact."""
        con = self._db()
        try:
            con.execute("BEGIN TRANSACTION")
            work(con)
            con.execute("COMMIT")
        except duckdb.Error as exc:
            rollback(con)
            raise storage_fault(self.path, exc, game=game_id) from exc

    def _finish_statements(
        self, game_id: str, status: str, winners: list[str] | None, days: int | None, seats: Sequence[SeatRecord],
    ) -> list[Statement]:
        rows = [(game_id, s.seat, s.alias, s.role, s.faction, _json(redact(s.player))) for s in seats]

        def end(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("UPDATE games SET status = ?, winners = ?, days = ?, ended_at = ? WHERE game_id = ?",
                        [status, _json(winners), days, utcnow(), game_id])

        def write_seats(con: duckdb.DuckDBPyConnection) -> None:
            con.execute("DELETE FROM seats WHERE game_id = ?", [game_id])
            insert_columnar(con, "seats", SEAT_COLUMNS, rows)

        return [end, write_seats] if rows else [end]

    def _expect(self, game_id: str) -> int:
        self._check_open()
        if game_id not in self._next_seq:
            raise TranscriptError(f"game {game_id} is not open in this writer: begin_game or resume it first")
        return self._next_seq[game_id]

    def _forget(self, game_id: str) -> None:
        for table in (self._next_seq, self._events, self._calls, self._beliefs, self._answers, self._links):
            table.pop(game_id, None)

    def _fresh_id(self) -> str:
        while True:
            gid = new_game_id()
            if gid not in self._next_seq and not self._stored(gid):
                return gid

    def _stored(self, game_id: str) -> bool:
        return self._db().execute("SELECT 1 FROM games WHERE game_id = ?", [game_id]).fetchone() is not None

    def _check_open(self) -> None:
        self._db()

    def _db(self) -> duckdb.DuckDBPyConnection:
        if self._con is None:
            raise TranscriptError(f"the writer of {self.path} is closed")
        return self._con
