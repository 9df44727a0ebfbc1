"""What a qijian24 seat is told: the dawn, the observation on small fixed situations, the latch of
舍神剑 at the instant, and the texts of its judge console.

Each situation is a judge scenario on the standard seating (``tests/scenarios/qijian24``), settled
through ``arena judge``; the tests read its game the way every consumer does: the narration of a
seat's view (the terminal seat), the seat's prompt, and the engine's observation.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from agents.human import HumanSeat
from agents.scripted import ScriptedAgent
from arena.cli import rules as rules_cmd
from arena.local.terminal_seat import TerminalSeat
from engine import events as ev
from engine.actions import UseSkill, Vote
from engine.errors import IllegalAction
from engine.narrate import Names, narrate
from engine.narrate.context import Ctx
from engine.narrate.thread import game_created
from engine.rulesets import get_ruleset
from engine.rulesets.qijian24.errors import ERRORS
from engine.views import Viewer
from prompts import SeatPrompt
from tests.judging_qijian24 import Settled, data_of, settled

RULESET = get_ruleset("qijian24")
STANDARD = data_of("G-01")["seats"]


def act(seat: int, skill: str, *targets: int) -> dict[str, Any]:
    return {"seat": seat, "skill": skill, "targets": list(targets)}


def scenario(*steps: dict[str, Any], **flags: Any) -> Settled:
    return Settled({"ruleset": "qijian24", "seed": 0, "seats": STANDARD,
                    "flags": {f"qijian.{k}": v for k, v in flags.items()}, "steps": list(steps)})


def revival_dawn() -> Settled:
    """Night 1: the mage kills 2 (杀手团·瓜哥洛), the team 17 (庄民). Night 2: 13 revives 17, the team
    kills 18, the 独杀 (active now) 19, whom the doctor saves. Its dawn has an out, its identity and a
    revival."""
    return scenario({"night": 1, "actions": [act(21, "杀人", 2), act(1, "暗杀", 17), act(11, "保护", 20)]},
                    {"night": 2, "actions": [act(13, "复活", 17), act(1, "暗杀", 18), act(4, "暗杀", 19),
                                             act(11, "保护", 19)]})


def second_dawn(o: Settled) -> ev.Dawn:
    dawns = [e for e in o.game.events if isinstance(e, ev.Dawn)]
    assert [d.seats for d in dawns] == [[2, 17], [18]] and dawns[1].revived == [17]
    return dawns[1]


# -- the qijian24 dawn (issue 16: every dawn read suitang21's template) ---------------------------------


def test_qijian24_dawn_names_identities_and_revivals_in_zh_and_en() -> None:
    o = revival_dawn()
    dawn = second_dawn(o)
    names = Names.from_events(RULESET, o.game.events)
    alias18, alias17 = names.seat(18), names.seat(17)
    assert narrate(dawn, names, "zh") == f"【法官】天亮了。昨夜出局：{alias18}（庄民）；复活：{alias17}"
    en18, en17 = names.seat(18, "en"), names.seat(17, "en")
    assert narrate(dawn, names, "en") == f"[Judge] Dawn. Out last night: {en18} (Villager); revived: {en17}"
    first = narrate(next(e for e in o.game.events if isinstance(e, ev.Dawn)), names, "zh") or ""
    assert "杀手团·瓜哥洛" in first and "庄民" in first
    for line in (first, narrate(dawn, names, "zh") or ""):
        assert "警长" not in line and "存活" not in line and "此前出局" not in line


def test_qijian24_dawn_in_a_seats_prompt() -> None:
    o = revival_dawn()
    names = Names.from_events(RULESET, o.game.events)
    cases = (("zh", "；已出局：", "杀手团·瓜哥洛", "天亮了。昨夜出局：", "（庄民）；复活："),
             ("en", " alive; out: ", "Guageluo (killer team)", "Dawn. Out last night: ", " (Villager); revived: "))
    for lang, out_words, identity, dawn_head, dawn_body in cases:
        prompt = SeatPrompt(RULESET, 5, lang)  # type: ignore[arg-type]
        prompt.observe(o.game.events)
        obs = o.game.observe(Viewer.of_seat(5))
        text = "\n".join(str(m.get("content") or "") for m in prompt.request(3, "STAGE1", obs.legal, observation=obs))
        dawn = [line for line in text.splitlines() if dawn_head in line][-1]
        assert dawn_body in dawn and dawn.index(names.seat(18, lang)) < dawn.index(dawn_body) < dawn.rindex(names.seat(17, lang))  # type: ignore[arg-type]
        standing = next(line for line in text.splitlines() if out_words in line)
        assert identity in standing and names.seat(18, lang) in standing  # type: ignore[arg-type]
        assert names.seat(17, lang) not in standing, "a revived seat is alive again"  # type: ignore[arg-type]
        if lang == "zh":
            assert "存活 22 人" in standing


def test_qijian24_dawn_at_the_terminal() -> None:
    o = revival_dawn()
    names = Names.from_events(RULESET, o.game.events)
    out = io.StringIO()
    terminal = TerminalSeat(HumanSeat(5, ScriptedAgent(), deadline_s=None), lambda: names, out=out)
    terminal.listener(o.game, o.game.events)
    lines = out.getvalue().splitlines()
    assert narrate(second_dawn(o), names, "zh") in lines
    assert not any("警长" in line for line in lines)


def test_qijian24_dawn_in_the_observation() -> None:
    o = revival_dawn()
    for viewer in (Viewer.of_seat(5), Viewer.spectator()):
        obs = o.game.observe(viewer)
        by_seat = {s.seat: s for s in obs.seats}
        assert (by_seat[2].alive, by_seat[2].role, by_seat[2].cause) == (False, "guageluo", "night")
        assert (by_seat[18].alive, by_seat[18].role) == (False, "villager")
        assert by_seat[17].alive and by_seat[17].role == "villager", "revived, its identity already published"
        assert len(obs.living()) == 22 and [s.seat for s in obs.out()] == [2, 18]
        assert obs.sheriff is None and not any("sheriff" in s.statuses for s in obs.seats)
    god = {s.seat: s for s in o.game.observe(Viewer.god()).seats}
    assert (god[2].cause, god[18].cause, god[17].cause) == ("kill", "assassinate", None)


# -- 舍神剑's latch at the instant (issue 16: a same-night revival cancelled it) --------------------


def test_sheshen_latched_at_the_instant_a_revival_does_not_undo_it() -> None:
    o = settled("sheshen-instant-latch")
    events = o.game.events
    activate = next(i for i, e in enumerate(events) if isinstance(e, ev.Resolved) and e.skill == "activate"
                    and e.result == "sheshen")
    died = next(i for i, e in enumerate(events) if isinstance(e, ev.Died) and e.seat == 9)
    revived = next(i for i, e in enumerate(events) if isinstance(e, ev.Resolved) and e.skill == "revive")
    assert activate == died + 1 < revived, "the latch follows the out that makes it true, before the revival"
    assert o.state.swords_alive() == 5 and o.state.sheshen_active
    assert (2, "night 3", "杀人") in o.deaths()
    assert "【激活】舍神剑 12号 的杀人权被激活" in o.text


def test_sheshen_under_the_alternative_a_revival_puts_it_to_sleep() -> None:
    with pytest.raises(Exception, match="Kill is not available"):
        settled("sheshen-instant-latch", sheshen_latched=False)


# -- the observation on small fixed situations ------------------------------------------------------


def test_a_sword_knows_the_next_sword_and_nothing_more() -> None:
    o = scenario()
    obs = o.game.observe(Viewer.of_seat(9))
    known = {s.seat: s.role for s in obs.seats if s.role is not None}
    assert known == {9: "mowen", 10: "youlong"}
    assert {s.seat: s.role for s in o.game.observe(Viewer.of_seat(15)).seats if s.role} == {15: "jingxing", 9: "mowen"}
    assert {s.seat: s.role for s in o.game.observe(Viewer.of_seat(17)).seats if s.role} == {17: "villager"}


def test_checks_tell_identities_and_the_mage_clears() -> None:
    o = scenario({"night": 1, "actions": [act(9, "查验", 5), act(21, "查验", 3), act(1, "暗杀", 17),
                                          act(11, "保护", 17)]},
                 {"night": 2, "actions": [act(21, "查验", 4), act(1, "暗杀", 18), act(11, "保护", 18)]})
    mowen = {s.seat: s for s in o.game.observe(Viewer.of_seat(9)).seats}
    assert mowen[5].role == "envoy"
    mage = {s.seat: s for s in o.game.observe(Viewer.of_seat(21)).seats}
    assert mage[3].role == "tushi" and mage[4].role is None and "not_killer_team" in mage[4].statuses
    names = Names.from_events(RULESET, o.game.events)
    check = next(e for e in o.game.events if isinstance(e, ev.Feedback) and e.seat == 21 and e.targets == [4])
    assert narrate(check, names, "en") == f"[DM · Check] You checked {names.seat(4, 'en')}: check failed: not a 杀手团 member"
    assert narrate(check, names, "zh") == f"【私信·查验】你查验了 {names.seat(4)}：验证失败"


def test_skills_left_grow_and_latch() -> None:
    o = settled("G-10")
    youlong = o.game.observe(Viewer.of_seat(10))
    assert not youlong.alive and youlong.skill("snipe") is not None
    sheshen = o.game.observe(Viewer.of_seat(12)).skill("kill")
    assert sheshen is not None and sheshen.usable and sheshen.note == ""
    prayer = o.game.observe(Viewer.of_seat(16)).skill("pray")
    assert prayer is not None and prayer.total is None and prayer.left == 1 + o.state.sword_outs
    fresh = scenario()
    early = fresh.game.observe(Viewer.of_seat(12)).skill("kill")
    assert early is not None and not early.usable and early.note == "not_active"
    lone = fresh.game.observe(Viewer.of_seat(4)).skill("assassinate")
    assert lone is not None and lone.note == "not_active"
    envoy = fresh.game.observe(Viewer.of_seat(5)).skill("immunity")
    assert envoy is not None and (envoy.left, envoy.total, envoy.usable) == (2, 2, True)


def test_budgets_posts_vote_changes_and_last_words() -> None:
    game = RULESET.new_game(1, options={"discipline": False})
    obs = game.observe(Viewer.of_seat(1))
    assert {(b.what, b.left, b.total) for b in obs.budgets} == {("posts", 12, 12), ("vote_changes", 1, 1)}
    game.submit(Vote(seat=1, target=2))
    game.submit(Vote(seat=1, target=3))
    changed = game.observe(Viewer.of_seat(1)).budget("vote_changes")
    assert changed is not None and changed.left == 0
    o = settled("G-09")
    voted_out = o.game.observe(Viewer.of_seat(1))
    assert not voted_out.alive and voted_out.budget("last_words") is not None


def test_a_prayer_life_and_a_ban_are_never_told_to_their_target() -> None:
    o = scenario({"night": 1, "actions": [act(16, "祈祷", 10), act(24, "禁特权令", 14), act(1, "暗杀", 17),
                                          act(11, "保护", 17)]})
    for seat in (10, 14):
        obs = o.game.observe(Viewer.of_seat(seat))
        assert not obs.statuses and not any(b.what == "lives" for b in obs.budgets)
        assert not [e for e in obs.inbox if isinstance(e, ev.Feedback) and e.skill in ("pray", "ban")]
    god = {s.seat: s for s in o.game.observe(Viewer.god()).seats}
    assert "extra_life" in god[10].statuses and "banned" in god[14].statuses


def test_a_ranger_knows_its_choice() -> None:
    o = scenario({"day": 2, "actions": [act(21, "帮助杀手方")]}, {"night": 2, "actions": [act(1, "暗杀", 17),
                                                                                      act(11, "保护", 17)]})
    assert o.game.observe(Viewer.of_seat(21)).statuses == ("helps_killers",)
    assert o.game.observe(Viewer.of_seat(22)).statuses == ("independent",)
    assert o.game.observe(Viewer.of_seat(5)).statuses == ()


# -- the judge console in Chinese ---------------------------------------------------------------------


ASCII_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("name", ["G-02", "G-04", "G-05", "G-06", "G-11", "G-12", "G-13", "G-16", "G-17", "G-22",
                                  "sheshen-instant-latch"])
def test_judge_console_lines_are_chinese(name: str) -> None:
    text = settled(name).text
    assert not ASCII_WORD.findall(text), sorted(set(ASCII_WORD.findall(text)))


# -- refusals, flags and every word in the reader's language -----------------------------------------


def test_every_refusal_is_a_code_with_zh_and_en_texts() -> None:
    names = Names.from_ruleset(RULESET)
    setup = {"unknown_options", "no_rounds", "discipline_value", "seats_mismatch", "seat_without_role",
             "seat_unknown_role", "roster_mismatch", "roster_count"}
    for code, (zh, en) in ERRORS.items():
        assert zh and en and zh != en, code
        if code not in setup:
            rendered = IllegalAction(code, ruleset="qijian24", seat=3, phase="STAGE2", day=2, skill="check",
                                     skills=["pray"], target=4, legal=[5, 6], candidates=[7], targets=[1, 2],
                                     limit=1, n=1, floor=9, floors=3, count=24, name="x").render("zh", names)
            assert not ASCII_WORD.findall(rendered.replace("arena rules qijian24", "")), (code, rendered)


def test_a_refusal_reaches_a_zh_reader_in_chinese() -> None:
    o = settled("G-06")
    names = Names.from_events(RULESET, o.game.events)
    refusal = o.game.refusal(UseSkill(seat=11, skill="check", targets=(3,)))
    assert refusal is not None and refusal.code == "skill_unavailable" and refusal.params["skills"] is None
    game = RULESET.new_game(1)
    wrong = game.refusal(UseSkill(seat=1, skill="狙击", targets=(2,)))
    assert wrong is not None and wrong.code == "skill_unavailable"
    assert wrong.render("zh", names).endswith("现在不能使用【狙击】；现在可用：无")
    assert "Snipe is not available" in str(wrong)
    bad = game.refusal(Vote(seat=1, target=99))
    assert bad is not None and bad.code == "ballot_not_candidate" and "本部分的候选人是" in bad.render("zh", names)


def test_every_flag_in_words_when_a_game_changes_it() -> None:
    turned = {f.name: (not f.default if isinstance(f.default, bool) else f.choices[-1]) for f in RULESET.flags}
    game = RULESET.new_game(1, flags=turned)
    header = game.events[0]
    assert isinstance(header, ev.GameCreated)
    names = Names.from_ruleset(RULESET)
    zh = game_created(header, Ctx(names, "zh"))
    assert all(f.name not in zh for f in RULESET.flags) and all(RULESET.narration.flags[f.name][0] in zh
                                                                 for f in RULESET.flags)
    assert not ASCII_WORD.findall(zh.replace("qijian24", "")), ASCII_WORD.findall(zh)


def test_arena_rules_says_every_flag_in_chinese() -> None:
    zh = rules_cmd.rows(rules_cmd.describe(RULESET), "zh")["flags"]
    en = rules_cmd.rows(rules_cmd.describe(RULESET), "en")["flags"]
    assert [row[-1] for row in zh] == [RULESET.narration.flags[f.name][0] for f in RULESET.flags]
    assert [row[-1] for row in en] == [f.doc for f in RULESET.flags]
    assert not any(ASCII_WORD.findall(row[-1]) for row in zh), zh


def test_role_summaries_in_chinese() -> None:
    for role in RULESET.roles:
        assert role.summary_zh and not ASCII_WORD.findall(role.summary_zh), role.id
        assert role.summary_in("zh") == role.summary_zh and role.summary_in("en") == role.summary
