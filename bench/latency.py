"""Latency benchmark: one game's wall time against its critical path, and 16 games at once.

    python bench/latency.py [--delay 0.2] [--games 16] [--seed 7] [--processes N] [--mixed-seeds]
                            [--rounds PHASE=N ...]

Every seat of an 18-player umineko32 game is an LLM agent on one fake OpenAI-compatible endpoint
(127.0.0.1, no model) that answers every request after ``--delay`` seconds. The critical path is
what the game cannot avoid waiting for: the runner's sequential rounds (a turn phase asks one seat
at a time; a window asks all its waiting seats at once, so a window round costs one delay — its
longest decision), each decision's calls in a row, and the runner's retries after a gathered round
one after another. Targets: one game's wall time at most 1.25x its critical path; 16 concurrent
games (``asyncio.gather`` of GameRunners on the one endpoint, in ``--processes`` worker processes
as a tournament spreads its games) at least 12x the throughput of one.

The 16 games are the same game (the seed of the one) unless ``--mixed-seeds``: with 16 seeds the
longest game, not the concurrency, sets the wall time (seed 7's critical path is 93 s at 0.2 s a
call; the longest of seeds 7-22 is 118 s, which caps the ratio near 15x with no overhead at all).
The arena's own CPU per model call (prompt, graph, HTTP client, record) is printed: it, against
the model's latency, is what limits concurrent games on a small machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)

from agents.llm.agent import LLMAgent  # noqa: E402
from agents.llm.endpoint import Endpoint  # noqa: E402
from agents.llm.pool import ClientPool  # noqa: E402
from arena.local.model import cores  # noqa: E402
from arena.run.runner import GameRunner  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from tests.fake_openai import FakeOpenAI  # noqa: E402
from transcripts.records import CallRecord  # noqa: E402

SEATS = 18


class CountingRunner(GameRunner):
    """A runner that notes, for each of its rounds, the decisions asked together and those after."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rounds: list[tuple[list[int], list[int]]] = []
        """(decisions asked at once, decisions asked one after another) per round."""

    async def _round(self, seats: list[int]) -> None:
        first = self.decisions + 1
        concurrent = self.config.concurrent_windows and len(seats) > 1 and any(
            getattr(self.agents[s], "concurrent", False) for s in seats)
        await super()._round(seats)
        made = list(range(first, self.decisions + 1))
        together = len(seats) if concurrent else 1
        self.rounds.append((made[:together], made[together:]))

    def critical_calls(self, records: list[CallRecord]) -> int:
        """Model calls the game must wait for one after another."""
        calls = Counter(r.decision for r in records)
        return sum(max((calls[d] for d in together), default=0) + sum(calls[d] for d in after)
                   for together, after in self.rounds)


def runner_for(base_url: str, seed: int, rounds: dict[str, int] | None, pool: ClientPool,
               records: list[CallRecord]) -> CountingRunner:
    ruleset = get_ruleset("umineko32")
    endpoint = Endpoint.of(name="fake", base_url=base_url, model="fake", max_concurrency=16 * SEATS,
                        context_budget=10**7, timeout_s=120)
    agents = {seat: LLMAgent(endpoint, pool=pool) for seat in range(1, SEATS + 1)}
    game = ruleset.new_game(seed, options={"rounds": rounds} if rounds else None)
    return CountingRunner(game, agents, call_listeners=[records.extend])


async def games(base_url: str, seeds: list[int], rounds: dict[str, int] | None
                ) -> tuple[float, list[CountingRunner], list[list[CallRecord]]]:
    pool = ClientPool()
    records: list[list[CallRecord]] = [[] for _ in seeds]
    runners = [runner_for(base_url, seed, rounds, pool, recs) for seed, recs in zip(seeds, records, strict=True)]
    start = time.perf_counter()
    try:
        await asyncio.gather(*(r.run() for r in runners))
    finally:
        await pool.aclose()
    return time.perf_counter() - start, runners, records


def _serve(delay: float, conn: Any) -> None:
    """The fake model in a process of its own: it answers until the parent closes the pipe."""
    with FakeOpenAI(delay=delay) as fake:
        fake.state.keep_requests = False
        conn.send(fake.base_url)
        try:
            conn.recv()
        except EOFError:
            pass


@contextlib.contextmanager
def served_apart(delay: float) -> Iterator[str]:
    """The fake endpoint's base URL, served from another process: a real model's server does not
    share the arena's interpreter, and an in-process fake's HTTP parsing of every 100 kB request
    would be charged to the arena (it held the GIL for about a third of the 16 games' time)."""
    ctx = multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe()
    process = ctx.Process(target=_serve, args=(delay, child), daemon=True)
    process.start()
    try:
        yield str(parent.recv())
    finally:
        parent.close()
        process.join(10)
        if process.is_alive():
            process.terminate()


