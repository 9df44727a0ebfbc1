"""Reports: the files, their numbers and bases, the DuckDB views, and the commands end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from arena.report import write_report
from evals.facts import load_facts
from evals.summary import summarise
from evals.views import install_views
from evals.votes import VoteEvaluator
from tests.evals_fixture import write_tiny
from tests.test_tournament import FILE
from transcripts.store import open_db

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("report") / "tiny.duckdb"
    write_tiny(db).close()
    return db


def test_the_report_shows_every_section_with_its_basis_and_leaves_out_what_is_missing(tiny: Path, tmp_path: Path
                                                                                       ) -> None:
    html_path, md_path = write_report(tiny, tmp_path / "out", resamples=20, rating_resamples=10)
    md, html = md_path.read_text(encoding="utf-8"), html_path.read_text(encoding="utf-8")
    for title in ("Leaderboard", "Side terms", "Win rates by side", "Inference", "Deception", "Play quality", "Cost"):
        assert title in md and title in html
    assert "2 games (1 finished)" in md
    assert "| vote_precision | A | 0.667 |" in md and "6 votes | 2 |" in md  # value, basis, games
    assert "No belief reports from: B" in md  # B's seats never reported: absent, not zero
    assert "| brier | B |" not in md
    assert html.count("<svg") == 3 and "http" not in html.split("<svg")[0]  # figures inline, nothing fetched
    assert "1 finished games" in html and "forecasts" in html


def test_the_views_give_the_evaluators_numbers(tiny: Path) -> None:
    with duckdb.connect(str(tiny)) as con:
        install_views(con)
        precision = dict(con.execute("SELECT label, precision FROM v_vote_precision WHERE side = '*'").fetchall())
        wins = con.execute("SELECT label, side, win_rate FROM v_win_rates ORDER BY ALL").fetchall()
        inference = con.execute("SELECT label, reports, targets, brier FROM v_inference").fetchall()
        costs = con.execute("SELECT label, calls, tokens_per_game FROM v_costs").fetchall()
    with open_db(tiny, create=False) as con:
        rows = summarise([VoteEvaluator()], load_facts(con), resamples=5)
    assert precision == {r.label: r.value for r in rows if r.metric == "vote_precision" and r.side == "*"}
    assert wins == [("A", "*", 0.5), ("A", "black", 0.0), ("A", "white", 1.0), ("B", "*", 0.5), ("B", "white", 1.0),
                    ("B", "witch", 0.0)]
    assert inference == [("A", 2, 4, pytest.approx(0.75))]
    assert costs == [("B", 2, 180.0)]


def _arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "arena", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


def test_tournament_then_report_on_the_command_line(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_text(FILE, encoding="utf-8")
    played = _arena("tournament", "t.toml", "--db", "t.duckdb", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "2 games planned; 0 finished before, 2 played now" in played.stdout
    shown = _arena("report", "--db", "t.duckdb", "--out", "rep", "--tournament", "t", "--resamples", "20",
                   "--rating-resamples", "10", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    md = (tmp_path / "rep" / "report.md").read_text(encoding="utf-8")
    assert "| bots |" in md and "| dice |" in md and "v_win_rates" in md
    (tmp_path / "bad.toml").write_text(FILE.replace("games = 2", "games = -1"), encoding="utf-8")
    bad = _arena("tournament", "bad.toml", cwd=tmp_path)
    assert bad.returncode == 2 and "bad.toml: [tournament] games (line 3): must be a whole number" in bad.stderr
