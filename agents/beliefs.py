"""Belief reports: what a seat privately thinks of every other living seat's faction, on request.

At a checkpoint (by default the end of every day) the arena asks each living seat whose player can
answer (``ReportsBeliefs``) for a ``Report``: for each other living seat, a probability per faction.
It is a question outside the game: the answer is never an event, never shown to another seat and
never changes what the player does next. Scripted bots report the beliefs their heuristics hold;
LLM seats answer one private tool call; a player that cannot answer is simply not asked, and the
evaluations count what is missing instead of inventing it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from engine.events import Event
from engine.observation import Observation

Report = dict[int, dict[str, float]]
"""target seat -> faction -> probability (each target's probabilities sum to 1)."""


@dataclass(frozen=True, slots=True)
class BeliefRequest:
    """One seat asked for its beliefs at one checkpoint.

    ``events`` is the seat's own view up to and including the checkpoint event (seq
    ``checkpoint``); ``targets`` the other living seats with their aliases; ``factions`` the rule
    set's factions (ids), each of which a report may weigh; ``observation`` what the engine says the
    seat knows at the checkpoint (``engine.observation``), where the caller has it.
    """

    ruleset: str
    seed: int
    seat: int
    day: int
    phase: str
    checkpoint: int
    events: Sequence[Event]
    targets: Mapping[int, str]
    factions: tuple[str, ...]
    observation: Observation | None = None


@runtime_checkable
class ReportsBeliefs(Protocol):
    """A player that can report its beliefs (``None``: it has none for this rule set)."""

    belief_source: str

    async def beliefs(self, request: BeliefRequest) -> Report | None:
        """This seat's beliefs at the request's checkpoint."""
        ...


class BeliefError(ValueError):
    """A report that cannot be used as it stands; the message says what was wrong."""


def normalise(raw: Mapping[int, Mapping[str, float]], request: BeliefRequest) -> Report:
    """A clean report: only the request's targets and factions, probabilities in [0, 1] summing to 1.

    A target left out stays out (a missing belief is not a uniform one); a target whose numbers are
    all zero, negative or not finite is an error, since no distribution can be read from it.
    """
    out: Report = {}
    for target, probs in raw.items():
        if target not in request.targets:
            raise BeliefError(f"seat {target} is not a living other seat at this checkpoint")
        clean = {}
        for faction, p in probs.items():
            if faction not in request.factions:
                raise BeliefError(f"unknown faction {faction!r}; factions: {', '.join(request.factions)}")
            value = float(p)
            clean[faction] = value if math.isfinite(value) and value > 0 else 0.0
        total = sum(clean.values())
        if total <= 0:
            raise BeliefError(f"the probabilities for seat {target} are all zero")
        out[target] = {f: clean.get(f, 0.0) / total for f in request.factions}
    return out


def roster_prior(counts: Mapping[str, int], own: str | None) -> dict[str, float]:
    """The faction shares of the other seats, knowing only the roster and one's own faction."""
    others = {f: n - (1 if f == own else 0) for f, n in counts.items()}
    total = sum(max(n, 0) for n in others.values())
    return {f: max(n, 0) / total for f, n in others.items()} if total else {}
