"""The adjudication flags of umineko32 (spec §6): each one's default and alternative, as judge scenarios.

Every scenario is built here from the standard seating of spec §7 (1–2 侦探, 3 观剧, 4 审问官, 5 魔女,
6–14 平民 with believers 6–8, 15–18 杀手) and settled in-process by ``arena.judge.console``, once with the
spec's default and once with the flag turned; the asserts show the two differ as §6 describes.
The last tests check that every item A-01..A-45 is either a flag's ``ref`` or an entry of
``ADJUDICATIONS``, exactly once, and that ``arena rules --json`` lists them all.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from arena import cli
from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine.errors import EngineError
from engine.rulesets import get_ruleset
from engine.rulesets.umineko32.flags import ADJUDICATIONS, FLAGS
from engine.rulesets.umineko32.legal import postable_teams
from tests.judging import Outcome

STANDARD = {1: "侦探", 2: "侦探", 3: "观剧", 4: "审问官", 5: "魔女", **{s: "平民" for s in range(6, 15)},
            **{s: "杀手" for s in range(15, 19)}}
BELIEVERS = (6, 7, 8)
ITEMS = [f"A-{n:02d}" for n in range(1, 46)]


# -- helpers -----------------------------------------------------------------------------------------


def scenario(steps: list[dict[str, Any]], flags: dict[str, Any] | None = None, *,
             beliefs: bool = True) -> dict[str, Any]:
    """A judge scenario on the standard seating; ``beliefs`` False leaves every 平民's choice unmade."""
    seats: list[dict[str, Any]] = []
    for seat, role in STANDARD.items():
        entry: dict[str, Any] = {"seat": seat, "role": role}
        if role == "平民" and beliefs:
            entry["believes"] = seat in BELIEVERS
        seats.append(entry)
    return {"ruleset": "umineko32", "title": "flag test", "seed": 0, "flags": flags or {}, "seats": seats,
            "steps": steps}


def settle(steps: list[dict[str, Any]], flags: dict[str, Any] | None = None, **kw: Any) -> Outcome:
    return Outcome(scenario(steps, flags, **kw))


@dataclass(frozen=True)
class Refused:
    """A step the judge refused: where (the step and seat, as the judge prints it) and why (the engine's
    coded error: ``codes`` lists its code and the codes nested in it, e.g. the reason a target is not legal)."""

    where: str
    error: EngineError

    @property
    def codes(self) -> list[str]:
        return [self.error.code, *nested_codes(self.error.params)]


def nested_codes(params: Any) -> list[str]:
    """The codes of the coded messages nested in ``params`` (a reason, an action), in order."""
    if isinstance(params, dict):
        own = [str(params["code"])] if "code" in params else []
        return own + [c for v in params.values() for c in nested_codes(v)]
    if isinstance(params, list | tuple):
        return [c for v in params for c in nested_codes(v)]
    return []


def refused(steps: list[dict[str, Any]], flags: dict[str, Any] | None = None) -> Refused:
    """The engine's refusal of one of the steps (the judge would exit 2 with this message)."""
    parsed = parse(scenario(steps, flags))
    ruleset = get_ruleset(parsed.ruleset)
    check(parsed, ruleset)
    with pytest.raises(judge.StepError) as err:
        judge.settle(parsed, ruleset)
    cause = err.value.__context__
    assert isinstance(cause, EngineError)
    return Refused(str(err.value).split(": ", 1)[0], cause)


def skill(seat: int, name: str, *targets: int) -> dict[str, Any]:
    return {"seat": seat, "skill": name, "targets": list(targets)}


def night(n: int, *actions: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"night": n, "actions": list(actions), **extra}


def vote(day: int, target: int, voters: Sequence[int] = (1, 2, 3, 4), **extra: Any) -> dict[str, Any]:
    return {"day": day, "votes": [{"seat": s, "target": target} for s in voters], **extra}


CASTLE_YES = [{"seat": 5, "skill": "王车易位", "use": True}]
APPRENTICE_7 = {"魔法传承": 7}


