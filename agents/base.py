"""The Agent protocol: what every player (scripted, random, LLM, human, replay) implements.

An agent sees only a ``Turn``: its own seat's view of the game (computed by the engine) and the
legal actions at this moment. It answers with one typed ``Action`` (``None`` means pass). Retries,
timeouts and fallbacks are the runner's business, so agents stay simple.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeGuard, runtime_checkable

from engine.actions import Action
from engine.errors import EngineError
from engine.events import Event
from engine.legal import LegalAction
from engine.observation import Observation
from transcripts.records import CallRecord


@dataclass(frozen=True, slots=True)
class Turn:
    """One decision point for one seat.

    ``events`` is everything this seat may see, in order (its whole view so far); ``new_from`` is
    the index in ``events`` of the first event it has not been shown before, so an agent can keep
    incremental notes. ``error`` holds the engine's message when the previous answer was illegal
    (English), ``refusal`` the same error as the engine raised it (a code and parameters, to be
    rendered in the seat's language). ``check`` validates an action against the engine without
    applying it (the engine's error, or None), so an agent can retry inside one decision; ``refuse``
    does the same and returns the error itself. ``decision`` numbers the runner's decisions.
    ``observation`` is what the seat knows now, computed by the engine (``engine.observation``):
    its identity, who is alive and out, its teams, skills left and budgets — what every player
    reads instead of re-deriving it from ``events``.
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
    check: Callable[[Action], str | None] | None = None
    decision: int = 0
    observation: Observation | None = None
    refusal: EngineError | None = None
    refuse: Callable[[Action], EngineError | None] | None = None


@runtime_checkable
class Agent(Protocol):
    """A player for one seat."""

    name: str

    async def act(self, turn: Turn) -> Action | None:
        """The seat's action for this turn; ``None`` passes."""
        ...


@runtime_checkable
class RecordsCalls(Protocol):
    """An agent that calls models hands its call records to the runner after each decision."""

    def take_calls(self) -> list[CallRecord]:
        """The records made since the last call (and forget them)."""
        ...


def records_calls(agent: object) -> TypeGuard[RecordsCalls]:
    """``isinstance(agent, RecordsCalls)``, asked first whether the player has ``take_calls`` at all: a
    runtime protocol's ``isinstance`` walks the protocol's class attributes at every call, and a
    runner asks it of each of a game's 18 to 32 seats, most of them players that keep no calls."""
    return hasattr(agent, "take_calls") and isinstance(agent, RecordsCalls)


def take_calls(agents: Iterable[object]) -> list[CallRecord]:
    """The call records every distinct player among ``agents`` has kept (one player may sit at many
    seats: it is asked once), in the players' order; outside a decision, e.g. at a checkpoint."""
    records: list[CallRecord] = []
    for agent in {id(a): a for a in agents}.values():
        if records_calls(agent):
            records += agent.take_calls()
    return records
