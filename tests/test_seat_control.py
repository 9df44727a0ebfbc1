"""Transcript schema version 2's ``seat_control``: hand-overs of human seats, on record (issue 7).

A hand-over is written at once (a crash after it keeps it), read back in order, exported with the
other tables, and a version-1 file gains the table by ``python -m transcripts.migrate``.
"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from transcripts import GameHeader, TranscriptError, TranscriptWriter, migrate_db, open_db
from transcripts.reader import load_control
from transcripts.schema import SCHEMA_VERSION


def test_hand_overs_are_written_at_once_and_read_back_in_order(tmp_path: Path) -> None:
    db = tmp_path / "c.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader(ruleset="umineko32", ruleset_version="1.0", seed=1))
        writer.record_control(gid, 3, 10, "bot", "the player left")
        writer.record_control(gid, 3, 42, "human", "the player came back")
        with writer.cursor() as con:  # no flush needed: already in the file
            rows = load_control(con, gid)
        with pytest.raises(TranscriptError, match="not open in this writer"):
            writer.record_control("other", 1, 0, "bot", "x")
    assert [(r.seat, r.at_seq, r.controller, r.reason) for r in rows] == [
        (3, 10, "bot", "the player left"), (3, 42, "human", "the player came back")]
    assert load_control(db, gid) == rows


def test_a_hand_over_reached_again_by_a_resumed_game_is_not_written_twice(tmp_path: Path) -> None:
    """A resumed game replays its stored part, and an LLM seat's cap is reached there again at the
    same event: the hand-over on record stands once. A different one (another seat, point, controller
    or reason) is a new row."""
    db = tmp_path / "c.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader(ruleset="umineko32", ruleset_version="1.0", seed=1))
        for _ in range(2):
            writer.record_control(gid, 5, 120, "bot", "cap: max_tokens reached")
        writer.record_control(gid, 5, 121, "bot", "cap: max_tokens reached")
        writer.record_control(gid, 6, 120, "bot", "cap: max_tokens reached")
    assert [(r.seat, r.at_seq) for r in load_control(db, gid)] == [(5, 120), (5, 121), (6, 120)]


def test_a_version_1_file_gains_seat_control_by_migration(tmp_path: Path) -> None:
    db = tmp_path / "v1.duckdb"
    open_db(db, create=True).close()
    with duckdb.connect(str(db)) as con:  # make it look like a file written before version 2
        con.execute("DROP TABLE seat_control")
        con.execute("UPDATE meta SET schema_version = 1")
    with pytest.raises(TranscriptError, match=r"python -m transcripts\.migrate"):
        open_db(db, create=False)
    assert migrate_db(db) == (1, SCHEMA_VERSION)
    with open_db(db, create=False) as con:
        assert con.execute("SELECT count(*) FROM seat_control").fetchone() == (0,)
