"""The golden scenarios of umineko32 (spec §7, G-01..G-21) through ``arena judge``.

Each scenario file under ``tests/scenarios/umineko32`` sets a golden scenario up with the standard
seating (1–2 侦探, 3 观剧, 4 审问官, 5 魔女, 6–14 平民 with believers 6–8, 15–18 杀手) unless its
title says otherwise; these tests assert the spec's outcome. A few run through the real command
line, the rest in-process; illegal variants are made by editing a scenario's steps.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.cli import judge as judge_cmd
from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine.errors import EngineError
from engine.rulesets import get_ruleset
from tests.judging import Outcome

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios" / "umineko32"
KEYS = ["ruleset", "ended", "winners", "alive", "roles", "factions", "deaths", "voted_out", "feedback",
        "announcements", "events"]
Edit = Callable[[dict[str, Any]], None]


# -- helpers -----------------------------------------------------------------------------------------


def data_of(name: str, edit: Edit | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if edit is not None:
        edit(data)
    return data


def settled(name: str, edit: Edit | None = None) -> Outcome:
    return Outcome(data_of(name, edit))


def run_judge(data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str],
              *, as_json: bool = True) -> tuple[int, str, str]:
    """``arena judge`` in-process on ``data``: (exit status, stdout, stderr)."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = judge_cmd.run(argparse.Namespace(file=str(path), json=as_json))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def refused(data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Run a scenario that must be refused: exit status 2, nothing on stdout; returns the message."""
    code, out, err = run_judge(data, tmp_path, capsys)
    assert code == 2, err
    assert out == ""
    return err


def refusal(data: dict[str, Any]) -> EngineError:
    """The engine's coded error behind a refused step (the message the judge prints renders it)."""
    parsed = parse(data)
    ruleset = get_ruleset(parsed.ruleset)
    check(parsed, ruleset)
    with pytest.raises(judge.StepError) as err:
        judge.settle(parsed, ruleset)
    cause = err.value.__context__
    assert isinstance(cause, EngineError)
    return cause


def why(error: EngineError) -> str:
    """The code of the reason nested in a refusal (``skill_target``'s ``why``)."""
    return str(error.params["why"]["code"])


