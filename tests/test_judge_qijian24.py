"""The golden scenarios of qijian24 (spec §7, G-01..G-24) through ``arena judge``.

Each file under ``tests/scenarios/qijian24`` sets a golden scenario up with the standard seating
(1 风火连城, 2 瓜哥洛, 3 秃狮, 4 丘东洛, 5 禁武使者, 6–8 帮手, 9 莫问剑 … 15 竞星剑, 16 绿珠, 17–20 庄民,
21 法师, 22 卖艺人, 23 游侠 (reveal), 24 游侠 (ban)); a night the scenario does not care about has the
team's kill blocked by the doctor. These tests assert the spec's outcome; illegal variants edit a step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.judging_qijian24 import data_of, refused, settled, step

# -- the night pipeline ------------------------------------------------------------------------------


def test_g01_killers_and_youlong_cancel_the_mages_kill_stands() -> None:
    o = settled("G-01")
    assert o.deaths() == [(10, "night 1", "杀人")]
    assert 2 in o.alive
    assert o.identities("dawn")[0] == {"10": "由龙剑"}
    assert o.state.sword_outs == 1 and o.charges(16, "pray") == 2


def test_g02_team_on_lone_void_lone_and_youlong_cancel() -> None:
    o = settled("G-02")
    assert [d for d in o.deaths() if d[1] == "night 1"] == [(2, "night 1", "杀人")]
    assert {4, 10} <= o.alive
    assert o.identities("dawn")[0] == {"2": "杀手团·瓜哥洛"}
    assert ("1", "4") not in {(str(a), str(t[0])) for a, t, r in o.resolved("assassinate") if r == "hit"}
    assert not [f for f in o.out["feedback"] if f["seat"] in (1, 2, 3, 4) and f["when"] == "night 1"]


def test_g03_mutual_pair_plus_a_third_attacker() -> None:
    o = settled("G-03")
    assert o.deaths() == [(21, "night 1", "狙击")]
    assert 3 in o.alive and o.state.ranger_outs == 1


def test_g04_chain_without_mutual_pairs_and_the_link() -> None:
    o = settled("G-04")
    night = {seat for seat, when, _ in o.deaths() if when == "night 1"}
    assert night == {21, 4, 10, 1, 16}
    assert ("16" in o.identities("dawn")[0])
    assert o.state.sword_outs == 1 and o.state.ranger_outs == 1


def test_g05_team_and_lone_cannot_kill_each_other() -> None:
    o = settled("G-05")
    assert [d for d in o.deaths() if d[1] == "night 1"] == []
    assert [r for _, _, r in o.resolved("assassinate")] == ["no_effect", "no_effect"]


def test_g06_doctor_beats_prayer_and_keeps_the_life() -> None:
    o = settled("G-06")
    assert 10 in o.alive and o.state.seats[10].extra_lives == 1
    assert 11 in o.alive


def test_g06_doctor_cannot_protect_the_same_seat_two_nights_running(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    data = data_of("G-06")
    step(data, "night", 3)["actions"][1]["targets"] = [10]
    err = refused(data, tmp_path, capsys)
    assert "night 3" in err and "seat 11" in err and "Protect cannot take seat 10" in err


def test_g07_two_hits_on_one_life() -> None:
    o = settled("G-07")
    assert (10, "night 2", "暗杀") in o.deaths()
    assert o.resolved("lives") == [(None, [10], "1")]


def test_g07_variant_one_hit_is_absorbed_silently() -> None:
    def one_hit(data: dict[str, Any]) -> None:
        step(data, "night", 2)["actions"].pop(1)

    o = settled("G-07", one_hit)
    assert 10 in o.alive and o.state.seats[10].extra_lives == 0
    assert not [f for f in o.out["feedback"] if f["when"] == "night 2"]


def test_g08_prayer_wasted_then_regained_after_a_sword_out() -> None:
    o = settled("G-08")
    assert o.state.prayed == {17, 10}
    assert o.resolved("pray") == [(16, [17], "wasted"), (16, [10], "life")]
    assert o.state.seats[10].extra_lives == 1


def test_g08_no_charge_without_a_sword_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_of("G-08")
    step(data, "day", 2)["votes"] = []
    assert "Pray is not available" in refused(data, tmp_path, capsys)


def test_g08_never_the_same_seat_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_of("G-08")
    step(data, "night", 2)["actions"][0]["targets"] = [17]
    assert "Pray cannot take seat 17" in refused(data, tmp_path, capsys)


def test_g11_kill_ban_before_cancellation() -> None:
    o = settled("G-11")
    assert o.deaths() == [(2, "night 1", "狙击")]
    assert o.resolved("assassinate") == [(1, [10], "void")]


def test_g22_revive_keeps_charges_and_counters() -> None:
    o = settled("G-22")
    assert 10 in o.alive
    piece = o.state.seats[10]
    assert piece.charges["snipe"] == 1 and piece.extra_lives == 0 and piece.last_words_used
    assert o.state.sword_outs == 1
    assert o.typed("dawn")[-1]["revived"] == [10]


def test_g22_the_reviver_dying_the_same_night_still_revives() -> None:
    o = settled("G-22-reviver_dies")
    assert 10 in o.alive and 13 not in o.alive
    assert o.state.sword_outs == 2


def test_g23_mage_charges() -> None:
    o = settled("G-23")
    assert o.charges(21, "kill") == 0
    results = [(f["when"], f["targets"], f["result"]) for f in o.out["feedback"] if f["seat"] == 21]
    assert results == [("night 1", [1], "杀手团·风火连城"), ("night 2", [4], "验证失败"),
                       ("night 4", [2], "杀手团·瓜哥洛")]


def test_g23_no_fourth_kill(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_of("G-23")
    step(data, "night", 4)["actions"].insert(0, {"seat": 21, "skill": "杀人", "targets": [7]})
    err = refused(data, tmp_path, capsys)
    assert "seat 21" in err and "Kill is not available" in err


def test_g24_citing_the_judge_is_instant_death() -> None:
    o = settled("G-24")
    assert (9, "day 3", "贴证") in o.deaths()
    assert o.identities("seats_out", cause="cited_judge")[0] == {"9": "莫问剑"}
    assert o.state.sword_outs == 1 and o.charges(16, "pray") == 2


def test_g24_a_paraphrase_is_allowed() -> None:
    def paraphrase(data: dict[str, Any]) -> None:
        step(data, "day", 3)["actions"][0]["post"] = "我验了1号，他是杀手团的风火连城。"

    assert 9 in settled("G-24", paraphrase).alive


# -- the day: vote stages and privileges ----------------------------------------------------------------


def test_g09_fenghuo_voted_out_takes_luzhu() -> None:
    o = settled("G-09")
    assert {(1, "day 2", "投票"), (16, "day 2", "随风火连城出局")} <= set(o.deaths())
    assert o.identities("role_revealed", reason="vote")[0] == {"1": "杀手团·风火连城", "16": "祈祷者·绿珠"}
    assert o.state.lone_active and o.charges(21, "kill") == 2
    assert o.state.seats[1].last_words_due and o.state.seats[16].last_words_due
    assert o.out["voted_out"] == [{"day": 2, "seat": 1, "died": True}]


def test_g10_snipes_grow_and_sheshen_latches() -> None:
    o = settled("G-10")
    assert o.state.sword_outs == 4 and o.state.sheshen_active
    assert 13 in o.alive and (2, "night 4", "杀人") in o.deaths()


def test_g10_youlong_has_two_snipes_after_two_sword_outs() -> None:
    def stop_after_day_2(data: dict[str, Any]) -> None:
        data["steps"] = data["steps"][:2]

    assert settled("G-10", stop_after_day_2).charges(10, "snipe") == 2


def test_g12_banned_exemption_is_void_and_spent() -> None:
    o = settled("G-12")
    assert (1, "day 3", "投票") in o.deaths()
    assert o.charges(14, "exempt") == 0


def test_g12_without_the_ban_the_exemption_spares_the_top() -> None:
    def no_ban(data: dict[str, Any]) -> None:
        step(data, "night", 2)["actions"].pop(0)

    o = settled("G-12", no_ban)
    assert (6, "day 3", "投票") in o.deaths() and 1 in o.alive


def test_g13_day1_thresholds_and_runoff() -> None:
    o = settled("G-13")
    results = [(e["stage"], e["next"], e["seats"]) for e in o.typed("vote_result")]
    assert results == [(1, "STAGE2", []), (2, "STAGE3", []), (3, "NIGHT", [17])]
    assert o.resolved("candidates") == [(None, [6, 17], "some"), (None, [6, 17], "some")]
    assert o.identities("role_revealed", reason="vote")[0] == {"17": "庄民"}


def test_g13_stage2_refuses_a_ballot_for_a_non_suspect(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The engine refuses an ineligible ballot (C-24): unlike a change beyond the limit, not a void ballot."""
    data = data_of("G-13")
    step(data, "day", 1)["stage_votes"]["2"][0]["target"] = 20
    err = refused(data, tmp_path, capsys)
    assert "seat 1 (day 1, Stage 2: suspect debate vote)" in err and "ballot for seat 20 refused" in err


