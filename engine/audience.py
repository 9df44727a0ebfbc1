"""Who an event is for, as a typed value: the one parser of the ``vis`` strings events carry.

An event's visibility is stored as a short string (``public``, ``judge``, ``seat:3``, ``team:killers``)
so that transcripts stay readable in SQL and byte-stable across versions; every reader that needs to
know *which* seat or team that is asks ``audience(event)`` (or ``Audience.parse``) instead of slicing
the string by hand, so the format is known in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from engine.events import Envelope

AudienceKind = Literal["public", "judge", "seat", "team"]

PUBLIC = "public"
JUDGE = "judge"


@dataclass(frozen=True, slots=True)
class Audience:
    """An event's audience: everyone, the judge alone, one seat, or one team chat's members.

    For a team the members *at the moment of the event* are the event's ``to``; the audience names
    only the chat."""

    kind: AudienceKind
    seat: int | None = None
    team: str | None = None

    @staticmethod
    def parse(vis: str) -> Audience:
        """The audience a ``vis`` string names; an unknown form is refused (a corrupt event)."""
        return _parse(vis)

    @staticmethod
    def of_seat(seat: int) -> Audience:
        return Audience("seat", seat=seat)

    @staticmethod
    def of_team(team: str) -> Audience:
        return Audience("team", team=team)

    @property
    def vis(self) -> str:
        """The stored form."""
        if self.kind == "seat":
            return f"seat:{self.seat}"
        if self.kind == "team":
            return f"team:{self.team}"
        return self.kind

    def __str__(self) -> str:
        return self.vis


@lru_cache(maxsize=4096)
def _parse(vis: str) -> Audience:
    if vis == PUBLIC:
        return Audience("public")
    if vis == JUDGE:
        return Audience("judge")
    head, sep, rest = vis.partition(":")
    if sep and head == "seat" and rest.isdigit():
        return Audience("seat", seat=int(rest))
    if sep and head == "team" and rest:
        return Audience("team", team=rest)
    raise ValueError(f"unknown event visibility {vis!r} (public, judge, seat:<n> or team:<id>)")


def audience(event: Envelope) -> Audience:
    """The audience of ``event``."""
    return _parse(event.vis)


def recipients(event: Envelope) -> tuple[int, ...]:
    """The seats a private event (one seat's or a team's: not public, not the judge's) is shown to: the
    seat its ``vis`` names, or the team's members at the moment of the event (its ``to``)."""
    found = _parse(event.vis)
    return (found.seat,) if found.seat is not None else event.to


def seat_vis(seat: int) -> str:
    """The stored visibility of a message to one seat."""
    return f"seat:{seat}"


def team_vis(team: str) -> str:
    """The stored visibility of a message to one team chat."""
    return f"team:{team}"