def cli(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "arena", "judge", str(path), *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def with_step(step: dict[str, Any], keep: int | None = None) -> Edit:
    """Keep the first ``keep`` steps (all when None) and append ``step``."""
    def edit(data: dict[str, Any]) -> None:
        data["steps"] = [*data["steps"][:keep], step] if keep is not None else [*data["steps"], step]
    return edit


def skill(seat: int, name: str, *targets: int) -> dict[str, Any]:
    return {"seat": seat, "skill": name, "targets": list(targets)}


# -- the command line ----------------------------------------------------------------------------------


def test_cli_json_has_exactly_the_documented_keys() -> None:
    done = cli(SCENARIOS / "G-01.json", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert list(out) == KEYS
    assert out["ruleset"] == "umineko32"
    assert out["roles"]["9"] == "共犯" and out["factions"]["9"] == "黑方"
    assert out["events"][0]["kind"] == "game_created"


def test_cli_vote_castling() -> None:
    done = cli(SCENARIOS / "G-09.json", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert {"seat": 6, "when": "day 3", "cause": "王车易位"} in out["deaths"]
    assert {"day": 3, "seat": 5, "died": False} in out["voted_out"]


def test_cli_illegal_action_exits_2_naming_step_seat_and_reason() -> None:
    done = cli(SCENARIOS / "G-05-illegal.json", "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "steps[3] (night 5), seat 4" in done.stderr
    assert "Red barrier: target seat 12 is not legal" in done.stderr


def test_cli_bad_json_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"ruleset": "umineko32", "seats": [', encoding="utf-8")
    done = cli(path)
    assert done.returncode == 2
    assert "not valid JSON" in done.stderr and "line 1" in done.stderr


def test_cli_readable_settlement_in_chinese() -> None:
    done = cli(SCENARIOS / "G-08.json")
    assert done.returncode == 0, done.stderr
    assert "【第3天】" in done.stdout
    assert "被投票出局，未死亡" in done.stdout.split("【第3天】")[1]
    assert "结果：游戏继续。" in done.stdout


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_every_scenario_file_settles_or_is_refused(path: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_judge(json.loads(path.read_text(encoding="utf-8")), tmp_path, capsys)
    if path.stem.endswith("-illegal"):
        assert code == 2 and "illegal action" in err
    else:
        assert code == 0, err
        assert list(json.loads(out)) == KEYS


# -- G-01 .. G-21 ------------------------------------------------------------------------------------


def test_g01_night1_conversion_apprentice_and_checks() -> None:
    o = settled("G-01")
    assert o.changed_roles() == {9: ("共犯", "黑方"), 7: ("见习魔女", "第三方")}
    assert o.deaths == [] and o["alive"] == list(range(1, 19))
    assert o.feedback("night 1") == [(5, "契约标记", [6], "成功"), (1, "侦探权限", [15], "黑"),
                                     (2, "侦探权限", [9], "白"), (3, "演员试镜", [6, 15], "异")]
    assert o.state.seats[6].yi_partners == {15} and o.state.seats[15].yi_partners == {6}
    assert [e["result"] for e in o.events("resolved", skill="barrier", targets=[10])] == ["protect"]
    assert o.state.seats[10].barrier_uses == 1
    assert o.events("draw", name="魔法传承")[0]["result"] == [7]
    assert o.events("team_joined", team="witches", seat=7)
    promotions = o.events("notice", topic="promotion")
    assert {p["vis"] for p in promotions} == {"team:killers", "seat:9"}
    assert all(p["data"] == {"accomplice": 9, "killer_name": 15} for p in promotions)
    assert o.dawn(1) == [([], {})] and o.says("night 1", "无人死亡")
    assert not o["ended"] and o["winners"] == []


def test_g02_blade_on_a_protected_non_commoner() -> None:
    o = settled("G-02")
    assert o.deaths == []
    assert "共犯" not in o["roles"].values() and o.state.accomplice is None
    assert o.events("notice", topic="promotion") == []
    assert o.events("resolved", skill="tell_name") == []
    assert o.dawn(1) == [([], {})]


def test_g03_protected_commoner_still_converts_and_the_barrier_counts() -> None:
    o = settled("G-03")
    assert o.changed_roles()[10] == ("共犯", "黑方")
    assert o.deaths == []
    barrier = [(e["day"], e["result"]) for e in o.events("resolved", skill="barrier", targets=[10])]
    assert barrier == [(1, "protect"), (3, "void")]
    assert o.state.inquisitor_restricted


def test_g03_barrier_blocks_conversion_flag() -> None:
    o = settled("G-03-barrier_blocks_conversion")
    assert "共犯" not in o["roles"].values() and o.state.accomplice is None
    assert o["roles"]["10"] == "平民" and o.deaths == []
    barrier = [(e["day"], e["result"]) for e in o.events("resolved", skill="barrier", targets=[10])]
    assert barrier == [(1, "protect"), (3, "void")]


def test_g04_second_barrier_on_black_kills_without_restriction() -> None:
    o = settled("G-04")
    assert o.deaths == [(16, "night 4", "红字结界")]
    results = [(e["day"], e["targets"], e["result"]) for e in o.events("resolved", skill="barrier")]
    assert results == [(2, [16], "protect"), (3, [4], "protect"), (4, [16], "kill"), (5, [17], "protect")]
    assert not o.state.inquisitor_restricted
    assert o.dawn(4) == [([16], {})]  # no role shown
    assert o.says("night 4", "昨夜死亡", "16号")


def test_g05_second_barrier_on_white_leaves_it_to_the_blade_and_restricts() -> None:
    o = settled("G-05")
    assert o.deaths == [(11, "night 4", "无常之刃")]
    results = [(e["day"], e["targets"], e["result"]) for e in o.events("resolved", skill="barrier")]
    assert results == [(2, [11], "protect"), (3, [12], "protect"), (4, [11], "void"), (5, [13], "protect")]
    assert o.state.inquisitor_restricted
    assert o.dawn(4) == [([11], {})]


def test_g05_restricted_barrier_may_still_take_self() -> None:
    o = settled("G-05", lambda d: d["steps"][3].update(actions=[skill(4, "红字结界", 4)]))
    assert o.events("resolved", skill="barrier", day=5)[0]["result"] == "protect"


def test_g05_restricted_barrier_on_a_piece_chosen_before_is_illegal(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-05-illegal"), tmp_path, capsys)
    assert "steps[3] (night 5), seat 4" in err
    error = refusal(data_of("G-05-illegal"))
    assert (error.code, error.params["target"], why(error)) == ("skill_target", 12, "why.barrier_restricted")
    assert error.render("zh") == "【红字结界】：目标 12号 不可选：12号 以前被结界过，而结界已受限：只能选自己或从未选过的棋子"


def test_g06_consecutive_rule_includes_self_and_self_never_counts() -> None:
    o = settled("G-06")
    results = [(e["day"], e["targets"], e["result"]) for e in o.events("resolved", skill="barrier")]
    assert results == [(2, [4], "protect"), (3, [10], "protect"), (4, [4], "protect")]
    assert o.state.seats[4].barrier_uses == 0


def test_g06_self_on_two_nights_in_a_row_is_illegal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-06-illegal"), tmp_path, capsys)
    assert "steps[1] (night 3), seat 4" in err
    error = refusal(data_of("G-06-illegal"))
    assert (error.code, error.params["target"], why(error)) == ("skill_target", 4, "why.barrier_consecutive")


def test_g07_audition_chain() -> None:
    o = settled("G-07")
    results = [(f[2], f[3]) for when in ("night 1", "night 2", "night 3", "night 4", "night 5")
               for f in o.feedback(when) if f[1] == "演员试镜"]
    assert results == [([6, 15], "异"), ([15, 10], "异"), ([10, 11], "同"), ([12, 16], "异")]


@pytest.mark.parametrize(("night", "targets", "code", "params"), [
    (2, (10, 11), "audition_chain", {"seats": [6, 15], "targets": [10, 11]}),
    (2, (6, 15), "audition_chain", {"seats": [6, 15], "targets": [6, 15]}),
    (2, (6, 3), "audition_self", {}),
    (5, (11, 16), "audition_repeat", {"target": 11}),
])
def test_g07_illegal_auditions(night: int, targets: tuple[int, int], code: str, params: dict[str, Any],
                               tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keep = {2: 1, 5: 3}[night]
    edit = with_step({"night": night, "actions": [skill(3, "演员试镜", *targets)]}, keep=keep)
    err = refused(data_of("G-07", edit), tmp_path, capsys)
    assert f"(night {night}), seat 3" in err
    error = refusal(data_of("G-07", edit))
    assert error.code == code and error.params == {"skill": "audition", **params}


def test_g07_audition_blocked_the_night_after_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit = with_step({"night": 4, "actions": [skill(3, "演员试镜", 12, 13)]}, keep=3)
    err = refused(data_of("G-07", edit), tmp_path, capsys)
    assert "steps[3] (night 4), seat 3" in err


def test_g07_chain_lapses_when_both_partners_are_dead() -> None:
    o = settled("G-07-lapse")
    assert o.deaths == [(15, "night 1", "无常之刃"), (6, "day 2", "投票")]
    assert o.feedback("night 2") == [(3, "演员试镜", [10, 11], "同")]


def test_g08_stage_privilege_protects_the_white_partner() -> None:
    o = settled("G-08")
    assert o.voted_out == [(2, 15, True), (3, 6, False)]
    assert o.deaths == [(15, "day 2", "投票")]
    privilege = [(e["day"], e["targets"], e["result"]) for e in o.events("resolved", skill="stage_privilege")]
    assert privilege == [(2, [6], "3")]
    assert o.events("resolved", skill="exit", day=3)[0]["result"] == "immune"
    assert o.vote_results(3) == [([6], [], {"6": 4})]
    assert o.says("day 3", "6号", "被投票出局", "未死亡")


def test_g09_witch_castling_at_the_vote() -> None:
    o = settled("G-09")
    assert o.voted_out[0] == (3, 5, False)
    assert o.deaths == [(6, "day 3", "王车易位")]
    assert 5 in o["alive"] and o.state.castling_used
    assert o.events("resolved", skill="castling")[0]["targets"] == [6]
    assert o.events("phase_began", name="VOTE_LAST_WORDS", number=3)[0]["order"] == [6]
    assert o.vote_results(3) == [([5], [6], {"5": 4})]
    assert o.says("day 3", "5号", "被投票出局", "6号", "死亡")
    privilege = [(e["day"], e["targets"], e["result"]) for e in o.events("resolved", skill="stage_privilege")]
    assert privilege[0] == (3, [15], "4")
    assert o.voted_out[1] == (4, 15, False)


def test_g10_night1_castling_creates_the_accomplice() -> None:
    o = settled("G-10")
    assert o.changed_roles() == {8: ("共犯", "黑方"), 6: ("见习魔女", "第三方")}
    assert o.deaths == [] and 5 in o["alive"]
    assert o.events("question", seat=5, skill="castling")[0]["data"] == {"form": "night"}
    assert o.events("resolved", skill="castling")[0]["targets"] == [8]
    assert o.feedback("night 1") == [(5, "契约标记", [8], "成功")]
    assert o.events("notice", topic="promotion", vis="seat:8")[0]["data"] == {"accomplice": 8, "killer_name": 15}


def test_g11_castling_onto_a_protected_replacement() -> None:
    o = settled("G-11")
    assert o.deaths == []
    assert o.events("resolved", skill="castling", day=3)[0]["targets"] == [13]
    assert o.state.castling_used
    assert o.dawn(3) == [([], {})]


def test_g12_castling_unavailable_when_no_living_marked_commoner() -> None:
    o = settled("G-12")
    assert o.deaths == [(5, "night 2", "无常之刃")]
    assert o.events("question") == []
    assert not o.state.castling_used
    assert o.feedback("night 1") == [(5, "契约标记", [9], "成功")]
    assert o.feedback("night 2") == [(5, "契约标记", [2], "失败")]
    assert o.changed_roles()[9] == ("共犯", "黑方")


def test_g12_a_choice_never_asked_is_a_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit: Edit = lambda d: d["steps"][1].update(choices=[{"seat": 5, "skill": "王车易位", "use": True}])  # noqa: E731
    code, out, err = run_judge(data_of("G-12", edit), tmp_path, capsys)
    assert code == 0 and "never asked" in err
    assert {"seat": 5, "when": "night 2", "cause": "无常之刃"} in json.loads(out)["deaths"]


def test_g13_accomplice_merges_at_nightfall_3_and_turns_black() -> None:
    o = settled("G-13")
    names = [(e["day"], e["phase"], e["seats"]) for e in o.events("notice", topic="killer_name")]
    assert names == [(2, "NIGHTFALL", [16]), (3, "NIGHTFALL", [17])]
    assert o.events("notice", topic="promotion", vis="seat:9")[0]["data"]["killer_name"] == 15
    merged = o.events("resolved", skill="merge")
    assert [(e["day"], e["phase"], e["targets"]) for e in merged] == [(3, "NIGHTFALL", [9])]
    assert o.events("team_joined", team="killers", seat=9, day=3)
    assert o.feedback("night 3") == [(1, "侦探权限", [9], "黑"), (3, "演员试镜", [9, 10], "异")]
    assert o.deaths == [(18, "day 3", "投票")]


def test_g13_second_barrier_on_the_merged_accomplice_kills_it() -> None:
    o = settled("G-13-barrier")
    assert o.deaths == [(18, "day 3", "投票"), (9, "night 3", "红字结界")]
    assert o.events("resolved", skill="barrier", day=3)[0]["result"] == "kill"
    assert o.feedback("night 3")[0] == (1, "侦探权限", [9], "黑")


def test_g14_black_wins_at_settlement() -> None:
    o = settled("G-14")
    assert o.deaths == [(1, "night 1", "无常之刃"), (2, "night 2", "无常之刃"), (3, "night 3", "无常之刃"),
                        (4, "night 6", "无常之刃")]
    assert o["ended"] and o["winners"] == ["黑方"]
    ended = o.events("game_ended")[0]
    assert (ended["day"], ended["phase"]) == (6, "SETTLEMENT")
    assert o.events("phase_began", name="DAWN", number=6) == []
    assert o.events("resolved", skill="barrier", day=6)[0]["targets"] == [11]
    assert o.says("night 6", "游戏结束", "黑方")


def test_g14_latched_witch_is_a_co_winner() -> None:
    o = settled("G-14-witch")
    assert o["winners"] == ["黑方", "第三方"]
    latched = o.events("win_latched")[0]
    assert (latched["day"], latched["phase"], latched["faction"]) == (5, "SETTLEMENT", "witch")
    assert (5, "night 5", "魔女复苏") in o.deaths and (7, "night 5", "魔女复苏") in o.deaths


def test_g15_simultaneous_black_and_white_victory() -> None:
    o = settled("G-15")
    assert [d for d in o.deaths if d[1] == "night 5"] == [(3, "night 5", "无常之刃"), (18, "night 5", "红字结界"),
                                                          (4, "night 5", "淹死")]
    assert o["ended"] and o["winners"] == ["黑方", "白方"]
    ended = o.events("game_ended")[0]
    assert (ended["day"], ended["phase"]) == (5, "SETTLEMENT")


def test_g15_inquisitor_as_last_key_white() -> None:
    o = settled("G-15-inquisitor")
    assert [d for d in o.deaths if d[1] == "night 5"] == [(4, "night 5", "无常之刃"), (18, "night 5", "红字结界")]
    assert o["winners"] == ["黑方", "白方"]


def test_g16_white_wins_at_the_vote() -> None:
    o = settled("G-16")
    assert o.voted_out[-1] == (5, 17, True)
    assert o["ended"] and o["winners"] == ["白方"]
    ended = o.events("game_ended")[0]
    assert (ended["day"], ended["phase"]) == (5, "VOTE_RESOLUTION")


def test_g16_immunity_blocks_the_white_win() -> None:
    o = settled("G-16-immune")
    privilege = [(e["day"], e["targets"], e["result"]) for e in o.events("resolved", skill="stage_privilege")]
    assert (4, [17], "5") in privilege
    assert o.voted_out[-1] == (5, 17, False)
    assert 17 in o["alive"] and not o["ended"] and o["winners"] == []


def test_g17_witch_side_win_and_ascension() -> None:
    o = settled("G-17")
    latched = o.events("win_latched")[0]
    assert (latched["day"], latched["phase"]) == (4, "SETTLEMENT")
    assert [d for d in o.deaths if d[1] == "night 4"] == [(5, "night 4", "魔女复苏"), (7, "night 4", "魔女复苏")]
    revival, deaths = o.events("announced", day=4, phase="DAWN")[0], o.events("dawn", day=4)[0]
    assert revival["topic"] == "witch_revival" and deaths["seats"] == [5, 7] and revival["seq"] < deaths["seq"]
    assert o.says("night 4", "魔女复苏")
    assert o.events("phase_began", name="LAST_WORDS", number=4) == []
    assert sorted(s for s, p in o.state.seats.items() if p.alive and p.role == "commoner") == [6, 12, 13]
    assert not o["ended"]


def test_g17_witch_side_is_a_co_winner_of_the_later_white_win() -> None:
    o = settled("G-17-co-win")
    assert o["ended"] and o["winners"] == ["白方", "第三方"]


def test_g18_vacuous_witch_win_at_the_vote_and_ascension_at_the_next_dawn() -> None:
    o = settled("G-18")
    latched = o.events("win_latched")[0]
    assert (latched["day"], latched["phase"]) == (4, "VOTE_RESOLUTION")
    assert (5, "day 3", "淹死") in o.deaths and (8, "day 4", "投票") in o.deaths
    assert o.deaths[-1] == (7, "night 4", "魔女复苏")
    revival, deaths = o.events("announced", day=4, phase="DAWN")[0], o.events("dawn", day=4)[0]
    assert revival["topic"] == "witch_revival" and deaths["seats"] == [7] and revival["seq"] < deaths["seq"]
    assert not any(p.alive and p.role == "commoner" for p in o.state.seats.values())


def test_g19_inheritance_fallback_kills_a_commoner() -> None:
    o = settled("G-19")
    assert len(o.events("feedback", skill="prophecy")[0]["targets"]) == 3
    assert o.changed_roles() == {9: ("共犯", "黑方"), 12: ("见习魔女", "第三方")}
    assert o.deaths == [(12, "night 1", "魔法传承")]
    assert o.dawn(1) == [([12], {})]
    last_words = o.events("phase_began", name="LAST_WORDS", number=1)[0]
    assert last_words["order"] == [12]
    joined = o.events("team_joined", team="witches", seat=12)[0]
    assert joined["seq"] > last_words["seq"]


def test_g19_convert_alive_flag() -> None:
    o = settled("G-19-convert_alive")
    assert o.deaths == [] and 12 in o["alive"]
    assert o.changed_roles()[12] == ("见习魔女", "第三方")
    assert o.events("team_joined", team="witches", seat=12)[0]["phase"] == "DAWN"


def test_g20_blue_overflow_and_no_vote_drown() -> None:
    o = settled("G-20")
    blues = [e["blue"] for e in o.events("posted", seat=11)]
    assert blues == [1, 2, 3]
    assert [e["reason"] for e in o.events("post_withheld", seat=11)] == ["blue_overflow"]
    warnings = [(e["day"], e["seat"], e["reason"], e["count"]) for e in o.events("warned")]
    assert warnings == [(2, 11, "blue_overflow", 1), (3, 11, "no_vote", 2)]
    assert o.deaths == [(11, "day 3", "淹死")]
    drowned = o.events("seats_out", cause="drowned")[0]
    assert drowned["seats"] == [11] and drowned["roles"] == {}
    assert o.says("day 3", "11号", "淹死")


def test_g21_checks_on_third_party_pieces() -> None:
    o = settled("G-21")
    assert o.feedback("night 1") == [(3, "演员试镜", [5, 15], "异")]
    assert o.feedback("night 2") == [(1, "侦探权限", [5], "白"), (2, "侦探权限", [7], "白"),
                                     (3, "演员试镜", [5, 7], "同")]


def test_g21_audition_blocked_after_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-21", with_step({"night": 3, "actions": [skill(3, "演员试镜", 8, 9)]})), tmp_path, capsys)
    assert "steps[2] (night 3), seat 3" in err


# -- bad input -----------------------------------------------------------------------------------------


def test_roster_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["seats"][17].update(role="平民")), tmp_path, capsys)
    assert "roster does not match umineko32" in err and "平民 10 (needs 9)" in err and "杀手 3 (needs 4)" in err


def test_missing_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["seats"].pop(3)), tmp_path, capsys)
    assert "missing [4]" in err and "List every seat" in err


def test_unknown_role_and_skill_name_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["seats"][0].update(role="预言家")), tmp_path, capsys)
    assert "seats[0].role" in err and "unknown role '预言家'" in err
    err = refused(data_of("G-01", lambda d: d["steps"][1]["actions"][0].update(skill="无常之刀")), tmp_path, capsys)
    assert "steps[1].actions[0].skill (night 1)" in err and "unknown skill '无常之刀'" in err and "无常之刃" in err


def test_unknown_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["steps"][1]["actions"][0].update(targets=[19])), tmp_path, capsys)
    assert "steps[1].actions[0] (night 1): no seat 19" in err


