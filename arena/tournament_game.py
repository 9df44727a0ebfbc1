"""Playing one planned tournament game, new or taken up where it stopped, into any sinks.

The same function serves both backends: locally the sinks are the shared transcript writer (events
flushed as they come, so an interrupted game resumes from the database); in a Ray task they are
lists returned to the driver, which writes them through its one writer (``store_result``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from agents.base import CallRecord
from agents.llm.pool import ClientPool
from arena.beliefs import BeliefCheckpoints
from arena.recorder import CallStore, Recorder
from arena.runner import GameRunner
from arena.seats import attach_control, plan_from_configs
from arena.tournament_plan import GameSpec
from engine.events import Event, from_json, to_json
from engine.game import Game
from engine.rulesets import get_ruleset
from transcripts.beliefs import BeliefRow
from transcripts.reader import load_calls, load_events
from transcripts.records import GameHeader, LlmCall, final_seats
from transcripts.writer import TranscriptWriter


@dataclass
class Sinks:
    """Where a game's new events, model calls and belief reports go as it is played."""

    events: Callable[[Game, list[Event]], None]
    calls: Callable[[list[CallRecord]], None]
    beliefs: Callable[[list[BeliefRow]], None]
    control: Callable[[Game, int, str, str], None] | None = None
    """A seat handed to a stand-in by a cap (``seat_control``); None where the backend keeps none."""


@dataclass
class GameResult:
    """A game played away from the writer (a Ray task): what it adds to the database, picklable."""

    game_id: str
    events: list[str] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)
    beliefs: list[BeliefRow] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    days: int = 0


async def play_spec(spec: GameSpec, prefix: Sequence[Event], sinks: Sinks, pool: ClientPool | None = None) -> Game:
    """Play ``spec`` to its end, from scratch or on from its stored ``prefix``; only new things reach the sinks."""
    ruleset = get_ruleset(spec.ruleset)
    game = Game.replay(ruleset, prefix) if prefix else ruleset.new_game(spec.seed)
    seats = plan_from_configs([dict(c) for c in spec.configs], seed=spec.seed, pool=pool)
    start = len(prefix)
    control = sinks.control
    if control is not None:
        attach_control(seats.agents, lambda seat, controller, reason: control(game, seat, controller, reason))

    def new_only(g: Game, new: list[Event]) -> None:
        fresh = [e for e in new if e.seq >= start]
        if fresh:
            sinks.events(g, fresh)

    checkpoints = [BeliefCheckpoints(ruleset, seats.agents, sinks.beliefs, spec.beliefs_at, sinks.calls)
                   ] if spec.beliefs_at else []
    runner = GameRunner(game, seats.agents, listeners=[new_only], call_listeners=[sinks.calls],
                        checkpoints=list(checkpoints))
    try:
        await runner.run()
    finally:
        if pool is None:
            await seats.aclose()
    return game


async def play_into_writer(spec: GameSpec, writer: TranscriptWriter, stored: str | None,
                           pool: ClientPool | None = None) -> Game:
    """The local backend: begin (or resume) the game in the writer, record it live, finish it."""
    prefix, first_call = begin(spec, writer, stored)
    recorder = Recorder(writer, spec.game_id)
    sinks = Sinks(recorder, CallStore(writer, spec.game_id, first_call),
                  lambda rows: writer.append_beliefs(spec.game_id, rows),
                  lambda g, seat, controller, reason: writer.record_control(spec.game_id, seat, len(g.events),
                                                                             controller, reason))
    game = await play_spec(spec, prefix, sinks, pool)
    writer.flush(spec.game_id)
    writer.finish(spec.game_id, game.winners, game.state.day, final_seats(game.events, list(spec.configs)))
    return game


def begin(spec: GameSpec, writer: TranscriptWriter, stored: str | None) -> tuple[list[Event], int]:
    """Open the game in the writer: new (``stored`` None) or resumed; its stored events and next call id."""
    writer.place(spec.tournament, spec.game_id, spec.ruleset, spec.deal, spec.rotation, spec.seed)
    if stored is None:
        game = get_ruleset(spec.ruleset).new_game(spec.seed)
        writer.begin_game(GameHeader.from_events(game.events, list(spec.configs)), spec.game_id)
        return [], 0
    con = writer.cursor()
    try:
        prefix, calls = load_events(con, spec.game_id), len(load_calls(con, spec.game_id))
    finally:
        con.close()
    writer.resume(spec.game_id)
    return prefix, calls


async def play_detached(spec: GameSpec, prefix_json: Sequence[str]) -> GameResult:
    """A game played with no writer at hand (a Ray task): everything it adds, in a ``GameResult``."""
    result = GameResult(spec.game_id)

    def events(_game: Game, new: list[Event]) -> None:
        result.events.extend(to_json(e) for e in new)

    def calls(records: list[CallRecord]) -> None:
        for record in records:
            values = asdict(record)
            values.pop("decision", None)
            result.calls.append(values)

    game = await play_spec(spec, [from_json(p) for p in prefix_json], Sinks(events, calls, result.beliefs.extend))
    result.winners, result.days = list(game.winners), game.state.day
    return result


def store_result(spec: GameSpec, writer: TranscriptWriter, stored: str | None, result: GameResult) -> None:
    """Write a detached game's result through the one writer (begun or resumed here, then finished)."""
    prefix, first_call = begin(spec, writer, stored)
    new = [from_json(e) for e in result.events]
    writer.append(spec.game_id, new)
    writer.append_calls(spec.game_id, [LlmCall(call_id=first_call + i, **c) for i, c in enumerate(result.calls)])
    writer.append_beliefs(spec.game_id, result.beliefs)
    writer.finish(spec.game_id, result.winners, result.days, final_seats([*prefix, *new], list(spec.configs)))
