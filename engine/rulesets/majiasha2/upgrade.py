"""majiasha2's stored games of versions 2.1 and 2.2, read as 2.3 writes them (``Ruleset.upgrade``).

2.2 ended a game with an English phrase as its reason; 2.3 with a code (``win.LEGACY_ENDS``). 2.3's
notice of last words carries the bounds the game's flags set (``low``, ``high``), read from the header.

2.1 published the 马甲 list, told each seat its 马甲, and announced the morning, a vote's result, a
sending-off, the piper's out and the sheriff as ``Announced``/``Notice`` topics (reveals as ``pairs``
with string keys); 2.2 has the typed ``LayerListed``, ``LayerAssigned``, ``Dawn``, ``VoteResult``,
``SeatsOut``, ``RoleRevealed`` and ``SheriffChanged``.
"""

from __future__ import annotations

import dataclasses

from engine import events as ev
from engine.rulesets.majiasha2.names import MAJIA_LAYER, PIPER, SENT_OFF
from engine.rulesets.majiasha2.win import LEGACY_ENDS
from engine.upgrade import Converter, by_topic, retyped, seat_map, seats


def _pairs(e: ev.Announced) -> dict[int, int]:
    return {k: int(v) for k, v in seat_map(e.data.get("pairs")).items()}


def _number(value: object) -> int | None:
    return int(value) if isinstance(value, int) else None


def _list(e: ev.Announced) -> ev.Event:
    names = {k: str(v) for k, v in seat_map(e.data.get("majia")).items()}
    return retyped(e, ev.LayerListed, layer=MAJIA_LAYER, names=names)


def _own(e: ev.Notice) -> ev.Event:
    return retyped(e, ev.LayerAssigned, seat=e.seats[0], layer=MAJIA_LAYER, number=int(e.data["majia"]))


def _morning(e: ev.Announced) -> ev.Event:
    return retyped(e, ev.Dawn, seats=list(e.seats), majia=_pairs(e), sheriff_majia=_number(e.data.get("sheriff")),
                   voted=seats(e.data.get("voted_out")))


def _vote_result(e: ev.Announced) -> ev.Event:
    return retyped(e, ev.VoteResult, seats=list(e.seats), died=seats(e.data.get("died")), layer=MAJIA_LAYER,
                   named=_number(e.data.get("majia")), majia=_pairs(e))


def _sent_off(e: ev.Announced) -> ev.Event:
    return retyped(e, ev.SeatsOut, seats=list(e.seats), cause=SENT_OFF, majia=_pairs(e))


def _piper_out(e: ev.Announced) -> ev.Event:
    return retyped(e, ev.RoleRevealed, seats=list(e.seats), roles={seat: PIPER for seat in e.seats}, reason="piper_out")


def _sheriff(e: ev.Announced) -> ev.Event:
    majia = _number(e.data.get("majia"))
    return retyped(e, ev.SheriffChanged, seat=None, majia=majia, by="none" if majia is None else "")


ANNOUNCEMENTS: dict[str, Converter] = {
    "majia_list": _list, "majia_morning": _morning, "vote_result": _vote_result, "majia_sent_off": _sent_off,
    "majia_piper_out": _piper_out, "majia_sheriff": _sheriff,
}
NOTICES: dict[str, Converter] = {"majia_own": _own}


def _ended(e: ev.Event) -> ev.Event:
    if isinstance(e, ev.GameEnded) and e.reason in LEGACY_ENDS:
        return dataclasses.replace(e, reason=LEGACY_ENDS[e.reason])
    return e


def _bounds(e: ev.Event, bounds: dict[str, int]) -> ev.Event:
    if isinstance(e, ev.Notice) and e.topic == "majia_last_words" and "low" not in e.data:
        return dataclasses.replace(e, data={**e.data, **bounds})
    return e


def upgrade(events: list[ev.Event], version: str) -> list[ev.Event]:
    """Version 2.1's and 2.2's events as 2.3 writes them (2.3's pass through unchanged)."""
    header = events[0] if events else None
    flags = header.flags if isinstance(header, ev.GameCreated) else {}
    bounds = {"low": int(flags.get("majia.last_words_min", 10)), "high": int(flags.get("majia.last_words_max", 200))}
    return [_bounds(_ended(e), bounds) for e in by_topic(events, ANNOUNCEMENTS, NOTICES)]