# -- colours -----------------------------------------------------------------------------


def test_a01_witch_color() -> None:
    steps = [night(1, skill(1, "侦探权限", 5), skill(3, "演员试镜", 5, 15), draws=APPRENTICE_7)]
    default = settle(steps)
    assert default.feedback("night 1") == [(1, "侦探权限", [5], "白"), (3, "演员试镜", [5, 15], "异")]
    black = settle(steps, {"umineko.witch_color": "黑"})
    assert black.feedback("night 1") == [(1, "侦探权限", [5], "黑"), (3, "演员试镜", [5, 15], "同")]
    assert black.state.seats[5].yi_partners == set()


def test_a02_apprentice_color() -> None:
    steps = [night(1, draws=APPRENTICE_7), night(2, skill(1, "侦探权限", 7), skill(2, "侦探权限", 6))]
    default = settle(steps)
    assert default.feedback("night 2") == [(1, "侦探权限", [7], "白"), (2, "侦探权限", [6], "白")]
    black = settle(steps, {"umineko.apprentice_color": "黑"})
    assert black.feedback("night 2") == [(1, "侦探权限", [7], "黑"), (2, "侦探权限", [6], "白")]


def test_a02_black_apprentice_dies_to_a_second_barrier() -> None:
    steps = [night(1, skill(4, "红字结界", 7), draws=APPRENTICE_7), night(3, skill(4, "红字结界", 7))]
    default = settle(steps)
    assert default.deaths == [] and default.state.inquisitor_restricted
    black = settle(steps, {"umineko.apprentice_color": "黑"})
    assert black.deaths == [(7, "night 3", "红字结界")] and not black.state.inquisitor_restricted


# -- the witch's co-win needs the ascension? ---------------------------------------------------


def test_a06_witch_cowins_when_latched() -> None:
    """The witch latches at the same settlement where Black wins, so no ascension ever happens."""
    steps = [
        night(1, skill(15, "无常之刃", 1), skill(5, "契约标记", 6), draws=APPRENTICE_7),
        vote(2, 12, (3, 4, 15)),
        night(2, skill(15, "无常之刃", 2), skill(5, "契约标记", 8)),
        vote(3, 13, (3, 4, 15)),
        night(3, skill(15, "无常之刃", 3), skill(5, "契约标记", 9)),
        vote(4, 14, (4, 15, 16)),
        night(4, skill(5, "契约标记", 10)),
        night(6, skill(15, "无常之刃", 4), skill(5, "契约标记", 11)),
    ]
    default = settle(steps)
    latched, ended = default.events("win_latched")[0], default.events("game_ended")[0]
    assert (latched["day"], latched["phase"]) == (ended["day"], ended["phase"]) == (6, "SETTLEMENT")
    assert not default.state.ascended and 5 in default["alive"]
    assert default["winners"] == ["黑方", "第三方"]
    strict = settle(steps, {"umineko.witch_cowins_when_latched": False})
    assert strict.events("win_latched") and not strict.state.ascended
    assert strict["winners"] == ["黑方"]


def test_a06_after_the_ascension_the_witch_still_cowins() -> None:
    steps = [
        night(1, skill(15, "无常之刃", 1), skill(5, "契约标记", 6), draws=APPRENTICE_7),
        vote(2, 12, (3, 4, 15)),
        night(2, skill(15, "无常之刃", 2), skill(5, "契约标记", 8)),
        vote(3, 13, (3, 4, 15)),
        night(3, skill(15, "无常之刃", 3), skill(5, "契约标记", 9)),
        vote(4, 14, (4, 15, 16)),
        night(4, skill(5, "契约标记", 10)),
        night(5, skill(5, "契约标记", 11)),
        night(6, skill(15, "无常之刃", 4)),
    ]
    strict = settle(steps, {"umineko.witch_cowins_when_latched": False})
    assert strict.state.ascended and strict["winners"] == ["黑方", "第三方"]


