"""The cut-and-resume sweep: games played once, their record cut after writes and resumed, compared.

    python -m tests.resume_sweep [--ruleset R ...] [--games 50] [--first 0] [--cuts 0] [--jobs N]

Each game (seed ``first`` .. ``first + games - 1``) has random players and two ``Diarist`` seats
(concurrent, answering in random order, with a memory only their stored calls rebuild; see
``tests/resume_harness.py``); it is played once with its journal writing at every boundary, then its
record is cut after writes (``--cuts 0``: after every one of them, the whole sweep; ``--cuts K``: K
drawn on the seed, as ``tests/test_resume_cuts.py`` does in the suite), each cut stored in a real
transcript file and resumed with fresh players. A resumed game must store the same events, answers
and calls (each linked to the event its decision led to) as the uninterrupted one, every model call
of the stored part replayed exactly. A line of progress per game; a table per rule set at the end
(games, cuts, differences, CPU seconds); exit 1 on any difference. ``--jobs`` runs games in that many
processes (a game's cuts stay in one); the games go seed by seed across the rule sets.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from engine.events import to_json
from engine.rulesets import get_ruleset
from tests.resume_harness import Played, play_taped, resume_cut, taped_answers, taped_calls
from transcripts.writer import TranscriptWriter

RULESETS = ("umineko32", "suitang21", "qijian24", "majiasha2")
SHM = Path("/dev/shm")
"""Where the transcript files go when the machine has it: a commit in memory costs no fsync, and a
sweep makes thousands."""


def cut_points(played: Played, seed: int, cuts: int) -> list[int]:
    """Where to cut (0: after every write). Else after writes drawn on the seed, every other one right
    after an answer was stored (mostly in the middle of a round); every tenth game also after the first
    write (the game row and its first events)."""
    flushes = played.tape.flushes
    if cuts == 0:
        return list(flushes)
    after_answer = [f for f, before in zip(flushes[1:], flushes, strict=False)
                    if any(name == "append_answers" for name, _ in played.tape.ops[before:f])]
    rand = random.Random(f"cuts/{seed}")
    chosen = {flushes[0]} if seed % 10 == 0 else set()
    while len(chosen) < min(cuts, len(flushes)):
        pool = after_answer if len(chosen) % 2 == 0 and after_answer else flushes
        chosen.add(rand.choice(pool))
    return sorted(chosen)


@dataclass
class GameSweep:
    """One game's cuts and what differed."""

    ruleset: str
    seed: int
    writes: int = 0
    cuts: int = 0
    differences: list[str] = field(default_factory=list)
    cpu_s: float = 0.0


def sweep_game(ruleset: str, seed: int, cuts: int, where: Path | None = None) -> GameSweep:
    """Play game ``seed`` of ``ruleset`` once, cut it as ``cuts`` says, resume each cut, compare."""
    start = time.process_time()
    rules = get_ruleset(ruleset)
    diarists = sorted(random.Random(f"diarists/{seed}").sample(range(1, rules.seats + 1), 2))
    played = play_taped(rules, seed, diarists)
    events = [to_json(e) for e in played.game.events]
    answers = sorted((a.decision, a.seat, a.action, a.error) for a in taped_answers(played.tape))
    calls = taped_calls(played.tape)
    out = GameSweep(ruleset, seed, writes=len(played.tape.ops))
    base = where if where is not None else (SHM if SHM.is_dir() else None)
    with tempfile.TemporaryDirectory(dir=base) as folder, \
            TranscriptWriter(Path(folder) / "cuts.duckdb") as writer:
        for upto in cut_points(played, seed, cuts):
            got = resume_cut(writer, played, f"{ruleset}-{seed}-{upto}", upto)
            at = f"{ruleset} seed {seed}, diarists {diarists}, cut after write {upto} of {len(played.tape.ops)}"
            if [to_json(e) for e in got.events] != events:
                out.differences.append(f"{at}: events differ")
            if [(a.decision, a.seat, a.action, a.error) for a in got.answers] != answers:
                out.differences.append(f"{at}: answers differ")
            if got.calls != calls or got.diverged:
                out.differences.append(f"{at}: calls differ {got.diverged[:3]}")
            out.cuts += 1
    out.cpu_s = time.process_time() - start
    return out


def _sweep_one(job: tuple[str, int, int]) -> GameSweep:
    return sweep_game(*job)


def sweep(jobs: list[tuple[str, int, int]], processes: int = 1) -> Iterator[GameSweep]:
    """Every (rule set, seed, cuts) job, in order of completion where ``processes`` > 1."""
    if processes <= 1:
        yield from map(_sweep_one, jobs)
        return
    with ProcessPoolExecutor(processes) as pool:
        yield from pool.map(_sweep_one, jobs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.resume_sweep", description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", action="append", choices=RULESETS, help="repeatable; default: all four")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--cuts", type=int, default=0, help="cuts a game (0: after every write)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    rulesets = tuple(args.ruleset or RULESETS)
    jobs = [(r, seed, args.cuts) for seed in range(args.first, args.first + args.games) for r in rulesets]
    """Seed by seed across the rule sets, so that a sweep stopped early has covered each alike."""
    totals: dict[str, GameSweep] = {r: GameSweep(r, -1) for r in rulesets}
    wall = time.monotonic()
    for n, game in enumerate(sweep(jobs, args.jobs), 1):
        total = totals[game.ruleset]
        total.seed += 1
        total.writes += game.writes
        total.cuts += game.cuts
        total.cpu_s += game.cpu_s
        total.differences += game.differences
        print(f"[{n}/{len(jobs)}] {game.ruleset} seed {game.seed}: {game.cuts} cuts of {game.writes} writes, "
              f"{len(game.differences)} differences, {game.cpu_s:.1f} CPU-s", flush=True)
        for line in game.differences:
            print("  " + line, flush=True)
    print(f"\n{'rule set':<10} {'games':>6} {'writes':>8} {'cuts':>7} {'differences':>12} {'CPU-s':>8}")
    for r, t in totals.items():
        print(f"{r:<10} {t.seed + 1:>6} {t.writes:>8} {t.cuts:>7} {len(t.differences):>12} {t.cpu_s:>8.0f}")
    print(f"wall {time.monotonic() - wall:.0f} s, {os.cpu_count()} cores, --jobs {args.jobs}")
    return 1 if any(t.differences for t in totals.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
