"""classic7 (预女猎, 7 seats): the table kernel's first rule set, written in one folder.

Whole games of scripted and random players (no crash, deterministic, no leak, every observation
agreeing with the seat's own events), its scripted player's sense, its flags, its judge scenarios
(``engine/rulesets/classic7/scenarios``) through ``arena judge``, ``arena play`` into DuckDB and
``arena replay`` through the real CLI, an LLM game through the fake endpoint, Chinese-only zh texts,
and the proof that it lives in one folder: no file outside it names it (tests and docs aside).
"""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.judge import console as judge
from arena.judge.scenario import check, load, schedule_of
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine import events as ev
from engine.actions import Choose, Pass, UseSkill
from engine.errors import IllegalAction
from engine.game import Game
from engine.narrate import Names, narrate
from engine.ruleset import SeatSetup
from engine.rulesets import get_ruleset
from engine.table import Kind, Phase, PhaseTable, TableRuleset
from engine.table.fold import phase_began
from engine.table.state import TableState
from engine.views import Viewer
from prompts.seat import SeatPrompt
from prompts.texts import load as load_texts
from tests.conformance import audience_ok, play, transcript
from tests.observing import check_points
from tests.test_cli_e2e import arena

RULES = get_ruleset("classic7")
ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "engine" / "rulesets" / "classic7"
SCENARIOS = FOLDER / "scenarios"
SEATING = [SeatSetup(1, "werewolf"), SeatSetup(2, "werewolf"), SeatSetup(3, "seer"), SeatSetup(4, "witch"),
           SeatSetup(5, "hunter"), SeatSetup(6, "villager"), SeatSetup(7, "villager")]
ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
CODE = re.compile(r"「[a-z_.:]+」")
"""An id quoted as it stands: the generic line of a topic or code that has no text of its own."""


def scripted(seed: int, flags: dict[str, Any] | None = None) -> Game:
    game = RULES.new_game(seed, flags=flags)
    asyncio.run(GameRunner(game, agents_for(parse_players("scripted", RULES.seats))).run())
    return game


def fixed(flags: dict[str, Any] | None = None) -> Game:
    """A game with the standard seating (1, 2 wolves; 3 seer; 4 witch; 5 hunter; 6, 7 villagers)."""
    return RULES.new_game(1, flags=flags, seating=SEATING)


# -- whole games --------------------------------------------------------------------------------------


def test_it_is_a_rule_set_on_the_kernel() -> None:
    assert isinstance(RULES, TableRuleset) and RULES.seats == 7 and RULES.package == "engine.rulesets.classic7"
    assert sorted(r.id for r in RULES.roles for _ in range(r.count)) == sorted(
        ["werewolf"] * 2 + ["seer", "witch", "hunter"] + ["villager"] * 2)


def test_scripted_games_end_without_a_fallback_and_repeat_byte_for_byte() -> None:
    winners = set()
    for seed in range(30):
        game = scripted(seed)
        assert game.over and len(game.winners) == 1
        assert not [e for e in game.events if isinstance(e, ev.Passed) and e.fallback], seed
        winners.add(game.winners[0])
    assert winners == {"wolves", "village"}
    assert transcript(scripted(7)) == transcript(scripted(7))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000))
def test_random_games_end_repeat_and_leak_nothing(seed: int) -> None:
    boundaries: list[int] = []
    game = play(RULES, seed, boundaries=boundaries)
    assert game.over
    assert transcript(play(RULES, seed)) == transcript(game)
    assert not audience_ok(RULES, game.events).leaks
    assert not check_points(RULES, game.events, boundaries, points=4)
    replayed = Game.replay(RULES, game.events)
    assert replayed.state == game.state


def _recorder(boundaries: list[int]) -> Any:
    """A runner listener keeping the log's length after each engine call (the transaction boundaries)."""
    return lambda game, new: boundaries.append(len(game.events))


def test_scripted_games_leak_nothing_and_observe_what_the_events_say() -> None:
    for seed in range(6):
        boundaries: list[int] = []
        game = RULES.new_game(seed)
        agents = agents_for(parse_players("scripted", RULES.seats))
        asyncio.run(GameRunner(game, agents, listeners=[_recorder(boundaries)]).run())
        assert not audience_ok(RULES, game.events).leaks
        assert not check_points(RULES, game.events, boundaries, points=5)


