"""A rule set's own scripted player (``Ruleset.policy``, a pure function in the rule set's folder)
as an ``Agent``.

A rule set that ships its bot inside its folder (``engine/rulesets/<id>/``) writes it as a
``Policy`` over the engine's ``Observation`` and the seat's view, importing only ``engine``; this
wrapper is all the agents layer adds, so the layering ``arena → agents → prompts → engine`` holds
and adding such a rule set touches no file here. ``agents.scripted`` hands it the rule set's turns.
"""

from __future__ import annotations

from agents.base import Turn
from engine.actions import Action, Pass, Vote
from engine.errors import EngineError
from engine.ruleset import Policy
from engine.rulesets import get_ruleset


class PolicyAgent:
    """Plays one rule set's ``Policy``; after an illegal answer, the safest legal move instead."""

    concurrent = False

    def __init__(self, policy: Policy, name: str = "scripted") -> None:
        self.name = name
        self.policy = policy

    async def act(self, turn: Turn) -> Action | None:
        return self.decide(turn)

    def decide(self, turn: Turn) -> Action:
        """The policy's action for ``turn`` (a turn without an observation, or one after a refusal:
        an abstention where a vote is offered, else a pass)."""
        if turn.observation is None or turn.error is not None:
            return safest(turn)
        return self.policy(turn.observation, turn.events, turn.seed)


def safest(turn: Turn) -> Action:
    """An abstention where a vote that allows one is offered, else a pass."""
    if any(legal.kind == "vote" and legal.abstain for legal in turn.legal):
        return Vote(seat=turn.seat, target=None, reason="弃票")
    return Pass(seat=turn.seat)


def policy_agent(ruleset: str, name: str = "scripted") -> PolicyAgent | None:
    """The agent of ``ruleset``'s own policy, or None where it has none (or no such rule set exists)."""
    try:
        policy = get_ruleset(ruleset).policy()
    except EngineError:
        return None
    return None if policy is None else PolicyAgent(policy, name)
