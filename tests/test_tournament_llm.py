"""A tournament with a model on a (fake) endpoint: calls on record, its beliefs, its cost in the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openai import AsyncOpenAI

from arena.report.write import write_report
from arena.tournament.file import parse_tournament
from arena.tournament.play import run_tournament
from tests.fake_openai import FakeOpenAI
from transcripts.store import open_db


def _file(base_url: str) -> str:
    return f"""\
[tournament]
name = "llm"
games = 2
seed = 9
concurrency = 2

[endpoints.fake]
base_url = "{base_url}"
model = "fake-model"
lang = "en"
max_concurrency = 2

[[models]]
name = "fake"
player = "llm:fake"

[[models]]
name = "bots"
player = "scripted"
"""


def test_an_llm_model_plays_a_tournament_under_its_endpoint_limit(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    busy, peak = [0], [0]
    post = AsyncOpenAI.post

    async def counted(self: AsyncOpenAI, *args: Any, **kwargs: Any) -> Any:  # requests in flight at once
        busy[0] += 1
        peak[0] = max(peak[0], busy[0])
        try:
            return await post(self, *args, **kwargs)
        finally:
            busy[0] -= 1

    monkeypatch.setattr(AsyncOpenAI, "post", counted)
    db = tmp_path / "llm.duckdb"
    with FakeOpenAI(delay=0.003) as fake:
        status = run_tournament(parse_tournament(_file(fake.base_url)), db, limit=1)
    assert len(status.played) == 1 and status.failed == []
    assert peak[0] == 2  # nine seats ask at once in a vote window, yet never more than max_concurrency
    with open_db(db, create=False) as con:
        calls, linked, purposes = con.execute(
            "SELECT count(*), count(event_seq), list(DISTINCT json_extract_string(response, '$.x_arena.purpose')) "
            "FROM llm_calls").fetchone()
        sources = {s for (s,) in con.execute("SELECT DISTINCT source FROM beliefs").fetchall()}
    assert calls == len(fake.requests) and linked == calls and "beliefs" in purposes
    assert sources == {"llm", "scripted"}
    _, md = write_report(db, tmp_path / "rep", resamples=20, rating_resamples=5, views=False)
    text = md.read_text(encoding="utf-8")
    assert "| tokens_per_game | fake |" in text and "Cost per game" in text
