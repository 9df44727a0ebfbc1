"""Lines for one seat or one team chat: roles, submissions, questions, results and notices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.narrate import majiasha2, reveal
from engine.narrate.context import Ctx, quote


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


WITHHELD: dict[str, tuple[str, str]] = {
    "blue_overflow": ("蓝字超限，被法官抽走", "over the blue (reasoning) limit, taken down by the judge"),
    "curfew": ("宵禁中，不得发言", "curfew: the thread is closed"),
}


def post_withheld(e: ev.PostWithheld, c: Ctx) -> str:
    zh, en = WITHHELD.get(e.reason, (quote(e.reason), quote(e.reason)))
    return c.private(e, c.t(f"你的发言未发出（{zh}）：{quote(e.text)}",
                            f"Your post was withheld ({en}): {quote(e.text)}"))


def passed(e: ev.Passed, c: Ctx) -> str | None:
    """A chosen pass shows nothing on any thread; a pass taken for the seat is reported to it."""
    if not e.fallback:
        return None
    why = c.t(f"（{quote(e.reason)}）", f" ({quote(e.reason)})") if e.reason else ""
    return c.private(e, c.t(f"系统代你跳过{why}", f"Passed on your behalf{why}"))


def skill_submitted(e: ev.SkillSubmitted, c: Ctx) -> str:
    skill, targets = c.skill(e.skill), majiasha2.targets(e, c) or c.seats(e.targets)
    if e.vis.startswith("team:"):
        return c.in_team(e.vis[5:], c.t(f"{c.seat(e.seat)} 提交【{skill}】：{targets}",
                                        f"{c.seat(e.seat)} submits {skill}: {targets}"))
    return c.private(e, c.t(f"你选择的目标：{targets}", f"Your target(s): {targets}"), skill)


QUESTIONS: dict[str, tuple[str, str]] = {
    "night": ("你即将被【无常之刃】杀害。", "You are about to die by the blade. "),
    "vote": ("你被投票出局，即将死亡。", "You were voted out and are about to die. "),
}


def question(e: ev.Question, c: Ctx) -> str:
    skill = c.skill(e.skill)
    zh, en = QUESTIONS.get(str(e.data.get("form", "")), ("", ""))
    return c.private(e, c.t(f"{zh}法官询问：是否发动【{skill}】？", f"{en}The judge asks: use {skill}?"), skill)


def choice_made(e: ev.ChoiceMade, c: Ctx) -> str:
    skill = c.skill(e.skill)
    if e.use is not None:
        answer = c.t("是", "yes") if e.use else c.t("否", "no")
    else:
        answer = majiasha2.choice(e, c) or c.seats(e.targets)
    if e.skill == "belief" and e.use is not None:
        answer = c.t("信仰魔女", "believe") if e.use else c.t("不信仰魔女", "do not believe")
    default = c.t("（未作答，按默认）", " (no answer: the default)") if e.default else ""
    return c.private(e, c.t(f"你的选择：{answer}{default}", f"Your choice: {answer}{default}"), skill)


def _detect(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你查验了 {c.seats(e.targets)}：{c.word(e.result)}",
               f"You checked {c.seats(e.targets)}: {c.word(e.result)}")


def _audition(e: ev.Feedback, c: Ctx) -> str:
    pair = c.t(" 与 ", " and ").join(c.seat(s) for s in e.targets)
    return c.t(f"你试镜了 {pair}：{c.word(e.result)}", f"You auditioned {pair}: {c.word(e.result)}")


def _mark(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你标记了 {c.seats(e.targets)}：{c.word(e.result)}",
               f"You marked {c.seats(e.targets)}: {c.word(e.result)}")


def _prophecy(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"以下棋子不是平民：{c.seats(e.targets)}", f"These pieces are not commoners: {c.seats(e.targets)}")


FEEDBACK: dict[str, Callable[[ev.Feedback, Ctx], str]] = {
    "detect": _detect, "audition": _audition, "mark": _mark, "prophecy": _prophecy,
    **majiasha2.FEEDBACK,
}


def feedback(e: ev.Feedback, c: Ctx) -> str:
    render = FEEDBACK.get(e.skill)
    body = render(e, c) if render else f"{c.seats(e.targets)}{c.t('：', ': ')}{c.word(e.result)}"
    return c.private(e, body, c.skill(e.skill))


def _notice_merged(e: ev.Notice, c: Ctx) -> str:
    return c.t("你已知晓所有存活杀手，弃明投暗，加入杀手群", "You know every living killer: you merge and join the killers' chat")


def _notice_name(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"杀手告知你：{c.seats(e.seats)} 是杀手", f"The killers tell you: {c.seats(e.seats)} is a killer")


def _notice_target(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"杀手今晚的目标：{c.seats(e.seats)}", f"The killers' target tonight: {c.seats(e.seats)}")


def _notice_death(e: ev.Notice, c: Ctx) -> str:
    if e.data.get("last_words"):
        return c.t("你已死亡。请在遗言阶段提交遗言", "You are dead. Submit your last words in the last-words phase")
    return c.t("你已死亡，不能留下遗言", "You are dead and may leave no last words")


def _notice_apprentice(e: ev.Notice, c: Ctx) -> str:
    if e.data.get("soul"):
        return c.t("你已死亡，成为见习魔女的灵魂，加入魔女群",
                   "You died and became the apprentice witch's soul; you join the witches' chat")
    return c.t("你成为了见习魔女，加入魔女群", "You became the apprentice witch; you join the witches' chat")


def _notice_promotion(e: ev.Notice, c: Ctx) -> str:
    acc = e.data.get("accomplice")
    name = e.data.get("killer_name")
    who = c.seat(int(acc)) if isinstance(acc, int) else c.seats(e.seats)
    told = c.seat(name) if isinstance(name, int) else c.t("（第一天未告知）", "(none given on day 1)")
    return c.t(f"共犯诞生：{who}；第一天告知的杀手：{told}",
               f"The accomplice is {who}; the killer named on day 1: {told}")


def _notice_restricted(e: ev.Notice, c: Ctx) -> str:
    return c.t("你的【红字结界】已受限：此后只能选择自己或从未选过的棋子",
               "Your Red barrier is now restricted: from now on only yourself or pieces never chosen before")


NOTICES: dict[str, Callable[[ev.Notice, Ctx], str]] = {
    "merged": _notice_merged, "killer_name": _notice_name, "blade_target": _notice_target,
    "death": _notice_death, "apprentice": _notice_apprentice, "promotion": _notice_promotion,
    "barrier_restricted": _notice_restricted,
    **majiasha2.NOTICES,
    **reveal.NOTICES,
}


def notice(e: ev.Notice, c: Ctx) -> str:
    render = NOTICES.get(e.topic)
    if render is not None:
        return c.private(e, render(e, c))
    extra = f" {quote(repr(e.data))}" if e.data else ""
    return c.private(e, f"{quote(e.topic)}{c.t('：', ': ')}{c.seats(e.seats)}{extra}")


RENDER: dict[str, Callable[[Any, Ctx], str | None]] = {
    "role_dealt": role_dealt, "team_formed": team_formed, "team_joined": team_joined,
    "team_posted": team_posted, "post_withheld": post_withheld, "passed": passed,
    "skill_submitted": skill_submitted, "question": question, "choice_made": choice_made,
    "feedback": feedback, "notice": notice,
}
