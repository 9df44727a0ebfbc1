"""Each seat's view of a game, kept incrementally (the runner's, shared with its checkpoints)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.audience import recipients
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
        """Route the log's new events, each once, by its visibility. Where the rule set shows some
        events otherwise than logged (``_redacts``), a seat's private and team events go through
        ``shown``, and public ones too unless the rule set says its redaction never touches them
        (``Ruleset.redacts_public``); else every seat takes every event as logged, without a call per
        seat and event (a seat's turn follows about 20 public events)."""
        events, seats, redacts = self.events, self.seats, self._redacts()
        public_as_logged = not redacts or not self.ruleset.redacts_public  # type: ignore[union-attr]
        for event in log[self.routed:]:
            vis = event.vis
            if vis == PUBLIC:
                if public_as_logged:
                    for seat in seats:
                        events[seat].append(event)
                else:
                    for seat in seats:
                        events[seat].append(self._shown(event, seat))
            elif vis == JUDGE:
                continue
            else:
                for seat in recipients(event):
                    events[seat].append(self._shown(event, seat) if redacts else event)
        self.routed = len(log)

    def _redacts(self) -> bool:
        """Whether the rule set shows a seat some events otherwise than logged (``Ruleset.shown``
        overridden: majiasha2)."""
        ruleset = self.ruleset
        return ruleset is not None and type(ruleset).shown is not Ruleset.shown

    def _shown(self, event: Event, seat: int) -> Event:
        return shown(self.ruleset, event, Viewer.of_seat(seat))
