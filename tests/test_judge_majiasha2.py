"""The golden scenarios of majiasha2 (spec §7, G-01..G-19) through ``arena judge``, and the flags they rely on.

Each file under ``tests/scenarios/majiasha2`` sets up the standard N = 20 table (A = 1..6, B = 7..12,
C = 13..18, 爱神 19, 吹笛 20; 长老, 先知, 女巫 then 杀手 in each faction; 马甲 i ↔ 角色 i) unless its
title says otherwise. Illegal variants must exit 2 naming the step, the seat and the rule.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from arena.cli import judge as judge_cmd
from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine.rulesets import get_ruleset
from engine.rulesets.majiasha2.state import MajiaState

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "majiasha2"


class Settled:
    """A settled scenario: its ``--json`` outcome and the final state."""

    def __init__(self, name: str, edit: Any = None) -> None:
        data = load(name)
        if edit is not None:
            edit(data)
        parsed = parse(data)
        ruleset = get_ruleset(parsed.ruleset)
        check(parsed, ruleset)
        judged = judge.settle(parsed, ruleset)
        self.out, self.notes = judge.outcome(judged), judged.notes
        self.game = judged.game
        state = judged.game.state
        assert isinstance(state, MajiaState)
        self.state = state

    def __getitem__(self, key: str) -> Any:
        return self.out[key]

    def hp(self, seat: int) -> int:
        return self.state.seats[seat].hp

    def dead(self) -> list[int]:
        return [d["seat"] for d in self.out["deaths"]]

    def feedback(self, seat: int, skill: str) -> list[tuple[str, list[int], str]]:
        return [(f["when"], f["targets"], f["result"]) for f in self.out["feedback"]
                if f["seat"] == seat and f["skill"] == skill]

    def resolved(self, skill: str) -> list[tuple[int | None, list[int], str]]:
        return [(e["actor"], e["targets"], e["result"]) for e in self.out["events"]
                if e["kind"] == "resolved" and e["skill"] == skill]


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def refused(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: Any = None) -> str:
    """``arena judge`` on a scenario that must be refused: status 2, nothing on stdout; the message."""
    data = load(name)
    if edit is not None:
        edit(data)
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = judge_cmd.run(argparse.Namespace(file=str(path), json=True))
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "", captured.err
    return captured.err


def test_g01_election_first_to_top_and_elder_lists() -> None:
    g = Settled("G-01")
    assert [g["roles"][str(s)] for s in range(1, 7)] == ["长老", "先知", "女巫", "杀手", "杀手", "杀手"]
    assert g.feedback(1, "知天命")[0][1:] == ([7, 8, 9, 10, 11, 12, 19], "B")
    assert g.feedback(7, "知天命")[0][1:] == ([13, 14, 15, 16, 17, 18], "C")
    assert g.feedback(13, "知天命")[0][1:] == ([1, 2, 3, 4, 5, 6], "A")
    assert g["factions"]["19"] == "阵营B"


def test_g01_cupid_votes_but_cannot_be_elected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused("G-01", tmp_path, capsys, lambda d: d["steps"][0]["votes"].append({"seat": 8, "target": 19}))
    assert "steps[0] (night 0), seat 8" in err and "majia 19 cannot be voted" in err


def test_g01_second_to_reach_the_top_is_not_elder() -> None:
    def swap(d: dict[str, Any]) -> None:
        d["steps"][0]["votes"][:6] = [{"seat": s, "target": t} for s, t in [(4, 2), (5, 2), (6, 2), (1, 1), (2, 1),
                                                                            (3, 1)]]
        d["steps"][0]["actions"][1].update(seat=2, targets=[1, 3])
    g = Settled("G-01", swap)
    assert g["roles"]["2"] == "长老" and g["roles"]["1"] == "先知"


def test_g02_witch_saves_with_full_hp_and_loses_tongling() -> None:
    g = Settled("G-02")
    assert g.feedback(3, "通灵") == [("night 1", [2], "濒死")]
    assert g.hp(2) == 3 and 2 not in g.dead()
    assert ("night 1", [], "HP 6") in g.feedback(1, "知天命")
    assert g.feedback(15, "通灵")[-1] == ("night 2", [14], "濒死")
    assert g.dead() == [14]


def test_g03_misfire_poisons_and_b_wins() -> None:
    g = Settled("G-03")
    assert g.resolved("potion") == [(3, [13], "misfire")]
    assert g["ended"] and g["winners"] == ["阵营B"]
    assert "C" in g.state.defeated


def test_g04_elder_hp_accumulates_and_b_is_defeated() -> None:
    g = Settled("G-04")
    told = [r for w, _, r in g.feedback(7, "知天命") if w != "night 0"]
    assert told == ["HP 4", "HP 1"]
    assert g.dead() == [7] and g.state.defeated == ["B"] and not g["ended"]


def test_g05_overkill_wasted_last_hitter_redacts() -> None:
    g = Settled("G-05")
    assert [r for _, _, r in g.resolved("kill")] == ["hit", "hit", "hit", "wasted"]
    assert g.resolved("redactor") == [(6, [8], "asked")]
    published = [e["text"] for e in g["events"] if e["kind"] == "last_words" and e["published"]]
    assert published == ["我是先知，" + "■" * 13]


def test_g06_confirm_time_orders_the_step() -> None:
    g = Settled("G-06")
    assert g.resolved("kill")[-2:] == [(16, [4], "hit"), (4, [8], "void_not_alive")]
    assert g.hp(8) == 3 and g.dead() == [4]
    v = Settled("G-06-variant")
    assert v.resolved("kill")[-2:] == [(4, [8], "hit"), (16, [4], "hit")]
    assert v.hp(8) == 2 and v.dead() == [4]


def test_g07_guard_shields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Settled("G-07")
    assert g.hp(2) == 4 and not g.dead()
    assert [r for _, _, r in g.resolved("kill")] == ["shielded"] * 8
    err = refused("G-07-illegal", tmp_path, capsys)
    assert "steps[1] (night 2), seat 4" in err and "two nights in a row (D-15)" in err


def test_g08_frenzy_and_void_hit_on_the_piper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Settled("G-08")
    assert [s for s, a in g.state.seats.items() if a.frenzied] == [4, 5, 10, 16]
    assert g.resolved("kill") == [(4, [20], "void_frenzied"), (6, [20], "hit")]
    assert g.hp(20) == 5
    err = refused("G-08-illegal", tmp_path, capsys)
    assert "seat 20" in err and "already 癫狂" in err


def test_g09_piper_wins_at_step_2_unless_a_killer_is_a_lover() -> None:
    g = Settled("G-09")
    assert g["ended"] and g["winners"] == ["吹笛阵营"]
    end = next(e for e in g["events"] if e["kind"] == "game_ended")
    assert (end["day"], end["phase"]) == (3, "PIPER")
    v = Settled("G-09-lover")
    assert not v["ended"] and v.resolved("pipe")[-1] == (20, [5], "immune")


def test_g10_cross_faction_lovers() -> None:
    g = Settled("G-10")
    assert {s: g["factions"][s] for s in ("6", "11", "19")} == dict.fromkeys(("6", "11", "19"), "情侣阵营")
    assert g["roles"]["6"] == g["roles"]["11"] == "杀手"
    assert g.feedback(1, "知天命")[0][1] == [7, 8, 9, 10, 12]
    assert g.resolved("pipe") == [(20, [6], "immune")]


def test_g11_cupid_goes_out_instead() -> None:
    g = Settled("G-11")
    assert g.dead() == [19] and g["deaths"][0]["cause"] == "庇佑"
    assert g.hp(11) == 3 and 11 in g["alive"]
    morning = [e for e in g["events"] if e["kind"] == "dawn"][-1]
    assert morning["seats"] == [19] and morning["majia"] == {"19": 19}


def test_g12_lover_follows_once_cupid_is_gone() -> None:
    g = Settled("G-12")
    assert [(d["seat"], d["cause"]) for d in g["deaths"][1:]] == [(6, "投票"), (11, "殉情")]
    assert "lovers" in g.state.defeated


def test_g13_sheriff_triple_ballot_and_tie_rule() -> None:
    g = Settled("G-13")
    assert g["voted_out"] == [{"day": 3, "seat": 5, "died": True}]
    shelter = Settled("G-13-shelter")
    assert shelter.dead() == [19] and shelter.hp(12) == 6
    nobody = Settled("G-13-nobody")
    assert nobody["voted_out"] == [] and not nobody.dead()


def test_g13_the_specs_variant_as_written_ties_the_sheriffs_choice() -> None:
    """Spec G-13's second variant says nobody goes out, but the sheriff's ×3 puts M20 at 3, tied with
    M5 and M14; by D-36 the sheriff's choice among the tied goes out (reported to the spec's author)."""
    g = Settled("G-13-spec-variant")
    assert g["voted_out"] == [{"day": 3, "seat": 20, "died": True}]


def test_g14_seer_sees_the_identity_only() -> None:
    assert Settled("G-14").feedback(8, "预言") == [("night 1", [13], "长老")]
    shown = Settled("G-14", lambda d: d.update(flags={"majia.seer_shows_faction": True}))
    assert shown.feedback(8, "预言") == [("night 1", [13], "长老/阵营C")]


def test_g15_redaction_and_bad_last_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = Settled("G-15")
    assert g.resolved("redactor") == [(11, [2], "asked")]
    published = [e for e in g["events"] if e["kind"] == "last_words" and e["published"]]
    assert len(published) == 1 and published[0]["text"].count("■") == len(published[0]["text"]) - 5
    assert published[0]["day"] == 3
    assert "got 205" in refused("G-15-too-long", tmp_path, capsys)
    assert "single line" in refused("G-15-newline", tmp_path, capsys)
    few = refused("G-15", tmp_path, capsys, lambda d: d["steps"][2]["last_words"][1].update(text="■" * 39))
    assert "seat 11" in few and "at least 5" in few


def test_g16_nine_players_no_seer_clause() -> None:
    g = Settled("G-16")
    assert g["ended"] and g["winners"] == ["阵营A"]


def test_g17_sending_off_has_no_triggers() -> None:
    g = Settled("G-17")
    assert g["deaths"] == [{"seat": 6, "when": "day 1", "cause": "罚下"}]
    assert 11 in g["alive"] and 19 in g["alive"]
    assert "lovers" in g.state.defeated and not g["ended"]
    assert not [e for e in g["events"] if e["kind"] == "phase_began" and e["name"] == "VOTE_LAST_WORDS"]


def test_g18_last_faction_standing() -> None:
    g = Settled("G-18")
    assert g["ended"] and g["winners"] == ["阵营C"]
    assert g.state.defeated == ["A", "B", "lovers"]


def test_g19_piper_is_checked_first() -> None:
    g = Settled("G-19")
    assert g.dead() == [1, 8, 16]
    assert g["winners"] == ["吹笛阵营"]


def test_closing_notes_name_the_defaults_taken() -> None:
    assert any(n.startswith("draws: 警长 = ") and "drawn" in n for n in Settled("G-02").notes)
    assert not [n for n in Settled("G-13").notes if "警长" in n]
    pinned = Settled("G-02", lambda d: d["steps"][1].update(draws={"警长": 9}))
    assert not pinned.notes and pinned.state.sheriff == 9


def test_grace_flag_keeps_a_dying_elder_once() -> None:
    g = Settled("G-04", lambda d: d.update(flags={"majia.elder_first_dying_grace": True}))
    assert not g.dead() and g.state.seats[7].marked and g.hp(7) == 0


def test_vacuous_seer_clause_needs_no_seer_row() -> None:
    g = Settled("G-16", lambda d: d["steps"][1].update(votes=[{"seat": 1, "target": 7}]))
    assert g["winners"] == ["阵营B"]


def test_roster_must_match_the_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused("G-16", tmp_path, capsys, lambda d: d["seats"][1].update(role="长老"))
    assert "roster does not match" in err
    err = refused("G-16", tmp_path, capsys, lambda d: d["seats"].pop())
    assert "missing [9]" in err or "plays 9..26" in err
