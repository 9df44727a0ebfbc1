"""One game running in the server: its runner, its human seats, and who is watching which seat.

The game is played by the ordinary ``GameRunner`` as a task of the server's event loop; a human
seat is a ``HumanSeat`` answered by ``submit`` (HTTP or WebSocket). After every engine step the
runner calls ``_on_events``, which hands each watcher the new events *its* viewer may see — the
engine's ``can_see`` decides, per event, and nothing here filters by itself. A watcher is a queue
of messages; a closed tab simply stops reading its queue, and the game does not notice.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from agents.base import Agent, Turn
from agents.human import HumanSeat
from arena.handover import ControlRecord
from arena.recorder import CallStore, Recorder
from arena.runner import CallListener, GameRunner, Listener
from arena.server.payload import Json, event_items, legal_item, phase_of, roster
from arena.server.submit import Refused, parse_action
from engine.actions import Action
from engine.events import Event
from engine.game import Game
from engine.narrate import Names
from engine.views import Viewer, can_see, shown, view
from transcripts.records import final_seats
from transcripts.writer import TranscriptWriter

QUEUE_LIMIT = 1000
"""Messages a watcher may fall behind by before it is dropped (it reconnects and gets a snapshot)."""


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
        self.queues.get(viewer, set()).discard(queue)

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
    """A game in progress on the server, with its human seats and watchers."""

    def __init__(self, game_id: str, game: Game, agents: Mapping[int, Agent], configs: list[dict[str, Any]],
                 writer: TranscriptWriter | None, *, lang: str = "zh") -> None:
        self.game_id = game_id
        self.game = game
        self.configs = configs
        self.writer = writer
        self.lang = lang
        self.humans = {s: a for s, a in agents.items() if isinstance(a, HumanSeat)}
        self.names = Names.from_events(game.ruleset, game.events)
        self.watchers = Watchers()
        self.error: str | None = None
        listeners: list[Listener] = []
        call_listeners: list[CallListener] = []
        if writer is not None:
            listeners.append(Recorder(writer, game_id))
            call_listeners.append(CallStore(writer, game_id))
        listeners.append(self._on_events)
        self.runner = GameRunner(game, agents, listeners=listeners, call_listeners=call_listeners)
        for human in self.humans.values():
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
            self.error = f"the game stopped: {type(exc).__name__}: {exc}"
            for viewer in list(self.watchers.queues):
                self.watchers.send(viewer, {"type": "status", "status": self.status(viewer)})
            if self.writer is not None:
                self.writer.abort(self.game_id)
            return
        if self.writer is not None:
            self.writer.flush(self.game_id)
            self.writer.finish(self.game_id, self.game.winners, self.game.state.day,
                               final_seats(self.game.events, self.configs))

    async def stop(self) -> None:
        """Cancel the game's task (server shutdown); its stored prefix can be resumed."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    @property
    def over(self) -> bool:
        return self.game.over

    # -- what a viewer sees ----------------------------------------------------------------------

    def snapshot(self, viewer: Viewer) -> Json:
        """Everything ``viewer`` may see so far, and its status: what a (re)connecting page draws."""
        events = view(self.game.events, viewer, self.game.ruleset)
        return {"type": "snapshot", "events": event_items(events, self.names, god=viewer.kind == "god"),
                "status": self.status(viewer, events)}

    def status(self, viewer: Viewer, events: list[Event] | None = None) -> Json:
        """The viewer's header and action panel: phase, the open question and its deadline."""
        seen = view(self.game.events, viewer, self.game.ruleset) if events is None else events
        day, phase = phase_of(seen)
        out: Json = {"game_id": self.game_id, "ruleset": self.game.ruleset.id, "title": self.names.title,
                     "day": day, "phase": phase, "phase_name": {"zh": self.names.phase(phase, "zh"),
                                                                "en": self.names.phase(phase, "en")},
                     "seats": roster(self.names, self.game.ruleset.seats), "over": self.over,
                     "winners": [{"zh": self.names.faction(w, "zh"), "en": self.names.faction(w, "en")}
                                 for w in self.game.winners] if self.over else [],
                     "error": self.error, "seat": None, "lang": self.lang}
        human = self.humans.get(viewer.seat) if viewer.kind == "seat" else None
        if human is not None:
            out.update(self._seat_status(human))
        return out

    def _seat_status(self, human: HumanSeat) -> Json:
        asked = human.asked
        return {
            "seat": human.seat, "controller": human.controller, "missed": human.missed,
            "asked": asked is not None,
            "legal": [legal_item(a, self.names) for a in asked.turn.legal] if asked else [],
            "turn_error": asked.turn.error if asked else None,
            "deadline_ms": None if asked is None or asked.deadline_at is None else int(asked.deadline_at * 1000),
            "decision": asked.turn.decision if asked else None,
        }

    def _on_events(self, game: Game, new: list[Event]) -> None:
        for viewer in list(self.watchers.queues):
            seen = [shown(game.ruleset, e, viewer) for e in new if can_see(viewer, e)]
            items = event_items(seen, self.names, god=viewer.kind == "god")
            if items:
                self.watchers.send(viewer, {"type": "events", "events": items})
            self.watchers.send(viewer, {"type": "status", "status": self.status(viewer)})

    def _on_ask(self, seat: int) -> None:
        viewer = Viewer.of_seat(seat)
        self.watchers.send(viewer, {"type": "status", "status": self.status(viewer)})

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
            raise Refused("the game is over; no action is accepted")
        asked = human.asked
        if asked is None:
            raise Refused(self._not_asked(seat))
        if decision is not None and decision != asked.turn.decision:
            raise Refused(f"stale action: it answered question {decision!r}, but the judge now asks question "
                          f"{asked.turn.decision} (day {asked.turn.day}, {self.names.phase(asked.turn.phase)}); "
                          "look at the action panel again")
        error = asked.turn.check(action) if asked.turn.check is not None else None
        if error is None:
            offered = human.offer(action)
            error = None if offered is None else str(offered)
        if error is not None:
            raise Refused(error)

    def _not_asked(self, seat: int) -> str:
        piece = getattr(self.game.state, "pieces", {}).get(seat)
        if piece is not None and not piece.alive and self.game.legal(seat) is None:
            return f"seat {seat} is dead: a dead seat takes no action"
        phase = self.names.phase(self.game.state.phase)
        return f"seat {seat} is not being asked anything now ({phase}); wait for the action panel"

    def leave(self, seat: int) -> None:
        """The person leaves; the seat's stand-in bot plays until they come back."""
        self._playing(seat).leave("the player left the table")

    def take_back(self, seat: int) -> None:
        """The person plays the seat again."""
        self._playing(seat).take_back("the player came back to the table")

    def _playing(self, seat: int) -> HumanSeat:
        """The human seat, while the game runs (a hand-over after the end would change nothing)."""
        human = self._human(seat)
        if self.over or self.error is not None:
            raise Refused(f"game {self.game_id} is over; the seat can no longer change hands")
        return human

    def _human(self, seat: int) -> HumanSeat:
        human = self.humans.get(seat)
        if human is None:
            raise Refused(f"seat {seat} is not a human seat of game {self.game_id}")
        return human
