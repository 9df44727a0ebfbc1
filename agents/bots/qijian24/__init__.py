"""The scripted player of qijian24: every role with small, readable heuristics and no model.

It sees only its ``Turn``: what the seat knows is its observation (``Turn.observation``, read by
``notes.Known``); its strategy notes (``notes.Notes``: the day's ballots, accusers, hunches) are the
shared fold over the seat's own view (``agents.bots.notes``), kept incrementally per seat and rebuilt
when the view is not a continuation of what it folded. Each
decision draws from a generator keyed by (seed, seat, view length, label), so the same ``Turn``
always gets the same answer. The heuristics are in ``decide``.
"""

from __future__ import annotations

from agents.base import Turn
from agents.bots.agent import BotAgent
from agents.bots.qijian24.decide import Decision
from agents.bots.qijian24.notes import Notes
from engine.actions import Action, Pass, Vote
from engine.rulesets.qijian24.names import STAGES


class ScriptedAgent(BotAgent[Notes]):
    """A heuristic player for any seat of qijian24."""

    notes_class = Notes

    def decide(self, turn: Turn) -> Action:
        """The seat's action for ``turn``."""
        d = Decision(self.notes_for(turn), turn)
        if turn.error is not None:
            return fallback(d)
        if turn.phase in STAGES:
            return d.stage()
        return d.night()


def fallback(d: Decision) -> Action:
    """After an illegal answer: abstain where a ballot is open, else pass."""
    if ("vote", None) in d.legal:
        return Vote(seat=d.turn.seat, target=None, reason="弃票")
    return Pass(seat=d.turn.seat)
