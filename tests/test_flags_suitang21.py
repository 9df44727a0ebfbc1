"""suitang21's adjudication flags (spec §6): each item B-01..B-48 is a flag or a listed ruling exactly
once, ``arena rules suitang21`` shows them, and each flag's default and alternative are pinned by a
small judge scenario (the golden scenarios pin B-12, B-14, B-25, B-26 and B-31)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arena import cli
from engine.actions import UseSkill, Vote
from engine.errors import IllegalAction
from engine.game import Game
from engine.ruleset import SeatSetup
from engine.rulesets import get_ruleset
from tests.test_judge_suitang21 import SCENARIOS, Settled

RULESET = get_ruleset("suitang21")
ITEMS = [f"B-{n:02d}" for n in range(1, 49)]
BASE: dict[str, Any] = json.loads((SCENARIOS / "G-22.json").read_text(encoding="utf-8"))


def scenario(*steps: dict[str, Any], lovers: tuple[int, int] = (14, 15), flags: dict[str, Any] | None = None,
             sheriff: int = 17) -> Settled:
    """The standard seating with ``lovers``, sheriff by one day-1 vote, then ``steps``."""
    data = {**BASE, "flags": flags or {}, "steps": [
        {"night": 0, "actions": [sk(11, "丘比特之箭", *lovers)]},
        {"day": 1, "votes": [vote(21 if sheriff != 21 else 20, sheriff)]}, *steps]}
    return Settled("G-22", lambda d: d.update(data))


def sk(seat: int, skill: str, *targets: int) -> dict[str, Any]:
    return {"seat": seat, "skill": skill, "targets": list(targets)}


def vote(seat: int, target: int | None, reason: str = "理由") -> dict[str, Any]:
    return {"seat": seat, "target": target, "reason": reason}


def test_every_item_is_a_flag_or_a_ruling_exactly_once() -> None:
    refs = [f.ref for f in RULESET.flags if f.ref.startswith("B-")] + [a[0] for a in RULESET.adjudications
                                                                          if a[0].startswith("B-")]
    assert sorted(refs) == ITEMS


def test_arena_rules_lists_roster_skills_flags_and_scenario_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "suitang21"]) == 0
    out = capsys.readouterr().out
    for word in [*(r.zh for r in RULESET.roles), *(r.id for r in RULESET.roles), *(s.zh for s in RULESET.skill_names),
                 *(f.name for f in RULESET.flags), "scenario: cards", "B-48"]:
        assert word in out, word


def test_b01_wolf_camp_counts_all() -> None:
    steps = [{"day": d, "votes": [vote(20, t)]} for d, t in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5))]
    assert scenario(*steps).state.defeated == []
    alt = scenario(*steps, flags={"suitang.wolf_camp_counts_all": False})
    assert alt.out["winners"] == ["村民阵营"], "the butterfly no longer keeps the camp alive"


def test_b03_widow_knife_needs_camp_defeat() -> None:
    steps = [{"day": d, "votes": [vote(20, t)]} for d, t in ((2, 1), (3, 3), (4, 4), (5, 5))]
    assert not scenario(*steps, lovers=(2, 14)).state.widow, "the butterfly lives"
    assert scenario(*steps, lovers=(2, 14), flags={"suitang.widow_needs_camp_defeat": False}).state.widow


def test_b05_cupid_may_link_itself(tmp_path: Any) -> None:
    assert scenario(lovers=(11, 14)).state.lovers == (11, 14)
    with pytest.raises(Exception, match="Cupid's arrow cannot target seat 11"):
        scenario(lovers=(11, 14), flags={"suitang.cupid_may_link_self": False})


def test_b07_two_big_specials_only() -> None:
    assert scenario(lovers=(7, 12)).state.double_special
    assert not scenario(lovers=(7, 12), flags={"suitang.two_big_specials_only": True}).state.double_special


def test_b09_lovers_learn_identity() -> None:
    assert "identity" not in scenario().events("notice", topic="lover")[0]["data"]
    shown = scenario(flags={"suitang.lovers_learn_identity": True}).events("notice", topic="lover")
    assert shown[0]["data"]["identity"] == "villager"


def test_b13_elder_penalty_spares_black_lovers() -> None:
    steps = [{"day": 2, "votes": [vote(20, 9)]}]
    assert not scenario(*steps, lovers=(1, 7)).state.seats[7].skills_lost
    alt = scenario(*steps, lovers=(1, 7), flags={"suitang.elder_penalty_spares_black_lovers": False})
    assert alt.state.seats[7].skills_lost


def test_b17_detective_mutual() -> None:
    night = {"night": 2, "actions": [sk(13, "犯罪天才", 1)]}
    assert scenario(night).feedback(1)
    assert not scenario(night, flags={"suitang.detective_mutual": False}).feedback(1)


def test_b19_void_potion_consumed() -> None:
    night = {"night": 2, "actions": [sk(6, "拥抱", 15), sk(8, "毒药", 15)]}
    assert not scenario(night).state.seats[8].poison_left
    assert scenario(night, flags={"suitang.void_potion_consumed": False}).state.seats[8].poison_left


def test_b20_witch_may_save_self(tmp_path: Any) -> None:
    night = {"night": 2, "actions": [sk(1, "杀人", 8), sk(8, "救药", 8)]}
    assert scenario(night).deaths == []
    with pytest.raises(Exception, match="Save potion cannot target seat 8"):
        scenario(night, flags={"suitang.witch_may_save_self": False})


def test_b21_tongling_reports_propagated() -> None:
    night = {"night": 2, "actions": [sk(6, "拥抱", 16), sk(1, "杀人", 6)]}
    assert scenario(night).feedback(8, "night 2")[0][1] == [6]
    assert scenario(night, flags={"suitang.tongling_reports_propagated": True}).feedback(8, "night 2")[0][1] == [6, 16]


def test_b23_propagation_overrides_immunity() -> None:
    night = {"night": 2, "actions": [sk(6, "拥抱", 16), sk(1, "杀人", 6)]}
    assert [d[0] for d in scenario(night).deaths] == [6, 16]
    assert [d[0] for d in scenario(night, flags={"suitang.propagation_overrides_immunity": False}).deaths] == [6]


def accelerated_day(flags: dict[str, Any]) -> Game:
    """Day 2: 20 votes 16, 19 votes 18, 20 changes to 18, then 11 seats ask to accelerate."""
    seating = [SeatSetup(e["seat"], e["role"]) for e in BASE["seats"]]
    game = RULESET.new_game(0, flags=flags, seating=seating, options={"discipline": False}, auto=False)
    game.submit(UseSkill(seat=11, skill="丘比特之箭", targets=(14, 15)))
    game.advance()
    game.submit(Vote(seat=21, target=17, reason="理由"))
    while game.state.phase != "DAY" or game.state.day != 2:
        game.advance()
    for seat, target in ((20, 16), (19, 18), (20, 18)):
        game.submit(Vote(seat=seat, target=target, reason="理由"))
    for seat in range(1, 12):
        game.submit(UseSkill(seat=seat, skill="加速"))
    return game


def test_b37_acceleration_voids_changes() -> None:
    game = accelerated_day({})
    assert game.state.accelerated  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="after acceleration"):
        game.submit(Vote(seat=19, target=16, reason="理由"))
    game.advance()  # the day closes; its count is the CLOSE resolution, which settles at once
    game.settle()
    assert game.state.seats[18].alive, "20's change is void: 16 and 18 tie, and nobody is out"  # type: ignore[attr-defined]
    alt = accelerated_day({"suitang.acceleration_voids_changes": False})
    alt.advance()
    alt.settle()
    assert not alt.state.seats[18].alive  # type: ignore[attr-defined]


def test_b42_dead_wolves_read_the_pack() -> None:
    steps = [{"day": 2, "votes": [vote(20, 1)]}, {"night": 2, "actions": [sk(2, "杀人", 16)]}]
    assert 1 in scenario(*steps).events("skill_submitted", skill="kill")[0]["to"]
    alt = scenario(*steps, flags={"suitang.dead_wolves_read_pack": False})
    assert 1 not in alt.events("skill_submitted", skill="kill")[0]["to"]


def test_b47_hug_voids_the_lovers_kill() -> None:
    reds = {"day": 2, "cards": [{"seat": 1, "card": "红牌"}, {"seat": 3, "card": "红牌"}]}
    night = {"night": 2, "actions": [sk(6, "拥抱", 2), sk(14, "杀人", 16)]}
    out = scenario(reds, night, lovers=(2, 14))
    assert out.state.widow and out.state.defeated == ["wolves"], "two reds defeat the wolf camp; 寡妇刀"
    assert out.deaths[-1][0] == 3, "a hugged lover voids the lovers' kill"
    alt = scenario(reds, night, lovers=(2, 14), flags={"suitang.hug_voids_lovers_kill": False})
    assert alt.deaths[-1] == (16, "night 2", "杀人")


def test_vote_change_limit_and_reason() -> None:
    """The judge records a change beyond the limit as void and a vote without a reason as spoiled
    (``test_judge_suitang21``); the flags move the limit and drop the reason."""
    day = {"day": 2, "votes": [vote(20, 16), vote(20, 18), vote(20, 19)]}
    assert scenario(day).deaths[0][0] == 18, "the second change is void: 18 stands"
    assert scenario(day, flags={"suitang.vote_change_limit": 2}).deaths[0][0] == 19
    assert scenario({"day": 2, "votes": [vote(20, 16, "")]}).deaths == [], "a spoiled ballot counts for nobody"
    assert scenario({"day": 2, "votes": [vote(20, 16, "")]}, flags={"suitang.vote_needs_reason": False}).deaths


# -- discipline (§5) and bad input ----------------------------------------------------------------------


def test_no_valid_vote_earns_a_yellow_card_and_three_make_a_red() -> None:
    voters = [s for s in range(1, 21) if s != 16]
    out = Settled("G-22", lambda d: d.update({**BASE, "discipline": ["no_vote"], "steps": [
        {"night": 0, "actions": [sk(11, "丘比特之箭", 14, 15)]},
        {"day": 1, "votes": [vote(s, 17) for s in range(1, 21)]},
        {"day": 2, "votes": [vote(s, 16) for s in range(1, 21)]},
        {"day": 3, "votes": [vote(s, 18) for s in voters]}]}))
    assert [(e["seat"], e["day"]) for e in out.events("warned") if e["reason"] == "yellow:no_vote"] == [
        (21, 1), (21, 2), (21, 3)]
    assert out.events("warned", seat=21, reason="red:three_yellow")
    assert out.deaths[-2:] == [(21, "day 3", "红牌罚下"), (18, "day 3", "投票")], "the red card comes first"


def test_an_illegal_action_applies_nothing() -> None:
    seating = [SeatSetup(e["seat"], e["role"]) for e in BASE["seats"]]
    game = RULESET.new_game(0, seating=seating, options={"discipline": False}, auto=False)
    before = (len(game.events), repr(game.state))
    for bad in (UseSkill(seat=11, skill="丘比特之箭", targets=(14,)), UseSkill(seat=7, skill="预言", targets=(3,)),
                Vote(seat=3, target=4, reason="x"), UseSkill(seat=11, skill="无此技能", targets=(1, 2))):
        with pytest.raises(IllegalAction, match=f"seat {bad.seat}"):
            game.submit(bad)
    assert (len(game.events), repr(game.state)) == before


def test_b35_the_elder_penalty_comes_before_the_lovers_death() -> None:
    """An elder voted out whose lover is the hunter strikes the hunter first: 殉情, and no shot."""
    out = scenario({"day": 2, "votes": [vote(20, 9)]}, lovers=(9, 12))
    assert out.deaths == [(9, "day 2", "投票"), (12, "day 2", "殉情")]
    assert out.state.seats[12].skills_lost and not out.events("question")