def test_engine_ids_are_accepted_as_names() -> None:
    def ids(d: dict[str, Any]) -> None:
        d["seats"][0]["role"] = "detective"
        d["steps"][1]["actions"][0]["skill"] = "blade"
    assert settled("G-01", ids).changed_roles()[9] == ("共犯", "黑方")


def test_dead_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit = with_step({"night": 7, "actions": [skill(15, "无常之刃", 1)]}, keep=3)
    err = refused(data_of("G-14", edit), tmp_path, capsys)
    assert "steps[3] (night 7), seat 15" in err and "seat 1 is dead" in err
    assert why(refusal(data_of("G-14", edit))) == "why.dead"


def test_out_of_phase_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit = with_step({"day": 2, "actions": [skill(1, "侦探权限", 15)]})
    err = refused(data_of("G-01", edit), tmp_path, capsys)
    assert "steps[2] (day 2), seat 1" in err and "cannot use Detect in phase Restricted speech" in err
    error = refusal(data_of("G-01", edit))
    assert (error.code, error.params) == ("skill_now", {"seat": 1, "skill": "detect", "phase": "RESTRICTED", "day": 2})
    assert error.render("zh") == "1号 不能在第2天的白天限制发言阶段使用【侦探权限】"


def test_no_vote_on_day_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["steps"][0].update(votes=[{"seat": 1, "target": 15}])), tmp_path, capsys)
    assert "steps[0].votes (day 1)" in err and "no vote before day 2" in err