def _worker(base_url: str, seeds: list[int], rounds: dict[str, int] | None, conn: Any) -> None:
    """A process of games: ready once imported, then on "go" plays its games and sends back, per
    game, its calls and critical calls, and the process's CPU seconds."""
    conn.send("ready")
    conn.recv()
    cpu = time.process_time()
    _, runners, records = asyncio.run(games(base_url, seeds, rounds))
    conn.send(([(len(x), r.critical_calls(x)) for r, x in zip(runners, records, strict=True)],
               time.process_time() - cpu))
    conn.close()


def spread(base_url: str, seeds: list[int], rounds: dict[str, int] | None, processes: int
           ) -> tuple[float, list[tuple[int, int]], float]:
    """``seeds`` played at once in ``processes`` worker processes (dealt round-robin): the wall time
    from the start signal to the last game's end, each game's (calls, critical calls), CPU seconds."""
    ctx = multiprocessing.get_context("spawn")
    chunks = [seeds[i::processes] for i in range(processes) if seeds[i::processes]]
    pipes, workers = [], []
    for chunk in chunks:
        parent, child = ctx.Pipe()
        worker = ctx.Process(target=_worker, args=(base_url, chunk, rounds, child), daemon=True)
        worker.start()
        pipes.append(parent)
        workers.append(worker)
    for conn in pipes:
        conn.recv()
    start = time.perf_counter()
    for conn in pipes:
        conn.send("go")
    results = [conn.recv() for conn in pipes]
    wall = time.perf_counter() - start
    for worker in workers:
        worker.join(10)
    return wall, [game for per_game, _ in results for game in per_game], sum(cpu for _, cpu in results)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--delay", type=float, default=0.2, help="seconds the fake model takes per answer")
    p.add_argument("--games", type=int, default=16)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--processes", type=int, default=max(1, cores()),
                   help="worker processes the concurrent games are spread over (default: the cores)")
    p.add_argument("--mixed-seeds", action="store_true",
                   help="the concurrent games are seeds seed..seed+games-1 (default: all the same game)")
    p.add_argument("--rounds", action="append", default=[], metavar="PHASE=N")
    args = p.parse_args(argv)
    rounds = {k.strip(): int(v) for k, _, v in (r.partition("=") for r in args.rounds)} or None
    with served_apart(args.delay) as base_url:
        cpu = time.process_time()
        wall, [runner], [records] = asyncio.run(games(base_url, [args.seed], rounds))
        cpu = time.process_time() - cpu
        critical = runner.critical_calls(records) * args.delay
        print(f"umineko32 seed {args.seed}, 18 LLM seats on one fake endpoint, {args.delay * 1000:.0f} ms per answer, "
              f"rounds {rounds or 'default'}")
        print(f"one game: {len(records)} calls, {runner.decisions} decisions, {len(runner.rounds)} runner rounds "
              f"({sum(1 for t, _ in runner.rounds if len(t) > 1)} gathered windows); "
              f"the arena's CPU {1000 * cpu / len(records):.1f} ms a call")
        print(f"  wall time {wall:8.2f} s   critical path {critical:8.2f} s   ratio {wall / critical:5.2f}x "
              f"(target <= 1.25x)")
        print(f"  (all calls one after another would take {len(records) * args.delay:.2f} s)")
        seeds = [args.seed + i for i in range(args.games)] if args.mixed_seeds else [args.seed] * args.games
        processes = max(1, min(args.processes, args.games))
        many, per_game, many_cpu = spread(base_url, seeds, rounds, processes)
        calls = sum(n for n, _ in per_game)
        which = f"seeds {seeds[0]}-{seeds[-1]}" if args.mixed_seeds else "the same game"
        print(f"{args.games} concurrent games ({which}"
              f", {processes} process{'es' if processes > 1 else ''}): {calls} calls in {many:.2f} s; "
              f"the arena's CPU {1000 * many_cpu / calls:.1f} ms a call")
        # throughput: games per second against one game alone; with mixed seeds, calls per second
        ratio = (args.games / many) / (1 / wall)
        longest = max(c for _, c in per_game) * args.delay
        print(f"  throughput {ratio:5.2f}x one game's (target >= 12x); longest critical path {longest:.2f} s")
        if args.mixed_seeds:
            print(f"  calls per second {calls / many:.1f} against {len(records) / wall:.1f}: "
                  f"{(calls / many) / (len(records) / wall):5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
