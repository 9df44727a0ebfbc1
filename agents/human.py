"""A human at the table: an ``Agent`` whose answers come from outside (a browser, a terminal).

The runner asks a ``HumanSeat`` like any player; ``act`` then waits until a person ``offer``s an
action, the seat's deadline passes, or the person leaves. Why each rule:

* **Deadline.** A person may walk away or lose the connection; the game must go on. A missed
  deadline answers with a recorded fallback pass, so the engine applies the rules' default for
  that window (a missed vote is a missed vote) and the transcript says why.
* **One answer per question.** ``offer`` is accepted only while a question is open; a double
  click or a stale form finds nothing open and gets a clear refusal instead of acting twice.
* **Leave and come back.** A person may hand the seat to a bot and take it back later; every
  switch is reported through ``on_control`` so the arena can record it in the transcript.

The seat answers concurrently with the other seats of a window (``concurrent``), so the bots of a
vote do not wait for the person in seat order.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from agents.base import Agent, Turn
from engine.actions import Action, Pass
from engine.errors import IllegalAction

Controller = Literal["human", "bot"]
ControlListener = Callable[[int, str, str], None]
"""(seat, controller, reason): a seat changed hands."""
AskListener = Callable[[int], None]
"""(seat): the seat's open question changed (asked, answered, timed out)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """The question open to the person: the runner's turn and when it expires (epoch seconds)."""

    turn: Turn
    deadline_at: float | None


class HumanSeat:
    """One seat played by a person, with a bot to take over when the person leaves."""

    concurrent = True

    def __init__(self, seat: int, bot: Agent, *, deadline_s: float | None = 120.0, name: str = "human",
                 clock: Callable[[], float] = time.time) -> None:
        self.seat = seat
        self.bot = bot
        self.deadline_s = deadline_s
        self.name = name
        self.clock = clock
        self.controller: Controller = "human"
        self.asked: Asked | None = None
        self.missed = 0
        self.on_control: list[ControlListener] = []
        self.on_ask: list[AskListener] = []
        self._answer: asyncio.Future[Action | None] | None = None

    async def act(self, turn: Turn) -> Action | None:
        """The person's answer, the bot's while the person is away, or a fallback at the deadline."""
        if self.controller == "bot":
            return await self.bot.act(turn)
        loop = asyncio.get_running_loop()
        self._answer = loop.create_future()
        deadline_at = None if self.deadline_s is None else self.clock() + self.deadline_s
        self._set_asked(Asked(turn, deadline_at))
        try:
            answer = await asyncio.wait_for(asyncio.shield(self._answer), self.deadline_s)
        except TimeoutError:
            self.missed += 1
            return Pass(seat=turn.seat, fallback=True, reason="deadline", detail={"seconds": f"{self.deadline_s:g}"})
        finally:
            self._answer = None
            self._set_asked(None)
        if answer is _HANDOVER:
            return await self.bot.act(turn)
        return answer

    def offer(self, action: Action | None) -> IllegalAction | None:
        """Hand the open question its answer; the refusal (a code, rendered in the reader's language)
        when nothing is asked of this seat now."""
        if self.controller == "bot":
            return IllegalAction("seat_is_bot", seat=self.seat)
        if self._answer is None or self._answer.done():
            return IllegalAction("nothing_asked", seat=self.seat)
        self._answer.set_result(action)
        return None

    def leave(self, reason: str = "the player left") -> None:
        """Hand the seat to the bot; an open question goes to the bot at once."""
        if self.controller == "bot":
            return
        self.controller = "bot"
        self._notify_control(reason)
        if self._answer is not None and not self._answer.done():
            self._answer.set_result(_HANDOVER)

    def take_back(self, reason: str = "the player came back") -> None:
        """The person plays the seat again from the next question on."""
        if self.controller == "human":
            return
        self.controller = "human"
        self._notify_control(reason)

    def _set_asked(self, asked: Asked | None) -> None:
        self.asked = asked
        for listener in self.on_ask:
            listener(self.seat)

    def _notify_control(self, reason: str) -> None:
        for listener in self.on_control:
            listener(self.seat, self.controller, reason)


_HANDOVER: Action = Pass(seat=1, reason="handover")
"""Sentinel answer: the person left while asked, so the bot answers this question."""
