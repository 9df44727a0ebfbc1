"""Sending a running game's events to the transcript writer.

Events are appended after every engine call (so only whole engine steps are ever buffered) and
flushed at the end of the game and otherwise at most every ``interval`` seconds: the database
always holds a consistent prefix that a game resumes from, and a crash loses at most the last
seconds of play. Each DuckDB commit costs milliseconds — far more than the events it carries —
so flushing per phase would cost a game more than the whole engine does.
"""

from __future__ import annotations

import time

from engine.events import Event
from engine.game import Game
from transcripts.records import CallRecord
from transcripts.writer import TranscriptWriter

DEFAULT_INTERVAL = 2.0


class Recorder:
    """A runner listener that writes one game's events through a shared writer."""

    def __init__(self, writer: TranscriptWriter, game_id: str, interval: float = DEFAULT_INTERVAL, *,
                 start: int = 0) -> None:
        self.writer = writer
        self.game_id = game_id
        self.interval = interval
        self.start = start
        """The first seq not stored yet: a resumed game's runner shows its listeners the whole log."""
        self.flushed_at = time.monotonic()

    def __call__(self, game: Game, new: list[Event]) -> None:
        if new and new[0].seq < self.start:
            new = [e for e in new if e.seq >= self.start]
        self.writer.append(self.game_id, new)
        now = time.monotonic()
        if game.over or now - self.flushed_at >= self.interval:
            self.writer.flush(self.game_id)
            self.flushed_at = now


class CallStore:
    """A runner call listener: each LLM call record becomes a row of ``llm_calls``.

    Calls are buffered with the game's events and written by the same flushes. Their ``decision``
    is stored NULL, as this listener always stored it: the decision numbers are the journal's
    (``arena.run.journal``), which the web table's games do not keep.
    """

    def __init__(self, writer: TranscriptWriter, game_id: str, first_id: int = 0) -> None:
        self.writer = writer
        self.game_id = game_id
        self.next_id = first_id

    def __call__(self, calls: list[CallRecord]) -> None:
        rows = []
        for call in calls:
            row = call.numbered(self.next_id)
            row.decision = None
            rows.append(row)
            self.next_id += 1
        self.writer.append_calls(self.game_id, rows)
