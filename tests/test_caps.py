"""Money and budgets through the real CLI: costs per call from the profile's prices, a cap that hands an
endpoint's seats to its declared stand-in bot (on record in seat_control, counted in the report), and
the cost per model in ``arena replay`` and ``v_costs``."""

from __future__ import annotations

from pathlib import Path

import duckdb

from tests.fake_openai import FakeOpenAI
from tests.providers import DeepSeek
from tests.test_cli_e2e import arena

SEAT_FILE = """
[endpoints.ds]
base_url = "{url}"
model = "deepseek-chat"
profile = "deepseek"
api_key_env = ""
lang = "en"
max_concurrency = 9
caps = {{max_tokens = {cap}, stand_in = "scripted"}}

[endpoints.free]
base_url = "{url}"
model = "local"
api_key_env = ""
lang = "en"

[seats]
"1-5" = "llm:ds"
"6-9" = "llm:free"
"""


def test_a_cap_hands_the_endpoints_seats_to_its_stand_in_and_the_record_says_why(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    with FakeOpenAI(provider=DeepSeek()) as fake:
        seats = tmp_path / "seats.toml"
        seats.write_text(SEAT_FILE.format(url=fake.base_url, cap=120_000), encoding="utf-8")
        done = arena("play", "--ruleset", "majiasha2", "--size", "9", "--seed", "2", "--seats", str(seats),
                     "--db", str(db), "--show", "none", "--beliefs-at", "never", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    con = duckdb.connect(str(db), read_only=True)
    try:
        handed = con.execute("SELECT seat, at_seq, controller, reason FROM seat_control ORDER BY change").fetchall()
        assert handed and {s for s, *_ in handed} <= {1, 2, 3, 4, 5}  # the capped endpoint's seats that still acted
        assert all(c == "bot:scripted" and r.startswith("cap: max_tokens 120,000 per game") for _, _, c, r in handed)
        for seat, at, _, _ in handed:  # no model call for that seat after the hand-over
            later = con.execute("SELECT count(*) FROM llm_calls WHERE seat = ? AND event_seq > ?", [seat, at]).fetchone()
            assert later is not None and later[0] == 0
        costs = con.execute("SELECT seat, cost_usd, prices->>'$.source', reasoning FROM llm_calls WHERE error IS NULL"
                            ).fetchall()
        assert all((c is not None and c > 0 and src.startswith("profile deepseek") and why) if s <= 5
                   else (c is None) for s, c, src, why in costs)
        spent = con.execute("SELECT sum(coalesce(tokens_in_reported, tokens_in) + coalesce(tokens_out_reported, "
                            "tokens_out)) FROM llm_calls WHERE seat <= 5").fetchone()
        assert spent is not None and spent[0] >= 120_000
        status = con.execute("SELECT status FROM games").fetchone()
        assert status == ("finished",)
    finally:
        con.close()
    replay = arena("replay", "--db", str(db), "--lang", "en", cwd=tmp_path)
    assert replay.returncode == 0 and "# cost · deepseek-chat:" in replay.stdout and "$" in replay.stdout
    zh = arena("replay", "--db", str(db), cwd=tmp_path)
    assert zh.returncode == 0 and "# 费用 · deepseek-chat：" in zh.stdout
    calls = arena("replay", "--db", str(db), "--calls", cwd=tmp_path)
    assert calls.returncode == 0 and "reasoning: 先看看谁的发言最可疑。" in calls.stdout
    page = tmp_path / "game.html"
    assert arena("replay", "--db", str(db), "--html", str(page), cwd=tmp_path).returncode == 0
    inspector = page.read_text(encoding="utf-8")
    assert "先看看谁的发言最可疑。" in inspector and ("reasoning" in inspector or "推理过程" in inspector)
    report = arena("report", "--db", str(db), "--out", str(tmp_path / "r"), "--resamples", "20", "--lang", "en",
                   cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    text = (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    assert "Seats handed to a stand-in by a cap" in text and f"{len(handed)} seats in 1 games" in text
    assert "usd_per_game" in text
    zh_report = arena("report", "--db", str(db), "--out", str(tmp_path / "zh"), "--resamples", "20", cwd=tmp_path)
    assert zh_report.returncode == 0, zh_report.stderr
    assert f"{len(handed)} 个席位" in (tmp_path / "zh" / "report.md").read_text(encoding="utf-8")
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT label, usd, priced_calls, cached_tokens FROM v_costs ORDER BY label").fetchall()
    finally:
        con.close()
    priced = [r for r in rows if r[1] is not None]
    assert priced and all(r[2] > 0 and r[3] > 0 for r in priced)
