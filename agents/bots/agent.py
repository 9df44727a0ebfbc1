"""What every rule set's scripted player is: one set of notes per seat (``view_notes``), one decision per turn."""

from __future__ import annotations

from typing import Generic

from agents.base import Turn
from agents.bots.view_notes import N, SeatNotes
from engine.actions import Action


class BotAgent(Generic[N]):
    """A rule set's scripted player: a subclass names its notes (``notes_class``, built on the shared
    fold ``agents.bots.notes.ViewNotes``) and decides."""

    concurrent = False
    notes_class: type[N]

    def __init__(self, name: str = "scripted") -> None:
        self.name = name
        self._notes: SeatNotes[N] = SeatNotes(self.notes_class)

    async def act(self, turn: Turn) -> Action | None:
        return self.decide(turn)

    def decide(self, turn: Turn) -> Action:
        """The seat's action for ``turn``."""
        raise NotImplementedError

    def notes_for(self, turn: Turn) -> N:
        """This seat's notes brought up to ``turn`` (kept while its view continues, else folded anew)."""
        return self._notes.of(turn)
