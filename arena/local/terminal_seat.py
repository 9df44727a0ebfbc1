"""``arena play --human N``: a person plays seat N at the terminal, among bots.

The seat is a ``HumanSeat`` (deadline, fallback, leave/back) fed by lines typed on stdin. What the
person sees is exactly the seat's view: each new event the engine lets seat N see is narrated as
it happens (``engine.views.can_see`` decides, nothing here filters), and when the judge asks, the
seat's standing as the engine observes it (its identity, who is out and how, what is left of its
skills and allowances: ``Turn.observation``) and the legal actions as commands
(``agents.human_commands``). A typed command is parsed, then checked against the engine
(``Turn.refuse``) before it is handed in, so a mistake is explained in the person's language and
they type again without losing the turn.
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from agents.base import Agent
from agents.human import ControlListener, HumanSeat
from agents.human_commands import CommandError, menu, parse_command
from arena.run.seats import SeatPlan, human_config
from engine.events import Event
from engine.game import Game
from engine.narrate import Names, narrate
from engine.narrate.names import Lang
from engine.narrate.observed import status_lines
from engine.observation import Observation
from engine.views import Viewer, can_see, shown

HELP = ("命令：“你的行动”下列出的各行；leave（交给机器人代打）、back（重新由你来打）、help",
        "commands: the lines listed under your actions; leave (a bot plays your seat), back (play again), help")
LINES: dict[str, tuple[str, str]] = {
    "idle": ("现在没有需要你做的事，请等你的回合（或输入 help）", "nothing is asked of you now; wait for your turn (or type help)"),
    "left": ("现在由机器人代打你的座位；输入 back 可以重新由你来打", "a bot plays your seat now; type back to play again"),
    "back": ("从下一个问题起由你来打", "you play your seat again from the next question on"),
}


class TerminalSeat:
    """Wires one ``HumanSeat`` to a text stream in and out."""

    def __init__(self, seat: HumanSeat, names: Callable[[], Names], *, lang: Lang = "zh",
                 out: TextIO = sys.stdout) -> None:
        self.seat = seat
        self.names = names
        self.lang = lang
        self.out = out
        self.viewer = Viewer.of_seat(seat.seat)
        seat.on_ask.append(self._asked_changed)

    # -- what the person sees ---------------------------------------------------------------

    def listener(self, game: Game, new: list[Event]) -> None:
        """A runner listener: narrate each new event this seat may see."""
        names = self.names()
        for event in new:
            if can_see(self.viewer, event):
                line = narrate(shown(game.ruleset, event, self.viewer), names, self.lang)
                if line:
                    self._print(line)

    def _t(self, zh: str, en: str) -> str:
        return zh if self.lang == "zh" else en

    def _asked_changed(self, seat: int) -> None:
        asked = self.seat.asked
        if asked is None:
            return
        turn = asked.turn
        names = self.names()
        if turn.refusal is not None:
            self._print(f"!! {turn.refusal.render(self.lang, names)}")
        elif turn.error:
            self._print(f"!! {turn.error}")
        if turn.observation is not None:
            for line in self._standing(turn.observation, names):
                self._print(f"   {line}")
        left = "" if asked.deadline_at is None else self._t(f" · 剩 {max(0, asked.deadline_at - time.time()):.0f} 秒",
                                                            f" · {max(0, asked.deadline_at - time.time()):.0f} s")
        phase = names.phase(turn.phase, self.lang)
        self._print(self._t(f"== 你的行动（第{turn.day}天 · {phase}{left}）==",
                            f"== your actions (day {turn.day} · {phase}{left}) =="))
        for line in menu(turn.legal, names, self.lang):
            self._print(f"   {line}")

    def _standing(self, observation: Observation, names: Names) -> list[str]:
        """Who the seat is, then its standing (``engine.narrate.observed``), as the engine observes it."""
        role = names.role(observation.role, self.lang) if observation.role else self._t("未知", "unknown")
        alive = "" if observation.alive else self._t("（已出局）", " (out)")
        me = names.seat(observation.seat or self.seat.seat, self.lang)
        head = self._t(f"你是 {me}，身份：{role}{alive}", f"You are {me}; your role: {role}{alive}")
        return [head, *status_lines(observation, names, self.lang)]

    def _print(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    # -- what the person types --------------------------------------------------------------

    def handle(self, line: str) -> None:
        """One typed line: a command for the open question, or leave / back / help."""
        word = line.strip().lower()
        if not word:
            return
        if word in ("leave", "back", "help"):
            return self._meta(word)
        asked = self.seat.asked
        if asked is None:
            self._print(self._t(*LINES["idle"]))
            return
        names = self.names()
        try:
            action = parse_command(line, self.seat.seat, asked.turn.legal)
        except CommandError as exc:
            self._print(f"!! {exc.render(self.lang, names)}")
            return
        refused = asked.turn.refuse(action) if asked.turn.refuse is not None else None
        refused = refused or self.seat.offer(action)
        if refused:
            self._print(f"!! {refused.render(self.lang, names)}")

    def _meta(self, word: str) -> None:
        if word == "leave":
            self.seat.leave("left at the terminal")
            self._print(self._t(*LINES["left"]))
        elif word == "back":
            self.seat.take_back("came back at the terminal")
            self._print(self._t(*LINES["back"]))
        else:
            self._print(self._t(*HELP))

    async def read_lines(self, source: TextIO = sys.stdin) -> None:
        """Feed typed lines to ``handle`` until the input ends (run as a task beside the game).

        ``input()`` blocks, so a daemon thread reads and hands each line to the loop; the game never
        waits on the keyboard, only on the seat's open question (which has its deadline).
        """
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str | None] = asyncio.Queue()

        def pump() -> None:
            for raw in source:
                loop.call_soon_threadsafe(lines.put_nowait, raw)
            loop.call_soon_threadsafe(lines.put_nowait, None)

        threading.Thread(target=pump, name="terminal-seat", daemon=True).start()
        while (line := await lines.get()) is not None:
            self.handle(line)
        self.seat.leave("the terminal input ended")


def human_agent(seat: int, bot: Agent, deadline_s: float | None) -> HumanSeat:
    """A human seat whose stand-in is ``bot`` (the seat's configured player)."""
    return HumanSeat(seat, bot, deadline_s=deadline_s)


def seat_human(plan: SeatPlan, seat: int | None, deadline_s: float | None) -> SeatPlan:
    """``plan`` with ``seat`` played by a person (its configured player stands in when they leave)."""
    if seat is None:
        return plan
    if seat not in plan.agents:
        raise ValueError(f"--human {seat}: this game has seats 1..{len(plan.agents)}")
    agent = plan.agents[seat]
    bot = agent.bot if isinstance(agent, HumanSeat) else agent
    plan.agents[seat] = human_agent(seat, bot, deadline_s)
    index = next(i for i, c in enumerate(plan.configs) if int(c["seat"]) == seat)
    if plan.configs[index]["kind"] != "human":
        plan.configs[index] = human_config(plan.configs[index], deadline_s)
    return plan


def attach_terminal(plan: SeatPlan, seat: int | None, names: Names, lang: Lang,
                    record: ControlListener | None) -> TerminalSeat | None:
    """The terminal for the human seat of ``plan`` (None without ``--human``); hand-overs go to ``record``."""
    if seat is None:
        return None
    agent = plan.agents[seat]
    assert isinstance(agent, HumanSeat), "seat_human made it a HumanSeat"
    if record is not None:
        agent.on_control.append(record)
    return TerminalSeat(agent, lambda: names, lang=lang)
