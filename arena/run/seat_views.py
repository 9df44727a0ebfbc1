"""Each seat's view of a game, kept incrementally (the runner's, shared with its checkpoints)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.events import JUDGE, PUBLIC, Event
from engine.ruleset import Ruleset
from engine.views import Viewer, shown


@dataclass
class SeatViews:
    """Each seat's view, kept incrementally: an event is routed once, by its visibility, and each
    seat gets it as the rule set shows it to that seat (``engine.views.shown``)."""

    seats: list[int]
    ruleset: Ruleset | None = None
    events: dict[int, list[Event]] = field(default_factory=dict)
    shown: dict[int, int] = field(default_factory=dict)
    routed: int = 0

    def __post_init__(self) -> None:
        for seat in self.seats:
            self.events.setdefault(seat, [])
            self.shown.setdefault(seat, 0)

    def update(self, log: list[Event]) -> None:
        if not self._redacts():  # every seat is shown every event as logged: no call per seat and event
            self._route(log)
            return
        as_logged = self.ruleset is not None and not self.ruleset.redacts_public
        for event in log[self.routed:]:
            vis = event.vis
            if vis == PUBLIC:
                for seat in self.seats:
                    self.events[seat].append(event if as_logged else self._shown(event, seat))
            elif vis == JUDGE:
                continue
            elif vis.startswith("seat:"):
                seat = int(vis[5:])
                self.events[seat].append(self._shown(event, seat))
            else:
                for seat in event.to:
                    self.events[seat].append(self._shown(event, seat))
        self.routed = len(log)

    def _redacts(self) -> bool:
        """Whether the rule set shows a seat some events otherwise than logged (``Ruleset.shown``
        overridden: majiasha2); the others' public events, about 20 to a seat's turn, go to every seat
        as they are, which is what ``shown`` would have returned for each."""
        ruleset = self.ruleset
        return ruleset is not None and type(ruleset).shown is not Ruleset.shown

    def _route(self, log: list[Event]) -> None:
        """``update`` for a rule set that shows every event as logged."""
        events, seats = self.events, self.seats
        for event in log[self.routed:]:
            vis = event.vis
            if vis == PUBLIC:
                for seat in seats:
                    events[seat].append(event)
            elif vis == JUDGE:
                continue
            elif vis.startswith("seat:"):
                events[int(vis[5:])].append(event)
            else:
                for seat in event.to:
                    events[seat].append(event)
        self.routed = len(log)

    def _shown(self, event: Event, seat: int) -> Event:
        return shown(self.ruleset, event, Viewer.of_seat(seat))
