"""Fault soak: whole games whose LLM seats' endpoint fails a share of requests in every way.

    python bench/fault_soak.py [--games 2] [--rate 0.2] [--llm-seats 6] [--rulesets umineko32 ...]

Each game (every rule set, seeds 1..games) is played twice into a DuckDB file: its LLM seats on a
fake OpenAI-compatible endpoint that answers well, then on one that answers ``rate`` of the
requests wrongly (``tests.fake_openai.Faults``): a 5xx, a 429 with Retry-After, no answer past the
client's timeout, a reset connection, a tool call with malformed or cut-off arguments, a tool that
was not offered, empty content. The other seats are scripted bots; the LLM seats write notes,
summarise their days (a small context budget) and report beliefs, so faults reach every kind of
call. It prints, per rule set: the games finished of those played, the requests, the faults by
kind, the faults found on record (a transport fault among a call's retried errors or as its error;
a wrong reply as a call whose id it bears, marked with its error), the faults taken as an answer
(must be 0), the fallbacks (passes in the events; calls marked as fallbacks) and the wall time on
the sound and the faulty endpoint.

Targets: every game finished, every fault on record, none accepted.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)  # this folder's engine.py would shadow the engine package

from agents.llm.endpoint import Endpoint  # noqa: E402
from arena.run.beliefs import BeliefCheckpoints, day_end  # noqa: E402
from arena.run.journal import WriterJournal  # noqa: E402
from arena.run.runner import GameRunner, RunnerConfig  # noqa: E402
from arena.run.seats import llm_config, plan_from_configs  # noqa: E402
from engine.events import Passed  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.rulesets import get_ruleset, ruleset_ids  # noqa: E402
from tests.fake_openai import ANSWER_FAULTS, FAULTS, TRANSPORT_FAULTS, FakeOpenAI, Faults  # noqa: E402
from transcripts.reader import load_calls  # noqa: E402
from transcripts.records import CallRecord, GameHeader, final_seats  # noqa: E402
from transcripts.writer import TranscriptWriter  # noqa: E402

TIMEOUT_S = 0.5
"""The client's timeout: a "timeout" fault hangs twice as long."""
TRANSPORT_WORDS = ("HTTP 5", "HTTP 429", "no answer within", "cannot connect", "APIConnectionError")


@dataclass
class Soak:
    """One rule set's games on one endpoint: what was played, sent, injected and recorded."""

    games: int = 0
    finished: int = 0
    requests: int = 0
    seconds: float = 0.0
    faults: Counter[str] = field(default_factory=Counter)
    on_record: int = 0
    accepted: int = 0
    fallback_passes: int = 0
    fallback_calls: int = 0
    unplanned: int = 0
    """Transport errors on record beyond those injected: the machine's own (a reply slower than the
    client's time limit on a loaded machine), not the fake's; shown, never a problem."""
    problems: list[str] = field(default_factory=list)


def endpoint(base_url: str) -> Endpoint:
    return Endpoint.of(name="soak", base_url=base_url, model="fake-model", api_key_env="", max_tokens=300,
                    timeout_s=TIMEOUT_S, max_retries=3, backoff_s=0.01, backoff_max_s=0.1,
                    breaker_cooldown_s=1.0, context_budget=3000)


async def play(ruleset: str, seed: int, base_url: str, llm_seats: int, writer: TranscriptWriter) -> tuple[Game, str]:
    rules = get_ruleset(ruleset)
    ep = endpoint(base_url)
    configs: list[dict[str, Any]] = [llm_config(s, ep) if s <= llm_seats else {"seat": s, "kind": "scripted"}
                                     for s in range(1, rules.seats + 1)]
    game = rules.new_game(seed)
    phases = list(day_end(rules))
    gid = writer.begin_game(GameHeader.from_events(game.events, configs,
                                                   {**RunnerConfig().record(), "beliefs_at": phases}))
    journal = WriterJournal(writer, gid)
    plan = plan_from_configs(configs, seed=seed)
    checkpoints = [BeliefCheckpoints(rules, plan.agents, journal.beliefs, phases, calls=journal.calls)]
    try:
        await GameRunner(game, plan.agents, journal=journal, checkpoints=list(checkpoints)).run()
    finally:
        await plan.aclose()
    writer.flush(gid)
    writer.finish(gid, game.winners, game.state.day, final_seats(game.events, configs))
    return game, gid