# -- the scripted player's sense ----------------------------------------------------------------------


def _kills(game: Game) -> list[ev.SkillSubmitted]:
    return [e for e in game.events if isinstance(e, ev.SkillSubmitted) and e.skill == "kill"]


def test_the_bot_plays_sensibly() -> None:
    voted_claimed, claims = 0, 0
    for seed in range(40):
        game = scripted(seed)
        roles = {e.seat: e.role for e in game.events if isinstance(e, ev.RoleDealt)}
        assert all(roles[e.targets[0]] != "werewolf" for e in _kills(game)), "wolves kill a non-wolf"
        nights = {e.day: e.targets[0] for e in _kills(game)}
        assert all(len({t for e in _kills(game) if e.day == d for t in e.targets}) == 1 for d in nights), \
            "the pack agrees on one target"
        checks = [e.targets[0] for e in game.events if isinstance(e, ev.SkillSubmitted) and e.skill == "check"]
        assert len(checks) == len(set(checks)), "the seer checks a seat she has not checked"
        for post in (e for e in game.events if isinstance(e, ev.Posted) and "号=狼人" in e.text):
            assert roles[post.seat] == "seer"
            claims += 1
            wolf = int(re.findall(r"(\d+)号=狼人", post.text)[0])
            ballots = [e for e in game.events if isinstance(e, ev.VoteCast) and e.day == post.day
                       and roles[e.seat] != "werewolf"]
            voted_claimed += all(b.target == wolf for b in ballots if b.seat != wolf)
    assert claims >= 5 and voted_claimed == claims, "the village votes the claimed wolf"


# -- rules and flags ----------------------------------------------------------------------------------


def _night(game: Game, kill: int, *, check: int | None = None) -> None:
    game.submit(UseSkill(seat=1, skill="杀人", targets=(kill,)))
    game.submit(Pass(seat=2))
    game.submit(UseSkill(seat=3, skill="查验", targets=(check or 2,)))


def test_the_seer_learns_good_or_wolf_and_the_witch_is_told_the_victim() -> None:
    game = fixed()
    _night(game, 6, check=1)
    told = game.observe(Viewer.of_seat(3)).inbox
    assert [(e.targets, e.result) for e in told if isinstance(e, ev.Feedback)] == [([1], "wolf")]
    witch = game.observe(Viewer.of_seat(4))
    assert [(e.skill, e.targets) for e in witch.inbox if isinstance(e, ev.Feedback)] == [("save", [6])]
    assert {s.skill: (s.left, s.usable) for s in witch.skills} == {"save": (1, True), "poison": (1, True)}
    game.submit(UseSkill(seat=4, skill="save", targets=(6,)))
    assert {s.skill: s.left for s in game.observe(Viewer.of_seat(4)).skills} == {"save": 0, "poison": 1}
    assert [e for e in game.events if isinstance(e, ev.Dawn)][-1].seats == []


def test_one_potion_a_night_and_the_witch_saves_herself_on_night_1_only() -> None:
    game = fixed()
    _night(game, 4)
    offered = {lg.skill for lg in game.legal(4) or ()}
    assert offered == {"save", "poison", None}
    game.submit(UseSkill(seat=4, skill="毒药", targets=(1,)))
    with pytest.raises(IllegalAction):
        game.submit(UseSkill(seat=4, skill="save", targets=(4,)))
    never = fixed({"classic7.witch_self_save": "never"})
    _night(never, 4)
    assert "save" not in {lg.skill for lg in never.legal(4) or ()}


def test_a_wolf_knows_its_mate_and_a_villager_knows_nobody() -> None:
    game = fixed()
    wolf, villager = game.observe(Viewer.of_seat(1)), game.observe(Viewer.of_seat(6))
    assert wolf.status(2) is not None and wolf.status(2).role == "werewolf"  # type: ignore[union-attr]
    assert [t.members for t in wolf.teams] == [(1, 2)]
    assert all(s.role is None for s in villager.seats if s.seat != 6) and not villager.teams


