"""``arena tournament FILE.toml``: play a tournament file's games, resumably, and say what was done.

The playing is ``arena.tournament.play``'s (``run_tournament``); this is its command line, which
prints what the run found and did and exits 1 when a game failed (it stays unfinished in the
database, for the next run) and 2 when the file, the database or a rule set is wrong.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from arena.cli.errors import error_console
from arena.tournament.file import TournamentFileError, load_tournament
from arena.tournament.play import run_tournament
from engine.errors import EngineError
from transcripts.errors import TranscriptError

DEFAULT_DB = "arena.duckdb"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE.toml", help="the tournament file (see arena/tournament/file.py, README)")
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file (default {DEFAULT_DB})")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="local: games in this process; ray: games as Ray tasks (needs the [ray] extra)")
    p.add_argument("--ray-address", default=None,
                   help="a running Ray cluster to join (default: start a local Ray instance)")
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help="play at most N games in this run (the rest stay for the next run)")


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    err = error_console()
    try:
        tournament = load_tournament(args.file)
        status = run_tournament(tournament, Path(args.db), backend=args.backend, limit=args.limit,
                                ray_address=args.ray_address, console=console)
    except (TournamentFileError, TranscriptError, EngineError, ValueError) as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False)
        return 2
    left = status.planned - len(status.twins) - status.finished_before - len(status.played)
    console.print(f"{tournament.name}: {status.planned} games planned; {status.finished_before} finished before, "
                  f"{len(status.played)} played now ({len(status.resumed)} resumed), {left} left. "
                  f"See the results with: arena report --db {args.db}")
    if status.twins:
        console.print(f"{len(status.twins)} planned games not played: each would repeat an earlier game byte for "
                      "byte (deterministic players at the same seats of the same deal).")
    for failure in status.failed:
        err.print(f"[bold red]failed:[/] {escape(failure)}", highlight=False)
    if status.failed:
        err.print("the failed games stay unfinished in the database: run the tournament again to take them up")
    return 1 if status.failed else 0