def test_step_after_the_end_of_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-14", with_step({"day": 7, "votes": [{"seat": 15, "target": 5}]})), tmp_path, capsys)
    assert "steps[4] (day 7)" in err and "already over" in err and "night 6" in err


def test_shape_errors_name_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["steps"][1].update(votes=[])), tmp_path, capsys)
    assert "steps[1].votes: Extra inputs are not permitted" in err
    err = refused(data_of("G-01", lambda d: d["steps"][1].pop("night")), tmp_path, capsys)
    assert 'steps[1]: a step needs "night": N or "day": N' in err
    err = refused(data_of("G-01", lambda d: d["steps"][1].update(night=-1)), tmp_path, capsys)
    assert "steps[1].night: Input should be greater than or equal to 0" in err
    err = refused(data_of("G-01", lambda d: d["steps"][1]["actions"][0].update(targets="9")), tmp_path, capsys)
    assert "steps[1].actions[0].targets: Input should be a valid list" in err


def test_steps_out_of_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d["steps"].reverse()), tmp_path, capsys)
    assert "steps[1] (day 1): steps must run in game order" in err


def test_unknown_flag_and_unpinnable_draw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(data_of("G-01", lambda d: d.update(flags={"umineko.nope": True})), tmp_path, capsys)
    assert "flags: unknown flag 'umineko.nope'" in err
    err = refused(data_of("G-01", lambda d: d["steps"][1].update(draws={"发牌": [1]})), tmp_path, capsys)
    assert "no draw named '发牌' can be pinned" in err


