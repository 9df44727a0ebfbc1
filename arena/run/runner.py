"""The game runner: asks each seat's agent for its action, submits it, keeps the transcript.

Cross-cutting policy lives here, not in agents or the engine (like PettingZoo's wrappers): a
bounded number of retries on an illegal answer (the agent is shown the engine's error), a
timeout per decision, and a recorded fallback (a pass with ``fallback=True`` and the reason)
when a player keeps failing or crashes. Nothing an agent does can stop the game.

Rounds. When several seats may act and any of them answers concurrently (a model, a person), all
are asked at once, on the views of the round's start, and their answers are applied in seat order
once all have come: the order never depends on which answer arrived first. Otherwise the lowest
pending seat is asked alone. Either way the order is a function of the game alone.

Durability (``journal``). Each answer of a player whose answers cannot be computed again is handed
to the journal, with the decision's model calls, the moment it comes and before it is applied; the
journal writes it at once (``arena.run.journal``), so a crash never loses what was answered. Every
point between engine steps, decisions and checkpoints is a boundary at which the journal may
write what it holds: the stored game is always whole steps, whole decisions, whole checkpoints.

Resuming (``replay``). Given a stored game, the runner plays it again from its first event: a
stored answer is taken instead of asking (an LLM seat still runs through the decision, its pool
answering from the stored replies, so its memory is rebuilt; see ``arena.run.replay``), every other
seat is asked again and answers the same, and the events must equal the stored ones. A round cut
in the middle thus keeps its stored answers and asks only the missing seats, on the same views.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Protocol, TypeVar

from agents.base import Agent, Turn, records_calls
from arena.run.compaction import RATIO as COMPACTION_RATIO
from arena.run.compaction import CompactionCheckpoint
from arena.run.replay import DECISION, STORED, ReplayPool, StoredGame, answer_row, failure, recomputable
from arena.run.seat_views import SeatViews
from engine.actions import Action, Pass
from engine.errors import EngineError, IllegalAction
from engine.events import Event
from engine.game import Game
from engine.legal import LegalAction
from engine.observation import maker
from engine.views import Viewer
from transcripts.records import AnswerRow, CallRecord

Listener = Callable[[Game, list[Event]], None]
CallListener = Callable[[list[CallRecord]], None]
Checkpoint = Callable[[Game, list[Event]], Awaitable[None]]
"""Awaited with the events since the last one, between decisions (e.g. belief elicitation)."""
Answer = Action | BaseException | None
T = TypeVar("T")
_new_turn = maker(Turn)
"""``Turn(...)``, made at every decision without the frozen ``__init__``'s call per field."""


class Journal(Protocol):
    """Where a game's durable record goes (``arena.run.journal.WriterJournal``)."""

    def events(self, game: Game, new: list[Event]) -> None:
        """The events of one engine step."""

    def answer(self, row: AnswerRow, calls: list[CallRecord]) -> None:
        """A stored answer and the model calls of its decision, before the answer is applied."""

    def calls(self, calls: list[CallRecord]) -> None:
        """Model calls made outside a decision (a checkpoint's), or by a seat whose answers are not stored."""

    def link(self, calls: list[CallRecord]) -> None:
        """``calls``' ``event_seq`` is set now (their decision was applied)."""

    def replayed(self, decisions: list[int], event_seq: int | None) -> None:
        """Stored decisions were applied again: their stored calls lead to ``event_seq``."""

    def boundary(self, force: bool = False) -> None:
        """A consistent point: write what is held if it must not wait (or ``force``)."""


@dataclass
class RunnerConfig:
    """Retry, timeout and concurrency policy for one game."""

    max_retries: int = 2
    decision_timeout: float | None = None
    concurrent_windows: bool = True
    compact_together: float | None = COMPACTION_RATIO
    """Share of an endpoint's context budget at which its LLM seats compact together when a phase
    begins (``arena.run.compaction``); None: each seat only when its own decision nears the budget."""

    def record(self) -> dict[str, Any]:
        """The policy as stored in a game's header (a resumed game plays on under the same)."""
        return asdict(self)

    @staticmethod
    def from_record(record: Mapping[str, Any] | None) -> RunnerConfig:
        """The policy a stored header names (the defaults for a game stored without one)."""
        names = {f.name for f in fields(RunnerConfig)}
        return RunnerConfig(**{k: v for k, v in (record or {}).items() if k in names})


