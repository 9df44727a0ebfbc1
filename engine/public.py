"""What everyone knows, and what each seat was told of itself: folded for every rule set.

The judge's posts say who is out, how, and with which identity where the rules publish it; the
sheriff; published identities; a second public name list. Folding those typed events (and only
public ones) gives one record that every rule set's observation starts from, so no consumer ever
re-derives "who is alive" from announcements, and a death the judge has not announced yet is not
in it (a seat's observation cannot leak it).

Beside it, ``Told``: what each seat was told of its own identity (its dealt role, a notice that
says "you are now…", its own 马甲) — typed fields of events visible to that seat, so a seat's
observation never reports an identity the judge has not told it (suitang21's cupid is never told
its camp).

The fold is generic: ``Ruleset.apply`` applies it to every event before the rule set's own fold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import events as ev

NIGHT = "night"
"""The public cause of a death announced at dawn (the rules never publish more)."""
VOTE = "vote"
"""The public cause of an out by a vote count."""


@dataclass(frozen=True, slots=True)
class PublicOut:
    """One seat's out as the thread told it."""

    day: int
    cause: str
    seq: int
    role: str | None = None
    """The identity published with the out, where the rules publish it."""
    rank: int = 0
    """Its place among the seats the same post put out (suitang21's dawn list is in out order)."""


@dataclass(slots=True)
class PublicRecord:
    """The public part of a game's state (see the module docstring)."""

    seats: int = 0
    """How many seats the game has (its header)."""
    aliases: dict[int, str] = field(default_factory=dict)
    outs: dict[int, PublicOut] = field(default_factory=dict)
    """Seats known to be out, in the order they went out."""
    roles: dict[int, str] = field(default_factory=dict)
    """Identities published, by seat."""
    majia: dict[int, int] = field(default_factory=dict)
    """Published seat → 马甲 pairs (majiasha2's reveals)."""
    layers: dict[str, dict[int, str]] = field(default_factory=dict)
    """Second public name lists: layer → number → name."""
    sheriff: int | None = None
    sheriff_majia: int | None = None
    has_sheriff: bool = False
    """Whether a sheriff was ever announced (a rule set without one never sets it)."""
    revived: list[int] = field(default_factory=list)
    version: int = 0
    """How many public posts of the shared kinds have been folded in: the record changes only then,
    so an observation built from it may be reused until it moves (``engine.observation``)."""


@dataclass(slots=True)
class Told:
    """What one seat was told of itself."""

    dealt: str | None = None
    role: str | None = None
    faction: str | None = None
    majia: int | None = None


Step = Callable[[Any, Any], None]
"""One step of applying an event to a state: ``step(state, event)``."""
TOLD_KINDS = frozenset({"role_dealt", "notice", "layer_assigned"})
"""The kinds ``fold_public`` reads for what a seat was told of itself (never when public)."""


def public_steps(kind: str) -> tuple[Step, ...]:
    """``fold_public``'s work for an event of ``kind``, as steps on the state (``state.public``,
    ``state.identities``), for a rule set that plans each kind's fold once (``TableRuleset.apply``):
    most kinds need none, and the dispatch by visibility and class at every event was half of a
    replay's time beside the rule set's own fold."""
    fold = _FOLDS.get(kind)
    steps: list[Step] = []
    if fold is not None:
        steps.append(_public_step(fold))
    if kind in TOLD_KINDS:
        steps.append(_told_step)
    return tuple(steps)


def _public_step(fold: Callable[[PublicRecord, Any], None]) -> Step:
    def step(state: Any, event: Any) -> None:
        if event.vis == ev.PUBLIC:
            record = state.public
            fold(record, event)
            record.version += 1
    return step


def _told_step(state: Any, event: Any) -> None:
    if event.vis != ev.PUBLIC:
        fold_public(state.public, state.identities, event)


def fold_public(record: PublicRecord, told: dict[int, Told], event: ev.Event) -> None:
    """Apply one event to the public record (public events of the shared kinds) and to what each
    seat was told of itself (its role dealt, a notice naming its new identity, its own 马甲)."""
    if event.vis == ev.PUBLIC:
        fold = _FOLDS.get(event.kind)
        if fold is not None:
            fold(record, event)
            record.version += 1
        return
    if isinstance(event, ev.RoleDealt) and event.vis == ev.seat_vis(event.seat):
        own = told.setdefault(event.seat, Told())
        own.role, own.faction = event.role, event.faction
        own.dealt = own.dealt or event.role
    elif isinstance(event, ev.Notice) and event.role is not None and event.seats:
        seat = event.seats[0]
        if event.vis == ev.seat_vis(seat):
            own = told.setdefault(seat, Told())
            own.role, own.faction = event.role, event.faction or own.faction
    elif isinstance(event, ev.LayerAssigned) and event.vis == ev.seat_vis(event.seat):
        told.setdefault(event.seat, Told()).majia = event.number


def _out(record: PublicRecord, event: ev.Envelope, seats: list[int], cause: str, roles: dict[int, str],
         majia: dict[int, int]) -> None:
    for rank, seat in enumerate(seats):
        if seat not in record.outs:
            record.outs[seat] = PublicOut(event.day, cause, event.seq, roles.get(seat), rank)
    record.roles.update(roles)
    record.majia.update(majia)


def _created(record: PublicRecord, e: ev.GameCreated) -> None:
    record.seats = e.seats


def _aliases(record: PublicRecord, e: ev.AliasesAssigned) -> None:
    record.aliases.update({int(seat): alias for seat, alias in e.aliases.items()})


def _dawn(record: PublicRecord, e: ev.Dawn) -> None:
    _out(record, e, e.seats, NIGHT, e.roles, e.majia)
    for seat in e.revived:
        record.outs.pop(seat, None)
        record.revived.append(seat)


def _vote_result(record: PublicRecord, e: ev.VoteResult) -> None:
    _out(record, e, e.died, VOTE, e.roles, e.majia)


def _seats_out(record: PublicRecord, e: ev.SeatsOut) -> None:
    _out(record, e, e.seats, e.cause, e.roles, e.majia)


def _sheriff(record: PublicRecord, e: ev.SheriffChanged) -> None:
    record.sheriff, record.sheriff_majia, record.has_sheriff = e.seat, e.majia, True


def _revealed(record: PublicRecord, e: ev.RoleRevealed) -> None:
    record.roles.update(e.roles)


def _layer(record: PublicRecord, e: ev.LayerListed) -> None:
    record.layers[e.layer] = dict(e.names)


_FOLDS: dict[str, Callable[[PublicRecord, Any], None]] = {
    "game_created": _created, "aliases": _aliases, "dawn": _dawn, "vote_result": _vote_result, "seats_out": _seats_out,
    "sheriff": _sheriff, "role_revealed": _revealed, "layer_listed": _layer,
}
