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

from engine import events as ev
from engine.observation import amend
from engine.views import Viewer

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
        return amend(event, seats=[s for s in event.seats if s == me])
    return event


def _team(event: ev.Event, me: int) -> ev.Event:
    to = (me,)
    if isinstance(event, (ev.TeamPosted, ev.VoteCast, ev.TeamJoined)):
        if event.seat == me:
            return amend(event, to=to)
        return amend(event, seat=HIDDEN, to=to)
    if isinstance(event, ev.TeamFormed):
        return amend(event, members=[], to=to)
    if isinstance(event, ev.Notice) and event.topic == "majia_team":
        given = event.data.get("majia", {})
        listed = sorted(int(m) for m in (given.values() if isinstance(given, dict) else given))
        return amend(event, seats=[], data={**event.data, "majia": listed}, to=to)
    if isinstance(event, ev.Notice):
        return amend(event, seats=[s for s in event.seats if s == me], to=to)
    return amend(event, to=to)
