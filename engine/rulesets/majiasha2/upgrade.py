"""majiasha2's stored games of version 2.1, read as 2.2 writes them (``Ruleset.upgrade``).

2.1 published the 马甲 list, told each seat its 马甲, and announced the morning, a vote's result, a
sending-off, the piper's out and the sheriff as ``Announced``/``Notice`` topics (reveals as ``pairs``
with string keys); 2.2 has the typed ``LayerListed``, ``LayerAssigned``, ``Dawn``, ``VoteResult``,
``SeatsOut``, ``RoleRevealed`` and ``SheriffChanged``.
"""

from __future__ import annotations

from engine.events import (
    Announced,
    Dawn,
    Event,
    LayerAssigned,
    LayerListed,
    Notice,
    RoleRevealed,
    SeatsOut,
    SheriffChanged,
    VoteResult,
)
from engine.rulesets.majiasha2.names import MAJIA_LAYER, PIPER, SENT_OFF
from engine.upgrade import Converter, by_topic, retyped, seat_map, seats


def _pairs(e: Announced) -> dict[int, int]:
    return {k: int(v) for k, v in seat_map(e.data.get("pairs")).items()}


def _number(value: object) -> int | None:
    return int(value) if isinstance(value, int) else None


def _list(e: Announced) -> Event:
    return retyped(e, LayerListed, layer=MAJIA_LAYER, names={k: str(v) for k, v in seat_map(e.data.get("majia")).items()})


def _own(e: Notice) -> Event:
    return retyped(e, LayerAssigned, seat=e.seats[0], layer=MAJIA_LAYER, number=int(e.data["majia"]))


def _morning(e: Announced) -> Event:
    return retyped(e, Dawn, seats=list(e.seats), majia=_pairs(e), sheriff_majia=_number(e.data.get("sheriff")),
                   voted=seats(e.data.get("voted_out")))


def _vote_result(e: Announced) -> Event:
    return retyped(e, VoteResult, seats=list(e.seats), died=seats(e.data.get("died")), layer=MAJIA_LAYER,
                   named=_number(e.data.get("majia")), majia=_pairs(e))


def _sent_off(e: Announced) -> Event:
    return retyped(e, SeatsOut, seats=list(e.seats), cause=SENT_OFF, majia=_pairs(e))


def _piper_out(e: Announced) -> Event:
    return retyped(e, RoleRevealed, seats=list(e.seats), roles={seat: PIPER for seat in e.seats}, reason="piper_out")


def _sheriff(e: Announced) -> Event:
    majia = _number(e.data.get("majia"))
    return retyped(e, SheriffChanged, seat=None, majia=majia, by="none" if majia is None else "")


ANNOUNCEMENTS: dict[str, Converter] = {
    "majia_list": _list, "majia_morning": _morning, "vote_result": _vote_result, "majia_sent_off": _sent_off,
    "majia_piper_out": _piper_out, "majia_sheriff": _sheriff,
}
NOTICES: dict[str, Converter] = {"majia_own": _own}


def upgrade(events: list[Event], version: str) -> list[Event]:
    """Version 2.1's events as 2.2 writes them (2.2's pass through unchanged)."""
    return by_topic(events, ANNOUNCEMENTS, NOTICES)
