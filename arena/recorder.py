"""Sending a running game's events to the transcript writer.

Events are appended after every engine call and flushed when a phase opens or the game ends,
so the database always holds whole engine steps (a consistent prefix a game resumes from) while
a game costs a few dozen batched writes rather than one per event.
"""

from __future__ import annotations

from engine.events import Event
from engine.game import Game
from transcripts.writer import TranscriptWriter

FLUSH_KINDS = frozenset({"phase_began", "game_ended"})


class Recorder:
    """A runner listener that writes one game's events through a shared writer."""

    def __init__(self, writer: TranscriptWriter, game_id: str) -> None:
        self.writer = writer
        self.game_id = game_id

    def __call__(self, game: Game, new: list[Event]) -> None:
        self.writer.append(self.game_id, new)
        if any(e.kind in FLUSH_KINDS for e in new):
            self.writer.flush(self.game_id)
