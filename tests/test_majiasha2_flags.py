"""Each majiasha2 flag (spec §6) pinned by a scenario: the default and the alternative reading; every
D-01..D-41 is a flag or a documented adjudication exactly once; the table of §1.2 for every size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.judge.console import StepError
from engine.narrate import Names
from engine.rulesets import get_ruleset
from engine.rulesets.majiasha2.flags import ADJUDICATIONS, FLAGS
from engine.rulesets.majiasha2.table import row
from tests.test_judge_majiasha2 import Settled, refused

RULESET = get_ruleset("majiasha2")


def flags(**given: Any) -> Any:
    return lambda d: d.update(flags={f"majia.{k}": v for k, v in given.items()})


def test_every_adjudication_is_a_flag_or_a_ruling_exactly_once() -> None:
    refs = [f.ref for f in FLAGS if f.ref.startswith("D-")] + [a.id for a in ADJUDICATIONS]
    assert sorted(set(refs)) == [f"D-{i:02d}" for i in range(1, 42)]
    assert len([a.id for a in ADJUDICATIONS]) == len({a.id for a in ADJUDICATIONS})
    assert not {a.id for a in ADJUDICATIONS} & {f.ref for f in FLAGS}


@pytest.mark.parametrize("n", range(9, 27))
def test_the_table_sums_to_n_and_hp_follows_the_killers(n: int) -> None:
    r = row(n)
    assert sum(r.counts().values()) == n
    assert r.hp("elder") == r.hp("piper") == 2 * r.hp("killer") == 2 * r.killers


def test_night_out_reveals_the_alias_by_default_only() -> None:
    hidden = Settled("G-11", flags(reveal_alias_on_night_out=False))
    morning = [e for e in hidden["events"] if e["kind"] == "dawn"][-1]
    assert morning["seats"] == [19] and morning["majia"] == {}


def test_killers_may_spare_their_own_faction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused("G-02", tmp_path, capsys, lambda d: (flags(killers_may_hit_own_faction=False)(d),
                                                       d["steps"][1]["actions"].insert(0, {"seat": 4, "skill": "杀人",
                                                                                           "targets": [5]})))
    assert "seat 4" in err and "seat 5 is not a legal target" in err


def test_guard_may_repeat_when_the_consecutive_rule_is_off() -> None:
    g = Settled("G-07-illegal", flags(guard_consecutive_rule=False))
    assert g.resolved("shield")[-1] == (4, [2], "shielded")


def test_piper_self_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def self_pipe(d: dict[str, Any]) -> None:
        d["steps"][1]["actions"] = [{"seat": 20, "skill": "吹笛", "targets": [20]}]
    assert "not on oneself" in refused("G-08", tmp_path, capsys, self_pipe)
    g = Settled("G-08", lambda d: (self_pipe(d), flags(piper_may_target_self=True)(d)))
    assert g.state.seats[20].frenzied


def test_shelter_on_vote_off_lets_the_voted_lover_go() -> None:
    """Off, 爱神 does not replace a voted-out lover; its partner's 殉情 is a night-style exit, which
    爱神 still shelters (§3.4 runs exit(partner, 殉情) through the same rule)."""
    g = Settled("G-13-shelter", flags(shelter_on_vote=False))
    assert [(d["seat"], d["cause"]) for d in g["deaths"]] == [(12, "投票"), (19, "庇佑")]
    assert g.hp(9) == 6


def test_sent_off_not_out_keeps_the_lovers_undefeated() -> None:
    assert "lovers" not in Settled("G-17", lambda d: d["flags"].update({"majia.sent_off_is_out": False})).state.defeated


def test_vote_change_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def twice(d: dict[str, Any]) -> None:
        d["steps"][2]["votes"] += [{"seat": 1, "target": 5}]
    g = Settled("G-13", twice)
    assert g["voted_out"] == [{"day": 3, "seat": 5, "died": True}]
    err = refused("G-13", tmp_path, capsys, lambda d: (twice(d), flags(vote_change_limit=0)(d)))
    assert "seat 1 has used its 0 vote change(s)" in err


def test_dying_roles_act_unless_the_flag_says_no(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def dying_witch(d: dict[str, Any]) -> None:
        d["steps"][1]["actions"] = [{"seat": s, "skill": "杀人", "targets": [3]} for s in (10, 11, 12)] + [
            {"seat": 3, "skill": "药剂", "targets": [3]}]
    assert Settled("G-02", dying_witch).hp(3) == 3
    err = refused("G-02", tmp_path, capsys, lambda d: (dying_witch(d), flags(dying_may_act=False)(d)))
    assert "seat 3" in err


def test_cupid_may_not_link_the_piper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link = lambda d: d["steps"][0]["actions"][0].update(targets=[9, 20])  # noqa: E731
    assert Settled("G-02", link).state.seats[20].faction == "lovers"
    err = refused("G-02", tmp_path, capsys, lambda d: (link(d), flags(cupid_may_not_link_piper=True)(d)))
    assert "seat 20 is not a legal target" in err


def test_no_vacuous_piper_win_without_killers() -> None:
    assert RULESET.flags and any(f.name == "majia.piper_vacuous_win" for f in FLAGS)
    from engine.rulesets.majiasha2.state import OUT
    from engine.rulesets.majiasha2.win import won

    g = Settled("G-02")
    for actor in g.state.seats.values():
        if actor.role == "killer":
            actor.status, actor.alive = OUT, False  # what the fold of an out sets (the kernel's record)
    assert won(g.state, "piper")
    g.state.flags["majia.piper_vacuous_win"] = False
    assert not won(g.state, "piper")


def test_last_words_bounds_are_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    short = lambda d: d["steps"][2]["last_words"][0].update(text="再见了各位")  # noqa: E731
    assert "got 5" in refused("G-15", tmp_path, capsys, short)
    g = Settled("G-15", lambda d: (short(d), d["steps"][2]["last_words"].pop(), flags(last_words_min=5)(d)))
    assert any(e["kind"] == "last_words" and e["text"] == "再见了各位" for e in g["events"])


def test_witch_of_the_lovers_restores_her_partner_not_her_origin() -> None:
    def eloped(d: dict[str, Any]) -> None:
        d["steps"][0]["actions"][0]["targets"] = [3, 11]
        d["steps"][1]["actions"] = [{"seat": s, "skill": "杀人", "targets": [11]} for s in (4, 5, 6)] + [
            {"seat": 3, "skill": "药剂", "targets": [11]}]
    assert Settled("G-02", eloped).resolved("potion") == [(3, [11], "heal")]
    origin = Settled("G-02", lambda d: (eloped(d), flags(witch_team_is_current_faction=False)(d)))
    assert origin.resolved("potion") == [(3, [11], "misfire")]


def test_defeated_factions_lose_their_skills_only_under_the_flag() -> None:
    def after_b_falls(d: dict[str, Any]) -> None:
        d["steps"].append({"night": 4, "actions": [{"seat": 10, "skill": "杀人", "targets": [1]}]})
    assert Settled("G-04", after_b_falls).resolved("kill")[-1] == (10, [1], "hit")
    with pytest.raises(StepError, match=r"seat 10 cannot use Kill"):
        Settled("G-04", lambda d: (after_b_falls(d), flags(defeated_keep_skills=False)(d)))


def test_an_illegal_action_names_step_seat_and_rule_and_applies_nothing() -> None:
    from engine.actions import UseSkill
    from engine.errors import IllegalAction

    game = RULESET.new_game(1, options={"size": 12})
    while game.state.phase != "STRIKE":
        game.advance()
    before = list(game.events)
    killer = next(s for s, a in game.state.seats.items() if a.role == "killer")  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction) as arity:
        game.submit(UseSkill(seat=killer, skill="杀人", targets=(1, 2)))
    assert (arity.value.code, arity.value.params) == ("skill_arity", {"seat": killer, "skill": "kill", "n": 1, "count": 2})
    names = Names.from_events(RULESET, game.events)
    assert arity.value.render("zh", names) == f"{names.seat(killer)}：【杀人】需要 1 个不同的目标，收到 2 个"
    with pytest.raises(IllegalAction) as skill:
        game.submit(UseSkill(seat=killer, skill="预言", targets=(1,)))
    assert skill.value.code == "skill_now" and skill.value.params["why"] == {"code": "why_no_skill", "params": {}}
    assert skill.value.render("zh", names).endswith("使用【预言】：你的身份在这一步没有这个技能")
    assert game.events == before
