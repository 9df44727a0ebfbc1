"""What a seat is shown of majiasha2's chat events: 马甲, never a chat mate's 角色 (spec §0).

"互相知道彼此的马甲": faction chats (and the lovers' chat) are by 马甲. A member may *tell* its 角色
in the chat, but the judge does not: the log names the acting seat of a chat post, an elder
ballot, a newcomer, the members of a chat, the elder and the lover partner, and each of those
would hand the viewer a piece of the secret 马甲 ↔ 角色 mapping. So a seat is shown a copy in which
every seat but its own is replaced: the seat of an act by 0 with the actor's 马甲 in ``majia``
(the signature a chat shows), lists of member seats by nothing (the ``majia_team`` notice lists
their 马甲), and the recipients (``to``) by the viewer alone. Public and judge events, and the
god view, are untouched; the log keeps the full events.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from itertools import repeat
from operator import attrgetter
from typing import Any, TypeVar

from engine import events as ev
from engine.views import Viewer

E = TypeVar("E", bound=ev.Envelope)

HIDDEN = 0
"""The seat a redacted act shows in place of a chat mate's (no seat is numbered 0)."""


def shown(event: ev.Event, viewer: Viewer) -> ev.Event:
    """``event`` as seat ``viewer`` may see it (the event itself where it names no other seat)."""
    if viewer.kind != "seat":
        return event
    me = viewer.seat
    if event.vis.startswith("team:"):
        return _team(event, me)
    if isinstance(event, ev.Notice) and event.topic == "majia_lover":
        return _copy(event, seats=[s for s in event.seats if s == me])
    return event


_LAYOUTS: dict[type, tuple[tuple[str, ...], attrgetter[Any]]] = {}
"""Each event class's field names and one getter of all of them (``_layout``)."""


def _layout(cls: type[ev.Envelope]) -> tuple[tuple[str, ...], attrgetter[Any]]:
    """An event class's field names and one getter of all of them (every event has the envelope's five,
    so the getter answers a tuple)."""
    found = _LAYOUTS.get(cls)
    if found is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        found = _LAYOUTS[cls] = (names, attrgetter(*names))
    return found


def _copy(event: E, **changes: Any) -> E:
    """``dataclasses.replace(event, **changes)`` without its checks and ``__init__`` (the events have
    no ``__post_init__`` nor ``init=False`` fields, so the copy is the same): every seat is shown its
    copy of every chat event, and ``replace`` cost some 360 Python operations a copy, most of a bot
    game's redaction."""
    cls: type[E] = event.__class__
    names, get = _layout(cls)
    new = object.__new__(cls)
    deque(map(object.__setattr__, repeat(new), names, get(event)), maxlen=0)
    for name, value in changes.items():
        object.__setattr__(new, name, value)
    return new


def _team(event: ev.Event, me: int) -> ev.Event:
    to = (me,)
    if isinstance(event, (ev.TeamPosted, ev.VoteCast, ev.TeamJoined)):
        if event.seat == me:
            return _copy(event, to=to)
        return _copy(event, seat=HIDDEN, to=to)
    if isinstance(event, ev.TeamFormed):
        return _copy(event, members=[], to=to)
    if isinstance(event, ev.Notice) and event.topic == "majia_team":
        given = event.data.get("majia", {})
        listed = sorted(int(m) for m in (given.values() if isinstance(given, dict) else given))
        return _copy(event, seats=[], data={**event.data, "majia": listed}, to=to)
    if isinstance(event, ev.Notice):
        return _copy(event, seats=[s for s in event.seats if s == me], to=to)
    return _copy(event, to=to)
