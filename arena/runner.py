"""The game runner: asks each seat's agent for its action, submits it, keeps the transcript.

Cross-cutting policy lives here, not in agents or the engine (like PettingZoo's wrappers): a
bounded number of retries on an illegal answer (the agent is shown the engine's error), a
timeout per decision, and a recorded fallback (a pass with ``fallback=True`` and the reason)
when a player keeps failing or crashes. Nothing an agent does can stop the game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from agents.base import Agent, CallRecord, RecordsCalls, Turn
from arena.compaction import RATIO as COMPACTION_RATIO
from arena.compaction import CompactionCheckpoint
from arena.seat_views import SeatViews
from engine.actions import Action, Pass
from engine.errors import EngineError, IllegalAction
from engine.events import Event
from engine.game import Game
from engine.legal import LegalAction
from engine.views import Viewer

Listener = Callable[[Game, list[Event]], None]
CallListener = Callable[[list[CallRecord]], None]
Checkpoint = Callable[[Game, list[Event]], Awaitable[None]]
"""Awaited with the events since the last one, between decisions (e.g. belief elicitation)."""


@dataclass
class RunnerConfig:
    """Retry, timeout and concurrency policy for one game."""

    max_retries: int = 2
    decision_timeout: float | None = None
    concurrent_windows: bool = True
    compact_together: float | None = COMPACTION_RATIO
    """Share of an endpoint's context budget at which its LLM seats compact together when a phase
    begins (``arena.compaction``); None: each seat only when its own decision nears the budget."""


class GameRunner:
    """Plays one game to its end with one agent per seat."""

    def __init__(self, game: Game, agents: Mapping[int, Agent], *, config: RunnerConfig | None = None,
                 listeners: list[Listener] | None = None, call_listeners: list[CallListener] | None = None,
                 checkpoints: list[Checkpoint] | None = None) -> None:
        self.game = game
        self.agents = dict(agents)
        self.config = config or RunnerConfig()
        self.listeners = list(listeners or [])
        self.call_listeners = list(call_listeners or [])
        self.checkpoints = list(checkpoints or [])
        self.checked = len(game.events)
        self.recording = {seat: a for seat, a in self.agents.items() if isinstance(a, RecordsCalls)}
        self.decisions = 0
        self.views = SeatViews(sorted(self.agents), ruleset=game.ruleset)
        if self.config.compact_together is not None:
            self.checkpoints.insert(0, CompactionCheckpoint(game.ruleset, self.agents, self._hand_on,
                                                            self.config.compact_together, views=self.views))
        self.fallbacks = 0
        self.illegal = 0

    async def run(self) -> Game:
        """Play until the game is over; returns the game."""
        game = self.game
        self._publish(0)
        while not game.over:
            await self._checkpoint()
            seats = sorted(game.waiting())
            if not seats:
                start = len(game.events)
                game.advance()
                self._publish(start)
                continue
            await self._round(seats)
        return game

    async def _checkpoint(self) -> None:
        """Hand the checkpoints the events since the last call (a resumed game's old ones are not new)."""
        new = self.game.events[self.checked:]
        self.checked = len(self.game.events)
        if new:
            for checkpoint in self.checkpoints:
                await checkpoint(self.game, new)

    async def _round(self, seats: list[int]) -> None:
        game = self.game
        concurrent = self.config.concurrent_windows and len(seats) > 1 and any(
            getattr(self.agents[s], "concurrent", False) for s in seats)
        if concurrent:
            self.views.update(game.events)
            turns = [self._turn(s, game.legal(s) or (), None) for s in seats]
            answers = await asyncio.gather(*(self._ask(t) for t in turns))
            for turn, answer in zip(turns, answers, strict=True):
                await self._settle(turn, answer)
            return
        # One decision per loop, by the lowest pending seat: the order is a function of the state
        # alone, so a game resumed from its transcript asks the same seats in the same order.
        seat = seats[0]
        self.views.update(game.events)
        turn = self._turn(seat, game.legal(seat) or (), None)
        await self._settle(turn, await self._ask(turn))

    def _turn(self, seat: int, legal: tuple[LegalAction, ...], error: EngineError | None) -> Turn:
        state = self.game.state
        events = self.views.events[seat]
        self.decisions += 1
        turn = Turn(ruleset=state.ruleset, seed=state.seed, seat=seat, day=state.day, phase=state.phase,
                    events=events, new_from=self.views.shown[seat], legal=legal,
                    error=None if error is None else str(error), refusal=error,
                    check=self.game.check, decision=self.decisions,
                    observation=self.game.observe(Viewer.of_seat(seat)), refuse=self.game.refusal)
        self.views.shown[seat] = len(events)
        return turn

    async def _ask(self, turn: Turn) -> Action | BaseException | None:
        agent = self.agents[turn.seat]
        try:
            if self.config.decision_timeout is None:
                return await agent.act(turn)
            return await asyncio.wait_for(agent.act(turn), self.config.decision_timeout)
        except Exception as exc:  # a player's crash or timeout must not stop the game
            return exc

    async def _settle(self, turn: Turn, answer: Action | BaseException | None) -> None:
        """Submit the answer (see ``_submit_answer``), then hand on the seat's model calls."""
        start = len(self.game.events)
        await self._submit_answer(turn, answer)
        agent = self.recording.get(turn.seat)
        if agent is not None:
            calls = agent.take_calls()
            produced = start if len(self.game.events) > start else None
            for call in calls:
                if call.event_seq is None:
                    call.event_seq = produced
            self._hand_on(calls)

    def _hand_on(self, calls: list[CallRecord]) -> None:
        """Model calls to the call listeners (stored with the game)."""
        if calls:
            for listener in self.call_listeners:
                listener(calls)

    async def _submit_answer(self, turn: Turn, answer: Action | BaseException | None) -> None:
        """Submit the answer; on an illegal one ask again with the error, then fall back."""
        for attempt in range(self.config.max_retries + 1):
            if isinstance(answer, BaseException):
                failed = {"detail": type(answer).__name__, "message": str(answer)[:300]}
                return self._submit_fallback(turn.seat, "player_failed", failed)
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
            answer = await self._ask(turn)

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
            for listener in self.listeners:
                listener(self.game, new)
