"""The table's state: what every rule set's state holds, generic over its seat record.

A rule set's state subclasses ``TableState[ItsSeat]`` and adds what its rules track. Changed only by
the fold (``engine.table.fold`` and the rule set's own handlers), like every state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, cast

from engine.state import BaseState
from engine.table.seat import Seat
from engine.table.window import Window

if TYPE_CHECKING:
    from engine.game import Game

S = TypeVar("S", bound=Seat)


@dataclass
class TableState(BaseState, Generic[S]):
    """Seats, teams, the open window, the thread's floor, the night, the day's ballots, last words."""

    seats: dict[int, S] = field(default_factory=dict)
    teams: dict[str, list[int]] = field(default_factory=dict)
    window: Window = field(default_factory=Window)
    floor: int = 0
    night: int = 0
    ballots: list[tuple[int, int | None]] = field(default_factory=list)
    """The open vote's ballots in the order cast (voter, target or None); a change is a new ballot."""
    votes: dict[int, int | None] = field(default_factory=dict)
    """Each voter's ballot in force in the open vote."""
    last_words: dict[int, str] = field(default_factory=dict)
    interrupted: str = ""
    """The phase an open aside (``Phase.aside``: a question in the middle of a resolution) interrupted,
    so that a schedule ranks the aside with it."""
    outs: int = field(default=0, compare=False, repr=False)
    """How many times a seat's ``alive`` has moved: the kernel's fold of ``died`` (the one place a seat
    goes out) and a rule set's revival count it, so that ``living_seats`` knows when to look again
    (``tests/test_living_seats.py`` holds every rule set's folds to it)."""
    living_memo: tuple[object, int, tuple[int, ...]] = field(default=(None, -1, ()), compare=False, repr=False)
    """``living_seats``' answer with the seat table and the ``outs`` count it was worked out from."""
    team_index: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    """``team_of`` kept per seat: the legal actions of every turn ask a seat's chats, and the teams
    change only by the kernel's fold of ``team_formed`` and ``team_joined``, which empties this."""

    @classmethod
    def of(cls, game: Game) -> Self:
        """The game's state as this class: a cast, for a rule set's free functions (its closers and
        handlers have the game, not the rule set, whose ``TableRuleset.st`` is the same cast)."""
        return cast(Self, game.state)

    # -- derived views (no mutation) ----------------------------------------------------------------

    def where(self, seat: int | None = None) -> dict[str, Any]:
        """The open window as a refusal names it (``phase``, ``day``), with the acting ``seat`` where given."""
        acting: dict[str, Any] = {} if seat is None else {"seat": seat}
        return {**acting, "phase": self.phase, "day": self.day}

    def alive(self) -> list[int]:
        """The living seats, in seat order (a new list: ``living_seats`` is the kept tuple)."""
        return list(self.living_seats())

    def living_seats(self) -> tuple[int, ...]:
        """The living seats, in seat order, worked out again only when a seat went out or came back
        (``outs``) or the seat table was made (``game_created``): the legal actions of every ballot
        and night skill list the living, and building the list each time was some 8% of an engine
        replay's instructions."""
        seats, outs = self.seats, self.outs
        memo_seats, memo_outs, living = self.living_memo
        if memo_seats is not seats or memo_outs != outs:
            living = tuple([n for n, s in seats.items() if s.alive])
            self.living_memo = (seats, outs, living)
        return living

    def holders(self, *roles: str) -> list[int]:
        """The seats holding any of ``roles``, alive or not."""
        return [n for n, s in self.seats.items() if s.role in roles]

    def living(self, *roles: str) -> list[int]:
        """The living seats holding any of ``roles``."""
        return [n for n, s in self.seats.items() if s.alive and s.role in roles]

    def holder(self, role: str) -> int | None:
        """The one seat holding ``role`` (None when nobody does)."""
        found = self.holders(role)
        return found[0] if found else None

    def recipients(self, team: str) -> list[int]:
        """Who receives a new message of ``team``: every member (a rule set whose dead stop reading a
        chat says so here)."""
        return list(self.teams.get(team, []))

    def leave_teams(self, seat: int) -> None:
        """``seat`` leaves every team chat it is in (a rule set whose dead stop reading their chats),
        with the kept ``team_of`` emptied: a fold that changed ``teams`` by hand and forgot it would
        leave a seat's chats in its observation as they were."""
        for members in self.teams.values():
            if seat in members:
                members.remove(seat)
                self.team_index.clear()

    def team_of(self, seat: int) -> tuple[str, ...]:
        """The teams ``seat`` is a member of (kept in ``team_index`` until the teams change)."""
        found = self.team_index.get(seat)
        if found is None:
            found = self.team_index[seat] = tuple(team for team, members in self.teams.items() if seat in members)
        return found
