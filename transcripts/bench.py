"""``python -m transcripts.bench``: how fast each way of inserting events into DuckDB runs here.

Kept with the package so the choice made in ``writer`` (one ``INSERT … SELECT unnest($n)…`` per
flush) can be re-measured on another machine or DuckDB version. Rows are shaped like a real game's,
and each batch is one transaction on a file with the real schema, as in the writer.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import duckdb

from engine.events import PUBLIC, Event, Posted
from engine.rulesets import get_ruleset
from engine.rulesets.umineko32.names import Ph
from transcripts.schema import EVENT_COLUMNS
from transcripts.store import open_db
from transcripts.writer import Row, event_row, insert_columnar

Method = Callable[[duckdb.DuckDBPyConnection, Sequence[Row]], None]
COLUMNS = ", ".join(EVENT_COLUMNS)
TEXTS = ("我觉得3号发言有问题。", "过。", "蓝字：从昨晚的结果看，刀口很奇怪。", "I think seat 5 is hiding something.")
ONE = "(" + ", ".join("?" * len(EVENT_COLUMNS)) + ")"


def executemany(con: duckdb.DuckDBPyConnection, rows: Sequence[Row]) -> None:
    """One prepared statement, executed per row."""
    con.executemany(f"INSERT INTO events ({COLUMNS}) VALUES {ONE}", [list(r) for r in rows])


def values(con: duckdb.DuckDBPyConnection, rows: Sequence[Row]) -> None:
    """One statement with a parameterised VALUES tuple per row."""
    con.execute(f"INSERT INTO events ({COLUMNS}) VALUES " + ", ".join([ONE] * len(rows)), [x for r in rows for x in r])


def unnest(con: duckdb.DuckDBPyConnection, rows: Sequence[Row]) -> None:
    """One statement, one list parameter per column (what the writer does)."""
    insert_columnar(con, "events", EVENT_COLUMNS, rows)


METHODS: dict[str, Method] = {"executemany": executemany, "values": values, "unnest": unnest}


def game_rows(games: int, posts: int = 350) -> list[Row]:
    """Event rows shaped like a stored game's: a real setup (header, deal, aliases) and ``posts`` posts.

    Built from engine events directly, so the store's benchmark imports nothing above ``engine``.
    """
    rows: list[Row] = []
    for seed in range(games):
        events: list[Event] = list(get_ruleset("umineko32").new_game(seed).events)
        rand = random.Random(seed)
        for floor in range(posts):
            text = rand.choice(TEXTS) * rand.randint(1, 4)
            events.append(Posted(seq=len(events), day=1 + floor // 100, phase=Ph.FREE, vis=PUBLIC,
                                 seat=rand.randint(1, 18), text=text, floor=floor))
        rows.extend(event_row(f"bench-{seed:04d}", e) for e in events)
    return rows


def measure(method: Method, rows: Sequence[Row], batch: int, folder: Path) -> float:
    """Rows per second inserting ``rows`` in transactions of ``batch`` rows into a fresh file."""
    con = open_db(folder / f"{method.__name__}-{batch}.duckdb", create=True)
    try:
        start = time.perf_counter()
        for i in range(0, len(rows), batch):
            con.execute("BEGIN TRANSACTION")
            method(con, rows[i:i + batch])
            con.execute("COMMIT")
        return len(rows) / (time.perf_counter() - start)
    finally:
        con.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m transcripts.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games whose events are inserted")
    parser.add_argument("--slow-rows", type=int, default=2000, help="rows given to executemany (it is slow)")
    args = parser.parse_args(argv)
    rows = game_rows(args.games)
    print(f"duckdb {duckdb.__version__}, {len(rows)} event rows from {args.games} games")
    with tempfile.TemporaryDirectory() as tmp:
        for name, method in METHODS.items():
            sample = rows[:args.slow_rows] if name == "executemany" else rows
            for batch in (10, 100, 1000, len(sample)):
                rate = measure(method, sample, batch, Path(tmp))
                print(f"{name:12s} batch {batch:6d}: {rate:9.0f} rows/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
