"""How the judge console records a ballot that the rules count as void, instead of stopping.

A judge enters the thread as it was posted. A ballot the rules call malformed (suitang21:
投票格式有误的投票将算作废票, a vote for a seat without a reason) or a change of vote beyond the
rules' limit (suitang21 and qijian24: 超过1次的改票无效) was still posted; the rules do not refuse
it, they do not count it. In live play the engine refuses such a ballot so that a player (an LLM)
is told and tries again; the judge console cannot ask the forum again, so a refusal whose code the
rule set's schedule lists in ``Schedule.void_ballots`` is recorded as a public judge post (an
``Announced`` of topic ``void_ballot``) and the scenario goes on. The settlement shows it (the
readable output and the ``announcements`` and ``events`` of ``--json``); the state is unchanged,
so the seat's earlier ballot stands, or it has no valid vote (a yellow card where the rules give
one for that).

The kinds, as ``Schedule.void_ballots`` names them: ``spoiled`` (废票: a malformed ballot) and
``void`` (a change beyond the limit, or after the day was accelerated). The post's text is the
shared ``void_ballot`` announcement of ``engine.narrate.thread`` (a rule set may say it its own way).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine import events as ev
from engine.actions import Vote
from engine.errors import EngineError
from engine.game import Game

TOPIC = "void_ballot"
KINDS = ("spoiled", "void")


def void_kind(void_ballots: Mapping[str, str], refusal: EngineError | None) -> str | None:
    """The kind of void ballot the engine's refusal means (None: a real error, or no refusal)."""
    if refusal is None:
        return None
    kind = void_ballots.get(refusal.code)
    return kind if kind in KINDS else None


def record(game: Game, vote: Vote, refusal: EngineError, kind: str) -> ev.Announced:
    """Post the judge's record of a void ballot: who, for whom, with which reason, why it does not
    count (the engine's refusal, rendered in the reader's language), and whether an earlier ballot of
    the seat still stands. Nothing else changes."""
    data = {"kind": kind, "target": vote.target, "reason": vote.reason, "error": refusal.to_dict(),
            "kept": _has_ballot(game, vote.seat)}
    return game.emit(ev.Announced, ev.PUBLIC, topic=TOPIC, seats=[vote.seat], data=data)


def _has_ballot(game: Game, seat: int) -> bool:
    """Whether ``seat`` has cast a counted ballot since the open phase began (its earlier vote stands)."""
    for event in reversed(game.events):
        if isinstance(event, ev.PhaseBegan) and event.vis == ev.PUBLIC:
            return False
        if isinstance(event, ev.VoteCast) and event.seat == seat:
            return True
    return False