# -- A-10: the blade on the killers' own side --------------------------------------------------------


def test_a10_blade_may_target_killers() -> None:
    steps = [night(1, skill(15, "无常之刃", 16))]
    assert settle(steps).deaths == [(16, "night 1", "无常之刃")]
    err = refused(steps, {"umineko.blade_may_target_killers": False})
    assert err.where == "steps[0] (night 1), seat 15" and err.codes == ["skill_target", "why.killers_side"]
    assert err.error.params["target"] == 16
    other = settle([night(1, skill(15, "无常之刃", 1))], {"umineko.blade_may_target_killers": False})
    assert other.deaths == [(1, "night 1", "无常之刃")]


# -- detective and inquisitor ------------------------------------------------------


def test_a12_detective_self_check() -> None:
    steps = [night(1, skill(1, "侦探权限", 1))]
    err = refused(steps)
    assert err.where == "steps[0] (night 1), seat 1" and err.codes == ["skill_target", "why.self_check"]
    allowed = settle(steps, {"umineko.detective_self_check": True})
    assert allowed.feedback("night 1", "侦探权限") == [(1, "侦探权限", [1], "白")]


def test_a13_barrier_consecutive_includes_self() -> None:
    steps = [night(2, skill(4, "红字结界", 4)), night(3, skill(4, "红字结界", 4))]
    err = refused(steps)
    assert err.where == "steps[1] (night 3), seat 4" and err.codes == ["skill_target", "why.barrier_consecutive"]
    free = settle(steps, {"umineko.barrier_consecutive_includes_self": False})
    results = [(e["day"], e["targets"], e["result"]) for e in free.events("resolved", skill="barrier")]
    assert results == [(2, [4], "protect"), (3, [4], "protect")]
    assert free.state.seats[4].barrier_uses == 0
    other = [night(2, skill(4, "红字结界", 10)), night(3, skill(4, "红字结界", 10))]
    assert refused(other, {"umineko.barrier_consecutive_includes_self": False}).codes == [
        "skill_target", "why.barrier_consecutive"]


def test_a15_barrier_black_second_use_restricts() -> None:
    first = [night(2, skill(4, "红字结界", 16)), night(3, skill(4, "红字结界", 10)),
             night(4, skill(4, "红字结界", 16))]
    default = settle(first)
    assert default.deaths == [(16, "night 4", "红字结界")] and not default.state.inquisitor_restricted
    flag = {"umineko.barrier_black_second_use_restricts": True}
    turned = settle(first, flag)
    assert turned.deaths == [(16, "night 4", "红字结界")] and turned.state.inquisitor_restricted
    then = [*first, night(5, skill(4, "红字结界", 10))]
    assert settle(then).events("resolved", skill="barrier", day=5)[0]["result"] == "void"
    err = refused(then, flag)
    assert err.where == "steps[3] (night 5), seat 4" and err.codes == ["skill_target", "why.barrier_restricted"]


# -- results on a target that died tonight -----------------------------------------------------


def test_a16_results_for_dead_targets() -> None:
    steps = [night(1, skill(15, "无常之刃", 1), skill(2, "侦探权限", 1), skill(3, "演员试镜", 1, 15),
                   draws=APPRENTICE_7)]
    default = settle(steps)
    assert default.deaths == [(1, "night 1", "无常之刃")]
    assert default.feedback("night 1") == [(2, "侦探权限", [1], "白"), (3, "演员试镜", [1, 15], "异")]
    assert default.state.seats[15].yi_partners == {1}
    flag = {"umineko.results_for_dead_targets": False}
    void = settle(steps, flag)
    assert void.feedback("night 1") == [(2, "侦探权限", [1], "无效"), (3, "演员试镜", [1, 15], "无效")]
    assert void.state.seats[15].yi_partners == set()
    # The 无效 pair does not chain rule ③ the next night; the default's 异 pair does (15 is alive).
    after = [*steps, night(2, skill(3, "演员试镜", 10, 11))]
    chain = refused(after).error
    assert chain.code == "audition_chain" and chain.params["seats"] == [15]
    assert settle(after, flag).feedback("night 2") == [(3, "演员试镜", [10, 11], "同")]


