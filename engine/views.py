"""Per-viewer projections of the event log, decided here and nowhere else.

A view is a filter on each event's visibility; team events carry their recipients (``to``), so the
filter needs no state. Prompts, the web server and replays all read views through this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from engine.events import JUDGE, PUBLIC, Event


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: one seat, a spectator (public only), or the god/judge view (everything)."""

    kind: Literal["seat", "spectator", "god"]
    seat: int = 0

    @staticmethod
    def of_seat(seat: int) -> Viewer:
        return Viewer("seat", seat)

    @staticmethod
    def spectator() -> Viewer:
        return Viewer("spectator")

    @staticmethod
    def god() -> Viewer:
        return Viewer("god")

    def __str__(self) -> str:
        return f"seat {self.seat}" if self.kind == "seat" else self.kind


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


def view(events: Iterable[Event], viewer: Viewer) -> list[Event]:
    """The events ``viewer`` may see, in order."""
    return [e for e in events if can_see(viewer, e)]
