"""Stored games of an older rule-set version, read as the current version writes them.

A rule set's ``upgrade`` turns each legacy event into the event its current version emits — one for
one, so sequence numbers (and the call records, beliefs and resume points that refer to them) hold.
``upgraded`` applies it to a whole log by the version its header names; a log mixing legacy and
current events (a game stored by the old version and resumed by the new one) comes out uniform.
Applied on read (``transcripts.reader.load_events``); a stored file is never rewritten behind a
person's back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from engine.events import Announced, Envelope, Event, GameCreated, Notice, builder

E = TypeVar("E", bound=Envelope)

Converter = Callable[[Any], Event]


def upgraded(events: Sequence[Event]) -> list[Event]:
    """``events`` as the current version of their rule set writes them (see the module docstring)."""
    from engine.views import ruleset_named

    header = events[0] if events else None
    if not isinstance(header, GameCreated):
        return list(events)
    ruleset = ruleset_named(header.ruleset)
    if ruleset is None or header.version == ruleset.version:
        return list(events)
    return ruleset.upgrade(list(events), header.version)


def retyped(event: Envelope, cls: type[E], **fields: Any) -> E:
    """A new event of kind ``cls`` in ``event``'s place: the same envelope, the given fields."""
    return builder(cls)(seq=event.seq, day=event.day, phase=event.phase, vis=event.vis, to=event.to, **fields)


def by_topic(events: list[Event], announcements: Mapping[str, Converter],
             notices: Mapping[str, Converter] | None = None) -> list[Event]:
    """Each legacy ``Announced`` (``Notice``) whose topic has a converter, converted; the rest as they are."""
    notices = notices or {}
    out: list[Event] = []
    for event in events:
        if isinstance(event, Announced) and event.topic in announcements:
            out.append(announcements[event.topic](event))
        elif isinstance(event, Notice) and event.topic in notices:
            out.append(notices[event.topic](event))
        else:
            out.append(event)
    return out


def seat_map(value: Any) -> dict[int, Any]:
    """A legacy ``{"3": x}`` mapping (JSON keys are strings) keyed by seat numbers."""
    return {int(k): v for k, v in dict(value or {}).items()}


def seats(value: Any) -> list[int]:
    """A legacy list of seats."""
    return [int(v) for v in (value or [])]