# -- 舞台特权 -----------------------------------------------------------------------------


def test_a17_privilege_needs_living_theatergoer_to_be_granted() -> None:
    steps = [night(1, skill(3, "演员试镜", 6, 15), skill(15, "无常之刃", 3), draws=APPRENTICE_7),
             vote(2, 15, (1, 2, 4)), vote(3, 6, (1, 2, 4))]
    default = settle(steps)
    assert default.deaths == [(3, "night 1", "无常之刃"), (15, "day 2", "投票")]
    assert default.voted_out == [(2, 15, True), (3, 6, False)]
    strict = settle(steps, {"umineko.privilege_needs_living_theatergoer": True})
    assert strict.events("resolved", skill="stage_privilege") == []
    assert strict.voted_out == [(2, 15, True), (3, 6, True)] and (6, "day 3", "投票") in strict.deaths


def test_a17_privilege_needs_living_theatergoer_to_protect() -> None:
    steps = [night(1, skill(3, "演员试镜", 6, 15), draws=APPRENTICE_7), vote(2, 15),
             night(2, skill(16, "无常之刃", 3)), vote(3, 6, (1, 2, 4))]
    default = settle(steps)
    assert default.voted_out == [(2, 15, True), (3, 6, False)]
    strict = settle(steps, {"umineko.privilege_needs_living_theatergoer": True})
    assert [(e["day"], e["targets"]) for e in strict.events("resolved", skill="stage_privilege")] == [(2, [6])]
    assert strict.voted_out == [(2, 15, True), (3, 6, True)]


def test_a20_castling_respects_privilege() -> None:
    steps = [night(1, skill(3, "演员试镜", 6, 15), skill(5, "契约标记", 6), draws=APPRENTICE_7),
             vote(2, 15), vote(3, 5, choices=CASTLE_YES)]
    default = settle(steps)
    assert default.voted_out == [(2, 15, True), (3, 5, False)]
    assert default.events("resolved", skill="castling")[0]["targets"] == [6]
    assert default.events("resolved", skill="exit", day=3)[0]["result"] == "castled_immune"
    assert 6 in default["alive"] and default.state.castling_used
    strict = settle(steps, {"umineko.castling_respects_privilege": False})
    assert strict.events("resolved", skill="exit", day=3)[0]["result"] == "castled"
    assert (6, "day 3", "王车易位") in strict.deaths and 5 in strict["alive"]


# -- who replaces the witch ---------------------------------------------------------------------


def test_a24_castling_prefers_believers() -> None:
    steps = [night(1, skill(5, "契约标记", 6), draws=APPRENTICE_7), night(2, skill(5, "契约标记", 12)),
             vote(3, 5, choices=CASTLE_YES, draws={"王车易位": 12})]
    default = settle(steps)
    assert default.deaths == [(6, "day 3", "王车易位")]
    assert any("王车易位" in note and "not used" in note for note in default.notes)
    uniform = settle(steps, {"umineko.castling_prefers_believers": False})
    assert uniform.deaths == [(12, "day 3", "王车易位")] and uniform.notes == []
    assert uniform.events("draw", name="王车易位")[0]["pinned"] is True


# -- what the witch may mark -------------------------------------------------------------------


def test_a26_mark_any_piece_self() -> None:
    steps = [night(1, skill(5, "契约标记", 5), draws=APPRENTICE_7)]
    assert settle(steps).feedback("night 1", "契约标记") == [(5, "契约标记", [5], "失败")]
    err = refused(steps, {"umineko.mark_any_piece": False})
    assert err.where == "steps[0] (night 1), seat 5" and err.codes == ["skill_target", "why.mark_self"]


