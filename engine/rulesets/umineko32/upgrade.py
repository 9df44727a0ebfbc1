"""umineko32's stored games of version 1.0, read as 1.1 writes them (``Ruleset.upgrade``).

1.0 announced the night's deaths, a vote's result and the drowned as ``Announced`` topics; 1.1 has
the typed ``Dawn``, ``VoteResult`` and ``SeatsOut``. 1.0's notices that told a seat its new identity
(``promotion``, ``apprentice``) gain the typed ``role`` and ``faction``.
"""

from __future__ import annotations

from engine.events import Announced, Dawn, Event, Notice, SeatsOut, VoteResult, seat_vis
from engine.rulesets.umineko32.names import ACCOMPLICE, APPRENTICE, BLACK, DROWNED, WITCH_SIDE
from engine.upgrade import Converter, by_topic, retyped, seat_map, seats


def _night_deaths(e: Announced) -> Event:
    return retyped(e, Dawn, seats=list(e.seats), roles={k: str(v) for k, v in seat_map(e.data.get("roles")).items()})


def _vote_result(e: Announced) -> Event:
    tally = {k: int(v) for k, v in seat_map(e.data.get("tally")).items()}
    return retyped(e, VoteResult, seats=list(e.seats), died=seats(e.data.get("died")), tally=dict(sorted(tally.items())))


def _drowned(e: Announced) -> Event:
    return retyped(e, SeatsOut, seats=list(e.seats), cause=DROWNED)


def _identity(role: str, faction: str) -> Converter:
    """The notice on the seat's own copy (not the team's) tells it ``role`` and ``faction``."""
    def convert(e: Notice) -> Event:
        if not e.seats or e.vis != seat_vis(e.seats[0]) or e.role is not None:
            return e
        return retyped(e, Notice, topic=e.topic, seats=list(e.seats), data=dict(e.data), role=role, faction=faction)
    return convert


ANNOUNCEMENTS: dict[str, Converter] = {"night_deaths": _night_deaths, "vote_result": _vote_result, "drowned": _drowned}
NOTICES: dict[str, Converter] = {"promotion": _identity(ACCOMPLICE, BLACK), "apprentice": _identity(APPRENTICE, WITCH_SIDE)}


def upgrade(events: list[Event], version: str) -> list[Event]:
    """Version 1.0's events as 1.1 writes them (1.1's pass through unchanged)."""
    return by_topic(events, ANNOUNCEMENTS, NOTICES)
