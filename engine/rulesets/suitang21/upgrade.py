"""suitang21's stored games of version 1.0, read as 1.1 writes them (``Ruleset.upgrade``).

1.0 announced the sheriff, a vote's result, the dawn list and an out at once as ``Announced``
topics; 1.1 has the typed ``SheriffChanged``, ``VoteResult``, ``Dawn`` and ``SeatsOut``.
"""

from __future__ import annotations

from engine.events import Announced, Dawn, Event, SeatsOut, SheriffChanged, VoteResult
from engine.upgrade import Converter, by_topic, retyped, seat_map, seats


def _tally(e: Announced) -> dict[int, int]:
    return dict(sorted((k, int(v)) for k, v in seat_map(e.data.get("tally")).items()))


def _sheriff(e: Announced) -> Event:
    return retyped(e, SheriffChanged, seat=e.seats[0] if e.seats else None, by=str(e.data.get("by", "")),
                   tally=_tally(e))


def _vote_result(e: Announced) -> Event:
    return retyped(e, VoteResult, seats=list(e.seats), died=seats(e.data.get("died")), tally=_tally(e))


def _dawn(e: Announced) -> Event:
    sheriff, alive = e.data.get("sheriff"), e.data.get("alive")
    return retyped(e, Dawn, seats=list(e.seats), sheriff=int(sheriff) if isinstance(sheriff, int) else None,
                   alive=seats(alive) if isinstance(alive, list) else None)


def _out(e: Announced) -> Event:
    return retyped(e, SeatsOut, seats=list(e.seats), cause=str(e.data.get("cause", "")))


ANNOUNCEMENTS: dict[str, Converter] = {"sheriff": _sheriff, "vote_result": _vote_result, "dawn": _dawn, "out": _out}


def upgrade(events: list[Event], version: str) -> list[Event]:
    """Version 1.0's events as 1.1 writes them (1.1's pass through unchanged)."""
    return by_topic(events, ANNOUNCEMENTS)
