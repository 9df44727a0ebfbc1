"""Cut-and-resume in process: a game played once, its record cut at any write, resumed, compared.

The players that make resuming hard are the concurrent ones whose answers cannot be computed again
from their view: models and people. ``Diarist`` stands in for them at the cost of a hash: it answers
concurrently, through a pool (``FakeModel``, whose answers come after a random delay, so the seats
of a round answer in a different order in every run), from a memory of everything it has seen and
said — a memory only its stored calls can rebuild, as an LLM seat's prompt, notebook and summaries
are. It also compacts at the start of each day and reports beliefs, as LLM seats do (calls outside
decisions, the first changing its memory, the second not).

``play_taped`` plays a game with its journal writing to a ``Tape`` at every boundary (interval 0):
each write the tape holds is a point where a real run may have written last before a crash.
``resume_cut`` stores the tape up to one of them in a real transcript file, resumes the game from it
with ``arena.run.resume.prepare`` (fresh players), and returns what the resumed game stored.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agents.base import Agent, Turn
from agents.beliefs import BeliefRequest, Report
from agents.llm import wire
from agents.llm.endpoint import Endpoint
from agents.llm.pool import ClientPool, Reply
from agents.llm.records import assistant_message, record_call
from agents.random_legal import RandomAgent, random_action
from arena.run.beliefs import BeliefCheckpoints, day_end
from arena.run.journal import WriterJournal
from arena.run.resume import Players, finish, prepare
from arena.run.runner import GameRunner, RunnerConfig
from arena.run.seats import SeatPlan
from engine.events import Event, to_json
from engine.game import Game
from engine.ruleset import Ruleset
from tests.conformance import seat_count
from transcripts.beliefs import BeliefRow
from transcripts.reader import load_answers, load_events
from transcripts.records import AnswerRow, CallRecord, GameHeader
from transcripts.writer import TranscriptWriter

ENDPOINT = Endpoint(name="diary", base_url="http://127.0.0.1:9/v1", model="diary")
JITTER = random.SystemRandom()
"""Answer delays: unseeded on purpose, so that no two runs see the same arrival order."""


def digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


class FakeModel(ClientPool):
    """A model that answers each request with a digest of it, after up to ``jitter`` seconds.

    It is a ``ClientPool`` whose requests never leave the process: what a resumed game's
    ``ReplayPool`` reads of its live pool (what it adapted per endpoint) is there, the body is built
    by ``wire.body`` and the answer read from its JSON text by ``wire.read``, as the real pool does,
    so the ``Reply`` holds what a real request gives (the response a dict, not an SDK object)."""

    def __init__(self, jitter: float = 0.002) -> None:
        super().__init__()
        self.jitter = jitter
        self.calls = 0

    async def complete(self, ep: Endpoint, request: dict[str, Any]) -> Reply:
        await asyncio.sleep(JITTER.random() * self.jitter)
        self.calls += 1
        content = digest(repr(request))
        text = json.dumps({
            "id": f"diary-{content[:8]}", "object": "chat.completion", "created": 0, "model": ep.transport.model,
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]})
        response, problem = wire.read(200, text)
        return Reply(response=response, error=problem, status=200, latency_ms=1.0, body=wire.body(ep, request))


class Diarist:
    """A concurrent player with a memory only its stored calls rebuild (see the module docstring)."""

    concurrent = True
    belief_source = "diary"
    endpoint = ENDPOINT

    def __init__(self, pool: Any) -> None:
        self.name = "diarist"
        self.pool = pool
        self.memory: dict[int, str] = {}
        self.compacted: dict[int, int] = {}
        self._records: list[CallRecord] = []

    async def act(self, turn: Turn) -> Any:
        memory = self.memory.get(turn.seat, "")
        seen = "".join(to_json(e) for e in turn.events[turn.new_from:])
        said = await self._ask(turn, "action", digest(memory, seen, repr(turn.legal), turn.error or ""))
        self.memory[turn.seat] = digest(memory, said)
        return random_action(random.Random(said), turn.seat, turn.legal)

    def context_share(self, seat: int, events: Sequence[Event], *, active_since: int = 0) -> float | None:
        """Full at the start of a new day (it summarises once a day)."""
        if seat not in self.memory or not events:
            return None
        return 1.0 if events[-1].day > self.compacted.get(seat, 0) else None

    async def compact(self, seat: int, day: int, phase: str, at: int | None = None) -> CallRecord | None:
        turn = Turn(ruleset="", seed=0, seat=seat, day=day, phase=phase, events=(), new_from=0, legal=())
        summary = await self._ask(turn, "compaction", digest("summary", self.memory.get(seat, "")))
        self._records[-1].event_seq = at
        self.memory[seat] = digest(self.memory.get(seat, ""), "summary", summary)
        self.compacted[seat] = day
        return self._records[-1]

    async def beliefs(self, request: BeliefRequest) -> Report | None:
        turn = Turn(ruleset=request.ruleset, seed=0, seat=request.seat, day=request.day, phase=request.phase,
                    events=(), new_from=0, legal=())
        said = await self._ask(turn, "beliefs", digest("beliefs", self.memory.get(request.seat, ""),
                                                       str(request.checkpoint)))
        self._records[-1].event_seq = request.checkpoint
        lean = int(said[:2], 16) / 255
        share = {f: (lean if i == 0 else (1 - lean) / max(1, len(request.factions) - 1))
                 for i, f in enumerate(request.factions)}
        return {target: share for target in request.targets}

    async def _ask(self, turn: Turn, purpose: str, content: str) -> str:
        request = {"messages": [{"role": "user", "content": content}]}
        reply = await self.pool.complete(ENDPOINT, request)
        self._records.append(record_call(turn, ENDPOINT, purpose, request, reply))
        if reply.response is None:
            return ""
        return str(assistant_message(reply.response, ENDPOINT)["content"])

    def take_calls(self) -> list[CallRecord]:
        records, self._records = self._records, []
        return records


def players(configs: Iterable[dict[str, Any]], model: FakeModel | None = None) -> SeatPlan:
    """Diarists and random players from seat configs ``{"seat": n, "kind": "diarist" | "random"}``."""
    model = model or FakeModel()
    agents: dict[int, Agent] = {}
    listed = [dict(c) for c in configs]
    for config in listed:
        agents[int(config["seat"])] = Diarist(model) if config["kind"] == "diarist" else RandomAgent()
    return SeatPlan(agents, listed)


@dataclass
class Tape:
    """A journal's sink that keeps every write, and where each flush fell (a point a crash may cut)."""

    ops: list[tuple[str, Any]] = field(default_factory=list)
    flushes: list[int] = field(default_factory=list)

    def append(self, game_id: str, events: Iterable[Event]) -> None:
        self.ops.append(("append", list(events)))

    def append_calls(self, game_id: str, calls: Iterable[CallRecord]) -> None:
        self.ops.append(("append_calls", list(calls)))

    def append_answers(self, game_id: str, answers: Iterable[AnswerRow]) -> None:
        self.ops.append(("append_answers", list(answers)))

    def append_beliefs(self, game_id: str, beliefs: Iterable[BeliefRow]) -> None:
        self.ops.append(("append_beliefs", list(beliefs)))

    def link_calls(self, game_id: str, call_ids: Sequence[int], event_seq: int) -> None:
        self.ops.append(("link_calls", (list(call_ids), event_seq)))

    def flush(self, game_id: str | None = None) -> int:
        if not self.flushes or self.flushes[-1] != len(self.ops):
            self.flushes.append(len(self.ops))
        return 0

    def store(self, writer: TranscriptWriter, game_id: str, upto: int) -> None:
        """Write the first ``upto`` writes into ``writer`` as game ``game_id`` (begun already)."""
        for name, value in self.ops[:upto]:
            if name == "link_calls":
                writer.link_calls(game_id, *value)
            else:
                getattr(writer, name)(game_id, value)
        writer.flush(game_id)