def test_published_identities_and_a_poisoned_hunter_who_shoots_under_the_flags() -> None:
    game = fixed({"classic7.publish_roles": True, "classic7.poisoned_hunter_shoots": True})
    _night(game, 6)
    game.submit(UseSkill(seat=4, skill="poison", targets=(5,)))
    dawn = [e for e in game.events if isinstance(e, ev.Dawn)][-1]
    assert dawn.seats == [6, 5] and dawn.roles == {6: "villager", 5: "hunter"}
    assert game.state.phase == "NIGHT_SHOT"
    game.submit(Choose(seat=5, skill="开枪", targets=(1,)))
    shot = [e for e in game.events if isinstance(e, ev.SeatsOut)][-1]
    assert shot.seats == [1] and shot.cause == "shoot" and shot.roles == {1: "werewolf"}


def test_refusals_are_coded_and_said_in_chinese() -> None:
    game = fixed()
    with pytest.raises(IllegalAction) as refused:
        game.submit(UseSkill(seat=3, skill="check", targets=(3,)))
    assert refused.value.code == "skill_target"
    zh = refused.value.render("zh", Names.from_events(RULES, game.events))
    assert not ASCII_WORD.findall(zh), zh
    with pytest.raises(IllegalAction) as idle:
        game.submit(UseSkill(seat=6, skill="check", targets=(1,)))
    assert idle.value.code == "nothing_to_do"


# -- the judge: its scenarios and its derived schedule ------------------------------------------------


def settled(name: str) -> dict[str, Any]:
    scenario = load(SCENARIOS / f"{name}.json")
    check(scenario, RULES)
    return judge.outcome(judge.settle(scenario, RULES))


def deaths(out: dict[str, Any]) -> list[tuple[int, str, str]]:
    return [(d["seat"], d["when"], d["cause"]) for d in out["deaths"]]


def test_the_judge_schedule_is_derived_from_the_phase_table() -> None:
    schedule = schedule_of(RULES)
    assert schedule.night_first and schedule.night == "NIGHT" and schedule.vote == "VOTE"
    assert schedule.rank_of == RULES.phase_table.ranks()  # type: ignore[attr-defined]
    assert schedule.night_phases == frozenset({"NIGHT", "WITCH", "DAWN", "NIGHT_SHOT"})
    assert schedule.later == frozenset({"WITCH"})


def test_an_aside_ranks_with_the_phase_it_interrupts() -> None:
    table = PhaseTable(Phase("A", Kind.WINDOW, rank=1), Phase("Q", Kind.WINDOW, aside=True), Phase("B", Kind.WINDOW))
    state: TableState[Any] = TableState(phase="A")
    began = ev.PhaseBegan(seq=0, day=1, phase="A", vis=ev.PUBLIC, name="Q", number=1)
    phase_began(state, began, table)
    assert (state.phase, state.interrupted) == ("Q", "A")


def test_a_witch_save() -> None:
    out = settled("witch-save")
    assert out["deaths"] == [] and not out["ended"]
    assert [(f["seat"], f["targets"], f["result"]) for f in out["feedback"]] == [(3, [1], "wolf"), (4, [6], "killed")]
    assert out["announcements"][0]["text"] == "【法官】天亮了。昨夜无人出局"


def test_a_poisoned_hunter_does_not_shoot() -> None:
    scenario = load(SCENARIOS / "poisoned-hunter.json")
    judged = judge.settle(scenario, RULES)
    out = judge.outcome(judged)
    assert deaths(out) == [(6, "night 1", "杀人"), (5, "night 1", "毒药")]
    assert not [e for e in out["events"] if e["kind"] == "question"]
    assert any("开枪 was never asked" in note for note in judged.notes)


def test_a_hunter_shot() -> None:
    out = settled("hunter-shot")
    assert deaths(out) == [(5, "night 1", "杀人"), (1, "night 1", "开枪")]
    assert [a["text"] for a in out["announcements"]] == ["【法官】天亮了。昨夜出局：5号", "【法官】1号 被猎人开枪带走，出局"]