def test_a_vote_change_beyond_the_limit_is_recorded_void_not_an_error() -> None:
    """Issue 16: 超过1次的改票无效 stopped the judge console with exit 2. Seat 1 votes 15, changes to 16,
    changes again to 17: the second change is void, recorded, and its first change stands (16 out, 13 of 24)."""
    o = settled("vote-change-void")
    [void] = o.topic("void_ballot")
    assert void["seats"] == [1] and void["phase"] == "STAGE1"
    assert {k: void["data"][k] for k in ("kind", "target", "kept")} == {"kind": "void", "target": 17, "kept": True}
    assert void["data"]["error"]["code"] == "vote_change_limit" and void["data"]["error"]["params"]["limit"] == 1
    assert [e["tally"] for e in o.typed("vote_result")] == [{"16": 13}] and o.deaths() == [(16, "day 1", "投票")]
    line = "【法官】1号 的改票无效：改投 17号（理由：再改庄民），不计入"
    assert line in o.text and "此前的投票仍有效" in o.text
    assert [a["text"] for a in o.out["announcements"] if "改票无效" in a["text"]] == [
        next(t for t in o.text.splitlines() if line in t).strip()]


def test_a_void_abstention_in_stage2_leaves_the_count_as_it_was() -> None:
    """An abstention counts as a vote or a change (弃权票也视为一次投票或改票): seat 1's second change in
    Stage 2, to an abstention, is void, and G-13's 11–11 tie and its run-off stand."""
    def twice(data: dict[str, Any]) -> None:
        step(data, "day", 1)["stage_votes"]["2"] += [{"seat": 1, "target": 17}, {"seat": 1, "target": None}]
    o = settled("G-13", twice)
    [void] = o.topic("void_ballot")
    assert (void["phase"], void["data"]["kind"], void["data"]["target"]) == ("STAGE2", "void", None)
    assert [e["tally"] for e in o.typed("vote_result")][1] == {"6": 11, "17": 11}
    assert [e["seats"] for e in o.typed("vote_result")] == [[], [], [17]]
    assert "1号 的改票无效：改投 弃权，不计入" in o.text


