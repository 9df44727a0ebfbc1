"""The bot that takes an LLM seat once its endpoint's cap is reached (``Caps.stand_in``)."""

from __future__ import annotations

from agents.base import Agent


def make_stand_in(kind: str) -> Agent:
    """A scripted bot (plays by the rules' heuristics) or a random-legal one."""
    if kind == "random":
        from agents.random_legal import RandomAgent

        return RandomAgent()
    from agents.scripted import ScriptedAgent

    return ScriptedAgent()