def test_a_tie_vote_sends_nobody_out() -> None:
    out = settled("tie-vote")
    assert out["voted_out"] == [] and len(out["alive"]) == 7
    result = next(e for e in out["events"] if e["kind"] == "vote_result")
    assert result["seats"] == [] and result["tally"] == {"1": 2, "3": 2}


def test_the_village_wins_when_both_wolves_are_out() -> None:
    out = settled("village-wins")
    assert out["ended"] and out["winners"] == ["好人阵营"] and out["alive"] == [3, 4, 6, 7]
    words = [e for e in out["events"] if e["kind"] == "last_words"]
    assert [(e["seat"], e["phase"]) for e in words] == [(5, "LAST_WORDS")], "the night's victim speaks on day 1"


@pytest.mark.parametrize(("name", "reason"), [("wolves-win-gods", "gods_out"),
                                              ("wolves-win-villagers", "villagers_out")])
def test_the_wolves_win_when_every_god_or_every_villager_is_out(name: str, reason: str) -> None:
    out = settled(name)
    assert out["ended"] and out["winners"] == ["狼人阵营"]
    assert [e["reason"] for e in out["events"] if e["kind"] == "game_ended"] == [reason]


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_the_judge_console_says_every_scenario_in_chinese(path: Path) -> None:
    scenario = load(path)
    text = judge.narrate_settlement(judge.settle(scenario, RULES))
    assert not ASCII_WORD.findall(text), sorted(set(ASCII_WORD.findall(text)))


