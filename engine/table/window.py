"""The open phase's bookkeeping: who it waits for, who has answered, turns and posts.

Reset by every ``PhaseBegan`` (``engine.table.fold``). In a turn phase one seat holds the floor at a
time (``speaker``), ``rounds`` times round the order; in a window phase every eligible seat answers
once, in any order (``done``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import filterfalse


@dataclass(slots=True)
class Window:
    """Who the open phase waits for and what each seat has done in it."""

    eligible: list[int] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    rounds: int = 0
    turn: int = 0
    turns: bool = False
    """Whether the floor goes to one speaker at a time (a turn phase played by turns)."""
    posts: dict[int, int] = field(default_factory=dict)
    """Public posts per seat in this window."""
    team_posts: dict[int, int] = field(default_factory=dict)
    """Team messages per seat in this window."""
    free_used: int = 0
    """Free actions (a team message, a name told) the speaker has taken in its turn; a new turn resets
    it (umineko32: two free actions a turn)."""
    speaker: int | None = field(init=False, default=None)
    """Whose turn it is in a turn phase (None once every round is spoken, or in a window). Kept, not
    computed on each read: who the window waits for is asked two or three times an action, and only
    a new turn (``end_turn``) or a new order (``wait_for``) changes it."""

    def __post_init__(self) -> None:
        self.speaker = self._speaker_now()

    def _speaker_now(self) -> int | None:
        if not self.turns or not self.eligible or self.turn >= len(self.eligible) * self.rounds:
            return None
        return self.eligible[self.turn % len(self.eligible)]

    def wait_for(self, seats: list[int]) -> None:
        """The window now waits for ``seats`` (a secret phase names them apart, ``Awaiting``)."""
        self.eligible = seats
        self.speaker = self._speaker_now()

    def open_seats(self) -> list[int]:
        """The eligible seats that have not answered yet (a window phase), or the speaker (turns)."""
        if self.turns:
            speaker = self.speaker
            return [] if speaker is None else [speaker]
        done = self.done  # (in C, or a copy while nobody answered: asked at every step of a window)
        return list(filterfalse(done.__contains__, self.eligible)) if done else self.eligible.copy()

    def end_turn(self, seat: int) -> None:
        """``seat`` is done: the floor moves on (turns) or the seat has answered (window)."""
        if self.turns and self.speaker == seat:
            self.turn += 1
            self.free_used = 0
            self.speaker = self._speaker_now()
        else:
            self.done.add(seat)