def test_a26_mark_any_piece_dead() -> None:
    steps = [night(1, skill(15, "无常之刃", 1), draws=APPRENTICE_7), night(2, skill(5, "契约标记", 1))]
    assert settle(steps).feedback("night 2", "契约标记") == [(5, "契约标记", [1], "失败")]
    err = refused(steps, {"umineko.mark_any_piece": False})
    assert err.where == "steps[1] (night 2), seat 5" and err.codes == ["skill_target", "why.dead"]
    assert str(err.error) == "Contract mark: target seat 1 is not legal: seat 1 is dead"
    alive = [night(1, draws=APPRENTICE_7), night(2, skill(5, "契约标记", 9))]
    assert settle(alive, {"umineko.mark_any_piece": False}).feedback("night 2") == [(5, "契约标记", [9], "成功")]


# -- the belief of a 平民 who does not choose --------------------------------------------------


def test_a30_default_belief() -> None:
    steps = [night(0)]
    default = settle(steps, beliefs=False)
    assert not any(p.believes for p in default.state.seats.values())
    assert len(default.feedback("night 0", "魔女预言")[0][2]) == 3  # clamp(0, 3, 6)
    believe = settle(steps, {"umineko.default_belief": True}, beliefs=False)
    assert sorted(s for s, p in believe.state.seats.items() if p.believes) == list(range(6, 15))
    assert len(believe.feedback("night 0", "魔女预言")[0][2]) == 6  # clamp(9, 3, 6)
    chosen = settle(steps, {"umineko.default_belief": True})  # explicit choices still stand
    assert sorted(s for s, p in chosen.state.seats.items() if p.believes) == list(BELIEVERS)


# -- dead members in team chats ----------------------------------------------------------------


def test_a41_dead_keep_team_chat() -> None:
    """9 is made 共犯 on night 1 and dies unmerged on day 2 (so joins 杀手群 dead); 15 dies on day 3."""
    steps = [night(1, skill(15, "无常之刃", 9), draws=APPRENTICE_7), vote(2, 9), vote(3, 15),
             night(3, skill(16, "无常之刃", 10))]
    default = settle(steps)
    assert default.events("team_joined", team="killers", seat=9)[0]["to"] == [15, 16, 17, 18, 9]
    assert default.events("skill_submitted", skill="blade", day=3)[0]["to"] == [15, 16, 17, 18, 9]
    assert postable_teams(default.state, 15) == ("killers",) and postable_teams(default.state, 9) == ("killers",)
    living = settle(steps, {"umineko.dead_keep_team_chat": False})
    # The dead 共犯 still joins 杀手群 (the killers are told) but receives nothing, not even that.
    assert living.events("team_joined", team="killers", seat=9)[0]["to"] == [15, 16, 17, 18]
    assert living.state.teams["killers"] == [15, 16, 17, 18, 9]
    assert living.events("skill_submitted", skill="blade", day=3)[0]["to"] == [16, 17, 18]
    assert postable_teams(living.state, 15) == () and postable_teams(living.state, 16) == ("killers",)


def test_a41_dead_witch_loses_her_chat_at_night() -> None:
    steps = [night(1, draws=APPRENTICE_7), night(2, skill(15, "无常之刃", 5))]
    for keep, teams in ((True, ("witches",)), (False, ())):
        o = settle(steps, {"umineko.dead_keep_team_chat": keep})
        assert o.deaths == [(5, "night 2", "无常之刃")]
        assert postable_teams(o.state, 5) == teams and postable_teams(o.state, 7) == ("witches",)


# -- telling the inquisitor of the restriction --------------------------------------------------


def test_a42_tell_inquisitor_restriction() -> None:
    steps = [night(2, skill(4, "红字结界", 11)), night(3, skill(4, "红字结界", 12)),
             night(4, skill(4, "红字结界", 11), skill(15, "无常之刃", 11))]
    default = settle(steps)
    assert default.state.inquisitor_restricted and default.events("notice", topic="barrier_restricted") == []
    told = settle(steps, {"umineko.tell_inquisitor_restriction": True})
    notices = told.events("notice", topic="barrier_restricted")
    assert [(e["day"], e["vis"], e["seats"]) for e in notices] == [(4, "seat:4", [4])]
    assert told.deaths == default.deaths == [(11, "night 4", "无常之刃")]


