"""The golden scenarios of suitang21 (spec §7, G-01..G-23) through ``arena judge``.

Each file under ``tests/scenarios/suitang21`` uses the standard seating (1–5 狼人, 6 花蝴蝶, 7 预言家,
8 女巫, 9 长老, 10 守卫, 11 丘比特, 12 猎人, 13 侦探, 14–21 村民; lovers 14 & 15 and sheriff 17 unless
its title says otherwise). These tests assert the spec's outcome; illegal variants are made by
editing a scenario's steps and must be refused with exit status 2, naming the step, seat and rule.
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
from engine.rulesets import get_ruleset
from engine.rulesets.suitang21.camps import loses
from engine.rulesets.suitang21.names import VILLAGE
from engine.rulesets.suitang21.state import SuitangState

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "suitang21"
Edit = Callable[[dict[str, Any]], None]


class Settled:
    """A settled scenario: the ``--json`` outcome and the final state."""

    def __init__(self, name: str, edit: Edit | None = None) -> None:
        data = data_of(name, edit)
        parsed = parse(data)
        ruleset = get_ruleset(parsed.ruleset)
        check(parsed, ruleset)
        judged = judge.settle(parsed, ruleset)
        self.out, self.notes = judge.outcome(judged), judged.notes
        state = judged.game.state
        assert isinstance(state, SuitangState)
        self.state = state

    @property
    def deaths(self) -> list[tuple[int, str, str]]:
        return [(d["seat"], d["when"], d["cause"]) for d in self.out["deaths"]]

    def feedback(self, seat: int, when: str | None = None) -> list[tuple[str, list[int], str]]:
        return [(f["skill"], f["targets"], f["result"]) for f in self.out["feedback"]
                if f["seat"] == seat and (when is None or f["when"] == when)]

    def events(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        return [e for e in self.out["events"] if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]

    def announced(self, kind: str) -> list[list[int]]:
        """The seats of each public post of ``kind`` (``dawn``, ``vote_result``, ``seats_out``)."""
        return [e["seats"] for e in self.events(kind)]

    def sheriffs(self) -> list[int | None]:
        """The sheriff each sheriff post names."""
        return [e["seat"] for e in self.events("sheriff")]


def data_of(name: str, edit: Edit | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if edit is not None:
        edit(data)
    return data


def skill(seat: int, name: str, *targets: int) -> dict[str, Any]:
    return {"seat": seat, "skill": name, "targets": list(targets)}


def adding(step: dict[str, Any]) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["steps"].append(step)
    return edit


def refused(data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``arena judge`` must refuse: exit status 2, nothing on standard output; returns the message."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = judge_cmd.run(argparse.Namespace(file=str(path), json=True))
    captured = capsys.readouterr()
    assert code == 2, captured.err
    assert captured.out == ""
    return captured.err


def test_g01_cross_camp_lovers_elope() -> None:
    out = Settled("G-01")
    assert {s: out.out["factions"][str(s)] for s in (2, 14, 11)} == dict.fromkeys((2, 14, 11), "黑情侣阵营")
    assert out.state.teams["wolf_pack"] == [1, 3, 4, 5]
    assert out.state.teams["lover_chat"] == [2, 14]
    assert out.events("notice", topic="no_kill", seats=[2])
    assert out.feedback(7, "night 1") == [("预言", [11], "非村民阵营")]
    assert out.feedback(7, "night 2") == [("预言", [2], "非村民阵营")]
    assert ("犯罪天才", [2], "狼人") in out.feedback(13, "night 1")
    assert [n["data"]["camp"] for n in out.events("notice", topic="lover")] == ["lovers", "lovers"]
    assert not out.feedback(11)[1:], "Cupid hears only its own choice"
    villagers = [s for s, r in out.state.seats.items() if r.faction == VILLAGE and r.role == "villager"]
    assert villagers == list(range(15, 22))


def test_g02_double_wolf_lovers_and_takeover() -> None:
    out = Settled("G-02")
    assert out.state.double_wolf and "lover_chat" not in out.state.teams
    assert out.out["factions"]["11"] == "狼人阵营"
    assert out.feedback(7, "night 1") == [("预言", [11], "非村民阵营")]
    assert (1, "day 3", "投票") in out.deaths and (3, "day 3", "殉情") in out.deaths
    assert out.announced("vote_result")[1] == [1]
    assert (16, "night 6", "杀人") in out.deaths, "接刀 takes effect once every 狼人 is out"
    assert all(d[0] != 18 for d in out.deaths), "接刀 does nothing while a 狼人 lives"
    assert "狼人阵营" not in out.out["winners"] and not out.out["ended"]
    assert not [f for f in out.out["feedback"] if f["skill"] == "接刀"], "Cupid gets no feedback"


def test_g03_double_special_lovers_make_cupid_a_big_special() -> None:
    out = Settled("G-03", lambda d: d["steps"].pop())
    assert out.state.double_special and not out.out["ended"]
    assert not loses(out.state, VILLAGE), "7, 8, 9, 10 are out but 11 lives"
    end = Settled("G-03")
    assert end.out["ended"] and end.out["winners"] == ["狼人阵营"]


def test_g04_saved_elder_loses_its_extra_life() -> None:
    out = Settled("G-04")
    assert out.feedback(8, "night 2") == [("通灵", [9], "指杀")]
    assert out.events("resolved", skill="longevity", result="hit")
    assert out.deaths == [(9, "night 4", "杀人")]
    assert not out.state.seats[8].save_left and not out.state.seats[8].tongling
    assert not out.feedback(8, "night 3") and not out.feedback(8, "night 4")
    assert not out.events("resolved", skill="elder_penalty")
    assert not out.state.seats[7].skills_lost


def test_g04_flag_save_keeps_the_life() -> None:
    out = Settled("G-04", lambda d: d["flags"].update({"suitang.save_spends_elder_life": False}))
    assert out.deaths == [], "the save keeps the life, so the second kill only uses it up"
    assert out.state.seats[9].elder_hit


def test_g05_guarded_elder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = Settled("G-05")
    assert out.deaths == [] and not out.state.seats[9].elder_hit
    assert out.events("resolved", skill="kill", result="guarded")
    err = refused(data_of("G-05", adding({"night": 3, "actions": [skill(10, "守护之盾", 9)]})), tmp_path, capsys)
    assert "steps[3] (night 3), seat 10" in err and "guarded before" in err


def test_g06_elder_voted_out_strikes_seer_witch_hunter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = Settled("G-06")
    lost = {s for s, r in out.state.seats.items() if r.skills_lost}
    assert lost == {7, 8, 12}
    assert not out.events("question"), "the hunter lost its shot"
    data = data_of("G-06", lambda d: d["steps"].pop())
    data["steps"].append({"night": 3, "actions": [skill(7, "预言", 1)]})
    assert "seat 7" in refused(data, tmp_path, capsys)


def test_g06_flag_penalty_includes_guard() -> None:
    out = Settled("G-06", lambda d: d["flags"].update({"suitang.elder_penalty_includes_guard": True}))
    assert {s for s, r in out.state.seats.items() if r.skills_lost} == {7, 8, 10, 12}


def test_g07_hug_on_a_wolf_blocks_the_kill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = Settled("G-07")
    assert out.deaths == []
    assert out.feedback(8, "night 2") == [("通灵", [], "无人被指杀")]
    assert ("杀人", [15], "无效（无结果）") in out.feedback(1, "night 2")
    err = refused(data_of("G-07", adding({"night": 3, "actions": [skill(6, "拥抱", 3)]})), tmp_path, capsys)
    assert "hugged before" in err


def test_g08_hug_protects_and_the_save_is_wasted() -> None:
    out = Settled("G-08")
    assert out.deaths == []
    assert out.feedback(8, "night 3") == [("通灵", [15], "指杀"), ("救药", [15], "无效（无结果）")]
    assert not out.state.seats[8].save_left and not out.state.seats[8].tongling


def test_g09_kill_on_the_butterfly_reaches_the_hugged_hunter() -> None:
    out = Settled("G-09")
    assert out.deaths == [(6, "night 3", "杀人"), (12, "night 3", "杀人")]
    assert not out.events("question"), "the hugged hunter's shot is void"
    assert out.announced("dawn")[-1] == [6, 12]
    assert out.feedback(8, "night 3") == [("通灵", [6], "指杀")], "通灵 names no propagated victim"


def test_g09_flag_hugged_hunter_shoots() -> None:
    out = Settled("G-09", lambda d: d["flags"].update({"suitang.hugged_hunter_shoots": True}))
    assert out.events("question", seat=12, skill="shot")


def test_g10_kill_on_the_butterfly_reaches_the_hugged_elder() -> None:
    out = Settled("G-10")
    assert out.deaths == [(6, "night 2", "杀人")]
    assert out.state.seats[9].elder_hit and out.state.seats[9].alive


def test_g11_one_potion_a_night_and_tongling_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = Settled("G-11")
    assert out.deaths == [(18, "night 3", "毒药")]
    assert [f[0] for f in out.feedback(8, "night 3")] == []
    both = data_of("G-11", lambda d: d["steps"].pop())
    both["steps"][-1]["actions"].append(skill(8, "毒药", 17))
    err = refused(both, tmp_path, capsys)
    assert "seat 8" in err and "already answered" in err


def test_g12_poisoned_hunter_shoots_a_lover() -> None:
    out = Settled("G-12")
    assert out.deaths == [(12, "night 4", "毒药"), (3, "night 4", "最后一枪"), (15, "night 4", "殉情")]
    assert out.announced("dawn")[-1] == [12, 3, 15]


def test_g12_flag_poisoned_hunter_does_not_shoot() -> None:
    out = Settled("G-12", lambda d: d["flags"].update({"suitang.poisoned_hunter_shoots": False}))
    assert out.deaths == [(12, "night 4", "毒药")]


def test_g13_hunter_shoots_the_elder() -> None:
    out = Settled("G-13")
    assert out.deaths == [(12, "day 4", "投票"), (9, "day 4", "最后一枪")]
    assert {s for s, r in out.state.seats.items() if r.skills_lost} == {7, 8, 12}
    assert [9] in out.announced("seats_out"), "the shot is announced at once"


def test_g14_sheriff_breaks_the_tie() -> None:
    assert Settled("G-14").deaths == [(4, "day 3", "投票")]
    assert Settled("G-14-none").deaths == []
    assert Settled("G-14-none").announced("vote_result")[-1] == []


def test_g15_first_to_reach_elects_the_sheriff() -> None:
    assert Settled("G-15").state.sheriff == 13
    assert Settled("G-15-change").state.sheriff == 18


def test_g15_flag_no_sheriff_on_a_tie() -> None:
    assert Settled("G-15", lambda d: d["flags"].update({"suitang.sheriff_tie": "none"})).state.sheriff is None


def test_g16_sheriff_succession_through_martyrdom() -> None:
    out = Settled("G-16")
    assert out.deaths == [(2, "day 4", "投票"), (14, "day 4", "殉情")]
    assert out.sheriffs()[-1] == 16 and out.state.sheriff == 16
    silent = Settled("G-16", lambda d: d["steps"][-1].update({"choices": [], "draws": {"警长继承": 20}}))
    assert silent.state.sheriff == 20
    assert silent.events("draw", name="警长继承", pinned=True)
    assert any("seat 14 did not answer 殉职" in note for note in silent.notes), "the closing note names the default"
    drawn = Settled("G-16", lambda d: d["steps"][-1].update({"choices": []}))
    assert any("警长继承 was drawn at random" in note for note in drawn.notes)


def test_g17_a_wolf_win_stops_the_poison() -> None:
    out = Settled("G-17")
    assert out.out["ended"] and out.out["winners"] == ["狼人阵营"]
    assert out.deaths[-1] == (16, "night 7", "杀人")
    assert 1 in out.out["alive"], "the poison on 1 is never resolved"
    assert out.out["alive"] == [1, 4, 6, 8, 12, 19]


def test_g18_village_defeated_plays_on() -> None:
    out = Settled("G-18")
    assert not out.out["ended"] and out.state.defeated == ["village"]
    assert out.out["alive"] == [1, 2, 3, 6, 12, 13, 14, 16, 19]
    assert ("犯罪天才", [1], "狼人") in out.feedback(13, "night 7")
    assert not [a for a in out.out["announcements"] if "判负" in a["text"] or "村民阵营" in a["text"]]


def test_g19_widow_knife_then_black_lovers_win() -> None:
    out = Settled("G-19")
    assert out.out["ended"] and out.out["winners"] == ["黑情侣阵营"]
    assert out.state.defeated == ["village", "wolves"]
    assert out.events("resolved", skill="widow") and out.events("notice", topic="widow_knife")
    assert out.out["factions"]["11"] == "黑情侣阵营" and 11 not in out.out["alive"]


def test_g20_detective_once_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = Settled("G-20")
    assert out.feedback(13, "night 2") == [("犯罪天才", [1], "狼人")]
    assert out.feedback(1, "night 2") == [("犯罪天才", [13], "侦探")]
    for name in ("G-20", "G-20-hug"):
        err = refused(data_of(name, adding({"night": 3, "actions": [skill(13, "犯罪天才", 5)]})), tmp_path, capsys)
        assert "seat 13 cannot use Criminal genius" in err and "once per game" in err
    hugged = Settled("G-20-hug")
    assert hugged.feedback(13, "night 2") == [("犯罪天才", [1], "无效（无结果）")]
    assert hugged.state.seats[13].detect_used


def test_g21_red_cards_defeat_the_wolf_camp() -> None:
    out = Settled("G-21")
    assert out.deaths == [(4, "day 2", "红牌罚下"), (5, "day 3", "红牌罚下")]
    assert 4 not in out.state.granted, "a red-carded role gets no last words"
    assert out.state.defeated == ["wolves"] and not out.out["ended"]
    assert not any(out.state.seats[s].has_kill for s in (1, 3))
    assert {s for s in (2, 14) if out.state.seats[s].has_kill} == {2, 14}, "寡妇刀"
    plain = Settled("G-21", lambda d: d["steps"][0]["actions"][0].update({"targets": [14, 15]}))
    assert plain.out["ended"] and plain.out["winners"] == ["村民阵营"]
    lover = Settled("G-21", lambda d: d["steps"][0]["actions"][0].update({"targets": [4, 16]}))
    assert (16, "day 2", "殉情") in lover.deaths, "殉情 still fires after a red card"


def test_g22_guard_once_per_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert Settled("G-22").state.seats[14].guarded_before
    same = data_of("G-22", lambda d: d["steps"][-1]["actions"][0].update({"targets": [10]}))
    assert "guarded before" in refused(same, tmp_path, capsys)
    again = data_of("G-22", adding({"night": 3, "actions": [skill(10, "守护之盾", 14)]}))
    assert "steps[4] (night 3), seat 10" in refused(again, tmp_path, capsys)


def last_words_granted(out: Settled) -> list[int]:
    return [seat for e in out.events("phase_began") if e["name"] in ("LAST_WORDS", "VOTE_LAST_WORDS")
            for seat in e["order"]]


def test_g23_five_last_words() -> None:
    assert last_words_granted(Settled("G-23")) == [16, 17, 18, 19, 20]
    assert last_words_granted(Settled("G-23-red")) == [16, 18, 19, 20, 21]


def test_every_golden_scenario_has_a_file() -> None:
    names = {p.stem.split("-")[0] + "-" + p.stem.split("-")[1] for p in SCENARIOS.glob("G-*.json")}
    assert names == {f"G-{n:02d}" for n in range(1, 24)}


def test_through_the_real_command_line() -> None:
    """``arena judge FILE --json`` in a subprocess prints the outcome; without ``--json`` a judge's post."""
    root = SCENARIOS.parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    path = SCENARIOS / "G-12.json"
    done = subprocess.run([sys.executable, "-m", "arena", "judge", str(path), "--json"], capture_output=True, text=True,
                          env=env, cwd=root, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [(d["seat"], d["cause"]) for d in out["deaths"]] == [(12, "毒药"), (3, "最后一枪"), (15, "殉情")]
    text = subprocess.run([sys.executable, "-m", "arena", "judge", str(path)], capture_output=True, text=True,
                          env=env, cwd=root, timeout=120).stdout
    assert "【第4夜】" in text and "天亮了" in text and "游戏继续" in text


# -- void and spoiled ballots: a judge enters the thread as it was posted -------------------------------


def ballots_day(*votes: dict[str, Any]) -> Edit:
    """G-22's seating with the sheriff (17) elected on day 1, then day 2's ``votes`` as posted."""
    def edit(data: dict[str, Any]) -> None:
        data["steps"] = [{"night": 0, "actions": [skill(11, "丘比特之箭", 14, 15)]},
                         {"day": 1, "votes": [{"seat": 21, "target": 17, "reason": "理由"}]},
                         {"day": 2, "votes": list(votes)}]
    return edit


def ballot(seat: int, target: int | None, reason: str = "理由") -> dict[str, Any]:
    return {"seat": seat, "target": target, "reason": reason}


def void_posts(out: Settled) -> list[tuple[list[int], str, bool]]:
    return [(e["seats"], e["data"]["kind"], e["data"]["kept"]) for e in out.events("announced", topic="void_ballot")]


def test_judge_records_a_vote_without_a_reason_as_a_spoiled_ballot() -> None:
    """投票格式有误的投票将算作废票: the scenario settles, the ballot counts for nobody, and the
    settlement says so (a public judge post in ``events`` and ``announcements``)."""
    out = Settled("G-22", ballots_day(ballot(20, 16, ""), ballot(19, 18)))
    assert void_posts(out) == [([20], "spoiled", False)]
    assert out.deaths == [(18, "day 2", "投票")], "20's ballot for 16 is not counted"
    assert not out.events("vote_cast", seat=20)
    text = next(a["text"] for a in out.out["announcements"] if "废票" in a["text"])
    assert text.startswith("【法官】20号 的投票格式有误，记为废票：投给 16号") and "投票必须同时写明目标和理由" in text
    kept = Settled("G-22", ballots_day(ballot(20, 16), ballot(20, 18, "  ")))
    assert void_posts(kept) == [([20], "spoiled", True)]
    assert kept.deaths == [(16, "day 2", "投票")], "a spoiled change leaves the first ballot standing"


def test_judge_records_a_vote_change_beyond_the_limit_as_void() -> None:
    """超过1次的改票无效: the second change is recorded as void and the first change stands."""
    out = Settled("G-22", ballots_day(ballot(20, 16), ballot(20, 18), ballot(20, 19)))
    assert void_posts(out) == [([20], "void", True)]
    assert out.deaths == [(18, "day 2", "投票")]
    assert any("20号 的改票无效：改投 19号（理由：理由），不计入" in a["text"] and "此前的投票仍有效" in a["text"]
               for a in out.out["announcements"])


def test_judge_spoiled_ballot_without_a_valid_vote_earns_the_yellow_card() -> None:
    """A seat whose only ballot is spoiled has no valid vote (§2.4): with discipline on, a yellow card."""
    def edit(data: dict[str, Any]) -> None:
        ballots_day(ballot(20, 16, ""), *(ballot(s, 18) for s in range(1, 20)), ballot(21, 18))(data)
        data["discipline"] = ["no_vote"]
    out = Settled("G-22", edit)
    assert [e["seat"] for e in out.events("warned", reason="yellow:no_vote", day=2)] == [20]


def test_judge_void_ballots_in_the_readable_output_and_json(tmp_path: Path) -> None:
    """Through the real command line: exit 0, the record in the judge's post and in ``--json``."""
    data = data_of("G-22", ballots_day(ballot(20, 16, ""), ballot(19, 16), ballot(19, 18), ballot(19, 20)))
    path = tmp_path / "void.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    root = SCENARIOS.parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    shown = subprocess.run([sys.executable, "-m", "arena", "judge", str(path)], capture_output=True, text=True,
                           env=env, cwd=root, timeout=120)
    assert shown.returncode == 0, shown.stderr
    day2 = shown.stdout.split("【第2天】", 1)[1]
    assert "20号 的投票格式有误，记为废票" in day2 and "19号 的改票无效" in day2
    done = subprocess.run([sys.executable, "-m", "arena", "judge", str(path), "--json"], capture_output=True,
                          text=True, env=env, cwd=root, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    records = [e for e in out["events"] if e["kind"] == "announced" and e["topic"] == "void_ballot"]
    assert [(e["seats"], e["data"]["kind"], e["data"]["error"]["code"]) for e in records] == [
        ([20], "spoiled", "vote_needs_reason"), ([19], "void", "vote_changes_used")]
    assert sum("废票" in a["text"] or "改票无效" in a["text"] for a in out["announcements"]) == 2


def test_judge_still_refuses_a_vote_for_an_out_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Only what the rules call void is recorded; a ballot the rules refuse still stops the scenario."""
    data = data_of("G-22", ballots_day(ballot(20, 16)))
    data["steps"].append({"day": 3, "votes": [ballot(19, 16)]})
    err = refused(data, tmp_path, capsys)
    assert "steps[3] (day 3), seat 19" in err and "vote target seat 16 is out" in err
