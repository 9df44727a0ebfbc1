"""The fold of the event kinds every rule set shares, written once for ``TableState``.

``TableRuleset.fold`` runs the kernel's handler of an event's kind (if any), then the rule set's own
(its ``folds``), so a rule set adds to a shared kind (umineko32's posts count 蓝字) without repeating
what every rule set does with it. Replaying a stored game is folding each event in order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine import events as ev
from engine.table.phases import Kind, PhaseTable
from engine.table.seat import Seat
from engine.table.state import TableState
from engine.table.window import Window

Handler = Callable[[TableState[Any], Any], None]
"""A fold handler: apply one event of its kind to the state."""
T = TypeVar("T", bound=TableState[Any])


def game_created(s: TableState[Any], e: ev.GameCreated, seat_type: type[Seat]) -> None:
    s.ruleset, s.seed, s.flags, s.options = e.ruleset, e.seed, dict(e.flags), dict(e.options)
    s.seats = {n: seat_type(n) for n in range(1, e.seats + 1)}


def draw(s: TableState[Any], e: ev.Draw) -> None:
    s.draws += 1


def aliases(s: TableState[Any], e: ev.AliasesAssigned) -> None:
    for seat, alias in e.aliases.items():
        s.seats[int(seat)].alias = alias


def role(s: TableState[Any], e: ev.RoleDealt | ev.RoleChanged) -> None:
    record = s.seats[e.seat]
    record.role, record.faction = e.role, e.faction


def team_formed(s: TableState[Any], e: ev.TeamFormed) -> None:
    s.teams[e.team] = list(e.members)
    s.team_index.clear()


def team_joined(s: TableState[Any], e: ev.TeamJoined) -> None:
    members = s.teams.setdefault(e.team, [])
    if e.seat not in members:
        members.append(e.seat)
    s.team_index.clear()


def phase_began(s: TableState[Any], e: ev.PhaseBegan, phases: PhaseTable) -> None:
    """A new window for the phase; a turn phase is played by turns unless option ``floor`` is "open"
    (every living seat posts in any order until it passes, as on the forum). Opening an aside keeps
    the phase it interrupts (``TableState.interrupted``)."""
    if e.name in phases and phases[e.name].aside and not (s.phase in phases and phases[s.phase].aside):
        s.interrupted = s.phase
    s.phase, s.day = e.name, e.number
    kind = phases[e.name].kind if e.name in phases else Kind.WINDOW
    turns = kind is Kind.TURNS and s.options.get("floor", "turns") == "turns"
    s.window = Window(eligible=list(e.order), rounds=e.rounds, turns=turns)


def awaiting(s: TableState[Any], e: ev.Awaiting) -> None:
    s.window.wait_for(list(e.seats))


def posted(s: TableState[Any], e: ev.Posted) -> None:
    s.floor = e.floor
    w = s.window
    if w.turns:
        w.end_turn(e.seat)
    else:
        w.posts[e.seat] = w.posts.get(e.seat, 0) + 1


def team_posted(s: TableState[Any], e: ev.TeamPosted) -> None:
    s.window.team_posts[e.seat] = s.window.team_posts.get(e.seat, 0) + 1


def passed(s: TableState[Any], e: ev.Passed) -> None:
    s.window.end_turn(e.seat)


def vote_cast(s: TableState[Any], e: ev.VoteCast) -> None:
    """A ballot; a second one of the same voter is a change (改票) and replaces the first."""
    if e.seat in s.votes:
        s.seats[e.seat].vote_changes += 1
        del s.votes[e.seat]
    s.votes[e.seat] = e.target
    s.ballots.append((e.seat, e.target))


def died(s: TableState[Any], e: ev.Died) -> None:
    record = s.seats[e.seat]
    record.alive, record.cause = False, e.cause
    s.outs += 1


def warned(s: TableState[Any], e: ev.Warned) -> None:
    s.seats[e.seat].warnings = e.count


def last_words(s: TableState[Any], e: ev.LastWords) -> None:
    """The words are kept; given (not yet published), they end the seat's part in the window."""
    s.last_words[e.seat] = e.text
    if not e.published:
        s.window.done.add(e.seat)


def game_ended(s: TableState[Any], e: ev.GameEnded) -> None:
    s.over, s.winners = True, list(e.winners)


def by_skill(handlers: Mapping[str, Callable[[T, ev.Resolved], None]],
             then: Callable[[T, ev.Resolved], None] | None = None) -> Callable[[T, ev.Resolved], None]:
    """The fold of ``Resolved`` records: the handler of the skill each one settles (none: nothing), then
    ``then``, what the rule set does with every record."""

    def fold(s: T, e: ev.Resolved) -> None:
        handler = handlers.get(e.skill)
        if handler is not None:
            handler(s, e)
        if then is not None:
            then(s, e)

    return fold


SIMPLE: Mapping[str, Handler] = {
    "draw": draw, "aliases": aliases, "role_dealt": role, "role_changed": role, "team_formed": team_formed,
    "team_joined": team_joined, "awaiting": awaiting, "posted": posted, "team_posted": team_posted,
    "passed": passed, "vote_cast": vote_cast, "died": died, "warned": warned, "last_words": last_words,
    "game_ended": game_ended,
}
"""The kernel's handlers that need nothing but the state and the event."""
