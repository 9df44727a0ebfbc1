"""Per-viewer projections of the event log, decided here and nowhere else.

A view is a filter on each event's visibility; team events carry their recipients (``to``), so the
filter needs no state. Prompts, the web server and replays all read views through this module.

A visible event may still be shown in a redacted form: the rule set's ``Ruleset.shown`` rewrites
what a seat may see of an event (majiasha2 signs team chats by 马甲 and hides the chat mates'
角色). It is a function of the event and the viewer alone, so the log keeps the judge's full events
(transcripts store those) and every view is computed on read; the god view is never redacted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.events import JUDGE, PUBLIC, Event, GameCreated

if TYPE_CHECKING:
    from engine.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: one seat, a spectator (public only), or the god/judge view (everything)."""

    kind: Literal["seat", "spectator", "god"]
    seat: int = 0

    @staticmethod
    def of_seat(seat: int) -> Viewer:
        """Seat ``seat``'s viewer: one frozen instance per seat, since the runner's views and the
        bots' notes name a seat's viewer for every event they route."""
        found = _SEATS.get(seat)
        if found is None:
            found = _SEATS[seat] = Viewer("seat", seat)
        return found

    @staticmethod
    def spectator() -> Viewer:
        return Viewer("spectator")

    @staticmethod
    def god() -> Viewer:
        return Viewer("god")

    def __str__(self) -> str:
        return f"seat {self.seat}" if self.kind == "seat" else self.kind


_SEATS: dict[int, Viewer] = {}


def can_see(viewer: Viewer, event: Event) -> bool:
    """Whether ``viewer`` may ever see ``event``."""
    if viewer.kind == "god":
        return True
    vis = event.vis
    if vis == PUBLIC:
        return True
    if viewer.kind == "spectator" or vis == JUDGE:
        return False
    if vis.startswith("seat:"):
        return vis == f"seat:{viewer.seat}"
    return viewer.seat in event.to


def shown(ruleset: Ruleset | None, event: Event, viewer: Viewer) -> Event:
    """``event`` as ``viewer`` sees it (call it only where ``can_see`` holds): the rule set's
    redaction for a seat or a spectator, the event itself for the god view or without a rule set."""
    if ruleset is None or viewer.kind == "god":
        return event
    return ruleset.shown(event, viewer)


def seen(ruleset: Ruleset | None, event: Event, viewer: Viewer) -> Event | None:
    """``event`` as ``viewer`` sees it, or None when it may not see it (for incremental readers)."""
    return shown(ruleset, event, viewer) if can_see(viewer, event) else None


def view(events: Iterable[Event], viewer: Viewer, ruleset: Ruleset | None = None) -> list[Event]:
    """The events ``viewer`` may see, in order, each as it may see it.

    Without ``ruleset`` the rule set is the one the log's header (``GameCreated``) names, so that a
    reader holding only the events (a replay, a stored transcript) shows the same redacted view."""
    if viewer.kind == "god":
        return list(events)
    out: list[Event] = []
    for e in events:
        if ruleset is None and isinstance(e, GameCreated):
            ruleset = ruleset_named(e.ruleset)
        if can_see(viewer, e):
            out.append(shown(ruleset, e, viewer))
    return out


def ruleset_named(ruleset_id: str) -> Ruleset | None:
    """The registered rule set ``ruleset_id``, or None for an unknown one (its events unredacted)."""
    from engine.errors import UnknownName
    from engine.rulesets import get_ruleset

    try:
        return get_ruleset(ruleset_id)
    except UnknownName:
        return None
