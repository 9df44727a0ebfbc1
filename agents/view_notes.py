"""One seat's notes folded from its own view, kept between decisions: the cache every scripted
player uses.

A scripted player keeps, per seat, notes that are a fold over that seat's view. They are brought
up to date incrementally and rebuilt from index 0 whenever the view is not a continuation of what
was folded (another game, a rewind, a view rebuilt from a transcript that does not line up), so a
fresh player given the same view reaches the same notes.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from typing import Protocol, TypeVar

from agents.base import Turn
from engine.events import Event


class FoldedNotes(Protocol):
    """What the cache needs of a player's notes."""

    seed: int
    seen: int
    """How many events of the view are folded in."""
    last: Event | None
    """The last event folded in."""

    def update(self, events: Sequence[Event], start: int) -> None: ...


N = TypeVar("N", bound=FoldedNotes)


def notes_for(cache: MutableMapping[int, N], turn: Turn, make: Callable[[], N]) -> N:
    """The seat's notes brought up to ``turn.events`` (``make`` starts new ones)."""
    notes = cache.get(turn.seat)
    if notes is None or not continues(notes, turn):
        notes = cache[turn.seat] = make()
    if notes.seen < len(turn.events):
        notes.update(turn.events, notes.seen)
    return notes


def continues(notes: FoldedNotes, turn: Turn) -> bool:
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
