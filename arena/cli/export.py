"""``arena export``: write stored games as Parquet files (one per table) for sharing."""

from __future__ import annotations

import argparse
import sys

from transcripts.errors import TranscriptError
from transcripts.export import export_parquet


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default="arena.duckdb", help="DuckDB transcript file")
    p.add_argument("--out", default="export", help="output folder (created if missing)")
    p.add_argument("--game", action="append", default=None, help="only this game id (repeatable)")


def run(args: argparse.Namespace) -> int:
    try:
        paths = export_parquet(args.db, args.out, args.game)
    except TranscriptError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for path in paths:
        print(path)
    return 0