def soak(ruleset: str, games: int, rate: float, llm_seats: int, db: Path, *, every_kind_by: int = 0) -> Soak:
    """Play ``games`` games of ``ruleset`` on an endpoint failing ``rate`` of requests; account for every fault.

    With ``every_kind_by``, games go on past ``games`` (seeds counting on, at most ``every_kind_by``
    games in all) until every kind of ``FAULTS`` has been drawn: how many requests a game makes moves
    with its rules and its players, so a fixed number of games promises no sample of every fault."""
    out = Soak()
    faults = Faults(rate=rate, seed=zlib.crc32(ruleset.encode()), timeout_s=2 * TIMEOUT_S) if rate else None
    with FakeOpenAI(faults=faults) as fake, TranscriptWriter(db) as writer:
        fake.state.keep_requests = False
        start = time.perf_counter()
        played: list[tuple[Game, str]] = []
        while len(played) < games or (faults is not None and len(played) < every_kind_by and not every_kind(faults)):
            played.append(asyncio.run(play(ruleset, len(played) + 1, fake.base_url, llm_seats, writer)))
        out.seconds = time.perf_counter() - start
        out.requests = fake.state.calls
        con = writer.cursor()
        calls = [c for _, gid in played for c in load_calls(con, gid)]
        con.close()
    out.games, out.finished = len(played), sum(1 for game, _ in played if game.over)
    out.fallback_passes = sum(1 for game, _ in played for e in game.events if isinstance(e, Passed) and e.fallback)
    out.fallback_calls = sum(1 for c in calls if c.fallback)
    if faults is not None:
        account(out, faults.log, calls)
    return out


def every_kind(faults: Faults) -> bool:
    """Whether every kind of fault has been drawn so far."""
    return {kind for kind, _ in faults.log} >= set(FAULTS)


def account(out: Soak, log: list[tuple[str, str | None]], calls: list[CallRecord]) -> None:
    """Find every injected fault in the records: transport faults as retried or final errors (at least
    as many as were injected: a loaded machine adds timeouts of its own, ``unplanned``), wrong replies as the calls that bear their id, each marked with an error."""
    out.faults = Counter(kind for kind, _ in log)
    recorded = sum(len((c.response or {}).get("x_arena", {}).get("retry_errors", [])) for c in calls)
    recorded += sum(1 for c in calls if (c.response or {}).keys() <= {"x_arena"} and c.error
                    and any(w in c.error for w in TRANSPORT_WORDS))
    injected = sum(out.faults[k] for k in TRANSPORT_FAULTS)
    if recorded < injected:  # (more on record: the machine's own timeouts besides, ``unplanned``)
        out.problems.append(f"{injected} transport faults injected, {recorded} on record")
    out.unplanned = max(0, recorded - injected)
    by_id = {str((c.response or {}).get("id")): c for c in calls}
    found = 0
    for kind, tag in log:
        if tag is None:
            continue
        call = by_id.get(tag)
        if call is None:
            out.problems.append(f"{kind} reply {tag} is not on record")
            continue
        found += 1
        if not call.error:
            out.accepted += 1
            out.problems.append(f"{kind} reply {tag} was taken as an answer")
    out.on_record = min(recorded, injected) + found


def table(rows: list[tuple[str, Soak, Soak]], rate: float) -> str:
    head = (f"{'rule set':<10} {'games':>6} {'requests':>9} {'faults':>7} {'on record':>10} {'accepted':>9} "
            f"{'fallbacks (passes/calls)':>25} {'sound s':>8} {'faulty s':>9} {'overhead':>9}")
    lines = [f"fault soak: {rate:.0%} of requests fail ({', '.join(FAULTS)})", head]
    for ruleset, clean, faulty in rows:
        total = sum(faulty.faults.values())
        lines.append(
            f"{ruleset:<10} {faulty.finished:>3}/{faulty.games:<2} {faulty.requests:>9} {total:>7} "
            f"{faulty.on_record:>10} {faulty.accepted:>9} "
            f"{f'{faulty.fallback_passes}/{faulty.fallback_calls} (sound {clean.fallback_passes}/{clean.fallback_calls})':>25} "
            f"{clean.seconds:>8.1f} {faulty.seconds:>9.1f} {faulty.seconds / max(clean.seconds, 1e-9):>8.2f}x")
    kinds = Counter[str]()
    for _, _, faulty in rows:
        kinds.update(faulty.faults)
    lines.append("faults by kind: " + ", ".join(f"{k} {kinds[k]}" for k in FAULTS))
    lines.append("answer faults (must never be taken): " + ", ".join(ANSWER_FAULTS))
    unplanned = sum(faulty.unplanned for _, _, faulty in rows)
    if unplanned:
        lines.append(f"transport errors on record that were not injected (the machine's own): {unplanned}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2, help="games per rule set (seeds 1..N)")
    parser.add_argument("--rate", type=float, default=0.2, help="share of requests answered wrongly")
    parser.add_argument("--llm-seats", type=int, default=6, help="LLM seats per game (the first N)")
    parser.add_argument("--rulesets", nargs="*", default=sorted(ruleset_ids()))
    args = parser.parse_args(argv)
    rows = []
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as where:
        for ruleset in args.rulesets:
            clean = soak(ruleset, args.games, 0.0, args.llm_seats, Path(where) / f"{ruleset}-sound.duckdb")
            faulty = soak(ruleset, args.games, args.rate, args.llm_seats, Path(where) / f"{ruleset}-faulty.duckdb")
            rows.append((ruleset, clean, faulty))
            problems += [f"{ruleset}: {p}" for p in faulty.problems]
            if faulty.finished < faulty.games:
                problems.append(f"{ruleset}: {faulty.games - faulty.finished} games did not finish")
    print(table(rows, args.rate))
    for problem in problems:
        print(f"PROBLEM {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
