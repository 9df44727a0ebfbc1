"""The Agent protocol: what every player (scripted, random, LLM, human, replay) implements.

An agent sees only a ``Turn``: its own seat's view of the game (computed by the engine) and the
legal actions at this moment. It answers with one typed ``Action`` (``None`` means pass). Retries,
timeouts and fallbacks are the runner's business, so agents stay simple.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from engine.actions import Action
from engine.events import Event
from engine.legal import LegalAction


@dataclass(frozen=True, slots=True)
class Turn:
    """One decision point for one seat.

    ``events`` is everything this seat may see, in order (its whole view so far); ``new_from`` is
    the index in ``events`` of the first event it has not been shown before, so an agent can keep
    incremental notes. ``error`` holds the engine's message when the previous answer was illegal.
    """

    ruleset: str
    seed: int
    seat: int
    day: int
    phase: str
    events: Sequence[Event]
    new_from: int
    legal: tuple[LegalAction, ...]
    error: str | None = None


@runtime_checkable
class Agent(Protocol):
    """A player for one seat."""

    name: str

    async def act(self, turn: Turn) -> Action | None:
        """The seat's action for this turn; ``None`` passes."""
        ...
