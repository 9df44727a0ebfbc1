"""qijian24's stored games of version 1.0, read as 1.1 writes them (``Ruleset.upgrade``).

1.0 announced the dawn, a vote's result, the outs' identities, a published identity, a pasted judge
message and the drowned as ``Announced`` topics, with identities as the judge's words; 1.1 has the
typed ``Dawn``, ``VoteResult``, ``RoleRevealed`` and ``SeatsOut`` with identity ids
(``names.IDENTITY_ID``). 1.0's separate "out, identities published" post after a vote becomes a
``RoleRevealed`` (one event for one: the sequence numbers hold).
"""

from __future__ import annotations

from engine.events import Announced, Dawn, Event, RoleRevealed, SeatsOut, VoteResult
from engine.rulesets.qijian24.names import CITED, DROWNED, IDENTITY, IDENTITY_ID
from engine.upgrade import Converter, by_topic, retyped, seat_map, seats

_BY_WORDS = {words: IDENTITY_ID[role] for role, words in IDENTITY.items()}
"""The judge's words → the identity id (the two 游侠 share both)."""


def _identities(e: Announced) -> dict[int, str]:
    return {seat: _BY_WORDS.get(str(words), str(words)) for seat, words in seat_map(e.data.get("identities")).items()}


def _dawn(e: Announced) -> Event:
    return retyped(e, Dawn, seats=list(e.seats), roles=_identities(e), revived=seats(e.data.get("revived")))


def _vote_result(e: Announced) -> Event:
    stage = e.data.get("stage")
    return retyped(e, VoteResult, seats=list(e.seats), died=seats(e.data.get("died")),
                   tally=dict(sorted((k, int(v)) for k, v in seat_map(e.data.get("tally")).items())),
                   stage=int(stage) if isinstance(stage, int) else None, privilege=bool(e.data.get("privilege")),
                   next=str(e.data.get("next") or ""), candidates=seats(e.data.get("suspects")),
                   everyone=bool(e.data.get("all")))


def _revealed(reason: str) -> Converter:
    def convert(e: Announced) -> Event:
        return retyped(e, RoleRevealed, seats=list(e.seats), roles=_identities(e), reason=reason)
    return convert


def _out(cause: str) -> Converter:
    def convert(e: Announced) -> Event:
        return retyped(e, SeatsOut, seats=list(e.seats), cause=cause, roles=_identities(e),
                       nonce=str(e.data.get("nonce", "")))
    return convert


ANNOUNCEMENTS: dict[str, Converter] = {
    "dawn": _dawn, "vote_result": _vote_result, "voted_out": _revealed("vote"), "revealed": _revealed("reveal"),
    "cited_judge": _out(CITED), "drowned": _out(DROWNED),
}


def upgrade(events: list[Event], version: str) -> list[Event]:
    """Version 1.0's events as 1.1 writes them (1.1's pass through unchanged)."""
    return by_topic(events, ANNOUNCEMENTS)
