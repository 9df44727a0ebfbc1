"""Belief checkpoints: at chosen moments, every living seat that can privately reports its beliefs.

A runner checkpoint (``GameRunner(checkpoints=[...])``): when a checkpoint event passes — by default
the start of the phase that ends each day's talk and vote (``day_end``) — each living seat whose player
implements ``ReportsBeliefs`` is asked, all at once, for a probability per faction of every other
living seat, seeing only its own view up to that event. Answers go to a sink (the transcript
writer's ``append_beliefs``, or a list for games played elsewhere); a player that fails or has no
beliefs adds nothing, so the evaluations can say what is missing. The question is never an event,
so the game, its transcript and its replay are the same with or without checkpoints.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping, Sequence

from agents.base import Agent, take_calls
from agents.beliefs import BeliefRequest, Report, ReportsBeliefs, normalise
from engine.events import AliasesAssigned, Died, Event, PhaseBegan
from engine.game import Game
from engine.ruleset import Ruleset
from engine.table.phases import Tag
from engine.views import Viewer, view
from transcripts.beliefs import BeliefRow, report_rows
from transcripts.records import CallRecord

DAY_END = "day_end"
"""The checkpoint that stands for each rule set's end of day: the phase its table tags
``Tag.DAY_END`` (curfew in umineko32, the night in suitang21 and qijian24, the night's first step in
majiasha2)."""
DEFAULT_PHASES: tuple[str, ...] = (DAY_END,)
"""Checkpoint phases by default: the end of every day (its talk and vote are over)."""
STORED_DEFAULT = "NIGHTFALL"
"""What games stored before ``day_end`` existed hold for the default (the rule set's end of day,
whatever its phases are called)."""


def day_end(ruleset: Ruleset) -> tuple[str, ...]:
    """The rule set's end-of-day checkpoint phases, as its phase table tags them (none: said by the
    evaluations as missing reports, never guessed)."""
    table = getattr(ruleset, "phase_table", None)
    return tuple(p.name for p in table if Tag.DAY_END in p.tags) if table is not None else ()


def checkpoint_phases(ruleset: Ruleset, phases: Iterable[str]) -> frozenset[str]:
    """The phases at whose start ``phases`` asks: each named phase, ``day_end`` as the rule set's end
    of day (and the stored default of older games, where the rule set has no phase of that name)."""
    out: set[str] = set()
    for name in phases:
        if name == DAY_END or (name == STORED_DEFAULT and name not in ruleset.phase_names):
            out.update(day_end(ruleset))
        else:
            out.add(name)
    return frozenset(out)

Sink = Callable[[list[BeliefRow]], None]
CallSink = Callable[[list[CallRecord]], None]


def factions_of(ruleset: Ruleset) -> tuple[str, ...]:
    """The rule set's factions, in the order its roles list them."""
    return tuple(dict.fromkeys(role.faction for role in ruleset.roles))


def living(events: Iterable[Event], seats: int) -> list[int]:
    """Seats not reported dead by the events (rule-set agnostic: ``Died`` events)."""
    dead = {e.seat for e in events if isinstance(e, Died)}
    return [s for s in range(1, seats + 1) if s not in dead]


def aliases_of(events: Iterable[Event]) -> dict[int, str]:
    """Each seat's alias, as the last ``AliasesAssigned`` event gave it."""
    out: dict[int, str] = {}
    for event in events:
        if isinstance(event, AliasesAssigned):
            out = dict(event.aliases)
    return out


class BeliefCheckpoints:
    """A runner checkpoint that asks for beliefs when a checkpoint phase begins."""

    def __init__(self, ruleset: Ruleset, agents: Mapping[int, Agent], sink: Sink,
                 phases: Sequence[str] = DEFAULT_PHASES, calls: CallSink | None = None) -> None:
        self.ruleset, self.sink, self.phases, self.calls = ruleset, sink, checkpoint_phases(ruleset, phases), calls
        self.agents = {s: a for s, a in agents.items() if isinstance(a, ReportsBeliefs)}
        self.factions = factions_of(ruleset)
        self.failures: list[str] = []
        self._at = Game(ruleset, auto=False)
        """The game folded up to the last checkpoint, whose observations the requests carry (the
        live game may already be past the checkpoint event within the same engine call)."""

    async def __call__(self, game: Game, new: list[Event]) -> None:
        for event in new:
            if isinstance(event, PhaseBegan) and event.name in self.phases:
                await self.elicit(game, event)

    async def elicit(self, game: Game, at: Event) -> None:
        """Ask every living reporting seat at the event ``at``; hand the answers to the sink."""
        cut = game.events[:at.seq + 1]
        self._fold_to(cut)
        alive = living(cut, self.ruleset.seats)
        aliases = aliases_of(cut)
        requests = [self._request(game, at, cut, seat, alive, aliases) for seat in alive if seat in self.agents]
        answers = await asyncio.gather(*(self._ask(r) for r in requests))
        rows: list[BeliefRow] = []
        for request, report in zip(requests, answers, strict=True):
            if report:
                source = self.agents[request.seat].belief_source
                rows += report_rows(at.seq, at.day, at.phase, request.seat, source, report, aliases)
        if rows:
            self.sink(rows)
        self._hand_on_calls(requests)

    def _hand_on_calls(self, requests: list[BeliefRequest]) -> None:
        """The model calls the question cost, stored now: between decisions nothing else is in flight,
        and a seat that never acts again would otherwise keep them."""
        if self.calls is None:
            return
        records = take_calls(self.agents[r.seat] for r in requests)
        if records:
            self.calls(records)

    def _fold_to(self, cut: Sequence[Event]) -> None:
        """Bring the checkpoint's game up to ``cut`` (folded anew if ``cut`` does not continue it)."""
        done = self._at.events
        if len(done) > len(cut) or (done and done[-1] is not cut[len(done) - 1]):
            self._at = Game(self.ruleset, auto=False)
        for event in cut[len(self._at.events):]:
            self.ruleset.apply(self._at.state, event)
            self._at.events.append(event)

    def _request(self, game: Game, at: Event, cut: Sequence[Event], seat: int, alive: list[int],
                 aliases: dict[int, str]) -> BeliefRequest:
        return BeliefRequest(
            ruleset=self.ruleset.id, seed=game.state.seed, seat=seat, day=at.day, phase=at.phase,
            checkpoint=at.seq, events=view(cut, Viewer.of_seat(seat), self.ruleset),
            targets={t: aliases.get(t, "") for t in alive if t != seat}, factions=self.factions,
            observation=self._at.observe(Viewer.of_seat(seat)))

    async def _ask(self, request: BeliefRequest) -> Report | None:
        """One seat's report, cleaned; a failure is noted and adds nothing (never a made-up report)."""
        try:
            raw = await self.agents[request.seat].beliefs(request)
            return None if raw is None else normalise(raw, request)
        except Exception as exc:  # a bad report or a player's failure must not stop the game
            self.failures.append(f"seat {request.seat} at event {request.checkpoint}: {type(exc).__name__}: {exc}")
            return None
