"""An observation's standing in words: who is out (how, and as whom, where the rules publish it),
whose identity the seat knows, what is left of the seat's skills, and its allowances — the lines a prompt, the terminal seat or a
replay shows beside the log, in the reader's language and the rule set's own words.

Only what the observation holds is said: it is the engine's account of what the viewer knows.
"""

from __future__ import annotations

from engine.narrate.context import Ctx
from engine.narrate.names import Lang, Names
from engine.observation import BudgetState, Observation, SeatStatus, SkillState

STATUSES: dict[str, tuple[str, str]] = {"sheriff": ("警长", "sheriff"), "dying": ("濒死", "dying"),
                                        "lover": ("情侣", "lover")}
"""Statuses every rule set may use; a rule set's own (``Narration.statuses``) come first."""

BUDGETS: dict[str, tuple[str, str]] = {
    "blue": ("蓝字", "blue posts"), "posts": ("发言", "posts"), "team_posts": ("群聊发言", "team messages"),
    "vote_changes": ("改票", "vote changes"), "last_words": ("遗言", "last words"), "hp": ("生命值", "HP"),
    "lives": ("额外生命", "extra lives"), "votes": ("票", "ballots"),
}


def status_lines(obs: Observation, names: Names, lang: Lang = "zh") -> list[str]:
    """The standing of ``obs`` as short lines (see the module docstring)."""
    c = Ctx(names, lang)
    lines = [outs_line(obs, c)]
    if obs.seat is not None:
        own = (known_line(obs, c), statuses_line(obs, c), skills_line(obs, c), budgets_line(obs, c))
        lines += [line for line in own if line]
    return lines


def known_line(obs: Observation, c: Ctx) -> str | None:
    """The living seats whose identity the seat was told (its mates, the rules' private notices):
    ``你知道的身份：2号（杀手）、9号（杀手）``. Seats that are out say theirs in the outs line."""
    known = [s for s in obs.seats if s.seat != obs.seat and s.alive and s.role]
    if not known:
        return None
    shown = c.sep.join(c.seat(s.seat) + c.t(f"（{c.identity(s.role or '')}）", f" ({c.identity(s.role or '')})")
                       for s in known)
    return c.t("你知道的身份：", "Identities you know: ") + shown


def statuses_line(obs: Observation, c: Ctx) -> str | None:
    """The own statuses the seat knows of (``信仰魔女``, ``警长`` …)."""
    if not obs.statuses:
        return None
    return c.t("你的状态：", "Your status: ") + c.sep.join(c.pair("statuses", s, STATUSES.get(s)) for s in obs.statuses)


def outs_line(obs: Observation, c: Ctx) -> str:
    """``存活 15 人；已出局：A（第2天，被投票出局）…``."""
    gone = obs.out()
    alive = len(obs.seats) - len(gone)
    if not gone:
        return c.t(f"局面：{alive} 人全部存活", f"Standing: all {alive} players alive")
    outs = c.sep.join(out_text(s, c) for s in gone)
    return c.t(f"局面：存活 {alive} 人；已出局：{outs}", f"Standing: {alive} alive; out: {outs}")


def out_text(status: SeatStatus, c: Ctx) -> str:
    """One seat that is out: when, how, and as whom, as far as the viewer knows."""
    parts = [c.t(f"第{status.out_day}天", f"day {status.out_day}")] if status.out_day is not None else []
    if status.cause:
        parts.append(c.cause(status.cause))
    if status.role:
        parts.append(c.identity(status.role))
    if status.majia is not None:
        parts.append(c.majia(status.majia))
    inner = c.t("，", ", ").join(parts)
    return c.seat(status.seat) + (c.t(f"（{inner}）", f" ({inner})") if inner else "")


def skills_line(obs: Observation, c: Ctx) -> str | None:
    """The own skills that the rules count or restrict: ``【王车易位】剩 1/1 次；【红字结界】已受限``."""
    shown = [skill_text(s, c) for s in obs.skills if s.left is not None or s.note or not s.usable]
    if not shown:
        return None
    return c.t("你的技能：", "Your skills: ") + c.t("；", "; ").join(shown)


def skill_text(skill: SkillState, c: Ctx) -> str:
    head = c.t(f"【{c.skill(skill.skill)}】", f"{c.skill(skill.skill)}")
    parts = []
    if skill.left is not None:
        of = f"/{skill.total}" if skill.total is not None else ""
        parts.append(c.t(f"剩 {skill.left}{of} 次", f"{skill.left}{of} left"))
    if skill.note:
        parts.append(c.pair("statuses", skill.note))
    elif not skill.usable:
        parts.append(c.t("现在不可用", "not usable now"))
    return head + (c.t("：", ": ") + c.t("，", ", ").join(parts) if parts else "")


def budgets_line(obs: Observation, c: Ctx) -> str | None:
    """The own allowances now: ``蓝字剩 2/3；群聊发言（杀手群）剩 2/2``."""
    if not obs.budgets:
        return None
    return c.t("你的额度：", "Your allowances: ") + c.t("；", "; ").join(budget_text(b, c) for b in obs.budgets)


def budget_text(budget: BudgetState, c: Ctx) -> str:
    zh, en = BUDGETS.get(budget.what, (budget.what, budget.what))
    where = c.t(f"（{c.team(budget.team)}）", f" ({c.team(budget.team)})") if budget.team else ""
    of = f"/{budget.total}" if budget.total is not None else ""
    return c.t(f"{zh}{where}剩 {budget.left}{of}", f"{en}{where}: {budget.left}{of} left")
