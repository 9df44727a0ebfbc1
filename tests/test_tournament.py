"""Tournaments: the file, the design, and scripted-bot tournaments end to end, interrupted and resumed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest

from arena.tournament.file import TournamentFileError, parse_tournament
from arena.tournament.plan import GameSpec, deal_seed, plan
from arena.tournament.play import run_tournament
from engine.events import to_json
from transcripts.beliefs import load_beliefs
from transcripts.reader import list_games, load_events, load_header
from transcripts.records import GameHeader
from transcripts.writer import TranscriptWriter

FILE = """\
[tournament]
name = "t"
games = 2
seed = 5
concurrency = 2

[[models]]
name = "bots"
player = "scripted"

[[models]]
name = "dice"
player = "random"
"""


def test_the_plan_rotates_every_model_over_every_seat_of_each_deal() -> None:
    tournament = parse_tournament(FILE.replace("games = 2", "games = 3"))
    specs = plan(tournament)
    assert len(specs) == 4  # 3 games round up to 2 whole deals of 2 rotations
    assert [s.game_id for s in specs[:2]] == ["t-umineko32-d000-r00", "t-umineko32-d000-r01"]
    for deal in (0, 1):
        games = [s for s in specs if s.deal == deal]
        assert {s.seed for s in games} == {deal_seed(5, "umineko32", deal)}
        for seat in range(18):
            assert Counter(g.configs[seat]["label"] for g in games) == {"bots": 1, "dice": 1}
    assert plan(tournament) == specs  # a pure function of the file
    assert specs[0].seed != specs[2].seed


@pytest.mark.parametrize(("text", "expected"), [
    (FILE.replace('name = "t"\n', ""), "[tournament] name"),
    (FILE.replace("games = 2", "games = 0"), "line 3"),
    (FILE.replace("games = 2", 'games = "many"'), "must be a whole number"),
    (FILE.replace('player = "random"', 'player = "llm:gpt"'), "[[models]] #2 player (line 13): unknown endpoint 'gpt'"),
    (FILE.replace('player = "random"', 'player = "wizard"'), "[[models]] #2 player (line 13): unknown player 'wizard'"),
    (FILE + "\n[extra]\n", "[extra] (line 15): unknown table"),
    (FILE.replace("seed = 5", "sed = 5"), "[tournament] sed (line 4): unknown setting"),
    (FILE.replace('name = "dice"', 'name = "bots"'), "used twice"),
    (FILE.replace("games = 2", 'games = 2\nrulesets = ["chess"]'), "unknown rule set 'chess'"),
    ("[tournament\n", "not valid TOML"),
])
def test_a_broken_file_gets_an_error_that_names_the_line_and_the_fix(text: str, expected: str) -> None:
    with pytest.raises(TournamentFileError) as err:
        parse_tournament(text, name="t.toml")
    assert expected in str(err.value) and str(err.value).startswith("t.toml: ")


def _dump(db: Path) -> dict[str, tuple[str, list[str], int]]:
    return {g.game_id: (g.status, [to_json(e) for e in load_events(db, g.game_id)], len(load_beliefs(db, g.game_id)))
            for g in list_games(db)}


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("whole") / "whole.duckdb"
    status = run_tournament(parse_tournament(FILE), db)
    assert status.planned == 2 and len(status.played) == 2 and status.finished_before == 0
    return db


def test_a_scripted_tournament_stores_every_game_with_labels_beliefs_and_its_design(whole: Path) -> None:
    games = list_games(whole)
    assert {g.status for g in games} == {"finished"} and len(games) == 2
    header = load_header(whole, "t-umineko32-d000-r01").header
    assert [c["label"] for c in header.seat_configs[:3]] == ["dice", "bots", "dice"]
    with duckdb.connect(str(whole), read_only=True) as con:
        placed = con.execute("SELECT game_id, deal, rotation FROM tournament_games ORDER BY game_id").fetchall()
        reporters = con.execute("SELECT DISTINCT seat FROM beliefs WHERE game_id = 't-umineko32-d000-r00'").fetchall()
    assert placed == [("t-umineko32-d000-r00", 0, 0), ("t-umineko32-d000-r01", 0, 1)]
    assert {s for (s,) in reporters} <= set(range(1, 19, 2))  # only scripted seats (odd in rotation 0) report


def test_an_interrupted_tournament_resumes_to_the_same_result(whole: Path, tmp_path: Path) -> None:
    db = tmp_path / "parts.duckdb"
    first = run_tournament(parse_tournament(FILE), db, limit=1)
    assert len(first.played) == 1
    again = run_tournament(parse_tournament(FILE), db)
    assert again.finished_before == 1 and len(again.played) == 1 and again.resumed == []
    assert _dump(db) == _dump(whole)
    assert run_tournament(parse_tournament(FILE), db).played == []  # finished games are not rerun


def test_a_game_cut_short_mid_way_is_taken_up_from_its_last_stored_event(whole: Path, tmp_path: Path) -> None:
    db, gid = tmp_path / "cut.duckdb", "t-umineko32-d000-r00"
    events, beliefs = load_events(whole, gid), load_beliefs(whole, gid)
    # a flush ends between engine steps: cut just before a post (the first event of a submit's batch)
    cut = next(e.seq for e in events if e.seq >= len(events) // 2 and e.kind == "posted")
    with TranscriptWriter(db) as writer:  # the state a crash leaves: a flushed prefix, status running
        configs = load_header(whole, gid).header.seat_configs
        writer.begin_game(GameHeader.from_events(events, configs), gid)
        writer.append(gid, events[:cut])
        writer.append_beliefs(gid, [b for b in beliefs if b.checkpoint < cut])
        writer.flush(gid)
    status = run_tournament(parse_tournament(FILE), db)
    assert status.resumed == [gid] and len(status.played) == 2
    assert _dump(db) == _dump(whole)


def test_a_changed_file_is_refused_rather_than_mixed_into_old_games(whole: Path) -> None:
    for changed in (FILE.replace("seed = 5", "seed = 6"), FILE.replace('name = "dice"', 'name = "dice2"')):
        with pytest.raises(TournamentFileError, match="the file changed"):
            run_tournament(parse_tournament(changed), whole)


def test_a_game_that_crashes_stops_no_other_and_is_played_by_the_next_run(
        whole: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import arena.tournament.play as tournament_module

    real = tournament_module.play_into_writer

    async def flaky(spec: GameSpec, *args: Any) -> Any:
        if spec.rotation == 0:
            raise RuntimeError("endpoint melted")
        return await real(spec, *args)

    db = tmp_path / "flaky.duckdb"
    monkeypatch.setattr(tournament_module, "play_into_writer", flaky)
    status = run_tournament(parse_tournament(FILE), db)
    assert status.played == ["t-umineko32-d000-r01"]
    assert status.failed == ["t-umineko32-d000-r00: RuntimeError: endpoint melted"]
    monkeypatch.setattr(tournament_module, "play_into_writer", real)
    assert run_tournament(parse_tournament(FILE), db).played == ["t-umineko32-d000-r00"]
    assert _dump(db) == _dump(whole)


def test_arena_play_resume_takes_up_a_cut_game_too(whole: Path, tmp_path: Path) -> None:
    from arena.cli import main

    db, gid = tmp_path / "play.duckdb", "t-umineko32-d000-r01"
    events, beliefs = load_events(whole, gid), load_beliefs(whole, gid)
    cut = next(e.seq for e in events if e.seq >= len(events) // 3 and e.kind == "posted")
    with TranscriptWriter(db) as writer:
        writer.begin_game(GameHeader.from_events(events, load_header(whole, gid).header.seat_configs), gid)
        writer.append(gid, events[:cut])
        writer.append_beliefs(gid, [b for b in beliefs if b.checkpoint < cut])
        writer.flush(gid)
    assert main(["play", "--db", str(db), "--resume", gid, "--show", "none"]) == 0
    assert load_events(db, gid) == events and load_beliefs(db, gid) == beliefs


CONTROL = FILE.replace('name = "dice"\nplayer = "random"', 'name = "bots2"\nplayer = "scripted"')


def test_a_deterministic_bot_under_two_labels_is_not_played_twice_per_deal(tmp_path: Path) -> None:
    specs = plan(parse_tournament(CONTROL.replace("games = 2", "games = 4")))
    assert [(s.game_id, s.twin_of) for s in specs] == [
        ("t-umineko32-d000-r00", None), ("t-umineko32-d000-r01", "t-umineko32-d000-r00"),
        ("t-umineko32-d001-r00", None), ("t-umineko32-d001-r01", "t-umineko32-d001-r00")]
    status = run_tournament(parse_tournament(CONTROL), tmp_path / "c.duckdb")
    assert status.played == ["t-umineko32-d000-r00"] and status.twins == ["t-umineko32-d000-r01"]
    assert [g.game_id for g in list_games(tmp_path / "c.duckdb")] == ["t-umineko32-d000-r00"]


def test_rotations_two_apart_of_four_models_are_twins_and_a_model_endpoint_never_is() -> None:
    four = FILE.replace("games = 2", "games = 4") + '\n[[models]]\nname = "bots2"\nplayer = "scripted"\n\n' \
        '[[models]]\nname = "dice2"\nplayer = "random"\n'
    twins = {s.rotation: s.twin_of for s in plan(parse_tournament(four))}
    assert twins == {0: None, 1: None, 2: "t-umineko32-d000-r00", 3: "t-umineko32-d000-r01"}
    assert all(s.twin_of is None for s in plan(parse_tournament(FILE)))  # scripted against random: all differ
