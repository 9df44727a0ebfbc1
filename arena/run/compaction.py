"""Compaction together: when a phase begins, every LLM seat of an endpoint summarises its earlier days at once.

A seat's prompt compacts on its own when it nears the endpoint's ``context_budget`` (the decision
graph's ``compact`` node). On a prefix-caching server that shares one cache among seats (the
embedded llama.cpp server holds one sequence), seats that compact one by one, between other
seats' decisions, cost the most: a compacted seat's request and an uncompacted one's share only
the system message, so each switch between them reads the whole public thread anew. Measured in
the demo game: 8.8 s a call before the first compaction, 18-19 s once some seats had compacted.

This runner checkpoint compacts them together instead. When a phase begins and any seat of an
endpoint has passed ``ratio`` of the budget, every active seat of that endpoint (one that decided
today or yesterday) with an earlier day to summarise is asked for its summary, all the requests
queued back to back (they share the rules and the whole thread, so each reads only its own part),
and every seat then continues on the same short thread (today's lines and the notes). The ratio is below the decision's own
threshold, so the round comes before any seat would compact alone; once a day's round is done no
seat has an earlier day left until the next day. The game is the same with or without it: a
summary is the seat's private notes, its call recorded (purpose ``compaction``, linked to the
phase's first event).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from agents.base import Agent, take_calls
from agents.llm.endpoint import Endpoint
from arena.run.seat_views import SeatViews
from engine.events import Event, PhaseBegan
from engine.game import Game
from engine.ruleset import Ruleset
from transcripts.records import CallRecord

RATIO = 0.6
"""Share of the context budget at which the seats of an endpoint compact together: below the
decision's own threshold (0.8), so that they do at a phase's start, not one by one in decisions."""

ACTIVE_DAYS = 2
"""A seat takes part if it decided today or yesterday. Alive is not the test: in umineko32 the dead
still act at night; a seat that has stopped acting would pay for a summary it never reads (should
it act again, its decision compacts it alone)."""

CallSink = Callable[[list[CallRecord]], None]


@runtime_checkable
class Compacts(Protocol):
    """A player whose seats keep a prompt that can be compacted (``agents.llm.agent.LLMAgent``)."""

    endpoint: Endpoint

    def context_share(self, seat: int, events: Sequence[Event], *, active_since: int = 0) -> float | None: ...
    async def compact(self, seat: int, day: int, phase: str, at: int | None = None) -> CallRecord | None: ...
    def take_calls(self) -> list[CallRecord]: ...


class CompactionCheckpoint:
    """A runner checkpoint (``GameRunner(checkpoints=[...])``): see the module docstring."""

    def __init__(self, ruleset: Ruleset, agents: Mapping[int, Agent], calls: CallSink | None = None,
                 ratio: float = RATIO, *, views: SeatViews | None = None) -> None:
        self.calls, self.ratio = calls, ratio
        self.agents = {seat: a for seat, a in agents.items() if hasattr(a, "compact") and isinstance(a, Compacts)}
        """The seats whose players compact (``hasattr`` first: a runtime protocol's ``isinstance`` walks
        the protocol's attributes at every call, and most players have no ``compact``)."""
        self.views = views or SeatViews(sorted(agents), ruleset=ruleset)
        """Each seat's view (the runner's own, routed once per event)."""
        self.passed = dict.fromkeys(self.agents, 0)
        """How much of each seat's view its player has been handed here."""
        self.rounds: list[tuple[int, int]] = []
        """(day, seats asked) of each round, for reports and tests."""
        self.failed: dict[tuple[str, str], int] = {}
        """The day an endpoint's round failed in every call (down, or no summaries): not asked again
        that day, so a failing endpoint costs one round a day, not one a phase."""

    async def __call__(self, game: Game, new: list[Event]) -> None:
        began = [event for event in new if isinstance(event, PhaseBegan)]
        if began:
            await self.compact(game, began[-1])

    async def compact(self, game: Game, at: PhaseBegan) -> None:
        """Compact every endpoint whose seats need it (what each has seen so far taken in)."""
        self.views.update(game.events)
        for key, seats in self._by_endpoint().items():
            if self.failed.get(key) == at.day:
                continue
            due = self._due(seats, at.day - ACTIVE_DAYS + 1)
            if due:
                done = await asyncio.gather(*(self.agents[s].compact(s, at.day, at.phase, at.seq) for s in due))
                records = [record for record in done if record is not None]
                self.rounds.append((at.day, len(records)))
                if records and all(record.error for record in records):
                    self.failed[key] = at.day
        self._hand_on_calls()

    def _by_endpoint(self) -> dict[tuple[str, str], list[int]]:
        """Seats grouped by the server and model their player calls (one prefix cache each)."""
        groups: dict[tuple[str, str], list[int]] = {}
        for seat, agent in sorted(self.agents.items()):
            ep = agent.endpoint
            groups.setdefault((ep.transport.base_url, ep.transport.model), []).append(seat)
        return groups

    def _due(self, seats: list[int], active_since: int) -> list[int]:
        """The active seats with a day to summarise, if any of them has passed the ratio; else none."""
        shares = {}
        for seat in seats:
            events = self.views.events[seat]
            new, self.passed[seat] = events[self.passed[seat]:], len(events)
            share = self.agents[seat].context_share(seat, new, active_since=active_since)
            if share is not None:
                shares[seat] = share
        return sorted(shares) if any(share >= self.ratio for share in shares.values()) else []

    def _hand_on_calls(self) -> None:
        """The compaction calls, stored now: between decisions nothing else is in flight."""
        records = take_calls(self.agents.values())
        if records and self.calls is not None:
            self.calls(records)
