"""Tests that pin each qijian24 flag: the default against its alternative, through ``arena judge``.

``test_judge_qijian24`` covers C-31 (co_victory) and C-39 (exempt_then_immunity) with the golden
scenarios they change; the rest are here, with discipline and the adjudication table.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.rulesets.qijian24 import Qijian24
from tests.judging_qijian24 import Settled, data_of, settled, step

STANDARD = data_of("G-01")["seats"]


def scenario(*steps: dict[str, Any], discipline: bool | list[str] = False, **flags: Any) -> Settled:
    """A scenario on the standard seating with these steps and flags (names without ``qijian.``)."""
    return Settled({"ruleset": "qijian24", "seed": 0, "discipline": discipline, "seats": STANDARD,
                    "flags": {f"qijian.{k}": v for k, v in flags.items()}, "steps": list(steps)})


def act(seat: int, skill: str, *targets: int) -> dict[str, Any]:
    return {"seat": seat, "skill": skill, "targets": list(targets)}


def abstain(*seats: int) -> list[dict[str, Any]]:
    return [{"seat": s, "target": None} for s in seats]


def test_every_adjudication_once_as_a_flag_or_a_ruling() -> None:
    refs = [f.ref for f in Qijian24.flags if f.ref.startswith("C-")] + [a[0] for a in Qijian24.adjudications]
    assert sorted(refs) == [f"C-{i:02d}" for i in range(1, 43)]


def test_c05_prayer_only_vs_assassins() -> None:
    def mage_only(data: dict[str, Any]) -> None:
        step(data, "night", 2)["actions"].pop(0)
        step(data, "night", 2)["actions"].insert(0, act(1, "暗杀", 19))

    assert 10 in settled("G-07", mage_only).alive
    assert (10, "night 2", "杀人") in settled("G-07", mage_only, prayer_only_vs_assassins=True).deaths()


def test_c06_one_life_per_night_absorbs_both_hits() -> None:
    assert 10 in settled("G-07", prayer_per_hit=False).alive


def test_c07_a_life_gained_tonight_protects_tonight_only_by_default() -> None:
    night = {"night": 1, "actions": [act(16, "祈祷", 10), act(1, "暗杀", 10), act(11, "保护", 17)]}
    assert 10 in scenario(night).alive
    assert 10 not in scenario(night, prayer_same_night=False).alive


def test_c09_without_mutual_cancellation_both_die() -> None:
    o = settled("G-01", mutual_cancel=False)
    assert {2, 10} & o.alive == set()


def test_c12_missing_team_kill_random_or_forfeit() -> None:
    night = {"night": 1, "actions": [act(11, "保护", 17)], "draws": {"暗杀": 20}}
    assert (20, "night 1", "暗杀") in scenario(night).deaths()
    forfeit = scenario(night, missing_kill="forfeit")
    assert not forfeit.deaths()
    assert sorted(e["seat"] for e in forfeit.out["events"] if e["kind"] == "warned") == [1, 2, 3]


def test_c18_ban_on_a_team_member_voids_the_team_kill() -> None:
    night = {"night": 1, "actions": [act(24, "禁特权令", 2), act(1, "暗杀", 17), act(11, "保护", 18)]}
    assert 17 in scenario(night).alive
    assert 17 not in scenario(night, ban_voids_team_kill=False).alive


def test_c19_voided_skill_consumed_or_returned() -> None:
    night = {"night": 1, "actions": [act(24, "禁特权令", 10), act(10, "狙击", 17), act(1, "暗杀", 18),
                                     act(11, "保护", 18)]}
    assert scenario(night).state.seats[10].charges["snipe"] == 0
    assert 17 in scenario(night).alive
    assert scenario(night, voided_consumed=False).state.seats[10].charges["snipe"] == 1
    assert settled("G-01", voided_consumed=False).state.seats[10].charges["snipe"] == 1


def test_c42_no_vote_warning() -> None:
    others = abstain(*range(1, 17), *range(18, 25))
    day = {"day": 1, "stage_votes": {"1": others, "2": others}}
    warned = [e["seat"] for e in scenario(day, discipline=True).out["events"] if e["kind"] == "warned"]
    assert warned == [17]
    assert not [e for e in scenario(day, discipline=True, no_vote_warning=False).out["events"]
                if e["kind"] == "warned"]


def test_two_warnings_drown_or_substitute() -> None:
    others = abstain(*range(1, 17), *range(18, 25))
    steps = ({"day": 1, "stage_votes": {"1": others, "2": others}},
             {"night": 1, "actions": [act(1, "暗杀", 18), act(11, "保护", 18)]},
             {"day": 2, "stage_votes": {"1": others}})
    assert (17, "day 2", "淹死") in scenario(*steps, discipline=["no_vote"]).deaths()
    swapped = scenario(*steps, discipline=["no_vote"], substitute_policy="bot")
    assert 17 in swapped.alive and swapped.state.seats[17].warnings == 0


def test_lurking_is_relative_to_the_days_average() -> None:
    posts = [{"seat": 1, "post": f"第{i}楼分析"} for i in range(10)]
    posts += [{"seat": s, "post": "过"} for s in range(2, 25) if s != 17]
    o = scenario({"day": 1, "actions": posts, "votes": abstain(*range(1, 25))}, discipline=["lurk"])
    assert [(e["seat"], e["reason"]) for e in o.out["events"] if e["kind"] == "warned"] == [(17, "lurking")]


def test_c14_sheshen_latched_or_only_while_the_condition_holds() -> None:
    def revive_then_kill(data: dict[str, Any]) -> None:
        data["steps"] += [{"night": 5, "actions": [act(13, "复活", 9), *filler_actions(19)]},
                          {"night": 6, "actions": [act(12, "杀人", 3), *filler_actions(18)]}]

    o = settled("G-10", revive_then_kill)
    assert o.state.swords_alive() == 5 and (3, "night 6", "杀人") in o.deaths()
    with pytest.raises(Exception, match="Kill is not available"):
        settled("G-10", revive_then_kill, sheshen_latched=False)


def test_c20_ban_covers_the_next_day_or_the_night_only() -> None:
    assert (1, "day 3", "投票") in settled("G-12").deaths()
    assert (6, "day 3", "投票") in settled("G-12", ban_covers_next_day=False).deaths()


def test_c22_immunity_per_stage_or_per_day() -> None:
    def immunity_in_stage2(data: dict[str, Any]) -> None:
        day = step(data, "day", 4)
        day["stage_actions"] = {"2": [act(5, "免投杀", 2)]}

    o = settled("G-17", immunity_in_stage2)
    assert (2, "day 4", "投票") in o.deaths() and o.typed("vote_result")[-1]["stage"] == 3
    assert not [d for d in settled("G-17", immunity_in_stage2, immunity_per_stage=False).deaths() if d[1] == "day 4"]


def test_c34_the_mage_may_see_the_lone_killer() -> None:
    night = {"night": 1, "actions": [act(21, "查验", 4), *filler_actions()]}
    assert scenario(night).out["feedback"][-1]["result"] == "验证失败"
    assert scenario(night, mage_sees_lone=True).out["feedback"][-1]["result"] == "独杀·丘东洛"


def test_c35_vote_victims_last_words() -> None:
    assert settled("G-09").state.seats[1].last_words_due
    assert not settled("G-09", vote_victim_last_words=False).state.seats[1].last_words_due


def test_c37_link_by_any_cause_or_only_at_night() -> None:
    assert 16 not in settled("G-09").alive
    assert 16 in settled("G-09", link_any_cause=False).alive


def test_c40_doctor_self_consecutive() -> None:
    steps = ({"night": 1, "actions": [act(11, "保护", 11), act(1, "暗杀", 11)]},
             {"night": 2, "actions": [act(11, "保护", 11), act(1, "暗杀", 11)]})
    assert 11 in scenario(*steps, doctor_self_consecutive=False).alive
    with pytest.raises(Exception, match="Protect cannot take seat 11"):
        scenario(*steps)


def filler_actions(kill: int = 17) -> list[dict[str, Any]]:
    """A team kill the doctor blocks (a night the scenario does not care about)."""
    return [act(1, "暗杀", kill), act(11, "保护", kill)]


def test_c28_rangers_need_an_independent_alive_or_any_ranger() -> None:
    assert settled("G-20").out["winners"] == ["杀手方"]
    with pytest.raises(Exception, match="ended on night 2, won by 游侠方"):
        settled("G-20", rangers_need_independent=False)  # 21 and 24 help the killers, yet count as alive rangers


def test_c29_wuzhuang_b_counts_the_envoy_only_under_the_alternative() -> None:
    def votes(target: int, voters: range) -> list[dict[str, Any]]:
        return [{"seat": s, "target": target} for s in voters]

    steps = ({"day": 1, "votes": votes(6, range(9, 22))},
             {"night": 1, "actions": [act(21, "杀人", 7), act(10, "狙击", 8), *filler_actions(17)]},
             {"day": 2, "actions": [act(21, "帮助武庄方"), act(22, "帮助武庄方")], "votes": votes(5, range(9, 20))},
             {"night": 2, "actions": [act(1, "暗杀", 23), act(21, "杀人", 24), act(11, "保护", 18)]},
             {"day": 3, "votes": votes(2, range(9, 19))})
    assert not scenario(*steps).out["ended"]
    assert scenario(*steps, two_killers_without_envoy=False).out["winners"] == ["武庄方"]


def test_c33_mage_bonus_for_any_ranger_or_only_independent_ones() -> None:
    steps = ({"night": 1, "actions": [act(21, "杀人", 17), *filler_actions(18)]},
             {"day": 2, "actions": [act(22, "帮助武庄方")], "votes": [{"seat": s, "target": 22} for s in range(1, 14)]})
    assert scenario(*steps).state.seats[21].charges["kill"] == 2
    assert scenario(*steps, mage_bonus_any_ranger=False).state.seats[21].charges["kill"] == 1


def test_c23_exemption_spent_on_declaration_or_returned_when_idle() -> None:
    idle = {"day": 1, "stage_actions": {1: [act(14, "免最高票")]}}
    assert scenario(idle).state.seats[14].charges["exempt"] == 0
    assert scenario(idle, exempt_spent_on_declaration=False).state.seats[14].charges["exempt"] == 1
    assert settled("G-12", exempt_spent_on_declaration=False).state.seats[14].charges["exempt"] == 0
    assert settled("G-16", exempt_spent_on_declaration=False).state.seats[14].charges["exempt"] == 0


def test_c10_killers_immune_both_ways_or_only_when_mutual() -> None:
    one_way = {"day": 1, "votes": [{"seat": s, "target": 3} for s in range(4, 17)]}
    night = {"night": 1, "actions": [act(1, "暗杀", 4), act(4, "暗杀", 17), act(11, "保护", 17)]}
    assert 4 in scenario(one_way, night).alive
    assert (4, "night 1", "暗杀") in scenario(one_way, night, killers_immune_both_ways=False).deaths()
    assert settled("G-05", killers_immune_both_ways=False).deaths() == [(3, "day 1", "投票")]


def test_c38_mage_checks_and_kills_or_one_of_the_two() -> None:
    assert settled("G-23").state.seats[21].charges["kill"] == 0
    with pytest.raises(Exception, match="seat 21 \\(day 1, Night\\): Check is not available"):
        settled("G-23", mage_check_and_kill=False)


def test_a_kill_left_to_the_default_is_named_in_the_judges_notes() -> None:
    o = scenario({"night": 1, "actions": [act(11, "保护", 17)]})
    assert any(note.startswith("night 1: 暗杀 was not given") and '"draws"' in note for note in o.notes), o.notes
    assert not scenario({"night": 1, "actions": [act(11, "保护", 17)], "draws": {"暗杀": 20}}).notes
