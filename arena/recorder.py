"""Sending a running game's events to the transcript writer.

Events are appended after every engine call and flushed when a day or a night opens, and when
the game ends, so the database always holds whole engine steps (a consistent prefix that a game
resumes from) while a game costs about two batched writes per game day rather than one per
event: each DuckDB commit costs milliseconds, far more than the events it carries.
"""

from __future__ import annotations

from engine.events import Event
from engine.game import Game
from transcripts.writer import TranscriptWriter

FLUSH_PHASES = frozenset({"D1_FREE", "RESTRICTED", "NIGHT"})


class Recorder:
    """A runner listener that writes one game's events through a shared writer."""

    def __init__(self, writer: TranscriptWriter, game_id: str) -> None:
        self.writer = writer
        self.game_id = game_id

    def __call__(self, game: Game, new: list[Event]) -> None:
        self.writer.append(self.game_id, new)
        if any(e.kind == "game_ended" or (e.kind == "phase_began" and e.phase in FLUSH_PHASES) for e in new):
            self.writer.flush(self.game_id)
