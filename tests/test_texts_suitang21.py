"""suitang21's texts are its own, complete, in zh and en (``engine/rulesets/suitang21/texts.py``).

There is no shared feedback table any more: a result, a notice, a judge's record or a code of
suitang21 reads suitang21's text or nothing. These tests pin the issue's defects (the witch's 通灵
read majiasha2's ``濒死的马甲：马甲13号``, Cupid read ``你的阵营：已连接``), every private result of
every skill, its statuses, flags and refusals. The coverage of every code it emits in random,
scripted and judged play is the one text walk of every rule set (``tests/test_texts.py``).
"""

from __future__ import annotations

from engine import events as ev
from engine.narrate import Names, narrate
from engine.narrate.observed import STATUSES
from engine.rulesets import get_ruleset
from engine.rulesets.suitang21.names import SKILL_NAMES
from engine.rulesets.suitang21.texts import NARRATION
from engine.views import Viewer
from tests.conformance import play

RULESET = get_ruleset("suitang21")
NAMES = Names.from_ruleset(RULESET)


def feedback(skill: str, targets: list[int], result: str, seat: int = 8) -> ev.Feedback:
    return ev.Feedback(seq=1, day=2, phase="WITCH", vis=ev.seat_vis(seat), seat=seat, skill=skill, targets=targets,
                       result=result)


def both(event: ev.Event) -> tuple[str, str]:
    zh, en = narrate(event, NAMES, "zh"), narrate(event, NAMES, "en")
    assert zh is not None and en is not None
    return zh, en


def test_tongling_reads_suitang21s_own_text_not_majiasha2s() -> None:
    zh, en = both(feedback("tongling", [13], "指杀"))
    assert zh == "【私信·通灵】通灵：今晚被指杀的是 13号"
    assert en == "[DM · Spirit sense] Spirit sense: named for a kill tonight: seat 13"
    assert "濒死" not in zh and "马甲" not in zh
    zh, en = both(feedback("tongling", [], "无人被指杀"))
    assert zh.endswith("通灵：今晚无人被指杀") and en.endswith("nobody was named for a kill tonight")


def test_cupid_reads_its_own_choice_and_no_camp() -> None:
    zh, en = both(feedback("arrow", [2, 14], "已连接", seat=11))
    assert zh == "【私信·丘比特之箭】你射出丘比特之箭：2号 与 14号 成为情侣（法官不会告诉你他们和你的阵营）"
    assert "你的阵营：" not in zh and "已连接" not in zh
    assert en.endswith("Your arrow links seat 2 and seat 14 as lovers (you are not told their camps, nor yours)")


def test_the_seer_the_detective_both_ways_and_every_void_skill() -> None:
    assert both(feedback("check", [11], "非村民阵营", seat=7))[0].endswith("你预言了 11号：非村民阵营")
    assert both(feedback("check", [11], "村民阵营", seat=7))[1].endswith("You checked seat 11: village camp")
    zh, en = both(feedback("detect", [1], "狼人", seat=13))
    assert zh.endswith("犯罪天才：1号 的身份是 狼人（对方也得知了你是侦探）") and "is a Werewolf" in en
    zh, en = both(feedback("detect", [13], "侦探", seat=1))
    assert "13号 对你使用了【犯罪天才】：你们互知身份，13号 是 侦探" in zh and "13 is the Detective" in en
    for skill in ("check", "detect", "shield", "hug", "kill", "takeover", "save", "poison"):
        zh, en = both(feedback(skill, [15], "无效（无结果）"))
        assert zh.endswith(f"你对 15号 使用的【{SKILL_NAMES.zh(skill)}】无效（无结果）"), zh
        assert en.endswith(f"Your {SKILL_NAMES.en(skill)} on seat 15 is void (no result)"), en


def test_every_status_and_skill_note_of_an_observation_has_a_text() -> None:
    names = set(NARRATION.statuses) | set(STATUSES)
    found: set[str] = set()
    for seed in range(6):
        game = play(RULESET, seed)
        for viewer in [Viewer.god(), *(Viewer.of_seat(s) for s in range(1, 22))]:
            obs = game.observe(viewer)
            found |= {*obs.statuses, *(n for s in obs.seats for n in s.statuses), *(k.note for k in obs.skills if k.note)}
    assert found and found <= names, found - names


def test_every_flag_says_what_it_decides_in_both_languages() -> None:
    assert {f.name for f in RULESET.flags} == set(NARRATION.flags)
    for flag in RULESET.flags:
        for value in list(flag.choices) or [True, False]:
            if not isinstance(value, bool):
                assert str(value) in NARRATION.words or str(value).isdigit(), (flag.name, value)


def test_a_refusal_is_a_code_rendered_in_the_readers_language() -> None:
    """suitang21's refusals carry a code and parameters (``errors.py``), said in zh or en with the
    game's names; a nested reason and the actions a seat may take instead are rendered the same way."""
    from engine.actions import Post, UseSkill
    from engine.errors import IllegalAction

    game = RULESET.new_game(4)
    while game.state.phase != "NIGHT":
        game.advance()
    names = Names.from_events(RULESET, game.events)
    seer = next(s for s, r in game.state.seats.items() if r.role == "seer")  # type: ignore[attr-defined]
    refusals = []
    for action in (Post(seat=seer, text="夜里发帖"), UseSkill(seat=seer, skill="预言", targets=(seer,))):
        refused = game.refusal(action)
        assert isinstance(refused, IllegalAction) and refused.ruleset == "suitang21"
        refusals.append(refused)
    zh, en = refusals[0].render("zh", names), refusals[0].render("en", names)
    assert refusals[0].code == "cannot_do" and "不能发帖" in zh and "使用【预言】" in zh and "跳过" in zh
    assert "cannot post in Night (first wave); it may: use Check" in en
    assert refusals[1].code == "skill_target" and "规则不允许以自己为此技能的目标" in refusals[1].render("zh", names)
    assert str(refusals[1]).endswith("the rules forbid targeting oneself with this skill; allowed: " +
                                     ", ".join(f"seat {s}" for s in range(1, 22) if s != seer))
