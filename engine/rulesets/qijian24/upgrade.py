"""qijian24's stored games of versions 1.0 and 1.1, read as 1.2 writes them (``Ruleset.upgrade``).

1.0 announced the dawn, a vote's result, the outs' identities, a published identity, a pasted judge
message and the drowned as ``Announced`` topics, with identities as the judge's words; 1.1 has the
typed ``Dawn``, ``VoteResult``, ``RoleRevealed`` and ``SeatsOut`` with identity ids
(``names.IDENTITY_ID``). 1.0's separate "out, identities published" post after a vote becomes a
``RoleRevealed`` (one event for one: the sequence numbers hold). 1.0 and 1.1 ended a game with
the reason as a Chinese sentence (``武庄方达成胜利条件``); 1.2 gives a code (``condition``, or
``co_victory`` where several sides won), which the rule set's texts say in the reader's language.
"""

from __future__ import annotations

from engine.events import Announced, Dawn, Event, GameEnded, RoleRevealed, SeatsOut, VoteResult
from engine.rulesets.qijian24.names import (
    CITED,
    CO_VICTORY,
    CONDITION,
    DROWNED,
    END_REASONS,
    IDENTITY_BY_WORDS,
)
from engine.upgrade import Converter, by_topic, retyped, seat_map, seats

_BY_WORDS = IDENTITY_BY_WORDS
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


def _ended(e: GameEnded) -> Event:
    """A game's end with its reason as a code (a sentence naming several sides: a co-victory)."""
    if e.reason in END_REASONS:
        return e
    return retyped(e, GameEnded, winners=list(e.winners), reason=CO_VICTORY if len(e.winners) > 1 else CONDITION)


def upgrade(events: list[Event], version: str) -> list[Event]:
    """Version 1.0's and 1.1's events as 1.2 writes them (1.2's pass through unchanged)."""
    typed = by_topic(events, ANNOUNCEMENTS) if version == "1.0" else events
    return [_ended(e) if isinstance(e, GameEnded) else e for e in typed]
