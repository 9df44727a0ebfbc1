"""The claims ledger: claims read from the seed's vocabulary, judged by the god state, stored, scored."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import duckdb
import pytest

from agents.llm.claim_field import claims_property, read_declared
from arena.cli import main
from arena.report.write import write_report
from evals.claims.extract import Claim, extract
from evals.claims.ledger import ensure, ledger, load
from evals.claims.vocab import vocab
from transcripts.reader import latest_game_id, load_events

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))


@pytest.mark.parametrize(("ruleset", "text", "expected"), [
    ("umineko32", "蓝字：我是侦探。【查验】3号=黑，7号=白。", [("role", "detective"), ("check", 3, "黑"), ("check", 7, "白")]),
    ("umineko32", "我是观剧。【试镜】3号与9号=异。", [("role", "theatergoer"), ("audition", 3, 9, "异")]),
    ("umineko32", "查杀4号，5号是我的金水", [("check", 4, "黑"), ("check", 5, "白")]),
    ("umineko32", "I am the detective.", [("role", "detective")]),
    ("umineko32", "昨晚我查了5号", [("alibi", 5, "查", 1)]),
    ("suitang21", "跳预言家，【预言家】查验 3号：非村民阵营", [("role", "seer"), ("check", 3, "非村民阵营")]),
    ("qijian24", "我是刘郁芳，查验5号是秃狮", [("role", "mage"), ("check", 5, "秃狮")]),
    # mentions, not claims
    ("umineko32", "蓝字：我怀疑7号，被侦探查出是黑。", []),
    ("umineko32", "如果我是侦探我会查5号", []),
    ("umineko32", "我不是侦探", []),
    ("suitang21", "希望预言家尽快报验人结果。", []),
    ("umineko32", "【查验】99号=黑", []),
])
def test_the_vocabulary_reads_claims_and_not_mentions(ruleset: str, text: str, expected: list[tuple[object, ...]]) -> None:
    found = extract(text, vocab(ruleset), 21, day=2)
    shown = [(c.kind, *(x for x in (c.role if c.kind == "role" else None, c.target, c.other, c.result, c.night)
                        if x is not None)) for c in found]
    assert shown == expected


def test_declared_claims_are_read_and_malformed_ones_dropped() -> None:
    v = vocab("umineko32")
    args = json.dumps({"text": "……", "claims": [{"kind": "role", "role": "侦探"},
                                                 {"kind": "check", "target": 7, "result": "黑"},
                                                 {"kind": "nonsense"}, "x"]}, ensure_ascii=False)
    assert read_declared(args, v) == [Claim("role", role="detective"),
                                      Claim("check", role="detective", target=7, result="黑")]
    assert read_declared("{not json", v) == []
    schema = claims_property("zh")
    assert schema["type"] == "array" and schema["items"]["required"] == ["kind"]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("claims") / "arena.duckdb"
    for seed in (1, 2, 3):
        assert main(["play", "--players", "scripted", "--seed", str(seed), "--db", str(path), "--show", "none"]) == 0
    return path


def test_truth_comes_from_the_god_state(db: Path) -> None:
    gid = latest_game_id(db)
    events = load_events(db, gid)
    rows = ledger("umineko32", events)
    factions = {e.seat: e.faction for e in events if e.kind == "role_dealt"}
    checks = [r for r in rows if r.kind == "check"]
    assert checks and all(r.truth is not None for r in checks)
    for r in checks:  # a result claim is true when it says the target's colour
        assert r.truth == ((factions[r.target] == "black") == (r.result == "黑")) or r.truth_result is not None
    roles = [r for r in rows if r.kind == "role"]
    assert all(r.truth == (r.truth_role == r.role) for r in roles)
    assert any(not r.truth for r in roles if factions[r.seat] == "black")  # the killers' fake claims


def test_the_ledger_is_stored_and_the_report_shows_it_with_intervals(db: Path, tmp_path: Path) -> None:
    with duckdb.connect(str(db)) as con:
        assert ensure(con) == 3 and ensure(con) == 0  # built once per extractor version
        gid = latest_game_id(con)
        assert load(con, gid) and con.execute("SELECT count(DISTINCT game_id) FROM claims").fetchone() == (3,)
    for lang, title in (("zh", "声明：跳身份与报结果"), ("en", "Claims: role and result claims")):
        out = tmp_path / lang
        write_report(db, out, lang=lang, resamples=200, rating_resamples=20)
        text = (out / "report.md").read_text(encoding="utf-8")
        section = text[text.index(title):].split("\n## ")[0]
        assert re.search(r"fake_claim_rate.*\[\d\.\d{3}, \d\.\d{3}\]", section), section
        for metric in ("fake_claim_success", "true_claim_success", "counter_claim_resolution", "daogou_rate"):
            assert metric in section
        if lang == "zh":
            assert "假跳率" in section and "Black" not in section


def test_the_bench_prints_precision_and_recall_on_the_bots_claims(capsys: pytest.CaptureFixture[str]) -> None:
    import claims as bench

    assert bench.main(["--games", "2", "--ruleset", "umineko32", "--ruleset", "suitang21"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("umineko32") and " all " in line)
    *_, precision, recall = row.split()
    assert float(precision) >= 0.95 and float(recall) >= 0.95, out