class GameRunner:
    """Plays one game to its end with one agent per seat."""

    def __init__(self, game: Game, agents: Mapping[int, Agent], *, config: RunnerConfig | None = None,
                 listeners: list[Listener] | None = None, call_listeners: list[CallListener] | None = None,
                 checkpoints: list[Checkpoint] | None = None, journal: Journal | None = None,
                 replay: StoredGame | None = None) -> None:
        self.game = game
        self.agents = dict(agents)
        self.config = config or RunnerConfig()
        self.listeners = list(listeners or [])
        self.call_listeners = list(call_listeners or [])
        self.checkpoints = list(checkpoints or [])
        self.journal = journal
        self.replay = replay
        self.checked = len(game.events)
        self.recording = {seat: a for seat, a in self.agents.items() if records_calls(a)}
        self.concurrent_seats = frozenset(seat for seat, a in self.agents.items() if getattr(a, "concurrent", False))
        """The seats whose players may be asked together (``RunnerConfig.concurrent_windows``), read once:
        the players are fixed when the runner is made, and the question comes at every round."""
        self.decisions = 0
        self.asked_at: dict[int, int] = {}
        """The game's length when each decision of the current round was asked."""
        self.views = SeatViews(sorted(self.agents), ruleset=game.ruleset)
        if self.config.compact_together is not None:
            compaction = CompactionCheckpoint(game.ruleset, self.agents, self._hand_on, self.config.compact_together,
                                              views=self.views)
            if compaction.agents:  # (no player compacts: nothing to do at any round, so not asked at each)
                self.checkpoints.insert(0, compaction)
        self.fallbacks = 0
        self.illegal = 0

    async def run(self) -> Game:
        """Play until the game is over; returns the game."""
        game = self.game
        self._publish(0)
        self._boundary(force=True)  # the game's first events are stored before its first decision
        while not game.over:
            await self._checkpoint()
            seats = sorted(game.waiting())
            if not seats:
                start = len(game.events)
                game.advance()
                self._publish(start)
                self._boundary()
                continue
            await self._round(seats)
        self._boundary(force=True)
        return game

    async def _checkpoint(self) -> None:
        """Hand the checkpoints the events since the last call (a resumed game's old ones are not new)."""
        checked, self.checked = self.checked, len(self.game.events)
        if checked < self.checked and self.checkpoints:
            new = self.game.events[checked:]
            for checkpoint in self.checkpoints:
                await checkpoint(self.game, new)
                self._boundary()  # a checkpoint's rows and calls are stored whole

    async def _round(self, seats: list[int]) -> None:
        game = self.game
        concurrent = self.config.concurrent_windows and len(seats) > 1 and not self.concurrent_seats.isdisjoint(seats)
        self.asked_at.clear()
        if concurrent:
            self.views.update(game.events)
            turns = [self._turn(s, game.legal(s) or (), None) for s in seats]
            answers = await all_or_none([self._ask(t) for t in turns])
            for turn, (answer, calls) in zip(turns, answers, strict=True):  # in seat order, whatever came first
                await self._settle(turn, answer, calls)
            return
        # One decision per loop, by the lowest pending seat: the order is a function of the state
        # alone, so a game resumed from its transcript asks the same seats in the same order.
        seat = seats[0]
        self.views.update(game.events)
        turn = self._turn(seat, game.legal(seat) or (), None)
        answer, calls = await self._ask(turn)
        await self._settle(turn, answer, calls)

    def _turn(self, seat: int, legal: tuple[LegalAction, ...], error: EngineError | None) -> Turn:
        state = self.game.state
        events = self.views.events[seat]
        self.decisions += 1
        self.asked_at[self.decisions] = len(self.game.events)
        turn = _new_turn(ruleset=state.ruleset, seed=state.seed, seat=seat, day=state.day, phase=state.phase,
                    events=events, new_from=self.views.shown[seat], legal=legal,
                    error=None if error is None else str(error), refusal=error,
                    check=self.game.check, decision=self.decisions,
                    observation=self.game.observe(Viewer.of_seat(seat)), refuse=self.game.refusal)
        self.views.shown[seat] = len(events)
        return turn

    async def _ask(self, turn: Turn) -> tuple[Answer, list[CallRecord]]:
        """The seat's answer and the model calls it made: stored ones when the game is replayed."""
        stored = self.replay.answer(turn.decision) if self.replay is not None else None
        agent = self.agents[turn.seat]
        decision, kept = DECISION.set(turn.decision), STORED.set(stored is not None)
        try:
            if stored is not None:
                if isinstance(getattr(agent, "pool", None), ReplayPool):
                    await self._act(agent, turn)  # rebuilds its memory from its stored replies
                    self._take_calls(turn.seat)  # stored already
                return stored.value(), []
            answer = await self._act(agent, turn)
        finally:
            DECISION.reset(decision)
            STORED.reset(kept)
        calls = self._take_calls(turn.seat)
        self._answered(turn, agent, answer, calls)
        return answer, calls

    async def _act(self, agent: Agent, turn: Turn) -> Answer:
        try:
            if self.config.decision_timeout is None:
                return await agent.act(turn)
            return await asyncio.wait_for(agent.act(turn), self.config.decision_timeout)
        except Exception as exc:  # a player's crash or timeout must not stop the game
            return exc

    def _take_calls(self, seat: int) -> list[CallRecord]:
        agent = self.recording.get(seat)
        return agent.take_calls() if agent is not None else []

    def _answered(self, turn: Turn, agent: Agent, answer: Answer, calls: list[CallRecord]) -> None:
        """Hand a fresh answer and its calls on: to the journal at once (stored before it is applied,
        when it cannot be computed again), then to the call listeners."""
        if self.journal is not None:
            if recomputable(agent):
                self.journal.calls(calls)
            else:
                row = answer_row(turn.decision, turn.seat, self.asked_at.get(turn.decision, len(self.game.events)),
                                 turn.day, turn.phase, answer)
                self.journal.answer(row, calls)
            self._boundary()
        for listener in self.call_listeners:
            if calls:
                listener(calls)

    async def _settle(self, turn: Turn, answer: Answer, calls: list[CallRecord]) -> None:
        """Submit the answer (see ``_submit_answer``), then link the seat's model calls to the first
        event it produced."""
        start = len(self.game.events)
        asked = [turn.decision]
        await self._submit_answer(turn, answer, calls, asked)
        produced = start if len(self.game.events) > start else None
        if calls:
            linked = [call for call in calls if call.event_seq is None]
            for call in linked:
                call.event_seq = produced
            if self.journal is not None and linked:
                self.journal.link(linked)
        if self.journal is not None and self.replay is not None:
            stored = [d for d in asked if self.replay.answer(d) is not None]
            if stored:
                self.journal.replayed(stored, produced)
        self._boundary()

    def _hand_on(self, calls: list[CallRecord]) -> None:
        """Model calls made outside a decision (a checkpoint's) to the journal and the call listeners."""
        if calls:
            if self.journal is not None:
                self.journal.calls(calls)
            for listener in self.call_listeners:
                listener(calls)

    async def _submit_answer(self, turn: Turn, answer: Answer, calls: list[CallRecord], asked: list[int]) -> None:
        """Submit the answer; on an illegal one ask again with the error, then fall back (``calls``
        and ``asked`` collect the model calls and decisions of the retries)."""
        for attempt in range(self.config.max_retries + 1):
            if isinstance(answer, BaseException):
                return self._submit_fallback(turn.seat, "player_failed", failure(answer))
            if self.game.legal(turn.seat) is None:  # the window moved on (concurrent answers)
                return
            action = answer if answer is not None else Pass(seat=turn.seat)
            error: EngineError
            if action.seat != turn.seat:
                error = IllegalAction("wrong_seat", seat=turn.seat, other=action.seat)
            else:
                start = len(self.game.events)
                try:
                    self.game.submit(action)
                    if isinstance(action, Pass) and action.fallback:  # the player's own fallback
                        self.fallbacks += 1
                    self._publish(start)
                    return
                except EngineError as exc:
                    error = exc
            self.illegal += 1
            if attempt == self.config.max_retries:
                return self._submit_fallback(turn.seat, "illegal", {"tries": attempt + 1, "error": error.to_dict()})
            self.views.update(self.game.events)
            legal = self.game.legal(turn.seat) or turn.legal
            turn = self._turn(turn.seat, legal, error)
            asked.append(turn.decision)
            answer, more = await self._ask(turn)
            calls += more

    def _submit_fallback(self, seat: int, reason: str, detail: dict[str, Any] | None = None) -> None:
        """Pass for ``seat``: ``reason`` is a code of ``engine.narrate.messages.FALLBACKS``, ``detail``
        its parameters (each reader sees the reason in its own language)."""
        if self.game.legal(seat) is None:
            return
        self.fallbacks += 1
        start = len(self.game.events)
        self.game.submit(Pass(seat=seat, fallback=True, reason=reason, detail=detail or {}))
        self._publish(start)

    def _publish(self, start: int) -> None:
        new = self.game.events[start:]
        if new:
            if self.journal is not None:
                self.journal.events(self.game, new)
            for listener in self.listeners:
                listener(self.game, new)

    def _boundary(self, force: bool = False) -> None:
        if self.journal is not None:
            self.journal.boundary(force)


async def all_or_none(asks: list[Coroutine[Any, Any, T]]) -> list[T]:
    """Await a round's decisions together; once one raises, cancel the others (and wait for them)
    before raising its error. A player's failure never raises here (it is its answer); what does is
    handing an answer on, inside its decision: a storage fault, a listener that stops the game.
    ``asyncio.gather`` would leave the round's other decisions running while the caller closes the
    seats' clients, each then failing on the closed client and handed on as a fallback."""
    tasks = [asyncio.ensure_future(ask) for ask in asks]
    try:
        return await asyncio.gather(*tasks)
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        raise
