"""One set of notes per seat, kept between decisions: the cache every scripted player uses.

A scripted player keeps, per seat, notes that are a fold over that seat's view
(``agents.bots.notes.ViewNotes``). They are brought up to date incrementally and rebuilt from
index 0 whenever the view is not a continuation of what was folded (another game, a rewind, a view
rebuilt from a transcript that does not line up), so a fresh player given the same view reaches the
same notes.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from agents.base import Turn
from agents.bots.notes import ViewNotes

N = TypeVar("N", bound=ViewNotes)


class SeatNotes(Generic[N]):
    """Each seat's notes, brought up to the turn it is asked about."""

    def __init__(self, make: type[N]) -> None:
        self._make = make
        """The notes' class: ``make(seed=..., seat=...)`` has folded nothing yet."""
        self._notes: dict[int, N] = {}

    def of(self, turn: Turn) -> N:
        """The seat's notes brought up to ``turn.events`` and ``turn.observation`` (which the runner
        gives every turn: the fold reads what the engine says the seat knows)."""
        obs = turn.observation
        if obs is None or obs.seat != turn.seat:
            raise ValueError(f"the scripted player needs the engine's observation of seat {turn.seat} in its Turn "
                             "(Game.observe(Viewer.of_seat(seat)), as the runner gives it)")
        notes = self._notes.get(turn.seat)
        if notes is None or not continues(notes, turn):
            notes = self._notes[turn.seat] = self._make(seed=turn.seed, seat=turn.seat)
        notes.follow(turn.events, obs)
        return notes


def continues(notes: ViewNotes, turn: Turn) -> bool:
    """Whether ``turn.events`` extends the view the notes were folded from (same game, no rewind):
    the last folded event is the very same object, or an equal one where the runner says the new
    events start right after it (a view rebuilt from a transcript)."""
    seen, events = notes.seen, turn.events
    if notes.seed != turn.seed or seen > len(events):
        return False
    if seen == 0:
        return True
    last = events[seen - 1]
    return last is notes.last or (turn.new_from == seen and last == notes.last)