@dataclass
class Played:
    """A game played through a tape: the game, its header, the tape."""

    game: Game
    header: GameHeader
    tape: Tape


def configs_for(ruleset: Ruleset, seats: int, diarists: Sequence[int]) -> list[dict[str, Any]]:
    return [{"seat": s, "kind": "diarist" if s in diarists else "random"} for s in range(1, seats + 1)]


def play_taped(ruleset: Ruleset, seed: int, diarists: Sequence[int] = (), *,
               configs: list[dict[str, Any]] | None = None, build: Players | None = None) -> Played:
    """One whole game, its journal writing to a tape at every boundary: Diarists at ``diarists`` and
    random players elsewhere, or the players ``build`` makes of ``configs``."""
    game = ruleset.new_game(seed)
    seats = seat_count(game.events)
    configs = configs if configs is not None else configs_for(ruleset, seats, diarists)
    phases = list(day_end(ruleset))
    header = GameHeader.from_events(game.events, configs, {**RunnerConfig().record(), "beliefs_at": phases})
    tape = Tape()
    journal = WriterJournal(tape, "taped", interval=0.0)
    plan = (build or players)(configs)

    async def run() -> None:
        checkpoints = [BeliefCheckpoints(ruleset, plan.agents, journal.beliefs, phases, calls=journal.calls)]
        try:
            await GameRunner(game, plan.agents, journal=journal, checkpoints=list(checkpoints)).run()
        finally:
            await plan.aclose()

    asyncio.run(run())
    return Played(game, header, tape)


@dataclass
class Resumed:
    """What a resumed game stored, and whether its players' memory was rebuilt exactly."""

    events: list[Event]
    answers: list[AnswerRow]
    calls: list[tuple[Any, ...]]
    """(seat, decision, event it led to, reply id, error) of each model call, sorted (``call_summary``)."""
    diverged: list[str]


def resume_cut(writer: TranscriptWriter, played: Played, game_id: str, upto: int,
               build: Players | None = players) -> Resumed:
    """Store ``played``'s tape up to write ``upto`` as ``game_id``, resume it with fresh players (those
    ``build`` makes; None: ``arena.run.resume``'s own, from the stored configs), and read back what the file
    then holds."""
    writer.begin_game(played.header, game_id)
    played.tape.store(writer, game_id, upto)
    res = prepare(writer, game_id, players=build)

    async def run() -> None:
        try:
            await res.runner(res.journal(writer)).run()
        finally:
            await res.plan.aclose()

    asyncio.run(run())
    finish(writer, res)
    con = writer.cursor()
    try:
        calls = con.execute("SELECT seat, decision, event_seq, response->>'id', error FROM llm_calls "
                            "WHERE game_id = ? ORDER BY ALL", [game_id]).fetchall()
        return Resumed(load_events(con, game_id), load_answers(con, game_id), sorted(calls, key=repr), res.diverged())
    finally:
        con.close()


def taped_answers(tape: Tape) -> list[AnswerRow]:
    return [row for name, rows in tape.ops if name == "append_answers" for row in rows]


def taped_calls(tape: Tape) -> list[tuple[Any, ...]]:
    """(seat, decision, event it led to, reply id, error) of each call the tape holds, sorted."""
    links = {call_id: seq for name, value in tape.ops if name == "link_calls" for call_id in value[0]
             for seq in [value[1]]}
    rows = [row for name, rows in tape.ops if name == "append_calls" for row in rows]
    return sorted(((r.seat, r.decision, links.get(r.call_id, r.event_seq), (r.response or {}).get("id"), r.error)
                   for r in rows), key=repr)
