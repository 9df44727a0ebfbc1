"""A running game's durable record: its events, stored answers, model calls and belief rows, in a
transcript writer (``GameRunner(journal=...)``).

When it writes. The runner hands over everything as it happens and calls ``boundary`` at each
point between engine steps, decisions and checkpoints; the journal writes (one transaction of the
writer) what it holds that cannot be computed again — an answer of a model or a person, a model
call, a checkpoint's reports — within ``group`` seconds (50 ms: the answers of a round that come
together share a commit), and otherwise at most every ``interval`` seconds. So the answer of an LLM
or human seat is on disk, with its decision's calls, within 50 ms of coming, and a game of bots
alone pays a commit (10-20 ms, more than its events cost) only every few seconds: what a crash loses
of it is recomputed, identically, when the game is resumed. Whatever a crash cuts, the file holds
an answer whenever it holds the events that answer produced (both are buffered in order and a
write takes everything buffered).

A resumed game (``stored``) is played again from its start: the journal writes only what is new.
Events already stored are checked against the stored ones (``StoredGame.check``); a checkpoint's
calls that the seat's pool replayed, and the rows of a belief checkpoint already stored, are not
written twice.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterable, Sequence
from typing import Protocol

from arena.run.replay import StoredGame
from engine.events import Event
from engine.game import Game
from transcripts.beliefs import BeliefRow
from transcripts.records import AnswerRow, CallRecord

DEFAULT_INTERVAL = float(os.environ.get("ARENA_FLUSH_S", "2.0"))
"""Seconds between writes of a game whose new part can all be computed again (bots' moves).
``ARENA_FLUSH_S`` sets it (the crash tests make it short, so that kills land between writes)."""


class Sink(Protocol):
    """What a journal writes through: a ``TranscriptWriter``, or a game result kept in memory (a Ray task)."""

    def append(self, game_id: str, events: Iterable[Event]) -> None: ...
    def append_calls(self, game_id: str, calls: Iterable[CallRecord]) -> None: ...
    def append_answers(self, game_id: str, answers: Iterable[AnswerRow]) -> None: ...
    def append_beliefs(self, game_id: str, beliefs: Iterable[BeliefRow]) -> None: ...
    def link_calls(self, game_id: str, call_ids: Sequence[int], event_seq: int) -> None: ...
    def flush(self, game_id: str | None = None) -> int: ...


GROUP_S = 0.05
"""Seconds an answer that cannot be computed again may wait to be written, so that the answers of a
round that come together share one commit (a DuckDB commit costs 10-20 ms here, fsync included)."""


class WriterJournal:
    """One game's record through a shared ``TranscriptWriter`` (see the module docstring)."""

    def __init__(self, writer: Sink, game_id: str, *, first_call: int = 0,
                 stored: StoredGame | None = None, interval: float = DEFAULT_INTERVAL, answers: bool = True,
                 group: float = GROUP_S, start: int = 0) -> None:
        self.writer = writer
        self.start = start
        """The first seq this journal writes: a fork's events before it are its origin's (stored there)."""
        self.store_answers = answers
        """False for a game folded from its events (stored before answers were): its decisions are
        numbered from the fold, so their answers could not be told from the stored ones."""
        self.game_id = game_id
        self.next_call = first_call
        self.stored = stored
        self.interval = interval
        self.urgent = False
        """Something that cannot be computed again waits to be written."""
        self.group = interval if interval <= 0 else group
        self.flushed_at = time.monotonic()
        self._urgent_since: float | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._failed: BaseException | None = None
        self._ids: dict[int, int] = {}
        """Call ids of stored calls whose decision is not applied yet, by the record's identity."""
        self._replayed = {seat: stored.outside_calls(seat) for seat in stored.replies} if stored else {}

    def events(self, game: Game, new: list[Event]) -> None:
        fresh = self.stored.check(new) if self.stored is not None else new
        if fresh and fresh[0].seq < self.start:
            fresh = [e for e in fresh if e.seq >= self.start]
        if fresh:
            self.writer.append(self.game_id, fresh)

    def answer(self, row: AnswerRow, calls: list[CallRecord]) -> None:
        if self.store_answers:
            self.writer.append_answers(self.game_id, [row])
        self._append(calls)
        self.urgent = True

    def calls(self, calls: list[CallRecord]) -> None:
        fresh = [c for c in calls if not self._was_replayed(c)]
        if fresh:
            self._append(fresh)
            self.urgent = True

    def link(self, calls: list[CallRecord]) -> None:
        by_seq: dict[int, list[int]] = {}
        for call in calls:
            call_id = self._ids.pop(id(call), None)
            if call_id is not None and call.event_seq is not None:
                by_seq.setdefault(call.event_seq, []).append(call_id)
        for seq, ids in by_seq.items():
            self.writer.link_calls(self.game_id, ids, seq)

    def replayed(self, decisions: list[int], event_seq: int | None) -> None:
        if self.stored is None or event_seq is None:
            return
        ids = self.stored.unlinked(decisions)
        if ids:
            self.writer.link_calls(self.game_id, ids, event_seq)

    def beliefs(self, rows: list[BeliefRow]) -> None:
        """A belief checkpoint's rows (``BeliefCheckpoints``' sink); those of a checkpoint already
        stored are the replay's and are not written again."""
        stored = self.stored.beliefs_at if self.stored is not None else set()
        fresh = [r for r in rows if r.checkpoint not in stored]
        if fresh:
            self.writer.append_beliefs(self.game_id, fresh)

    def boundary(self, force: bool = False) -> None:
        self._raise_failed()
        now = time.monotonic()
        if force or (self.urgent and self.group <= 0):
            return self._flush(now)
        if self.urgent:
            if self._urgent_since is None:
                self._urgent_since = now
                self._schedule()
            elif now - self._urgent_since >= self.group:
                self._flush(now)
        elif now - self.flushed_at >= self.interval:
            self._flush(now)

    def _flush(self, now: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.writer.flush(self.game_id)
        self.urgent = False
        self._urgent_since = None
        self.flushed_at = now

    def _schedule(self) -> None:
        """Write what waits within ``group`` seconds even if no boundary comes (a round whose other
        seat thinks for minutes). Any moment between two of the loop's steps is a consistent point:
        everything is handed over whole, synchronously."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return self._flush(time.monotonic())
        self._timer = loop.call_later(self.group, self._due)

    def _due(self) -> None:
        self._timer = None
        if self.urgent:
            try:
                self._flush(time.monotonic())
            except Exception as exc:  # raised to the runner at its next step, never lost in the loop
                self._failed = exc

    def _raise_failed(self) -> None:
        if self._failed is not None:
            failed, self._failed = self._failed, None
            raise failed

    def _append(self, calls: list[CallRecord]) -> None:
        rows = []
        for call in calls:
            rows.append(call.numbered(self.next_call))
            if call.event_seq is None:
                self._ids[id(call)] = self.next_call
            self.next_call += 1
        if rows:
            self.writer.append_calls(self.game_id, rows)

    def _was_replayed(self, call: CallRecord) -> bool:
        """A checkpoint's call whose reply the seat's pool took from the transcript (each seat's
        first stored ones: a checkpoint's calls are stored whole, in order)."""
        left = self._replayed.get(call.seat, 0)
        if left and not call.decision:
            self._replayed[call.seat] = left - 1
            return True
        return False
