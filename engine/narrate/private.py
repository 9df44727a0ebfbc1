"""Lines for one seat or one team chat: roles, submissions, questions, results and notices.

The frames are shared; what a result, a notice or a question says is the rule set's own text
(``Narration.feedback``, ``notices``, ``questions``, ``withheld``), looked up in the game's rule set
only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.audience import audience
from engine.layers import second_layer
from engine.narrate.context import Ctx, quote
from engine.narrate.messages import FALLBACKS, render_message


def role_dealt(e: ev.RoleDealt, c: Ctx) -> str:
    return c.private(e, c.t(f"你的身份：{c.role(e.role)}（{c.faction(e.faction)}）",
                            f"Your role: {c.role(e.role)} ({c.faction(e.faction)})"))


def team_formed(e: ev.TeamFormed, c: Ctx) -> str:
    if not e.members:  # a chat by 马甲 (majiasha2): the members are named by the 马甲 notice
        return c.in_team(e.team, c.t("群聊开启", "chat opened"))
    return c.in_team(e.team, c.t(f"群聊开启，成员：{c.seats(e.members)}",
                                 f"chat opened; members: {c.seats(e.members)}"))


def team_joined(e: ev.TeamJoined, c: Ctx) -> str:
    who = c.signer(e.seat, e.majia)
    return c.in_team(e.team, c.t(f"{who} 加入了群聊", f"{who} joined"))


def team_posted(e: ev.TeamPosted, c: Ctx) -> str:
    return c.in_team(e.team, f"{c.signer(e.seat, e.majia)}{c.t('：', ': ')}{quote(e.text)}")


def post_withheld(e: ev.PostWithheld, c: Ctx) -> str:
    why = c.pair("withheld", e.reason)
    return c.private(e, c.t(f"你的发言未发出（{why}）：{quote(e.text)}",
                            f"Your post was withheld ({why}): {quote(e.text)}"))


def fallback_reason(e: ev.Passed, c: Ctx) -> str:
    """Why the pass was taken for the seat, in the reader's language (a code with its detail)."""
    return render_message(e.reason, e.detail, c, FALLBACKS)


def passed(e: ev.Passed, c: Ctx) -> str | None:
    """A chosen pass shows nothing on any thread; a pass taken for the seat is reported to it."""
    if not e.fallback:
        return None
    why = fallback_reason(e, c) if e.reason else ""
    return c.private(e, c.t(f"系统代你跳过（{why}）" if why else "系统代你跳过",
                            f"Passed on your behalf ({why})" if why else "Passed on your behalf"))


def skill_submitted(e: ev.SkillSubmitted, c: Ctx) -> str:
    skill = c.skill(e.skill)
    layer = c.text.skill_layers.get(e.skill, "")
    targets = c.sep.join(c.target(t, layer) for t in e.targets) if e.targets else c.t("无", "nobody")
    team = audience(e).team
    if team is not None:
        return c.in_team(team, c.t(f"{c.seat(e.seat)} 提交【{skill}】：{targets}",
                                   f"{c.seat(e.seat)} submits {skill}: {targets}"))
    return c.private(e, c.t(f"你选择的目标：{targets}", f"Your target(s): {targets}"), skill)


def question(e: ev.Question, c: Ctx) -> str:
    skill = c.skill(e.skill)
    form = str(e.data.get("form", ""))
    lead = c.pair("questions", form) if form else ""
    return c.private(e, c.t(f"{lead}法官询问：是否发动【{skill}】？", f"{lead}The judge asks: use {skill}?".lstrip()),
                     skill)


def choice_made(e: ev.ChoiceMade, c: Ctx) -> str:
    skill = c.skill(e.skill)
    if e.use is not None:
        found = c.text.pair("words", f"choice.{e.skill}.{'yes' if e.use else 'no'}")
        answer = c.t(*found) if found else c.t("是", "yes") if e.use else c.t("否", "no")
    else:
        layer = c.text.choice_layers.get(e.skill, "")
        answer = c.sep.join(c.target(t, layer) for t in e.targets) if e.targets else c.t("无", "nobody")
    default = c.t("（未作答，按默认）", " (no answer: the default)") if e.default else ""
    return c.private(e, c.t(f"你的选择：{answer}{default}", f"Your choice: {answer}{default}"), skill)


def feedback(e: ev.Feedback, c: Ctx) -> str:
    render = c.text.feedback.get(e.skill)
    body = render(e, c) if render else f"{c.seats(e.targets)}{c.t('：', ': ')}{c.word(e.result)}"
    return c.private(e, body or "", c.skill(e.skill))


def notice(e: ev.Notice, c: Ctx) -> str:
    render = c.text.notices.get(e.topic)
    if render is not None:
        return c.private(e, render(e, c) or "")
    extra = f" {quote(repr(e.data))}" if e.data else ""
    return c.private(e, f"{quote(e.topic)}{c.t('：', ': ')}{c.seats(e.seats)}{extra}")


def layer_assigned(e: ev.LayerAssigned, c: Ctx) -> str:
    if second_layer(e.layer):
        return c.private(e, c.t(f"你的马甲：{c.majia(e.number)}（对应关系保密）",
                                f"Your majia: {c.majia(e.number)} (which account it posts as is secret)"))
    return c.private(e, c.t(f"你的编号：{e.number}", f"Your number: {e.number}"))


RENDER: dict[str, Callable[[Any, Ctx], str | None]] = {
    "role_dealt": role_dealt, "team_formed": team_formed, "team_joined": team_joined,
    "team_posted": team_posted, "post_withheld": post_withheld, "passed": passed,
    "skill_submitted": skill_submitted, "question": question, "choice_made": choice_made,
    "feedback": feedback, "notice": notice, "layer_assigned": layer_assigned,
}
