"""Resuming stored games: LLM seats with their endpoint settings, games with no events, people's
seats, a rule set's own names, and every option that would change a game refused with --resume.

Each error a person can meet here is checked in both languages of the command line (``--lang``):
what was wrong, and what to type instead.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import duckdb
import pytest

from agents.human import HumanSeat
from agents.llm.agent import LLMAgent
from agents.llm.endpoint import Endpoint
from arena.cli import main
from arena.run.beliefs import day_end
from arena.run.players import parse_players
from arena.run.replay import ReplayPool
from arena.run.resume import prepare, resume_game
from arena.run.runner import GameRunner, RunnerConfig
from arena.run.seats import human_config, llm_config, load_seat_file, plan_from_configs
from engine.events import to_json
from engine.rulesets import get_ruleset
from tests.fake_openai import FakeOpenAI
from tests.resume_harness import play_taped, resume_cut, taped_calls
from transcripts.reader import load_events, load_header
from transcripts.records import GameHeader, redact
from transcripts.writer import TranscriptWriter

RUNNER = {**RunnerConfig().record(), "beliefs_at": []}


def test_secrets_are_hidden_by_name_and_every_other_setting_kept() -> None:
    config = {"seat": 1, "kind": "llm", "token": "tok-1", "endpoint": {
        "max_tokens": 300, "api_key_env": "DEEPSEEK_API_KEY", "api_key": "sk-1", "context_budget": 9000,
        "base_url": "https://user:pw@api.example/v1", "extra_body": {"Authorization": "Bearer x", "top_k": 5}}}
    clean = redact(config)
    endpoint = clean["endpoint"]
    assert (endpoint["max_tokens"], endpoint["api_key_env"], endpoint["context_budget"]) == (300, "DEEPSEEK_API_KEY", 9000)
    assert endpoint["api_key"] == "***" and clean["token"] == "***"
    assert endpoint["extra_body"] == {"Authorization": "***", "top_k": 5}
    assert endpoint["base_url"] == "https://user:***@api.example/v1"


def test_a_stored_llm_seat_rebuilds_the_very_endpoint_it_played_on(tmp_path: Path) -> None:
    seats = tmp_path / "seats.toml"
    seats.write_text('[endpoints.ds]\nbase_url = "https://api.deepseek.com/v1"\nmodel = "deepseek-chat"\n'
                     'api_key_env = "DEEPSEEK_API_KEY"\nmax_tokens = 300\ntemperature = 0.7\ncontext_budget = 9000\n'
                     'tool_mode = "forced"\n[seats]\n"1-3" = "llm:ds"\n', encoding="utf-8")
    plan = load_seat_file(seats, 18, environ={"DEEPSEEK_API_KEY": "sk-secret"})
    game = get_ruleset("umineko32").new_game(1)
    db = tmp_path / "g.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, plan.configs, RUNNER))
    stored = load_header(db, gid).header.seat_configs
    again = plan_from_configs(stored, environ={"DEEPSEEK_API_KEY": "sk-secret"})
    first, second = plan.agents[1], again.agents[1]
    assert isinstance(first, LLMAgent) and isinstance(second, LLMAgent)
    assert second.endpoint == first.endpoint and second.endpoint.policy.max_tokens == 300 and again.problems == []
    assert "sk-secret" not in db.read_bytes().decode("latin-1")


def test_a_stored_endpoint_keeps_its_profile_prices_caps_and_quirks(tmp_path: Path) -> None:
    """The provider settings (issue 17) are stored as given: a cap's ``max_tokens`` and the
    completion limit are settings, not secrets; only the key stays out of the file."""
    seats = tmp_path / "seats.toml"
    seats.write_text('[endpoints.m]\nbase_url = "http://127.0.0.1:9/v1"\nmodel = "m"\napi_key_env = "M_KEY"\n'
                     'max_tokens = 256\nstrict = true\nquirks = {tool_choice_named = false}\n'
                     'prices = {input = 0.5, cached_input = 0.1, output = 2.0}\n'
                     'caps = {max_cost = 2.0, max_tokens = 5000000, stand_in = "random"}\n'
                     'tournament_caps = {max_tokens = 90000000}\n[seats]\n"1-2" = "llm:m"\n', encoding="utf-8")
    plan = load_seat_file(seats, 18, environ={"M_KEY": "sk-hidden"})
    game = get_ruleset("umineko32").new_game(1)
    db = tmp_path / "g.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, plan.configs, RUNNER))
    again = plan_from_configs(load_header(db, gid).header.seat_configs, environ={"M_KEY": "sk-hidden"})
    first, second = plan.agents[1], again.agents[1]
    assert isinstance(first, LLMAgent) and isinstance(second, LLMAgent)
    assert second.endpoint == first.endpoint
    assert second.endpoint.policy.caps is not None and second.endpoint.policy.caps.max_tokens == 5_000_000
    assert [m.scope for m in second.meters] == ["game", "tournament"]
    assert "sk-hidden" not in db.read_bytes().decode("latin-1")


@pytest.mark.parametrize("version", [2, 3, 4, 5])
def test_a_file_of_an_older_schema_migrates_and_its_game_resumes(version: int, tmp_path: Path) -> None:
    """A file as version 5 (who was a bot, the server's tables; no stored answers), version 4 (forks,
    claims), version 3 (issue 17's cost columns) or
    version 2 wrote it: refused with the command that migrates it, migrated to the current version,
    and its cut game resumed to the end (folded from its events: it stored no answers)."""
    from transcripts import SCHEMA_VERSION, migrate_db
    from transcripts.schema import FORK_COLUMNS, V3_CALL_COLUMNS

    configs = parse_players("scripted", 18)
    game = get_ruleset("umineko32").new_game(4)
    db = tmp_path / "old.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs))
        writer.append(gid, game.events)
    with duckdb.connect(str(db)) as con:
        con.execute("DROP TABLE answers")
        con.execute("ALTER TABLE llm_calls DROP COLUMN decision")
        con.execute("ALTER TABLE games DROP COLUMN runner")
        if version <= 4:
            for table in ("bot_guesses", "served_games", "seat_tokens"):
                con.execute(f"DROP TABLE {table}")
        if version <= 3:
            for table in ("fork_edits", "claims", "persuasion_votes"):
                con.execute(f"DROP TABLE {table}")
            for name, _kind in FORK_COLUMNS:
                con.execute(f"ALTER TABLE games DROP COLUMN {name}")
        if version <= 2:
            for name, _kind in V3_CALL_COLUMNS:
                con.execute(f"ALTER TABLE llm_calls DROP COLUMN {name}")
        con.execute("UPDATE meta SET schema_version = ?", [version])
    with pytest.raises(Exception, match=r"transcripts\.migrate"):
        load_header(db, gid)
    assert migrate_db(db) == (version, SCHEMA_VERSION)
    resumed = asyncio.run(resume_game(db, gid))
    assert resumed.over and load_header(db, gid).status == "finished"


@pytest.mark.parametrize("ruleset", ["umineko32", "majiasha2"])
def test_an_llm_game_cut_anywhere_resumes_to_the_same_end_with_its_seats_memory_rebuilt(
        ruleset: str, tmp_path: Path) -> None:
    """Real LLM seats on a fake endpoint (answers a function of the request alone): they post, vote,
    write notes, summarise their days (a small context budget) and report beliefs; cut in the middle
    of rounds and after checkpoints, the resumed seats replay every stored request exactly."""
    rules = get_ruleset(ruleset)
    with FakeOpenAI(stateless=True, notes_every=4) as fake:
        ep = Endpoint(name="fake", base_url=fake.base_url, model="fake-model", max_tokens=300,
                      api_key_env="FAKE_KEY", context_budget=2500)
        configs: list[dict[str, Any]] = [llm_config(s, ep) if s in (2, 5, 9) else {"seat": s, "kind": "scripted"}
                                         for s in range(1, rules.seats + 1)]
        played = play_taped(rules, 4, configs=configs, build=lambda c: plan_from_configs(c, seed=4))
        want = [to_json(e) for e in played.game.events]
        calls = taped_calls(played.tape)
        purposes = {r.response["x_arena"]["purpose"] for name, rows in played.tape.ops if name == "append_calls"
                    for r in rows if r.response}
        assert {"action", "compaction", *(["beliefs"] if day_end(rules) else [])} <= purposes
        flushes = played.tape.flushes
        mid_round = [f for f, before in zip(flushes[1:], flushes, strict=False)
                     if any(name == "append_answers" for name, _ in played.tape.ops[before:f])]
        with TranscriptWriter(tmp_path / "cuts.duckdb") as writer:
            for upto in (flushes[0], mid_round[len(mid_round) // 3], flushes[2 * len(flushes) // 3]):
                got = resume_cut(writer, played, f"{ruleset}-{upto}", upto, build=None)
                assert [to_json(e) for e in got.events] == want, f"cut after write {upto}"
                assert got.calls == calls and got.diverged == [], (upto, got.diverged[:3])


@pytest.mark.parametrize("profile", ["vllm", "sglang", "deepseek"])
def test_an_llm_game_on_a_provider_resumes_with_what_its_pool_learned(profile: str, tmp_path: Path) -> None:
    """Seats on a provider mock (``tests.providers``) resume exactly: vLLM's refusal of "auto" is
    learned again from the stored replies (the live part sends "required", as the game did), SGLang's
    tool calls written in the content are read off the offered tools again, DeepSeek's reasoning is
    passed back as it came. A request body that differed would change the fake's reply id."""
    from tests.providers import PROVIDERS

    rules = get_ruleset("umineko32")
    provider = PROVIDERS[profile]()
    with FakeOpenAI(stateless=True, provider=provider) as fake:
        ep = Endpoint(name=profile, profile=profile, base_url=fake.base_url,
                      model="deepseek-chat" if profile == "deepseek" else "local", api_key_env="FAKE_KEY",
                      backoff_s=0.01, backoff_max_s=0.02)
        configs: list[dict[str, Any]] = [llm_config(s, ep) if s in (3, 8) else {"seat": s, "kind": "scripted"}
                                         for s in range(1, rules.seats + 1)]
        played = play_taped(rules, 5, configs=configs, build=lambda c: plan_from_configs(c, seed=5))
        want = [to_json(e) for e in played.game.events]
        calls = taped_calls(played.tape)
        flushes = played.tape.flushes
        with TranscriptWriter(tmp_path / "cuts.duckdb") as writer:
            upto = flushes[len(flushes) // 2]
            got = resume_cut(writer, played, f"{profile}-{upto}", upto, build=None)
            con = writer.cursor()
            stored = con.execute("SELECT count(response->'x_arena'->'adapted'), count(reasoning), "
                                 "count(*) FILTER (retries > 0) FROM llm_calls WHERE game_id = ?",
                                 [f"{profile}-{upto}"]).fetchone()
            con.close()
    rows = [r for name, rows in played.tape.ops if name == "append_calls" for r in rows]
    taped = (sum(1 for r in rows if (r.response or {}).get("x_arena", {}).get("adapted")),
             sum(1 for r in rows if r.reasoning), sum(1 for r in rows if r.retries))
    assert [to_json(e) for e in got.events] == want
    assert got.calls == calls and got.diverged == [], got.diverged[:3]
    assert stored == taped, (stored, taped)  # "auto" refused once in all, never again after the resume
    seen = {"vllm": "auto_refused", "sglang": "content_call", "deepseek": "reasoning_kept"}[profile]
    assert seen in provider.seen or (profile == "deepseek" and taped[1] > 0 and "reasoning_missing" not in provider.seen)


def _stored_game(tmp_path: Path, *args: str, cut: int | None = 200) -> tuple[Path, str, list[str]]:
    """A finished scripted game, then made unfinished and cut after event ``cut`` (a crash's prefix)."""
    db = tmp_path / "g.duckdb"
    assert main(["play", "--players", "scripted", "--seed", "7", "--db", str(db), "--show", "none", *args]) == 0
    with duckdb.connect(str(db)) as con:
        gid = str(con.execute("SELECT game_id FROM games").fetchone()[0])  # type: ignore[index]
        whole = [str(p) for (p,) in con.execute("SELECT payload FROM events ORDER BY seq").fetchall()]
        con.execute("UPDATE games SET status = 'running', winners = NULL, ended_at = NULL")
        con.execute("DELETE FROM seats")
        if cut is not None:
            con.execute("DELETE FROM events WHERE seq >= ?", [cut])
    return db, gid, whole


def said(capsys: pytest.CaptureFixture[str]) -> str:
    """What the command wrote to stderr, its lines as the console wrapped them joined again."""
    return " ".join(capsys.readouterr().err.split())


def _payloads(db: Path, gid: str) -> list[str]:
    return [to_json(e) for e in load_events(db, gid)]


GAME_OPTIONS = [["--ruleset", "suitang21"], ["--seed", "3"], ["--players", "random"], ["--seats", "s.toml"],
                ["--flag", "umineko.tie=random"], ["--rounds", "RESTRICTED=1"], ["--size", "12"],
                ["--beliefs-at", "NIGHT"]]


def test_resume_refuses_every_option_that_would_change_the_game(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    db, gid, whole = _stored_game(tmp_path)
    capsys.readouterr()
    for option in GAME_OPTIONS:
        assert main(["play", "--db", str(db), "--resume", gid, *option, "--lang", "en"]) == 2
        err = said(capsys)
        assert option[0] in err and "start a new game" in err and "Traceback" not in err, err
    assert main(["play", "--db", str(db), "--resume", gid, "--seed", "3", "--flag", "x=1"]) == 2
    err = said(capsys)
    assert "不能与 --resume 同用" in err and "--seed, --flag" in err and "错误" in err
    assert main(["play", "--db", str(db), "--resume", gid, "--human", "4", "--lang", "en"]) == 2
    assert "not by a person" in said(capsys)
    assert main(["play", "--db", str(db), "--resume", gid, "--show", "none", "--lang", "en"]) == 0  # still resumable
    assert _payloads(db, gid) == whole


def test_a_resumed_game_of_another_rule_set_is_shown_with_its_own_names(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    db, gid, whole = _stored_game(tmp_path, "--ruleset", "suitang21")
    capsys.readouterr()
    assert main(["play", "--db", str(db), "--resume", gid, "--show", "summary"]) == 0
    out = capsys.readouterr().out
    assert get_ruleset("suitang21").title in out and get_ruleset("umineko32").title not in out
    assert _payloads(db, gid) == whole


def test_a_game_with_no_events_stored_starts_over_from_its_header(tmp_path: Path) -> None:
    db, gid, whole = _stored_game(tmp_path, "--ruleset", "qijian24", cut=0)
    assert load_header(db, gid).events == 0
    assert main(["play", "--db", str(db), "--resume", gid, "--show", "none"]) == 0
    assert _payloads(db, gid) == whole and load_header(db, gid).status == "finished"


def test_resume_game_is_the_api_that_takes_a_game_to_its_end(tmp_path: Path) -> None:
    db, gid, whole = _stored_game(tmp_path, "--ruleset", "majiasha2", "--size", "12", cut=150)
    game = asyncio.run(resume_game(db, gid[:10]))
    assert game.over and _payloads(db, gid) == whole and load_header(db, gid).status == "finished"


def test_bad_values_say_what_to_type_in_the_users_language(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    seats = tmp_path / "seats.toml"
    seats.write_text('[endpoints.x]\nbase_url = "not a url"\nmodel = "m"\n[seats]\n"1" = "llm:x"\n', encoding="utf-8")
    cases = [(["--players", "scripted", "--rounds", "RESTRICTED=abc"], "整数", "whole number"),
             (["--players", "scripted", "--size", "20"], "固定 18 人", "exactly 18 players"),
             (["--ruleset", "majiasha2", "--players", "scripted", "--size", "40"], "9 到 26", "9 to 26"),
             (["--seats", str(seats)], "不是网址", "is not a URL")]
    for args, zh, en in cases:
        for lang, words in (("zh", zh), ("en", en)):
            assert main(["play", "--no-store", "--lang", lang, *args]) == 2
            err = said(capsys)
            assert words in err and "Traceback" not in err, (args, lang, err)
    assert main(["play", "--no-store", "--seats", str(seats), "--lang", "en"]) == 2
    assert "http://" in said(capsys)


def test_a_persons_seat_is_given_back_with_its_deadline_and_hand(tmp_path: Path) -> None:
    """The web table's resume: human seats come back as ``HumanSeat``s (a new join link is the
    server's to issue) with their stored deadline, played by whoever held them last."""
    configs = parse_players("scripted", 18)
    configs[2] = human_config(configs[2], 45.0)
    configs[6] = human_config(configs[6], None)
    game = get_ruleset("umineko32").new_game(3)
    db = tmp_path / "h.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs, RUNNER))
        writer.record_control(gid, 7, 0, "bot", "the player left the table")
        res = prepare(writer, gid, humans="reissue")
        three, seven = res.plan.agents[3], res.plan.agents[7]
        assert isinstance(three, HumanSeat) and three.deadline_s == 45.0 and three.controller == "human"
        assert isinstance(seven, HumanSeat) and seven.deadline_s is None and seven.controller == "bot"
        stood_in = prepare(writer, gid).plan.agents[3]
        assert not isinstance(stood_in, HumanSeat)


def test_a_persons_stored_answers_are_replayed_never_asked_again(tmp_path: Path) -> None:
    """A person's answer is stored when it comes: a game cut after it (its events lost) takes it from
    the file on resume, and reaches the same end without asking the person again."""
    configs = parse_players("random", 18)
    configs[0] = human_config(configs[0], 5.0)
    game = get_ruleset("umineko32").new_game(9)
    db = tmp_path / "p.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs, RUNNER))
        first = prepare(writer, gid, humans="reissue")
        asked = asyncio.run(_play_answering(first.runner(first.journal(writer)), first.plan.agents[1]))
        whole = [to_json(e) for e in first.game.events]
    assert asked > 0
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE games SET status = 'running'")
        con.execute("DELETE FROM events WHERE seq >= ?", [len(whole) // 2])
        assert con.execute("SELECT count(*) FROM answers").fetchone() == (asked,)
    with TranscriptWriter(db) as writer:
        again = prepare(writer, gid, humans="reissue")
        assert asyncio.run(_play_answering(again.runner(again.journal(writer)), again.plan.agents[1])) == 0
    assert [to_json(e) for e in again.game.events] == whole


async def _play_answering(runner: GameRunner, person: Any) -> int:
    """Run the game, the person passing at every question; how many questions they were asked."""
    assert isinstance(person, HumanSeat)
    task = asyncio.create_task(runner.run())
    asked = 0
    while not task.done():
        await asyncio.sleep(0)
        if person.asked is not None and person.offer(None) is None:
            asked += 1
    await task
    return asked


def test_an_llm_seats_pool_is_replaced_by_a_replay_pool_on_resume(tmp_path: Path) -> None:
    ep = Endpoint(name="local", base_url="http://127.0.0.1:9/v1", model="m")
    configs = [llm_config(1, ep), *parse_players("scripted", 18)[1:]]
    game = get_ruleset("umineko32").new_game(2)
    with TranscriptWriter(tmp_path / "r.duckdb") as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs, RUNNER))
        res = prepare(writer, gid)
        assert isinstance(getattr(res.plan.agents[1], "pool", None), ReplayPool)


def test_a_game_stored_before_answers_were_is_folded_and_played_on(tmp_path: Path) -> None:
    """A file of schema version 2 has no answers and no runner policy: a game with a person's seat
    there is folded from its events and played on with its stand-in (said in a note)."""
    configs = parse_players("scripted", 18)
    configs[3] = human_config(configs[3])
    rules = get_ruleset("umineko32")
    game = rules.new_game(6)
    steps: list[int] = []
    asyncio.run(GameRunner(game, plan_from_configs(configs).agents,
                           listeners=[lambda g, _new: steps.append(len(g.events))]).run())
    cut = steps[len(steps) // 2]
    db = tmp_path / "old.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs))  # no runner: as version 2 stored it
        writer.append(gid, game.events[:cut])
    game_again = asyncio.run(resume_game(db, gid))
    assert game_again.over and [to_json(e) for e in load_events(db, gid)][:cut] == \
        [to_json(e) for e in game.events[:cut]]
    assert load_header(db, gid).status == "finished"
    with TranscriptWriter(db) as writer:
        with pytest.raises(Exception, match="finished"):
            prepare(writer, gid)


def test_the_notes_say_when_a_game_is_folded(tmp_path: Path) -> None:
    configs = parse_players("scripted", 18)
    configs[0] = human_config(configs[0])
    game = get_ruleset("umineko32").new_game(2)
    with TranscriptWriter(tmp_path / "n.duckdb") as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs))
        writer.append(gid, game.events)
        res = prepare(writer, gid)
    assert not res.exact and "folded" in res.notes[0]
