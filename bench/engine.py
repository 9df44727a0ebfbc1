"""Engine benchmark: whole 18-player games of scripted bots, engine only and with DuckDB writes.

    python bench/engine.py [--games 200] [--players scripted] [--ruleset umineko32] [--size N]

Five figures for the same games (seeds 0..N-1), in games per CPU-second and events per second:

* engine only — the decisions the scripted bots made, submitted again to fresh games: the engine's
  own work (validation, legal actions, events, fold, resolution) without the bots' thinking;
  target at least 100 (TextArena's far simpler 15-player SecretMafia runs about 49 here);
* + observations — the same, with the observation of each seat asked (``Game.observe``) made before
  its decision, as the runner makes it: what telling every seat what it knows costs the engine;
* with scripted bots — the whole game as ``arena play --no-store`` plays it (runner + bots);
* bots, no observing — the same games, each turn handed the observation the engine made for it when
  the game was played before, so that none is made: what the bots, the runner and the engine cost
  beside the observations (against an older tree's bots, whose turns carried none);
* with DuckDB writes — the same, stored through the transcript writer.

Plus the fold rate (replaying stored events). CPU time is ``time.process_time``, so the figures do
not depend on other load on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would shadow the
# ``engine`` package: drop that entry before importing the project.
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path.pop(0)

from agents.base import Agent, Turn
from arena.run.journal import WriterJournal
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine.actions import Action, Pass
from engine.game import Game
from engine.observation import Observation
from engine.rulesets import get_ruleset
from engine.views import Viewer
from transcripts.records import GameHeader, final_seats
from transcripts.writer import TranscriptWriter

TARGET_GAMES_PER_CPU_S = 100.0
SECRET_MAFIA_GAMES_PER_CPU_S = 49.0


@dataclass
class Figures:
    """What one measured batch of games gave."""

    label: str
    games: int
    events: int
    days: int
    cpu_s: float
    wall_s: float

    @property
    def games_per_cpu_s(self) -> float:
        return self.games / self.cpu_s

    @property
    def events_per_s(self) -> float:
        return self.events / self.cpu_s


class Taped:
    """An agent wrapper that keeps every answer, so the games can be replayed into the engine alone."""

    def __init__(self, agent: Agent, tape: list[Action | None]) -> None:
        self.agent, self.tape, self.name = agent, tape, agent.name

    async def act(self, turn: Turn) -> Action | None:
        action = await self.agent.act(turn)
        self.tape.append(action if action is not None else Pass(seat=turn.seat))
        return action


def play_games(ruleset_id: str, players: str, seeds: range, writer: TranscriptWriter | None,
               tapes: list[list[Action | None]] | None = None, size: int | None = None, *,
               seen: list[Observation] | None = None, given: Iterator[Observation] | None = None) -> list[Game]:
    """Play the games through the runner; ``tapes`` keep each game's answers, ``seen`` every observation
    the runner asked the engine for, in order, and ``given`` hands those back instead of asking (the
    same games played again: the runner asks the same seats at the same points)."""
    ruleset = get_ruleset(ruleset_id)
    games = []
    for seed in seeds:
        game = ruleset.new_game(seed, options=_options(size))
        if seen is not None:
            game.observe = _recording(game.observe, seen)  # type: ignore[method-assign]
        if given is not None:
            game.observe = _handing(given)  # type: ignore[method-assign]
        configs = parse_players(players, size or ruleset.seats)
        agents = agents_for(configs)
        if tapes is not None:
            tape: list[Action | None] = []
            tapes.append(tape)
            agents = {seat: Taped(agent, tape) for seat, agent in agents.items()}
        game_id = None
        journal = None
        if writer is not None:
            game_id = writer.begin_game(GameHeader.from_events(game.events, configs))
            journal = WriterJournal(writer, game_id)
        runner = GameRunner(game, agents, journal=journal)
        asyncio.run(runner.run())
        if tapes is not None and (runner.illegal or runner.fallbacks):
            raise SystemExit(f"seed {seed}: {runner.illegal} illegal answers; the tape cannot be replayed")
        if writer is not None and game_id is not None:
            writer.flush(game_id)
            writer.finish(game_id, game.winners, game.state.day, final_seats(game.events, configs))
        games.append(game)
    return games


def _recording(observe: Callable[[Viewer], Observation], seen: list[Observation]) -> Callable[[Viewer], Observation]:
    def recording(viewer: Viewer) -> Observation:
        found = observe(viewer)
        seen.append(found)
        return found

    return recording


def _handing(given: Iterator[Observation]) -> Callable[[Viewer], Observation]:
    def handing(viewer: Viewer) -> Observation:
        found = next(given)
        if found.viewer != viewer:
            raise SystemExit(f"the runner asked for {viewer}'s observation where the first game asked for "
                             f"{found.viewer}'s: the games are not the same")
        return found

    return handing


def _options(size: int | None) -> dict[str, int]:
    """New-game options: the player count of a rule set of variable size (``--size``)."""
    return {} if size is None else {"size": size}


def replay_tapes(ruleset_id: str, seeds: range, tapes: list[list[Action | None]], size: int | None = None,
                 *, observe: bool = False) -> list[Game]:
    """The engine alone: each game's decisions submitted in the runner's order to a fresh game; with
    ``observe``, each asked seat's observation made first, as the runner makes it for every turn
    (``Game.observe``), so that the figure says what telling each seat what it knows costs."""
    ruleset = get_ruleset(ruleset_id)
    games = []
    for seed, tape in zip(seeds, tapes, strict=True):
        game, answers = ruleset.new_game(seed, options=_options(size)), iter(tape)
        while not game.over:
            waiting = game.waiting()
            if not waiting:
                game.advance()
                continue
            game.legal(waiting[0])
            if observe:
                game.observe(Viewer.of_seat(waiting[0]))
            action = next(answers)
            game.submit(action if action is not None else Pass(seat=waiting[0]))
        games.append(game)
    return games


def measure(label: str, work: Callable[[], list[Game]]) -> tuple[Figures, list[Game]]:
    """Time ``work`` in CPU seconds. What earlier batches left in memory (the tapes, the games) is
    frozen out of the garbage collector first, so one batch does not pay for rescanning another's
    objects: a real process plays one game at a time and keeps none of this."""
    gc.collect()
    gc.freeze()
    cpu, wall = time.process_time(), time.perf_counter()
    games = work()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    gc.unfreeze()
    figures = Figures(label, len(games), sum(len(g.events) for g in games), sum(g.state.day for g in games),
                      cpu, wall)
    return figures, games


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", default="scripted")
    p.add_argument("--ruleset", default="umineko32")
    p.add_argument("--size", type=int, default=None, help="players, for a rule set of variable size (majiasha2)")
    args = p.parse_args(argv)
    seeds, size = range(args.games), args.size
    play_games(args.ruleset, args.players, range(3), None, size=size)  # warm up imports and caches
    tapes: list[list[Action | None]] = []
    made: list[Observation] = []  # (kept as the tapes are: an append a turn)
    bots, games = measure(f"with {args.players} bots",
                          lambda: play_games(args.ruleset, args.players, seeds, None, tapes, size, seen=made))
    engine, replayed = measure("engine only", lambda: replay_tapes(args.ruleset, seeds, tapes, size))
    observed, seen = measure("+ observations",
                             lambda: replay_tapes(args.ruleset, seeds, tapes, size, observe=True))
    if not [len(g.events) for g in games] == [len(g.events) for g in replayed] == [len(g.events) for g in seen]:
        raise SystemExit("replaying the tapes gave other games: the engine is not deterministic")
    handed = iter(made)
    unobserved, again = measure("bots, no observing",
                                lambda: play_games(args.ruleset, args.players, seeds, None, size=size, given=handed))
    if next(handed, None) is not None or [g.events for g in again] != [g.events for g in games]:
        raise SystemExit("the games played on the recorded observations were not the same games")
    with tempfile.TemporaryDirectory() as tmp:
        writer = TranscriptWriter(Path(tmp) / "bench.duckdb")
        try:
            stored, _ = measure("with DuckDB writes",
                                lambda: play_games(args.ruleset, args.players, seeds, writer, size=size))
        finally:
            writer.close()
    ruleset = get_ruleset(args.ruleset)
    fold_cpu = time.process_time()
    for game in games:
        Game.replay(ruleset, game.events)
    fold_cpu = time.process_time() - fold_cpu
    _report(args, [engine, observed, bots, unobserved, stored], sum(len(g.events) for g in games) / fold_cpu)
    return 0


def _report(args: argparse.Namespace, rows: list[Figures], fold_rate: float) -> None:
    print(f"{args.ruleset}: {args.games} games of {args.players} players (seeds 0..{args.games - 1})")
    print(f"{'':<20} {'games/CPU-s':>12} {'events/s':>10} {'events/game':>12} {'days/game':>10} {'CPU s':>7}")
    for f in rows:
        print(f"{f.label:<20} {f.games_per_cpu_s:>12.1f} {f.events_per_s:>10.0f} {f.events / f.games:>12.1f} "
              f"{f.days / f.games:>10.2f} {f.cpu_s:>7.2f}")
    engine = rows[0]
    print(f"engine only vs target {TARGET_GAMES_PER_CPU_S:.0f}/CPU-s: {engine.games_per_cpu_s / TARGET_GAMES_PER_CPU_S:.2f}x; "
          f"vs TextArena SecretMafia {SECRET_MAFIA_GAMES_PER_CPU_S:.0f}/CPU-s: "
          f"{engine.games_per_cpu_s / SECRET_MAFIA_GAMES_PER_CPU_S:.2f}x")
    observed, bots, unobserved, stored = rows[1:]
    print(f"each asked seat's observation adds {(observed.cpu_s - engine.cpu_s) / observed.games * 1000:.1f} ms "
          f"per game to the engine's, and {(bots.cpu_s - unobserved.cpu_s) / bots.games * 1000:.1f} ms to a bot "
          f"game's; the bots and runner cost {bots.cpu_s / engine.cpu_s:.2f}x the engine's CPU "
          f"time; DuckDB writes add {(stored.cpu_s - bots.cpu_s) / stored.games * 1000:.1f} ms per game")
    print(f"fold (replay from events): {fold_rate:,.0f} events/CPU-s")


if __name__ == "__main__":
    sys.exit(main())
