"""Building the players of a game from a short specification.

``--players scripted`` (the default), ``random``, or a per-seat list such as
``scripted,random,...``. LLM and human seats come from a seat file (see the LLM players).
"""

from __future__ import annotations

from typing import Any

from agents.base import Agent
from agents.random_legal import RandomAgent

KINDS = ("scripted", "random")


def make_agent(kind: str) -> Agent:
    """One agent of ``kind``; an unknown kind is an error that lists the known ones."""
    if kind == "scripted":
        from agents.scripted import ScriptedAgent

        return ScriptedAgent()
    if kind == "random":
        return RandomAgent()
    raise ValueError(f"unknown player kind {kind!r}; known: {', '.join(KINDS)}")


def parse_players(spec: str, seats: int) -> list[dict[str, Any]]:
    """Seat configs (seat 1 first) from ``kind`` or a comma-separated list of ``seats`` kinds."""
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    if len(kinds) == 1:
        kinds = kinds * seats
    if len(kinds) != seats:
        raise ValueError(f"--players lists {len(kinds)} kinds; give one kind, or exactly {seats}")
    for kind in kinds:
        if kind not in KINDS:
            raise ValueError(f"unknown player kind {kind!r}; known: {', '.join(KINDS)}")
    return [{"seat": seat, "kind": kind} for seat, kind in enumerate(kinds, start=1)]


def agents_for(configs: list[dict[str, Any]]) -> dict[int, Agent]:
    """The agents of every seat from their configs."""
    return {int(c["seat"]): make_agent(str(c["kind"])) for c in configs}
