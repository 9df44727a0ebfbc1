"""Recording hand-overs: a person leaving a seat to a bot, or taking it back, goes to the transcript.

A ``HumanSeat`` reports each switch (``on_control``); ``ControlRecord`` writes it as a row of
``seat_control`` stamped with the position in the event log from which the new controller plays,
so a replay can tell the person's decisions from the stand-in's.
"""

from __future__ import annotations

from engine.game import Game
from transcripts.writer import TranscriptWriter


class ControlRecord:
    """An ``on_control`` listener bound to one game in one writer."""

    def __init__(self, writer: TranscriptWriter, game_id: str, game: Game) -> None:
        self.writer = writer
        self.game_id = game_id
        self.game = game

    def __call__(self, seat: int, controller: str, reason: str) -> None:
        self.writer.record_control(self.game_id, seat, len(self.game.events), controller, reason)
