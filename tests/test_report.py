"""Reports: the files, their numbers and bases, the DuckDB views, bad input, and the commands end to end."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from arena.report.write import write_report
from engine import events as ev
from evals.facts import load_facts
from evals.summary import summarise
from evals.views import install_views
from evals.votes import VoteEvaluator
from tests.evals_fixture import LABELS, _events, write_tiny
from tests.test_tournament import FILE
from transcripts.records import GameHeader, SeatRecord
from transcripts.store import open_db
from transcripts.writer import TranscriptWriter

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("report") / "tiny.duckdb"
    write_tiny(db).close()
    return db


def _write(db: Path, out: Path, lang: str = "en") -> tuple[str, str]:
    html_path, md_path = write_report(db, out, resamples=20, rating_resamples=10, lang=lang)  # type: ignore[arg-type]
    return md_path.read_text(encoding="utf-8"), html_path.read_text(encoding="utf-8")


def test_the_report_shows_every_section_per_side_and_rule_set_with_its_basis(tiny: Path, tmp_path: Path) -> None:
    md, html = _write(tiny, tmp_path / "out")
    for title in ("Leaderboard: rating differences", "Side terms", "Win rates by side", "Inference", "Calibration",
                  "Deception", "Peers", "Play quality", "Cost", "Glossary of metrics", "Provenance"):
        assert title in md and title in html
    assert "2 games (1 finished), 2 distinct" in md
    # per rule set and side, pooled rows beside: value, clustered interval, basis, games
    assert "| vote_precision | A | tiny | white | 0.333 | [0.000, 0.500] | 3 votes | 2 |" in md
    assert "| vote_precision | A | tiny | all | 0.667 | [0.500, 0.750] | 6 votes | 2 |" in md
    assert "| vote_precision | A | all | all | 0.667 |" in md
    assert "| belief_gap | B | tiny | witch | seen by A | 1.333 |" in md
    assert "No belief reports from: B" in md  # B's seats never reported: absent, not zero
    assert "| brier | B |" not in md
    assert "Wilson 95%" not in md and "Reference model: A" in md
    # each model's win rate minus the reference's, per side, paired by game
    assert "Win rate minus the reference model's" in md and "| B | tiny | white | 0.000 |" in md
    assert "| B | all | all | 0.000 |" in md


def test_the_page_says_its_provenance_glossary_and_what_has_no_interval(tiny: Path, tmp_path: Path) -> None:
    md, html = _write(tiny, tmp_path / "out")
    with duckdb.connect(str(tiny), read_only=True) as con:
        (commit,) = con.execute("SELECT DISTINCT git_commit FROM games").fetchone()  # type: ignore[misc]
    assert f"| code that played the games | {commit} |" in md
    assert "| bootstrap resamples | 20 |" in md and "| game seeds (1) | 0 |" in md
    assert "votes v2" in md and "deception v2" in md and "peers v1" in md
    assert re.search(r"\| vote_belief_consistency \| vote_belief_consistency \| per ballot after a belief report: "
                     r"1/k .* \| higher \| votes v2 \| ours \|", md)
    assert "| irp | irp | IRP (Kaggle)" in md and "Kaggle Game Arena Werewolf" in md
    # a rate with no event in its basis: "—" and its N, never [0.000, 0.000]
    assert "| first_day_hit_rate | A | tiny | white | 0.000 | — (none of 2) | 2 votes | 2 |" in md
    assert "[0.000, 0.000]" not in md
    # four figures, inline, nothing fetched: the differences, win rates, calibration, cost
    assert html.count("<svg") == 4 and "http" not in html.split("<svg")[0]
    assert "Win rate per model and side" in html and "forecasts" in html
    # calibration per bin: its mean forecast, observed frequency, interval and how many forecasts
    assert "| A | tiny | all | [0.5, 0.6) | 0.500 | 0.500 | — | 4 | 1 |" in md


def _english_sentences(text: str, ids: set[str]) -> list[str]:
    """Runs of two or more English words left once ids, names and citations are taken out."""
    text = re.sub(r"<(style|metadata)[^>]*>.*?</\1>", " ", text, flags=re.S)  # what no reader sees
    text = re.sub(r"<svg.*?</svg>", lambda m: " ".join(re.findall(r">([^<>]+)<", m.group(0))), text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    proper = ("Kaggle Game Arena Werewolf", "kaggle-environments", "kaggle_environments/envs/werewolf/eval",
              "loaders.py", "metrics.py", "OpenSkill", "Plackett-Luce", "Elo", "Brier", "AUROC", "IRP", "VSS",
              "KSR", "DuckDB", "SQL", "README", "report.html")
    for known in sorted({*ids, *proper}, key=len, reverse=True):
        text = re.sub(rf"(?<![A-Za-z0-9_]){re.escape(known)}(?![A-Za-z0-9_])", " ", text)
    return re.findall(r"[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,})+", text)


def test_a_chinese_report_shows_no_english_sentence(tiny: Path, tmp_path: Path) -> None:
    md, html = _write(tiny, tmp_path / "zh", lang="zh")
    with open_db(tiny, create=False) as con:
        views = {name for (name,) in con.execute("SELECT view_name FROM duckdb_views() WHERE NOT internal").fetchall()}
    from evals.registry import evaluators

    ids = {m.name for e in evaluators() for m in e.metrics} | {e.name for e in evaluators()} | set(LABELS.values())
    ids |= views | {"tiny", "tiny.duckdb", "v_seat_labels"}
    assert "版杀竞技场评测报告" in md and "指标释义" in md and "各阵营胜率" in html
    assert _english_sentences(md, ids) == [] and _english_sentences(html, ids) == []
    assert _english_sentences("the top point is clipped", ids)  # the check would see one


def test_bad_input_still_renders_and_says_what_is_missing(tmp_path: Path) -> None:
    empty = tmp_path / "empty.duckdb"
    open_db(empty, create=True).close()
    md, html = _write(empty, tmp_path / "e")
    assert "No games in the database" in md and "0 games (0 finished), 0 distinct" in md and "No data." in html
    cut = tmp_path / "cut.duckdb"
    with TranscriptWriter(cut) as writer:
        events = _events()[:12]
        gid = writer.begin_game(GameHeader.from_events(events, [{"seat": 1, "kind": "scripted", "label": "A"}]), "c")
        writer.append(gid, events)
    md, _ = _write(cut, tmp_path / "c", lang="zh")
    assert "没有已结束的对局" in md and "没有可评分的已结束对局" in md


def test_byte_identical_games_count_once(tmp_path: Path) -> None:
    """Two labels of one deterministic bot in rotations that deal them the same seats: one game."""
    db = tmp_path / "twins.duckdb"
    events = _events()
    with TranscriptWriter(db) as writer:
        for gid, labels in (("r0", "AB"), ("r1", "BA")):
            configs = [{"seat": s, "kind": "scripted", "label": labels[(s - 1) % 2]} for s in range(1, 5)]
            writer.begin_game(GameHeader.from_events(events, configs), gid)
            writer.append(gid, events)
            faction = {1: "white", 2: "white", 3: "black", 4: "witch"}
            writer.finish(gid, ["white"], 2, [SeatRecord(s, role=f, faction=f, player=configs[s - 1])
                                             for s, f in faction.items()])
    with open_db(db, create=False) as con:
        games = load_facts(con)
    assert games[0].fingerprint == games[1].fingerprint and games[0].cluster == games[1].cluster
    row = next(r for r in summarise([VoteEvaluator()], games, resamples=10)
               if r.metric == "vote_precision" and r.label == "A" and r.ruleset == "*")
    assert row.games == 1 and row.n == 6  # both copies' ballots (4 + 2), one cluster
    md, _ = _write(db, tmp_path / "t")
    assert "2 games (2 finished), 1 distinct" in md and "1 games are byte-identical to another" in md


def test_the_views_give_the_evaluators_numbers(tiny: Path) -> None:
    with duckdb.connect(str(tiny)) as con:
        install_views(con)
        precision = dict(con.execute("SELECT label, precision FROM v_vote_precision WHERE side = '*'").fetchall())
        wins = con.execute("SELECT label, side, win_rate FROM v_win_rates ORDER BY ALL").fetchall()
        inference = con.execute("SELECT label, reports, targets, brier FROM v_inference").fetchall()
        costs = con.execute("SELECT label, calls, tokens_per_game FROM v_costs").fetchall()
    with open_db(tiny, create=False) as con:
        rows = summarise([VoteEvaluator()], load_facts(con), resamples=5)
    assert precision == {r.label: r.value for r in rows if r.metric == "vote_precision" and r.side == "*"
                         and r.ruleset == "*"}
    assert wins == [("A", "*", 0.5), ("A", "black", 0.0), ("A", "white", 1.0), ("B", "*", 0.5), ("B", "white", 1.0),
                    ("B", "witch", 0.0)]
    assert inference == [("A", 2, 4, pytest.approx(0.75))]
    assert costs == [("B", 2, 180.0)]  # the belief question is not the play's cost


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
                   "--rating-resamples", "10", "--lang", "en", "--reference", "dice", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    md = (tmp_path / "rep" / "report.md").read_text(encoding="utf-8")
    assert "| bots |" in md and "| dice |" in md and "v_win_rates" in md and "Reference model: dice" in md
    assert "| OpenSkill (Plackett-Luce, with side terms) Δμ | bots |" in md and "Glossary of metrics" in md
    zh = _arena("report", "--db", "t.duckdb", "--out", "zh", "--resamples", "20", "--rating-resamples", "10",
                cwd=tmp_path)
    assert zh.returncode == 0 and "排行榜" in (tmp_path / "zh" / "report.md").read_text(encoding="utf-8")
    (tmp_path / "bad.toml").write_text(FILE.replace("games = 2", "games = -1"), encoding="utf-8")
    bad = _arena("tournament", "bad.toml", cwd=tmp_path)
    assert bad.returncode == 2 and "bad.toml: [tournament] games (line 3): must be a whole number" in bad.stderr


def test_a_unknown_event_kind_is_read_by_facts_alone() -> None:
    """Event reading stays in evals.facts: no evaluator or report module parses event JSON."""
    for path in (ROOT / "evals").glob("*.py"):
        if path.name in ("facts.py", "views.py"):
            continue
        text = path.read_text(encoding="utf-8")
        assert "json.loads" not in text and "payload" not in text, path.name
    assert ev.Announced  # the typed events issue 16 brings will be read there
