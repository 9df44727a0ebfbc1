"""Lines of majiasha2's own judge posts and private messages (topics prefixed ``majia_``).

The two name layers: a seat is shown by its 马甲; a 角色 (account) by its number, ``角色N``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine import events as ev
from engine.narrate.context import Ctx


def _account(c: Ctx, number: Any) -> str:
    return c.t(f"角色{number}号", f"account {number}")


def _accounts(c: Ctx, numbers: Iterable[Any]) -> str:
    return c.sep.join(_account(c, n) for n in numbers)


ACCOUNT_SKILLS = frozenset({"kill", "shield", "soundproof", "pipe", "arrow"})
"""majiasha2's skills whose targets are 角色 (account) numbers, not seats."""


def targets(e: ev.SkillSubmitted, c: Ctx) -> str:
    """A majiasha2 submission's targets as accounts where the skill aims at 角色; "" otherwise."""
    if c.names.ruleset != "majiasha2" or e.skill not in ACCOUNT_SKILLS:
        return ""
    return _accounts(c, e.targets)


def _list(e: ev.Announced, c: Ctx) -> str:
    listed = c.sep.join(f"{k} {v}" for k, v in dict(e.data.get("accounts", {})).items())
    return c.t(f"角色名单：{listed}", f"The accounts: {listed}")


def _morning(e: ev.Announced, c: Ctx) -> str:
    accounts = list(e.data.get("accounts", []))
    if not accounts:
        outs = c.t("昨夜无人出局", "nobody went out last night")
    elif e.seats:
        outs = c.sep.join(f"{_account(c, a)}（{c.seat(s)}）" for a, s in zip(accounts, e.seats, strict=False))
        outs = c.t("昨夜出局：", "out last night: ") + outs
    else:
        outs = c.t("昨夜出局：", "out last night: ") + _accounts(c, accounts)
    sheriff = e.data.get("sheriff")
    chief = c.seat(int(sheriff)) if isinstance(sheriff, int) else c.t("无", "none")
    voted = [int(s) for s in e.data.get("voted_out", [])]
    if voted:
        outs = c.t(f"昨日投票出局：{c.seats(voted)}；", f"voted out yesterday: {c.seats(voted)}; ") + outs
    return c.t(f"公示：{outs}；当前警长：{chief}", f"Morning: {outs}; sheriff: {chief}")


def _sent_off(e: ev.Announced, c: Ctx) -> str:
    who = f"{c.seats(e.seats)}（{_account(c, e.data.get('account'))}）"
    return c.t(f"{who} 累计 12 分，罚下", f"{who} reached 12 points and is sent off")


def _piper_out(e: ev.Announced, c: Ctx) -> str:
    who = _account(c, e.data.get("account"))
    return c.t(f"吹笛（{who}）出局，所有癫狂状态解除", f"The piper ({who}) is out: every frenzy is lifted")


def _sheriff(e: ev.Announced, c: Ctx) -> str:
    if not e.seats:
        return c.t("当前没有警长", "There is no sheriff")
    return c.t(f"警长：{c.seats(e.seats)}", f"Sheriff: {c.seats(e.seats)}")


def penalty(who: str, zh: str, en: str, points: int, c: Ctx) -> str:
    """A warning counts penalty points here (12 send a role off), not warnings."""
    return c.t(f"扣分 {who}（{zh}），累计 {points} 分（满 12 分罚下）",
               f"Penalty for {who} ({en}); {points} points in total (12 send off)")


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {
    "majia_accounts": _list, "majia_morning": _morning, "majia_sent_off": _sent_off,
    "majia_piper_out": _piper_out, "majia_sheriff": _sheriff,
}


def _own_account(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"你的角色是{_account(c, e.data.get('account'))}（别人不知道）",
               f"Your account is {_account(c, e.data.get('account'))} (secret)")


def _lover(e: ev.Notice, c: Ctx) -> str:
    side = c.t("你们组成情侣阵营", "you form the Lovers faction") if e.data.get("lovers_faction") else c.t(
        "你们同属一个阵营", "you share a faction")
    return c.t(f"你成为情侣，伴侣的马甲：{c.seats(e.seats)}；{side}",
               f"You are a lover; your partner's 马甲: {c.seats(e.seats)}; {side}")


def _elder(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"本阵营长老：{c.seats(e.seats)}", f"Your faction's elder: {c.seats(e.seats)}")


def _words(e: ev.Notice, c: Ctx) -> str:
    return c.t("你已出局，可以留下一行 10–200 字的遗言", "You are out: you may leave one line of last words")


def _redact(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"你的一击使 {c.seats(e.seats)} 出局，可以用■遮挡其遗言",
               f"Your hit put {c.seats(e.seats)} out: you may mask its last words with ■")


NOTICES: dict[str, Callable[[ev.Notice, Ctx], str]] = {
    "majia_account": _own_account, "majia_lover": _lover, "majia_elder": _elder, "majia_last_words": _words,
    "majia_redact": _redact,
}


def _fate(e: ev.Feedback, c: Ctx) -> str:
    if e.targets:
        return c.t(f"下家阵营（{c.faction(e.result)}）的全部马甲：{c.seats(e.targets)}",
                   f"Every 马甲 of the downstream faction ({c.faction(e.result)}): {c.seats(e.targets)}")
    return c.t(f"你当前的生命值：{e.result.removeprefix('HP ')}", f"Your HP now: {e.result.removeprefix('HP ')}")


def _tongling(e: ev.Feedback, c: Ctx) -> str:
    dying = c.seats(e.targets) if e.targets else c.t("无", "nobody")
    return c.t(f"濒死的马甲：{dying}", f"Dying 马甲: {dying}")


def _divine(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"{c.seats(e.targets)} 的身份：{e.result}", f"{c.seats(e.targets)} is: {e.result}")


def _arrow(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你连接了{_accounts(c, e.targets)}；你的阵营：{c.faction(e.result)}",
               f"You linked {_accounts(c, e.targets)}; your faction: {c.faction(e.result)}")


FEEDBACK: dict[str, Callable[[ev.Feedback, Ctx], str]] = {
    "fate": _fate, "tongling": _tongling, "divine": _divine, "arrow": _arrow,
}
