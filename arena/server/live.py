"""One game running in the server: its runner, its human seats, their deadlines, and who is watching.

The game is played by the ordinary ``GameRunner`` as a task of the server's event loop; a human
seat is a ``HumanSeat`` answered by ``submit`` (HTTP or WebSocket). After every engine step the
runner calls ``_on_events``, which hands each watcher the new events *its* viewer may see — the
engine's ``can_see`` decides, per event, and nothing here filters by itself — and the viewer's
status: its observation (``Game.observe``, drawn by ``observed``) and its open question.

Deadlines are kept here, not in the ``HumanSeat``: when a person's time runs out, a person who is
at the table (a page open on the seat) gets the rules' default (a recorded fallback pass), and a
person who is gone — the tab closed, or nobody came back after a restart — hands the seat to the
stand-in bot, on record; opening the seat's page again takes it back.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from agents.base import Agent, Turn
from agents.human import HumanSeat
from arena.run.handover import ControlRecord
from arena.run.recorder import CallStore, Recorder
from arena.run.runner import CallListener, GameRunner, Listener
from arena.server.observed import observation_json
from arena.server.payload import Json, both, event_items, legal_item, roster
from arena.server.submit import parse_action
from arena.server.texts import Refused
from engine import events as ev
from engine.actions import Action, Pass, Post
from engine.events import Event
from engine.game import Game
from engine.narrate import Names, narrate
from engine.views import Viewer, can_see, shown, view
from transcripts.records import final_seats
from transcripts.writer import TranscriptWriter

QUEUE_LIMIT = 1000
"""Messages a watcher may fall behind by before it is dropped (it reconnects and gets a snapshot)."""
GONE, RETURNED, LEFT, BACK = "gone", "returned", "left", "back"
"""Why a seat changed hands (``seat_control.reason``; the replay names each in the reader's language)."""


class Paced:
    """A bot that waits ``pace_s`` before each answer, so a person can follow the thread."""

    def __init__(self, agent: Agent, pace_s: float) -> None:
        self.agent = agent
        self.pace_s = pace_s
        self.name = agent.name
        self.concurrent = getattr(agent, "concurrent", False)

    async def act(self, turn: Turn) -> Action | None:
        await asyncio.sleep(self.pace_s)
        return await self.agent.act(turn)


@dataclass
class Watchers:
    """The open connections of one game, by the viewer they watch as."""

    queues: dict[Viewer, set[asyncio.Queue[Json]]] = field(default_factory=dict)

    def add(self, viewer: Viewer) -> asyncio.Queue[Json]:
        queue: asyncio.Queue[Json] = asyncio.Queue(QUEUE_LIMIT)
        self.queues.setdefault(viewer, set()).add(queue)
        return queue

    def remove(self, viewer: Viewer, queue: asyncio.Queue[Json]) -> None:
        found = self.queues.get(viewer)
        if found is not None:
            found.discard(queue)
            if not found:
                del self.queues[viewer]

    def count(self) -> int:
        return sum(len(q) for q in self.queues.values())

    def send(self, viewer: Viewer, message: Json) -> None:
        for queue in list(self.queues.get(viewer, ())):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:  # a stalled reader: drop it; it reconnects to a fresh snapshot
                self.queues[viewer].discard(queue)
                with contextlib.suppress(asyncio.QueueFull):
                    queue.get_nowait()
                    queue.put_nowait({"type": "reload"})


class LiveGame:
    """A game in progress on the server, with its human seats and watchers.

    ``deadline_s`` is a person's time per decision (None: no limit); ``present(seat)`` says whether a
    page is open on a human seat now (the hub's sockets know)."""

    def __init__(self, game_id: str, game: Game, agents: Mapping[int, Agent], configs: list[dict[str, Any]],
                 writer: TranscriptWriter | None, *, lang: str = "zh", deadline_s: float | None = None,
                 present: Callable[[int], bool] = lambda seat: False, clock: Callable[[], float] = time.time,
                 calls_stored: int = 0, resumed: bool = False) -> None:
        self.game_id = game_id
        self.game = game
        self.configs = configs
        self.writer = writer
        self.lang = lang
        self.deadline_s = deadline_s
        self.present = present
        self.clock = clock
        self.humans = {s: a for s, a in agents.items() if isinstance(a, HumanSeat)}
        self.names = Names.from_events(game.ruleset, game.events)
        self.watchers = Watchers()
        self.error: dict[str, str] | None = None
        self.ended_at: float | None = None
        self.gone: set[int] = set()
        """Human seats handed to the stand-in because their person was gone at a deadline."""
        self.deadline_at: dict[int, float] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        listeners: list[Listener] = []
        call_listeners: list[CallListener] = []
        if writer is not None:
            listeners.append(Recorder(writer, game_id, start=len(game.events) if resumed else 0))
            call_listeners.append(CallStore(writer, game_id, calls_stored))
        listeners.append(self._on_events)
        self.runner = GameRunner(game, agents, listeners=listeners, call_listeners=call_listeners)
        for human in self.humans.values():
            human.deadline_s = None  # the deadline is this game's (``_on_ask``), not the seat's own
            human.on_ask.append(self._on_ask)
            human.on_control.append(self._on_control)
            if writer is not None:
                human.on_control.append(ControlRecord(writer, game_id, game))
        self.task: asyncio.Task[None] | None = None

    # -- running ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Play the game as a task of the running loop."""
        self.task = asyncio.create_task(self._run(), name=f"game {self.game_id}")

    async def _run(self) -> None:
        try:
            await self.runner.run()
        except Exception as exc:  # a rules bug must not take the server down; say it on every seat
            self.error = {"zh": f"游戏出错，已停止：{type(exc).__name__}: {exc}",
                          "en": f"the game stopped: {type(exc).__name__}: {exc}"}
            self.ended_at = self.clock()
            self._send_status_all()
            if self.writer is not None:
                self.writer.abort(self.game_id)
            return
        if self.writer is not None:
            self.writer.flush(self.game_id)
            self.writer.finish(self.game_id, self.game.winners, self.game.state.day,
                               final_seats(self.game.events, self.configs))
        self.ended_at = self.clock()
        self._send_status_all()

    async def stop(self) -> None:
        """Cancel the game's task (server shutdown); its stored prefix can be resumed."""
        for timer in self._timers.values():
            timer.cancel()
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def done(self) -> bool:
        """Over (or stopped by an error) and recorded as such: nothing more will happen here."""
        return self.ended_at is not None

    # -- what a viewer sees ----------------------------------------------------------------------

    def snapshot(self, viewer: Viewer) -> Json:
        """Everything ``viewer`` may see so far, and its status: what a (re)connecting page draws."""
        events = view(self.game.events, viewer, self.game.ruleset)
        return {"type": "snapshot", "events": event_items(events, self.names, god=viewer.kind == "god"),
                "status": self.status(viewer)}

    def status(self, viewer: Viewer) -> Json:
        """The viewer's header, standing and action panel: phase, observation, open question, deadline."""
        obs = self.game.observe(viewer)
        out: Json = {"game_id": self.game_id, "ruleset": self.game.ruleset.id, "title": self.names.title,
                     "day": obs.day, "phase": obs.phase,
                     "phase_name": both(self.names, lambda lang: self.names.phase(obs.phase, lang)),
                     "seats": roster(self.names, self.game.ruleset.seats), "over": self.over, "done": self.done,
                     "winners": [both(self.names, lambda lang, w=w: self.names.faction(w, lang))
                                 for w in self.game.winners] if self.over else [],
                     "observation": observation_json(obs, self.names),
                     "error": self.error, "seat": None, "lang": self.lang}
        if self.over:
            out["ended"] = self._ended()
            out["replay"] = f"/replays/{self.game_id}"
        human = self.humans.get(viewer.seat) if viewer.kind == "seat" else None
        if human is not None:
            out.update(self._seat_status(human))
        return out

    def _ended(self) -> Json | None:
        end = next((e for e in reversed(self.game.events) if isinstance(e, ev.GameEnded)), None)
        if end is None:
            return None
        return {lang: narrate(end, self.names, lang) or "" for lang in ("zh", "en")}

    def _seat_status(self, human: HumanSeat) -> Json:
        asked = human.asked
        refusal = asked.turn.refusal if asked else None
        deadline = self.deadline_at.get(human.seat) if asked else None
        return {
            "seat": human.seat, "controller": human.controller, "missed": human.missed,
            "asked": asked is not None, "gone": human.seat in self.gone,
            "legal": [legal_item(a, self.names) for a in asked.turn.legal] if asked else [],
            "turn_error": both(self.names, lambda lang: refusal.render(lang, self.names)) if refusal else None,
            "deadline_ms": None if deadline is None else int(deadline * 1000),
            "decision": asked.turn.decision if asked else None,
            "may_leave": self._may_leave(human.seat),
        }

    def _may_leave(self, seat: int) -> bool:
        """A seat with anything left to do may be handed to the bot; a dead seat with nothing left may not."""
        if self.over:
            return False
        obs = self.game.observe(Viewer.of_seat(seat))
        return obs.alive or any(s.usable for s in obs.skills) or any(t.reads_dead for t in obs.teams)

    def _send_status_all(self) -> None:
        for viewer in list(self.watchers.queues):
            self.watchers.send(viewer, {"type": "status", "status": self.status(viewer)})

    def _on_events(self, game: Game, new: list[Event]) -> None:
        for viewer in list(self.watchers.queues):
            seen = [shown(game.ruleset, e, viewer) for e in new if can_see(viewer, e)]
            items = event_items(seen, self.names, god=viewer.kind == "god")
            if items:
                self.watchers.send(viewer, {"type": "events", "events": items})
            self.watchers.send(viewer, {"type": "status", "status": self.status(viewer)})

    def _on_ask(self, seat: int) -> None:
        human = self.humans[seat]
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.deadline_at.pop(seat, None)
        asked = human.asked
        if asked is not None and self.deadline_s is not None and human.controller == "human":
            self.deadline_at[seat] = self.clock() + self.deadline_s
            loop = asyncio.get_running_loop()
            self._timers[seat] = loop.call_later(self.deadline_s, self._deadline, seat, asked.turn.decision)
        viewer = Viewer.of_seat(seat)
        self.watchers.send(viewer, {"type": "status", "status": self.status(viewer)})

    def _deadline(self, seat: int, decision: int) -> None:
        """The person's time for question ``decision`` is up: the rules' default if they are here, the
        stand-in bot if they are gone."""
        human = self.humans[seat]
        if human.asked is None or human.asked.turn.decision != decision or human.controller != "human":
            return
        if self.present(seat):
            human.missed += 1
            detail = {"seconds": f"{self.deadline_s:g}"}
            human.offer(Pass(seat=seat, fallback=True, reason="deadline", detail=detail))
        else:
            self.gone.add(seat)
            human.leave(GONE)

    def _on_control(self, seat: int, controller: str, reason: str) -> None:
        self._on_ask(seat)

    # -- what a human seat does ------------------------------------------------------------------

    def submit(self, seat: int, data: Any, decision: Any = None) -> None:
        """Hand a person's action to their seat's open question, or raise ``Refused`` saying why not.

        ``decision`` is the number of the question the page answered; an answer to an earlier
        question (a stale form, a double submission) is refused rather than applied to a new one.
        """
        human = self._human(seat)
        action = parse_action(data, seat)
        if self.over:
            raise Refused("game_over")
        if human.controller == "bot":
            raise Refused("bot_playing", seat=seat)
        asked = human.asked
        if asked is None:
            raise self._not_asked(seat)
        turn = asked.turn
        if decision is not None and decision != turn.decision:
            raise Refused("stale", decision=decision, now=turn.decision, day=turn.day, phase=self._phase(turn.phase))
        if isinstance(action, Post) and action.blue and not any(a.kind == "post" and a.blue_left is not None
                                                                for a in turn.legal):
            raise Refused("blue_not_now")
        refused = turn.refuse(action) if turn.refuse is not None else None
        if refused is not None:
            raise Refused.of_engine(refused, self.names)
        if human.offer(action) is not None:
            raise self._not_asked(seat)

    def _phase(self, phase: str) -> Json:
        return both(self.names, lambda lang: self.names.phase(phase, lang))

    def _not_asked(self, seat: int) -> Refused:
        obs = self.game.observe(Viewer.of_seat(seat))
        if not obs.alive and self.game.legal(seat) is None:
            return Refused("dead_seat", seat=seat)
        return Refused("not_asked", seat=seat, phase=self._phase(obs.phase))

    def leave(self, seat: int, reason: str = LEFT) -> None:
        """The person leaves; the seat's stand-in bot plays until they come back."""
        self._playing(seat).leave(reason)

    def take_back(self, seat: int, reason: str = BACK) -> None:
        """The person plays the seat again."""
        self.gone.discard(seat)
        self._playing(seat).take_back(reason)

    def returned(self, seat: int) -> None:
        """A page opened on ``seat``: a seat handed over because its person was gone is theirs again."""
        human = self.humans.get(seat)
        if human is not None and seat in self.gone and human.controller == "bot" and not self.done:
            self.take_back(seat, RETURNED)

    def _playing(self, seat: int) -> HumanSeat:
        """The human seat, while the game runs (a hand-over after the end would change nothing)."""
        human = self._human(seat)
        if self.over or self.error is not None:
            raise Refused("over_no_handover", game=self.game_id)
        return human

    def _human(self, seat: int) -> HumanSeat:
        human = self.humans.get(seat)
        if human is None:
            raise Refused("not_human", seat=seat, game=self.game_id)
        return human
