"""``arena play`` with no seat file and no ``--players``: every seat an LLM on the embedded model.

The real model is exercised in ``test_local_model`` where llama-cpp-python is installed; here the
local model is replaced by the fake OpenAI server (same client, same endpoint settings), so the
default path — the plan, the demo's rounds and limits, the direct tool mode, the stored calls, the
model stopped at the end — runs everywhere. Without the model installed, the default says what to
install and plays scripted bots.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import duckdb
import pytest
from rich.console import Console

from agents.llm.tools import CHARS_PER_TOKEN
from arena import cli
from arena.cli import play as play_cmd
from arena.local import seats as local_seats
from tests.fake_openai import FakeOpenAI


class FakeLocalModel:
    """What the arena needs of ``LocalModel``, served by the fake OpenAI server."""

    def __init__(self, fake: FakeOpenAI) -> None:
        self.fake = fake
        self.base_url = fake.base_url
        self.model = "smollm2-135m-instruct"
        self.stopped = 0

    def endpoint_settings(self) -> dict[str, Any]:
        from arena.local.model import LocalModel

        return LocalModel.endpoint_settings(self)  # type: ignore[arg-type]

    @property
    def n_ctx(self) -> int:
        return 8192

    async def astop(self) -> None:
        self.stopped += 1


def test_default_play_seats_every_seat_on_the_local_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str],
                                                          allow_default_seats: None) -> None:
    db = tmp_path / "arena.duckdb"
    with FakeOpenAI() as fake:
        lm = FakeLocalModel(fake)
        monkeypatch.setattr(local_seats, "unavailable", lambda: None)
        monkeypatch.setattr(play_cmd, "_local_model", lambda console: lm)
        code = cli.main(["play", "--seed", "3", "--db", str(db), "--show", "none"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "players: llm ×18" in out and "胜者 winners:" in out
    assert lm.stopped == 1
    con = duckdb.connect(str(db), read_only=True)
    options = json.loads(con.execute("SELECT options FROM games").fetchone()[0])
    assert options["rounds"] == local_seats.rounds()  # the demo's short days
    configs = json.loads(con.execute("SELECT seat_configs FROM games").fetchone()[0])
    assert {c["endpoint"]["name"] for c in configs} == {local_seats.NAME}
    assert all(c["endpoint"]["tool_mode"] == "direct" and c["endpoint"]["limits"] == local_seats.LIMITS
               and c["endpoint"]["layout"] == "brief" for c in configs)
    calls = con.execute("SELECT count(*), max(json_array_length(tools)), count(DISTINCT seat) FROM llm_calls "
                        "WHERE response->>'$.x_arena.purpose' = 'action'").fetchone()
    assert calls[0] > 50 and calls[1] == 1 and calls[2] == 18  # each call sends the one tool it forces
    purposes = {r[0] for r in con.execute("SELECT response->>'$.x_arena.purpose' FROM llm_calls").fetchall()}
    assert purposes <= {"action", "compaction"}  # the direct mode: no selection call
    forced = con.execute("SELECT DISTINCT response->>'$.x_arena.tool_choice.type' FROM llm_calls "
                         "WHERE response->>'$.x_arena.purpose' = 'action'").fetchall()
    assert forced == [("function",)]  # every action call names its tool
    named = {r[0] for r in con.execute("SELECT DISTINCT response->>'$.x_arena.tool_choice.function.name' "
                                       "FROM llm_calls WHERE response->>'$.x_arena.purpose' = 'action'").fetchall()}
    # the main action is forced: never a team post (it leaves the turn open), never a bare pass (no call)
    assert named and not any(n.startswith("team_post") or n == "pass" for n in named), named
    # the brief layout: the rules and roster shared, no other role's card; the own card in the user part
    system, user = con.execute("SELECT messages->>'$[0].content', messages->>'$[1].content' FROM llm_calls "
                               "WHERE seat = 1 LIMIT 1").fetchone()
    assert "Role cards" not in system and "What to do in each phase" not in system
    assert "=== Your turn" in user
    # constrained decoding bounds every free text near its token limit (a tiny model rambles)
    posts = [json.loads(r[0]) for r in con.execute(
        "SELECT tools FROM llm_calls WHERE tools->>'$[0].function.name' = 'post' LIMIT 3").fetchall()]
    assert posts and all(t[0]["function"]["parameters"]["properties"]["text"]["maxLength"]
                         == local_seats.LIMITS["post"] * CHARS_PER_TOKEN["en"] for t in posts)
    # the forced tool offers the targets legal now only, and no floor to quote (a tiny model invents one)
    assert all("quote" not in t[0]["function"]["parameters"]["properties"] for t in posts)
    votes = con.execute("SELECT tools->'$[0].function.parameters.properties.target.enum', day FROM llm_calls "
                        "WHERE tools->>'$[0].function.name' = 'vote'").fetchall()
    assert len({len(json.loads(v)) for v, _ in votes}) > 1  # the living, as the days go by
    # no read_log in the direct mode, so no day of the private log is held back for it (the window
    # would hold back the team chat of days before yesterday)
    assert con.execute("SELECT max(day) FROM llm_calls").fetchone()[0] >= 4
    assert not con.execute("SELECT count(*) FROM llm_calls WHERE messages->>'$[1].content' LIKE '%read_log%'"
                           ).fetchone()[0]
    # the instruction lists the one action the call is forced to, not the options it cannot take
    for tools, user in con.execute("SELECT tools, messages->>'$[1].content' FROM llm_calls "
                                   "WHERE response->>'$.x_arena.purpose' = 'action'").fetchall():
        options = user[user.index("Options (call exactly one tool):"):].split("\n")[1:]
        listed = [line[2:].split(":")[0] for line in options if line.startswith("- ")]
        forced = json.loads(tools)[0]["function"]
        assert listed[0] == forced["name"] and listed[1:] in ([], ["pass"]), (listed, user[-600:])
        if listed[1:]:  # a skill the rules allow to pass on: the pass is among the forced tool's targets
            assert "pass" in forced["parameters"]["properties"]["target"]["enum"]


def test_without_the_model_the_default_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str],
                                                            allow_default_seats: None) -> None:
    """Run everywhere: llama-cpp-python is made to look missing where the local extra is installed."""
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    code = cli.main(["play", "--seed", "2", "--no-store", "--show", "none"])
    out = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    assert code == 0
    assert "pip install" in out and "[local]" in out and "Playing scripted bots instead" in out
    assert "players: scripted ×18" in out


def test_the_demo_says_how_long_it_takes_before_it_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A newcomer waiting half an hour is told so at the start, with the ways out."""
    class Started:
        def start(self) -> Started:
            return self

    monkeypatch.setattr(play_cmd, "LocalModel", Started)
    console = Console(record=True, width=200)
    play_cmd._local_model(console)
    out = console.export_text()
    assert "starting the local model" in out and "minutes on 2 cores" in out
    assert "--resume" in out and "--players scripted" in " ".join(out.split())  # the console wraps lines