def test_arena_judge_through_the_cli(tmp_path: Path) -> None:
    shown = arena("judge", "--json", str(SCENARIOS / "village-wins.json"), cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["winners"] == ["好人阵营"]


def test_an_illegal_scenario_step_is_refused(tmp_path: Path) -> None:
    data = json.loads((SCENARIOS / "witch-save.json").read_text(encoding="utf-8"))
    data["steps"][0]["actions"].append({"seat": 4, "skill": "毒药", "targets": [2]})
    path = tmp_path / "both.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    refused = arena("judge", str(path), cwd=tmp_path)
    assert refused.returncode == 2 and "steps[0] (night 1), seat 4" in refused.stderr


# -- the real CLI: play into DuckDB, replay, rules; an LLM game through the fake endpoint --------------


def test_play_stores_a_game_that_replays(tmp_path: Path) -> None:
    db = tmp_path / "c7.duckdb"
    played = arena("play", "--ruleset", "classic7", "--players", "scripted", "--seed", "3", "--db", str(db),
                   "--show", "summary", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    con = duckdb.connect(str(db), read_only=True)
    (game_id, ruleset), = con.execute("SELECT game_id, ruleset FROM games").fetchall()
    events = con.execute("SELECT count(*) FROM events WHERE game_id = ?", [game_id]).fetchone()
    con.close()
    assert ruleset == "classic7" and events is not None and events[0] == len(scripted(3).events)
    god = arena("replay", game_id, "--db", str(db), cwd=tmp_path)
    seat = arena("replay", game_id, "--db", str(db), "--seat", "3", cwd=tmp_path)
    assert god.returncode == 0 and seat.returncode == 0, god.stderr + seat.stderr
    assert "游戏结束" in god.stdout and "〔判定〕" in god.stdout and "〔判定〕" not in seat.stdout
    rules = arena("rules", "classic7", cwd=tmp_path)
    assert rules.returncode == 0 and "女巫" in rules.stdout


def test_an_llm_game_through_the_fake_endpoint(tmp_path: Path) -> None:
    from tests.fake_openai import FakeOpenAI

    db = tmp_path / "llm.duckdb"
    with FakeOpenAI() as fake:
        seats = tmp_path / "seats.toml"
        seats.write_text(f'[endpoints.fake]\nbase_url = "{fake.base_url}"\nmodel = "fake-model"\n\n'
                         '[seats]\n"1-3" = "llm:fake"\n"4-7" = "scripted"\n', encoding="utf-8")
        played = arena("play", "--ruleset", "classic7", "--seed", "4", "--seats", str(seats), "--db", str(db),
                       "--show", "none", cwd=tmp_path)
        assert played.returncode == 0, played.stderr
        bodies = list(fake.requests)
    con = duckdb.connect(str(db), read_only=True)
    calls = con.execute("SELECT count(*) FROM llm_calls").fetchone()
    con.close()
    assert calls is not None and calls[0] == len(bodies) > 5
    system = bodies[0]["messages"][0]["content"]
    assert "预女猎" in system and "女巫" in system


def test_a_seat_prompt_is_chinese_in_zh_with_the_flags_in_words() -> None:
    game = fixed({"classic7.witch_self_save": "never"})
    prompt = SeatPrompt(RULES, 4, "zh")
    prompt.observe(game.view(Viewer.of_seat(4)))
    prompt.know(game.observe(Viewer.of_seat(4)))
    text = "\n".join(str(m["content"]) for m in prompt.request(1, "NIGHT", game.legal(4) or ()))
    assert "女巫不能自救" in text and "witch_self_save" not in text
    assert load_texts("classic7", "en").rules.startswith("Classic werewolf")


# -- texts ---------------------------------------------------------------------------------------------


def test_every_line_of_many_games_is_chinese_in_zh_and_has_its_own_text() -> None:
    seen: set[str] = set()
    for seed in range(40):
        game = scripted(seed) if seed % 2 else play(RULES, seed)
        names = Names.from_events(RULES, game.events)
        for event in game.events:
            seen.add(event.kind)
            for god in (False, True):
                zh = narrate(event, names, "zh", god=god) or ""
                en = narrate(event, names, "en", god=god) or ""
                assert not CODE.search(zh) and not CODE.search(en), (event.kind, zh, en)
                text = zh
                for said in (getattr(event, "text", ""), getattr(event, "reason", "")):
                    text = text.replace(said, "") if said else text  # a player's own words aside
                assert not ASCII_WORD.findall(text), (event.kind, zh)
    assert {"dawn", "vote_result", "seats_out", "feedback", "question", "choice_made", "last_words",
            "team_posted", "game_ended"} <= seen


# -- one folder ------------------------------------------------------------------------------------------


def test_no_file_outside_its_folder_names_it() -> None:
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    outside = [f for f in files if not f.startswith(("engine/rulesets/classic7/", "tests/"))
               and not f.endswith(".md") and (ROOT / f).is_file()]
    naming = [f for f in outside if "classic7" in (ROOT / f).read_text(encoding="utf-8", errors="replace")]
    assert naming == []


# -- the web table -----------------------------------------------------------------------------------------


def _next_question(hub: Any, seat: Any, answered: int) -> Any:
    """The seat's open question, if it is not the one it answered last."""
    asked = hub.games[seat.game_id].humans[seat.seat].asked
    return asked if asked is not None and asked.turn.decision != answered else None


def test_the_web_table_lists_it_and_plays_it_with_a_human_seat(tmp_path: Path) -> None:
    from tests.serving import Seat, answer_simply, live, serving, wait_for

    with serving(tmp_path) as (client, hub):
        listed = {r["id"]: r for r in client.get("/api/lobby").json()["rulesets"]}
        assert listed["classic7"] == {"id": "classic7", "title": "预女猎 7人局", "seats": 7}
        players = ["human", *["scripted"] * 6]
        reply = client.post("/api/games", json={"ruleset": "classic7", "seed": 3, "players": players, "pace_s": 0,
                                                "deadline_s": 600})
        assert reply.status_code == 200, reply.text
        body = reply.json()
        one = Seat(body["game_id"], 1, body["links"][0]["url"].split("#", 1)[1])
        game = live(hub, one).game
        state = client.get(f"{one.base}/state", headers=one.auth)
        assert state.status_code == 200, state.text
        answered: list[int] = [-1]
        while not game.over:
            question = wait_for(lambda: "over" if game.over else _next_question(hub, one, answered[0]),
                                what="seat 1's next question or the end")
            if question != "over":
                answered[0] = question.turn.decision
                answer_simply(hub, client, one)
        public = client.get(f"/api/games/{one.game_id}/public")
        assert public.status_code == 200 and client.get(f"/replays/{one.game_id}").status_code == 200