def test_g14_direct_kill_in_stage1() -> None:
    o = settled("G-14")
    assert (8, "day 2", "投票") in o.deaths()
    assert [e["stage"] for e in o.typed("vote_result") if e["day"] == 2] == [1]


def test_g15_fewer_than_two_suspects_means_all() -> None:
    o = settled("G-15")
    assert [e["result"] for e in o.out["events"] if e["kind"] == "resolved" and e["skill"] == "candidates"
            and e["day"] == 2] == ["all"]
    assert [e["seats"] for e in o.typed("vote_result") if e["day"] == 2] == [[], []]
    assert not [d for d in o.deaths() if d[1] == "day 2"]


def test_g16_exemption_second_by_first_to_reach() -> None:
    o = settled("G-16")
    assert (6, "day 3", "投票") in o.deaths() and {1, 16} <= o.alive
    assert o.typed("vote_result")[-1]["privilege"] is True


def test_g16_without_the_exemption_fenghuo_and_luzhu_go() -> None:
    def no_exempt(data: dict[str, Any]) -> None:
        step(data, "day", 3)["stage_actions"] = {}

    o = settled("G-16", no_exempt)
    assert {(1, "day 3", "投票"), (16, "day 3", "随风火连城出局")} <= set(o.deaths())


def test_g17_immunity_in_the_runoff() -> None:
    o = settled("G-17")
    assert not [d for d in o.deaths() if d[1] == "day 4"]
    assert o.charges(5, "immunity") == 1
    assert o.typed("vote_result")[-1]["privilege"] is True