# -- the witch's skills between the latch and the ascension --------------------------------------


LATCH_AT_VOTE_4 = [
    night(1, skill(15, "无常之刃", 9), skill(5, "契约标记", 6), draws=APPRENTICE_7),
    vote(2, 8),
    night(2, skill(15, "无常之刃", 10), skill(5, "契约标记", 11)),
    vote(3, 12),
    night(3, skill(15, "无常之刃", 13)),
    vote(4, 14),
]
"""Living 平民 after the day-4 vote: 6 and 11, both marked: the witch latches at VOTE_RESOLUTION 4."""


def test_a45_witch_skills_after_latch_castling() -> None:
    steps = [*LATCH_AT_VOTE_4, night(4, skill(15, "无常之刃", 5), choices=CASTLE_YES)]
    default = settle(steps)
    latched = default.events("win_latched")[0]
    assert (latched["day"], latched["phase"]) == (4, "VOTE_RESOLUTION")
    assert default.events("question") == [] and any("never asked" in note for note in default.notes)
    assert [d for d in default.deaths if d[1] == "night 4"] == [(5, "night 4", "无常之刃"),
                                                                 (7, "night 4", "魔女复苏")]
    late = settle(steps, {"umineko.witch_skills_after_latch": True})
    assert late.events("question", seat=5, skill="castling")[0]["data"] == {"form": "night"}
    assert [d for d in late.deaths if d[1] == "night 4"] == [(6, "night 4", "王车易位"), (5, "night 4", "魔女复苏"),
                                                              (7, "night 4", "魔女复苏")]


def test_a45_witch_skills_after_latch_marks() -> None:
    steps = [*LATCH_AT_VOTE_4, night(4, skill(5, "契约标记", 1))]
    err = refused(steps)
    assert err.where == "steps[6] (night 4), seat 5" and err.codes == ["skill_now"] and err.error.params["skill"] == "mark"
    late = settle(steps, {"umineko.witch_skills_after_latch": True})
    assert late.feedback("night 4", "契约标记") == [(5, "契约标记", [1], "失败")]
    assert late.state.ascended
    after = [*steps, night(5, skill(5, "契约标记", 2))]  # after the ascension: no more marks
    err = refused(after, {"umineko.witch_skills_after_latch": True})
    assert err.where == "steps[7] (night 5), seat 5" and err.codes == ["skill_now"]  # a dead witch may still chat


# -- every adjudication is accounted for --------------------------------------------------------------


def test_every_item_is_a_flag_or_an_adjudication_exactly_once() -> None:
    refs = [f.ref for f in FLAGS if f.ref.startswith("A-")]
    listed = [a.id for a in ADJUDICATIONS]
    assert sorted(refs + listed) == ITEMS
    names = {f.name for f in FLAGS}
    for a in ADJUDICATIONS:
        assert a.ruling and (a.flag in names if a.flag is not None else a.reason), a
    assert get_ruleset("umineko32").adjudications == ADJUDICATIONS


def test_every_flag_default_is_allowed_and_named() -> None:
    for flag in FLAGS:
        assert flag.name.startswith("umineko.") and flag.check(flag.default) == flag.default


def test_arena_rules_json_lists_every_item(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "umineko32", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    items = info["adjudications"]
    assert [a["id"] for a in items] == ITEMS
    by_id = {a["id"]: a for a in items}
    assert by_id["A-01"]["flag"] == "umineko.witch_color" and by_id["A-01"]["default"] == "白"
    assert by_id["A-39"]["flag"] is None and "human judge" in by_id["A-39"]["reason"]
    assert all(a["ruling"] for a in items)


def test_arena_rules_table_shows_every_item(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "umineko32", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    section = out.split("## Adjudications")[1]
    for item in ITEMS:
        assert f"\n{item} " in section, item
