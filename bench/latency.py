"""Latency benchmark: one game's wall time against its critical path, and 16 games at once.

    python bench/latency.py [--delay 0.05] [--games 16] [--seed 7] [--rounds PHASE=N ...]

Every seat of an 18-player umineko32 game is an LLM agent on one fake OpenAI-compatible endpoint
(127.0.0.1, no model) that answers every request after ``--delay`` seconds. The critical path is
what the game cannot avoid waiting for: the runner's sequential rounds (a turn phase asks one seat
at a time; a window asks all its waiting seats at once, so a window round costs one delay — its
longest decision), each decision's calls in a row, and the runner's retries after a gathered round
one after another. Targets: one game's wall time at most 1.25x its critical path; 16 concurrent
games (asyncio.gather of 16 GameRunners on the one endpoint) at least 12x the throughput of one.
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

from agents.base import CallRecord  # noqa: E402
from agents.llm.agent import LLMAgent  # noqa: E402
from agents.llm.endpoint import Endpoint  # noqa: E402
from agents.llm.pool import ClientPool  # noqa: E402
from arena.runner import GameRunner  # noqa: E402
from engine.rulesets import get_ruleset  # noqa: E402
from tests.fake_openai import FakeOpenAI  # noqa: E402

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
    endpoint = Endpoint(name="fake", base_url=base_url, model="fake", max_concurrency=16 * SEATS,
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--delay", type=float, default=0.05, help="seconds the fake model takes per answer")
    p.add_argument("--games", type=int, default=16)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--rounds", action="append", default=[], metavar="PHASE=N")
    args = p.parse_args(argv)
    rounds = {k.strip(): int(v) for k, _, v in (r.partition("=") for r in args.rounds)} or None
    with served_apart(args.delay) as base_url:
        wall, [runner], [records] = asyncio.run(games(base_url, [args.seed], rounds))
        critical = runner.critical_calls(records) * args.delay
        print(f"umineko32 seed {args.seed}, 18 LLM seats on one fake endpoint, {args.delay * 1000:.0f} ms per answer, "
              f"rounds {rounds or 'default'}")
        print(f"one game: {len(records)} calls, {runner.decisions} decisions, {len(runner.rounds)} runner rounds "
              f"({sum(1 for t, _ in runner.rounds if len(t) > 1)} gathered windows)")
        print(f"  wall time {wall:8.2f} s   critical path {critical:8.2f} s   ratio {wall / critical:5.2f}x "
              f"(target <= 1.25x)")
        serial = len(records) * args.delay
        print(f"  (all calls one after another would take {serial:.2f} s)")
        seeds = [args.seed + i for i in range(args.games)]
        many, runners, all_records = asyncio.run(games(base_url, seeds, rounds))
        calls = sum(len(r) for r in all_records)
        print(f"{args.games} concurrent games: {calls} calls in {many:.2f} s")
        # throughput: games per second, against one game alone (the same seed's game per second)
        one_rate = 1 / wall
        rate = args.games / many
        print(f"  throughput {rate / one_rate:5.2f}x one game's (target >= 12x); "
              f"longest critical path {max(r.critical_calls(x) for r, x in zip(runners, all_records, strict=True)) * args.delay:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