def test_g17_variant_exemption_first_then_immunity() -> None:
    def with_exempt(data: dict[str, Any]) -> None:
        step(data, "day", 4)["stage_actions"]["3"].append({"seat": 14, "skill": "免最高票"})

    assert (18, "day 4", "投票") in settled("G-17", with_exempt).deaths()


def test_g17_flag_immunity_first_spares_the_top_and_nobody_else() -> None:
    def with_exempt(data: dict[str, Any]) -> None:
        step(data, "day", 4)["stage_actions"]["3"].append({"seat": 14, "skill": "免最高票"})

    o = settled("G-17", with_exempt, exempt_then_immunity=False)
    assert not [d for d in o.deaths() if d[1] == "day 4"]


def test_g18_ranger_choice_cap() -> None:
    o = settled("G-18")
    sides = {seat: o.state.seats[seat].allegiance for seat in (21, 22, 23, 24)}
    assert sides == {21: "killers", 22: "rangers", 23: "killers", 24: "wuzhuang"}
    rejected = [e for e in o.out["events"] if e["kind"] == "notice" and e["topic"] == "choice_rejected"]
    assert [(e["seats"], e["vis"]) for e in rejected] == [([22], "seat:22")]


def test_g18_a_choice_is_final(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = data_of("G-18")
    step(data, "day", 2)["actions"].append({"seat": 21, "skill": "选择独立", "targets": []})
    assert "the ranger choice is made once" in refused(data, tmp_path, capsys)


# -- win conditions --------------------------------------------------------------------------------------


def test_g19_killers_b_through_a_vote() -> None:
    o = settled("G-19")
    assert o.out["ended"] and o.out["winners"] == ["杀手方"]
    assert o.topic("winners")[0]["seats"] == [1, 2, 3, 4, 5, 6, 7, 8, 21]


def test_g20_killers_a_with_dead_killers() -> None:
    o = settled("G-20")
    assert o.out["winners"] == ["杀手方"]
    assert 5 in o.alive and not {1, 2, 3, 4} & o.alive


def test_g20_co_victory_with_an_independent_ranger() -> None:
    o = settled("G-20-co_victory")
    assert o.out["winners"] == ["杀手方", "游侠方"]


def test_g20_flag_single_winner() -> None:
    assert settled("G-20-co_victory", co_victory=False).out["winners"] == ["杀手方"]


def test_g21_independent_rangers_win_at_dawn() -> None:
    o = settled("G-21")
    assert o.out["winners"] == ["游侠方"]
    assert o.topic("winners")[0]["seats"] == [22, 23, 24]


def test_g18_a_ranger_without_a_choice_is_told_it_stays_independent() -> None:
    def without_24(data: dict[str, Any]) -> None:
        step(data, "day", 2)["actions"].pop()

    o = settled("G-18", without_24)
    told = [e["seats"] for e in o.out["events"] if e["kind"] == "notice" and e["topic"] == "choice_default"]
    assert told == [[24]] and o.state.seats[24].allegiance == "rangers"
