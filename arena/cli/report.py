"""``arena report``: write the database's leaderboard, scores and plots as HTML and Markdown.

The report is ``arena.report.write``'s (``write_report``, which says what each option changes); this
is its command line, which prints the files it wrote and exits 2 when the database cannot be read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from arena.cli.errors import error_console
from arena.report.write import write_report
from evals.clustered import DEFAULT_RESAMPLES
from evals.ratings import DEFAULT_RATING_RESAMPLES, RATING_BUDGET
from transcripts.errors import TranscriptError

DEFAULT_DB = "arena.duckdb"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file (default {DEFAULT_DB})")
    p.add_argument("--out", default="report", help="directory for report.html and report.md (default ./report)")
    p.add_argument("--tournament", default=None, help="only the games of this tournament (by name)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the report (default zh)")
    p.add_argument("--reference", default=None, metavar="MODEL",
                   help="the model every rating difference is taken against (default: the one in the most games)")
    p.add_argument("--cluster", choices=("game", "deal"), default="game",
                   help="the independent unit of every interval: a game (default) or a deal (all rotations of a seed)")
    p.add_argument("--resamples", type=int, default=DEFAULT_RESAMPLES,
                   help=f"bootstrap resamples for score intervals (default {DEFAULT_RESAMPLES})")
    p.add_argument("--rating-resamples", type=int, default=None,
                   help=f"bootstrap resamples for rating intervals (default {DEFAULT_RATING_RESAMPLES}, fewer past "
                        f"{int(RATING_BUDGET / 1.5) // DEFAULT_RATING_RESAMPLES} games: each re-rates every game, "
                        "~1 ms a game; half as many order-only permutations come on top)")
    p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap resamples (default 0)")
    p.add_argument("--no-views", action="store_true", help="do not install the DuckDB views into --db")


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    try:
        written = write_report(Path(args.db), Path(args.out), tournament=args.tournament, views=not args.no_views,
                               resamples=args.resamples, rating_resamples=args.rating_resamples, lang=args.lang,
                               reference=args.reference, cluster=args.cluster, seed=args.seed)
    except TranscriptError as exc:
        error_console().print(f"[bold red]error:[/] {escape(str(exc))}")
        return 2
    for path in written:
        console.print(f"wrote {path}")
    return 0
