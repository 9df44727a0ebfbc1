"""Engine benchmark: whole 18-player games of scripted bots, engine only and with DuckDB writes.

    python bench/engine.py [--games 200] [--players scripted] [--ruleset umineko32]

Prints games per CPU-second (target: at least 100 engine-only; TextArena's far simpler 15-player
SecretMafia runs about 49 per CPU-second on this kind of machine), events per second, and the
fold (replay) rate. CPU time is ``time.process_time``: the figure does not depend on other load.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arena.players import agents_for, parse_players
from arena.recorder import Recorder
from arena.runner import GameRunner, Listener
from engine.game import Game
from engine.rulesets import get_ruleset
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


def play_games(ruleset_id: str, players: str, seeds: range, writer: TranscriptWriter | None) -> list[Game]:
    ruleset = get_ruleset(ruleset_id)
    games = []
    for seed in seeds:
        game = ruleset.new_game(seed)
        configs = parse_players(players, ruleset.seats)
        listeners: list[Listener] = []
        game_id = None
        if writer is not None:
            game_id = writer.begin_game(GameHeader.from_events(game.events, configs))
            listeners.append(Recorder(writer, game_id))
        asyncio.run(GameRunner(game, agents_for(configs), listeners=listeners).run())
        if writer is not None and game_id is not None:
            writer.flush(game_id)
            writer.finish(game_id, game.winners, game.state.day, final_seats(game.events, configs))
        games.append(game)
    return games


def measure(label: str, work: Callable[[], list[Game]]) -> tuple[Figures, list[Game]]:
    cpu, wall = time.process_time(), time.perf_counter()
    games = work()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    figures = Figures(label, len(games), sum(len(g.events) for g in games), sum(g.state.day for g in games),
                      cpu, wall)
    return figures, games


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", default="scripted")
    p.add_argument("--ruleset", default="umineko32")
    args = p.parse_args(argv)
    seeds = range(args.games)
    play_games(args.ruleset, args.players, range(3), None)  # warm up imports and caches
    engine, games = measure("engine only", lambda: play_games(args.ruleset, args.players, seeds, None))
    with tempfile.TemporaryDirectory() as tmp:
        writer = TranscriptWriter(Path(tmp) / "bench.duckdb")
        try:
            stored, _ = measure("with DuckDB writes",
                                lambda: play_games(args.ruleset, args.players, seeds, writer))
        finally:
            writer.close()
    ruleset = get_ruleset(args.ruleset)
    fold_cpu = time.process_time()
    for game in games:
        Game.replay(ruleset, game.events)
    fold_cpu = time.process_time() - fold_cpu
    _report(args, [engine, stored], sum(len(g.events) for g in games) / fold_cpu)
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
    print(f"DuckDB writes cost: {rows[1].cpu_s / engine.cpu_s:.2f}x the engine-only CPU time")
    print(f"fold (replay from events): {fold_rate:,.0f} events/CPU-s")


if __name__ == "__main__":
    sys.exit(main())
