"""End to end: the real ``arena`` command, in a subprocess, as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[1]


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "arena", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def test_play_stores_a_game_that_replays_and_exports(tmp_path: Path) -> None:
    db = tmp_path / "games.duckdb"
    played = arena("play", "--players", "scripted", "--seed", "11", "--db", str(db), "--show", "summary", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "胜者 winners:" in played.stdout and "arena replay" in played.stdout
    game_id = duckdb.connect(str(db), read_only=True).execute("SELECT game_id FROM games").fetchone()[0]

    god = arena("replay", game_id, "--db", str(db), cwd=tmp_path)
    seat = arena("replay", game_id[:12], "--db", str(db), "--seat", "3", cwd=tmp_path)
    assert god.returncode == 0 and seat.returncode == 0, god.stderr + seat.stderr
    assert "〔判定〕" in god.stdout and "〔判定〕" not in seat.stdout
    assert len(seat.stdout.splitlines()) < len(god.stdout.splitlines())

    out = tmp_path / "parquet"
    exported = arena("export", "--db", str(db), "--out", str(out), cwd=tmp_path)
    assert exported.returncode == 0, exported.stderr
    rows = duckdb.connect().execute(f"SELECT count(*) FROM '{out / 'events.parquet'}'").fetchone()[0]
    assert rows > 100


def test_same_seed_gives_the_same_game(tmp_path: Path) -> None:
    a = arena("play", "--players", "scripted", "--seed", "5", "--no-store", "--show", "posts", cwd=tmp_path)
    b = arena("play", "--players", "scripted", "--seed", "5", "--no-store", "--show", "posts", cwd=tmp_path)
    assert a.returncode == 0 and a.stdout == b.stdout


def test_errors_say_what_to_do(tmp_path: Path) -> None:
    missing = arena("replay", "--db", str(tmp_path / "nope.duckdb"), cwd=tmp_path)
    assert missing.returncode == 2 and "arena play" in missing.stderr
    bad_flag = arena("play", "--players", "scripted", "--flag", "umineko.tie=sometimes", "--no-store",
                     cwd=tmp_path)
    assert bad_flag.returncode == 2 and "umineko.tie" in bad_flag.stderr
    bad_ruleset = arena("play", "--players", "scripted", "--ruleset", "chess", "--no-store", cwd=tmp_path)
    assert bad_ruleset.returncode == 2 and "umineko32" in bad_ruleset.stderr


def test_rules_json_lists_the_roster(tmp_path: Path) -> None:
    shown = arena("rules", "umineko32", "--json", cwd=tmp_path)
    assert shown.returncode == 0
    assert "侦探" in json.dumps(json.loads(shown.stdout), ensure_ascii=False)


def test_play_with_llm_seats_through_a_fake_endpoint_records_every_call(tmp_path: Path) -> None:
    from tests.fake_openai import FakeOpenAI

    db = tmp_path / "llm.duckdb"
    with FakeOpenAI() as fake:
        seats = tmp_path / "seats.toml"
        seats.write_text(
            f'[endpoints.fake]\nbase_url = "{fake.base_url}"\nmodel = "fake-model"\nlang = "en"\n\n'
            '[seats]\n"1-4" = "llm:fake"\n"5-18" = "scripted"\n', encoding="utf-8")
        played = arena("play", "--seed", "4", "--seats", str(seats), "--db", str(db), "--show", "none",
                       cwd=tmp_path)
        assert played.returncode == 0, played.stderr
        requests = len(fake.requests)
    con = duckdb.connect(str(db), read_only=True)
    calls, linked, seats_seen = con.execute(
        "SELECT count(*), count(event_seq), list(DISTINCT seat ORDER BY seat) FROM llm_calls").fetchone()
    assert calls == requests > 50 and linked == calls and seats_seen == [1, 2, 3, 4]
    configs = con.execute("SELECT seat_configs FROM games").fetchone()[0]
    assert "fake-model" in configs and "api_key" not in configs.replace("api_key_env", "")
    con.close()
    shown = arena("replay", "--db", str(db), "--seat", "2", "--calls", cwd=tmp_path)
    assert shown.returncode == 0 and "⤷ LLM seat 2" in shown.stdout and "LLM seat 3" not in shown.stdout
