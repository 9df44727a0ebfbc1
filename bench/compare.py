"""Before and after: ``bench/engine.py`` of a baseline tree and of this tree, side by side.

    python bench/compare.py REV_OR_DIR [--games 50] [--rounds 2] [--ruleset R ...]

The baseline is a git revision (exported to a temporary folder with ``git archive``) or a folder
holding a checkout. Each tree runs its own ``bench/engine.py`` in a fresh process, with the tree
first on ``PYTHONPATH`` (the bench drops its own folder from ``sys.path``, and an editable install
would otherwise import another checkout), so each side imports its own engine, agents and arena.

Runs are interleaved (before, after, before, after …, rule set by rule set) and repeated, since
the figures are CPU time but a shared machine still moves them (caches, frequency). The table
gives, per rule set and figure, the best games per CPU-second of the rounds on each side (as
``timeit`` takes the best: noise only ever slows a run) and their ratio (after / before; at
least 1.00 means no slower). A last line per rule set sets this tree's bot games played without
making observations (``bots, no observing``) against the baseline's bot games, whose turns carried
none: what the rest of a bot game costs beside the observations each turn now carries.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
"""This tree: the checkout this script belongs to."""
RULESETS = ("umineko32", "suitang21", "qijian24", "majiasha2")
FIGURES = {"engine only": "engine only", "+ observations": "+ observations", "with scripted bots": "with bots",
           "bots, no observing": "no observing", "with DuckDB writes": "with DuckDB"}
"""The bench's row labels, and the table's short names for them."""
LATER = frozenset({"+ observations", "bots, no observing"})
"""Figures that an older tree's bench does not print (the table shows a dash on that side)."""
ROW = re.compile(r"^(engine only|\+ observations|with scripted bots|bots, no observing|with DuckDB writes)\s+([0-9.]+)\s")

Runs = dict[str, dict[str, list[float]]]
"""Rule set → figure → games per CPU-second of each round."""


def run_bench(tree: Path, ruleset: str, games: int) -> dict[str, float]:
    """One run of ``tree``'s own ``bench/engine.py``: figure → games per CPU-second."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(tree / "bench" / "engine.py"), "--games", str(games),
                           "--ruleset", ruleset], cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree} {ruleset}: bench/engine.py failed\n{done.stderr[-2000:]}")
    found = {}
    for line in done.stdout.splitlines():
        row = ROW.match(line)
        if row:
            found[FIGURES[row.group(1)]] = float(row.group(2))
    if any(figure not in found for label, figure in FIGURES.items() if label not in LATER):
        raise SystemExit(f"{tree} {ruleset}: could not read the bench's figures from\n{done.stdout}")
    return found


@contextmanager
def baseline_tree(rev_or_dir: str) -> Iterator[Path]:
    """The baseline checkout: a folder as it is, or a git revision of this repository exported to a
    temporary folder (removed afterwards)."""
    given = Path(rev_or_dir)
    if given.is_dir():
        yield given.resolve()
        return
    archive = subprocess.run(["git", "-C", str(HERE), "archive", "--format=tar", rev_or_dir],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"{rev_or_dir}: neither a folder nor a revision of this repository\n"
                         f"{archive.stderr.decode(errors='replace')}")
    with tempfile.TemporaryDirectory(prefix="bench-base-") as tmp:
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp)


def measure(base: Path, rulesets: list[str], games: int, rounds: int) -> tuple[Runs, Runs]:
    """Every run, interleaved: for each round and rule set, the baseline then this tree."""
    before: Runs = {r: {f: [] for f in FIGURES.values()} for r in rulesets}
    after: Runs = {r: {f: [] for f in FIGURES.values()} for r in rulesets}
    for n in range(rounds):
        for ruleset in rulesets:
            for side, tree in ((before, base), (after, HERE)):
                for figure, value in run_bench(tree, ruleset, games).items():
                    side[ruleset][figure].append(value)
            print(f"round {n + 1}/{rounds} {ruleset}: done", file=sys.stderr, flush=True)
    return before, after


def table(before: Runs, after: Runs) -> str:
    """Per rule set and figure: the best of the rounds on each side, every round, and the ratio."""
    lines = [f"{'rule set':<10} {'figure':<14} {'before':>8} {'after':>8} {'ratio':>6}   rounds (before | after)"]
    for ruleset, figures in before.items():
        for figure, was in figures.items():
            now = after[ruleset][figure]
            rounds = f"{' '.join(f'{v:.1f}' for v in was)} | {' '.join(f'{v:.1f}' for v in now)}"
            best_was, best_now = _best(was), _best(now)
            ratio = f"{max(now) / max(was):.2f}" if was and now else "—"
            lines.append(f"{ruleset:<10} {figure:<14} {best_was:>8} {best_now:>8} {ratio:>6}   {rounds}")
    for ruleset, figures in before.items():
        was, now = figures["with bots"], after[ruleset]["no observing"]
        if was and now:
            lines.append(f"{ruleset}: bot games without the observations (after) against bot games before, whose "
                         f"turns carried none: {max(now):.1f} / {max(was):.1f} = {max(now) / max(was):.2f}")
    return "\n".join(lines)


def _best(runs: list[float]) -> str:
    """The best of the rounds, or a dash for a figure that side's bench does not print."""
    return f"{max(runs):.1f}" if runs else "—"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("baseline", help="a git revision of this repository, or a folder holding a checkout")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--ruleset", action="append", choices=RULESETS, help="repeatable; default: all four")
    args = p.parse_args(argv)
    rulesets = args.ruleset or list(RULESETS)
    with baseline_tree(args.baseline) as base:
        before, after = measure(base, rulesets, args.games, args.rounds)
    print(f"bench/engine.py --games {args.games}, games per CPU-second, best of {args.rounds} interleaved rounds; "
          f"before: {args.baseline}, after: this tree")
    print(table(before, after))
    return 0


if __name__ == "__main__":
    sys.exit(main())