def test_yaml_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    yaml = pytest.importorskip("yaml")
    path = tmp_path / "G-02.yaml"
    path.write_text(yaml.safe_dump(data_of("G-02"), allow_unicode=True), encoding="utf-8")
    assert judge_cmd.run(argparse.Namespace(file=str(path), json=True)) == 0
    assert json.loads(capsys.readouterr().out)["deaths"] == []


# -- night 0, draws and notes ------------------------------------------------------------------------


def night0(choices: list[int], prophecy: list[int]) -> Edit:
    """Beliefs given as night-0 choices instead of seat options, and a pinned prophecy."""
    def edit(data: dict[str, Any]) -> None:
        for seat in data["seats"]:
            seat.pop("believes", None)
        data["steps"].insert(0, {"night": 0, "draws": {"魔女预言": prophecy},
                                 "choices": [{"seat": s, "skill": "信仰魔女", "use": True} for s in choices]})
    return edit


def test_night0_beliefs_and_pinned_prophecy() -> None:
    o = settled("G-02", night0([6, 7, 8, 9], [1, 2, 15, 16]))
    assert sorted(s for s, p in o.state.seats.items() if p.believes) == [6, 7, 8, 9]
    assert o.feedback("night 0") == [(5, "魔女预言", [1, 2, 15, 16], "非平民")]
    assert o.notes == []


def test_impossible_pin_is_drawn_at_random_and_noted() -> None:
    o = settled("G-02", night0([6, 7, 8], [6, 15, 16]))
    assert o.events("draw", name="魔女预言")[0]["pinned"] is False
    assert any("魔女预言" in note and "not used" in note for note in o.notes)
