"""The transcript store: round trips, flush boundaries, concurrency, crashes, locks, versions, export.

Decisions are drawn from (seed, log length, attempt), so a game's next move is a function of its
stored log: a game cut short and resumed from the database must reach the same end.
Run as a script, this file is also the helper process of the crash and lock tests.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import duckdb
import pytest

from agents.random_legal import random_action
from engine.errors import IllegalAction
from engine.events import Event, to_json
from engine.game import Game
from engine.rulesets import get_ruleset
from transcripts import (
    SCHEMA_VERSION,
    CallRecord,
    GameHeader,
    RulesetVersionWarning,
    TranscriptError,
    TranscriptWriter,
    export_parquet,
    final_seats,
    latest_game_id,
    list_games,
    load_events,
    load_header,
    load_seats,
    migrate_db,
    open_db,
    replay_game,
)
from transcripts.schema import TABLES

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = [{"kind": "random", "api_key": "sk-secret"} for _ in range(18)]


def step(game: Game, seed: int) -> list[Event]:
    """One whole engine step (a submit, or an advance when nobody may act); returns its events."""
    pending = game.pending()
    if not pending:
        return game.advance()
    for attempt in range(50):
        rand = random.Random(f"{seed}:{len(game.events)}:{attempt}")
        seat = rand.choice(sorted(pending))
        try:
            return game.submit(random_action(rand, seat, pending[seat]))
        except IllegalAction:
            continue
    raise AssertionError(f"no legal random action after 50 tries at seq {len(game.events)}")


def play(seed: int, steps: int | None = None) -> Game:
    """A game of random decisions, to its end or for ``steps`` steps."""
    game = get_ruleset("umineko32").new_game(seed)
    done = 0
    while not game.over and (steps is None or done < steps):
        step(game, seed)
        done += 1
    return game


def record(writer: TranscriptWriter, seed: int, game_id: str | None = None, flush_every: int = 1) -> tuple[str, Game]:
    """Play a game into ``writer``, flushing after every ``flush_every`` steps."""
    game = get_ruleset("umineko32").new_game(seed)
    gid = writer.begin_game(GameHeader.from_events(game.events, CONFIGS), game_id)
    writer.append(gid, game.events)
    done = 0
    while not game.over:
        writer.append(gid, step(game, seed))
        done += 1
        if done % flush_every == 0:
            writer.flush(gid)
    writer.finish(gid, game.winners, game.state.day, final_seats(game.events, CONFIGS))
    return gid, game


def test_round_trip_events_state_seats_and_header(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    with TranscriptWriter(db) as writer:
        gid, game = record(writer, seed=3, flush_every=4)
    events = load_events(db, gid)
    assert events == game.events
    with duckdb.connect(str(db), read_only=True) as con:  # stored byte for byte as the engine writes it
        payloads = [p for (p,) in con.execute("SELECT payload FROM events WHERE game_id = ? ORDER BY seq", [gid]).fetchall()]
    assert payloads == [to_json(e) for e in game.events]
    assert replay_game(db, gid).state == game.state
    row = load_header(db, gid)
    assert (row.status, row.winners, row.days, row.events) == ("finished", game.winners, game.state.day, len(events))
    assert (row.header.ruleset, row.header.seed, row.header.flags) == ("umineko32", 3, game.state.flags)
    seats = load_seats(db, gid)
    assert [s.seat for s in seats] == list(range(1, 19))
    assert all(s.alias and s.role and s.faction for s in seats)
    assert seats[0].player == {"kind": "random", "api_key": "***"}  # secrets never reach the file
    assert "sk-secret" not in db.read_bytes().decode("latin-1")


def test_flush_writes_whole_batches_only(tmp_path: Path) -> None:
    game = get_ruleset("umineko32").new_game(5)
    with TranscriptWriter(tmp_path / "f.duckdb") as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events), game_id="g1")
        other = writer.begin_game(GameHeader.from_events(game.events), game_id="g2")
        con = writer.cursor()

        def stored(g: str) -> int:
            return int(con.execute("SELECT count(*) FROM events WHERE game_id = ?", [g]).fetchone()[0])  # type: ignore[index]

        writer.append(gid, game.events)
        assert stored(gid) == 0  # append only buffers
        assert writer.flush(other) == 0 and stored(gid) == 0  # another game's flush leaves this one
        assert writer.flush(gid) == len(game.events) and stored(gid) == len(game.events)
        batch = step(game, 5)
        writer.append(gid, batch)
        assert stored(gid) == len(game.events) - len(batch)
        assert writer.flush() == len(batch) and stored(gid) == len(game.events)
        with pytest.raises(TranscriptError, match="expected event seq"):
            writer.append(gid, batch)  # a batch appended twice is refused, not stored twice
        with pytest.raises(TranscriptError, match="not open in this writer"):
            writer.append("nope", [])
        writer.append_calls(gid, [CallRecord(call_id=0, seat=1, messages=[{"role": "user", "content": "你好"}], latency_ms=5)])
        writer.flush()
        assert con.execute("SELECT messages->>'$[0].content' FROM llm_calls").fetchone() == ("你好",)
        con.close()


def test_two_games_from_threads_through_one_writer(tmp_path: Path) -> None:
    db = tmp_path / "t.duckdb"
    results: dict[int, tuple[str, Game]] = {}
    barrier = threading.Barrier(2)

    def run(seed: int) -> None:
        barrier.wait()
        results[seed] = record(writer, seed, flush_every=2 + seed % 3)

    with TranscriptWriter(db) as writer:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in (11, 12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert len(results) == 2
    for gid, game in results.values():
        assert load_events(db, gid) == game.events
    assert {g.status for g in list_games(db)} == {"finished"}


def test_crash_keeps_a_consistent_prefix_and_resumes_to_the_same_end(tmp_path: Path) -> None:
    db, seed, steps = tmp_path / "c.duckdb", 21, 40
    proc = _helper("crash", db, str(seed), str(steps))
    assert proc.returncode == 0, proc.stderr
    stored = load_events(db, "crash")
    cut = play(seed, steps)
    assert stored == cut.events  # the flushed steps, not the unflushed last one
    assert load_header(db, "crash").status == "running"
    game = replay_game(db, "crash")
    assert game.state == cut.state and game.pending() == cut.pending()
    with TranscriptWriter(db) as writer:
        assert writer.resume("crash") == len(stored)
        for done in range(10**6):
            if game.over:
                break
            writer.append("crash", step(game, seed))
            if done % 5 == 4:
                writer.flush()
        writer.finish("crash", game.winners, game.state.day, final_seats(game.events))
    assert load_events(db, "crash") == play(seed).events


def test_a_second_writing_process_gets_a_clear_lock_error(tmp_path: Path) -> None:
    db = tmp_path / "l.duckdb"
    with TranscriptWriter(db):
        proc = _helper("lock", db)
    assert proc.returncode == 3, proc.stderr
    writer_msg, reader_msg = proc.stdout.strip().split("\n")
    for msg in (writer_msg, reader_msg):
        assert str(db) in msg and f"locked by process {os.getpid()}" in msg and "one process" in msg


def test_schema_version_mismatch_says_what_and_what_to_do(tmp_path: Path) -> None:
    db = tmp_path / "v.duckdb"
    open_db(db, create=True).close()
    for found, hint in ((99, "upgrade the package"), (0, "no migration from version 0")):
        with duckdb.connect(str(db)) as con:
            con.execute("UPDATE meta SET schema_version = ?", [found])
        for create in (True, False):
            with pytest.raises(TranscriptError) as err:
                open_db(db, create=create)
            text = str(err.value)
            assert f"schema version {found}" in text and f"expects version {SCHEMA_VERSION}" in text and hint in text
            assert "arena export" in text
    # the hook: a registered step upgrades the file, after which it opens
    def step(version: int) -> Callable[[duckdb.DuckDBPyConnection], None]:
        return lambda con: con.execute(f"CREATE TABLE marker_{version} (game_id TEXT)") and None

    assert migrate_db(db, {v: step(v) for v in range(SCHEMA_VERSION)}) == (0, SCHEMA_VERSION)
    open_db(db, create=False).close()


def test_missing_or_foreign_file_gives_a_helpful_error(tmp_path: Path) -> None:
    missing = tmp_path / "none.duckdb"
    for call in (lambda: open_db(missing, create=False), lambda: list_games(missing)):
        with pytest.raises(TranscriptError, match="arena play") as err:
            call()
        assert str(missing) in str(err.value)
    assert not missing.exists()  # reading never creates it
    foreign = tmp_path / "other.duckdb"
    with duckdb.connect(str(foreign)) as con:
        con.execute("CREATE TABLE t (x INT)")
    with pytest.raises(TranscriptError, match="not a Bansha Arena transcript"):
        open_db(foreign, create=True)


def test_prefixes_ruleset_versions_and_parquet_export(tmp_path: Path) -> None:
    db = tmp_path / "e.duckdb"
    with TranscriptWriter(db) as writer:
        ids = [record(writer, seed, game_id=f"2026-x{seed}", flush_every=25)[0] for seed in (31, 32)]
        gid = writer.begin_game(GameHeader(ruleset="umineko32", ruleset_version="1.0", seed=0), game_id="2026-y")
        writer.abort(gid)
    assert latest_game_id(db, status="finished") in ids
    assert load_header(db, "2026-x31").game_id == "2026-x31"
    with pytest.raises(TranscriptError, match=r"ambiguous.*2026-x3"):
        load_events(db, "2026-x")
    with pytest.raises(TranscriptError, match=r"no game 'zz'.*latest are"):
        load_events(db, "zz")
    assert [g.status for g in list_games(db, status="aborted")] == ["aborted"]

    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE games SET ruleset_version = '0.9' WHERE game_id = '2026-x31'")
    with pytest.raises(TranscriptError, match=r"version 0\.9"):
        replay_game(db, "2026-x31")
    with pytest.warns(RulesetVersionWarning):
        assert replay_game(db, "2026-x31", strict_version=False).over

    files = export_parquet(db, tmp_path / "out")
    assert [f.name for f in files] == [f"{table}.parquet" for table in TABLES]
    con = duckdb.connect()
    counts = {f.stem: con.execute(f"SELECT count(*) FROM read_parquet('{f}')").fetchall()[0][0] for f in files}
    total = sum(len(load_events(db, g)) for g in ids)
    assert counts == {"games": 3, "seats": 36, "events": total, "llm_calls": 0, "beliefs": 0, "tournament_games": 0,
                      "seat_control": 0, "fork_edits": 0, "claims": 0, "persuasion_votes": 0,
                      "bot_guesses": 0, "answers": 0, "persuasion_beliefs": 0}
    subset = export_parquet(db, tmp_path / "one", game_ids=["2026-x32"])
    payload = con.execute(f"SELECT payload FROM read_parquet('{subset[2]}') ORDER BY seq").fetchall()
    assert len(payload) == len(load_events(db, "2026-x32"))


def _helper(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run this file as a separate process (the crash and lock tests need one)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, __file__, *map(str, args)], capture_output=True, text=True, env=env, timeout=60)


def _main(argv: list[str]) -> int:
    if argv[0] == "crash":  # record `steps` flushed steps, buffer one more, die without flushing it
        db, seed, steps = argv[1], int(argv[2]), int(argv[3])
        writer = TranscriptWriter(db)
        game = get_ruleset("umineko32").new_game(seed)
        writer.begin_game(GameHeader.from_events(game.events), game_id="crash")
        writer.append("crash", game.events)
        for _ in range(steps):
            writer.append("crash", step(game, seed))
            writer.flush()
        writer.append("crash", step(game, seed))
        os._exit(0)
    if argv[0] == "lock":  # try to write, then to read, a file another process writes
        for opener in (lambda: TranscriptWriter(argv[1]), lambda: list_games(argv[1])):
            try:
                opener()
            except TranscriptError as exc:
                print(exc)
        return 3
    return 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
