"""The scripted player of every rule set: one agent that hands each turn to its rule set's bot.

A rule set's bot lives in ``agents.bots.<ruleset id>`` (a class ``ScriptedAgent`` with
``decide(turn)``, built on the shared notes fold ``agents.bots.notes``) or in the rule set's own
folder as a pure policy (``Ruleset.policy``, wrapped by ``agents.policy_agent``); a rule set with
neither gets the safest legal move (``agents.bots.fallback``). So ``--players scripted`` plays every
rule set, and one agent may sit at tables of several.
"""

from __future__ import annotations

import importlib
from typing import Any

from agents.base import Turn
from agents.beliefs import BeliefRequest, Report
from agents.bots.fallback import fallback
from agents.policy_agent import policy_agent
from engine.actions import Action


class ScriptedAgent:
    """A heuristic player for any seat of any rule set; keeps one bot per rule set it plays."""

    concurrent = False
    recomputable = True
    """Its answer is a function of the turn (every bot's notes are a fold over the view): a resumed
    game asks it again rather than storing its answers (``arena.run.replay``)."""
    belief_source = "scripted"

    def __init__(self, name: str = "scripted") -> None:
        self.name = name
        self._bots: dict[str, Any] = {}

    async def act(self, turn: Turn) -> Action | None:
        return self.decide(turn)

    def decide(self, turn: Turn) -> Action:
        """The same as ``act``, without the event loop (benchmarks call it directly)."""
        bot = self.bot(turn.ruleset)
        if bot is None:
            return fallback(turn)
        action: Action = bot.decide(turn)
        return action

    async def beliefs(self, request: BeliefRequest) -> Report | None:
        """What the rule set's bot holds at a checkpoint; None for a rule set whose bot holds no beliefs."""
        found = getattr(self.bot(request.ruleset), "beliefs", None)
        return None if found is None else await found(request)

    def bot(self, ruleset: str) -> Any:
        """The scripted player of ``ruleset``: ``agents.bots.<id>``, else the rule set's own policy
        (``Ruleset.policy``, in its folder; ``agents.policy_agent``), else None."""
        if ruleset not in self._bots:
            try:
                module = importlib.import_module(f"agents.bots.{ruleset}")
            except ModuleNotFoundError as e:
                if e.name is None or not f"agents.bots.{ruleset}".startswith(e.name):
                    raise
                self._bots[ruleset] = policy_agent(ruleset, self.name)
            else:
                self._bots[ruleset] = module.ScriptedAgent(self.name)
        return self._bots[ruleset]
