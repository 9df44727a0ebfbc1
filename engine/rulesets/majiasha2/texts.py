"""majiasha2's own texts: its judge posts and private messages, in zh and en (its ``Narration``; the
shared frames of ``engine.narrate`` look these up for majiasha2's games only).

The two name layers: a seat is a 角色 and is shown by its 角色 name, as the thread signs it; a 马甲
is shown by its number and name from the public 马甲 list, ``马甲7号拿破仑``, so that the two never
read alike. Reveals (``majia``: seat → 马甲) are the only lines that put the two side by side.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine import events as ev
from engine.narrate.context import Ctx
from engine.narrate.table import Narration
from engine.narrate.thread import alias_rows
from engine.rulesets.majiasha2.names import MAJIA_LAYER, SENT_OFF, SKILL_NAMES, SUCCESSOR

ACCOUNT_SKILLS = frozenset({"kill", "shield", "soundproof", "pipe", "arrow"})
"""majiasha2's skills whose targets are 角色 (seats); the other skills and the votes name 马甲."""


def _pairs(c: Ctx, pairs: Mapping[int, int], seats: list[int]) -> str:
    """Out seats, each with its 马甲 where the announcement reveals it."""
    shown = [c.seat(s) + (c.t(f"（{c.majia(pairs[s])}）", f" ({c.majia(pairs[s])})") if s in pairs else "")
             for s in seats]
    return c.sep.join(shown)


def _list(e: ev.LayerListed, c: Ctx) -> str:
    listed = c.sep.join(c.majia(n) for n in sorted(e.names))
    return c.judge(c.t(f"参与的马甲名单：{listed}（马甲与角色的对应保密）",
                       f"The participating majia: {listed} (which account each posts as is secret)"))


def _morning(e: ev.Dawn, c: Ctx) -> str:
    if not e.seats:
        outs = c.t("昨夜无人出局", "nobody went out last night")
    else:
        outs = c.t("昨夜出局：", "out last night: ") + _pairs(c, e.majia, list(e.seats))
    chief = c.majia(e.sheriff_majia) if e.sheriff_majia is not None else c.t("无", "none")
    if e.voted:
        outs = c.t(f"昨日投票出局：{c.seats(e.voted)}；", f"voted out yesterday: {c.seats(e.voted)}; ") + outs
    return c.judge(c.t(f"公示：{outs}；当前警长：{chief}", f"Morning: {outs}; sheriff: {chief}"))


def _vote_result(e: ev.VoteResult, c: Ctx) -> str:
    """The day's vote: the 马甲 voted out and the 角色 that leaves (both public, §2.3); others who
    went with it (殉情, 庇佑) with their 马甲 where D-07 reveals it."""
    if e.named is None:
        return c.judge(c.t("【投票结果】无人被投票出局", "[Vote result] nobody was voted out"))
    head = c.t(f"【投票结果】{c.majia(e.named)} 被投票出局", f"[Vote result] {c.majia(e.named)} is voted out")
    if not e.died:
        return c.judge(head)
    return c.judge(head + c.t(f"；离场的角色：{_pairs(c, e.majia, e.died)}", f"; accounts leaving: {_pairs(c, e.majia, e.died)}"))


def _seats_out(e: ev.SeatsOut, c: Ctx) -> str:
    who = _pairs(c, e.majia, list(e.seats))
    if e.cause == SENT_OFF:
        return c.judge(c.t(f"{who} 累计 12 分，罚下", f"{who} reached 12 points and is sent off"))
    return c.judge(c.t(f"{who} {c.cause(e.cause)}，出局", f"{who} {c.cause(e.cause)} and is out"))


def _revealed(e: ev.RoleRevealed, c: Ctx) -> str:
    who = c.seats(e.seats)
    if e.reason == "piper_out":
        return c.judge(c.t(f"吹笛（{who}）出局，所有癫狂状态解除", f"The piper ({who}) is out: every frenzy is lifted"))
    return c.judge(c.t(f"公布身份：{who}", f"Identity published: {who}"))


def _sheriff(e: ev.SheriffChanged, c: Ctx) -> str:
    if e.majia is None:
        return c.judge(c.t("当前没有警长", "There is no sheriff"))
    return c.judge(c.t(f"警长：{c.majia(e.majia)}", f"Sheriff: {c.majia(e.majia)}"))


def _aliases(e: ev.AliasesAssigned, c: Ctx) -> str:
    return c.judge(c.t("本局角色（发帖账号）：", "Accounts (who posts): ") + c.sep.join(alias_rows(e, c)))


def _warned(e: ev.Warned, c: Ctx) -> str:
    """A warning counts penalty points here (12 send a role off), not warnings."""
    what = c.pair("warnings", e.reason)
    return c.judge(c.t(f"扣分 {c.seat(e.seat)}（{what}），累计 {e.count} 分（满 12 分罚下）",
                       f"Penalty for {c.seat(e.seat)} ({what}); {e.count} points in total (12 send off)"))


def _shorten(e: ev.Announced, c: Ctx) -> str:
    agreed, living = e.data.get("agreed"), e.data.get("living")
    return c.t(f"{c.seats(e.seats)} 同意缩短白天（{agreed}/{living}，全体存活角色同意即结束讨论）",
               f"{c.seats(e.seats)} agrees to shorten the day ({agreed}/{living}; it ends when every living "
               "account agrees)")


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {"majia_shorten": _shorten}


def _own(e: ev.LayerAssigned, c: Ctx) -> str:
    return c.private(e, c.t(f"你以角色 {c.seat(e.seat)} 发帖；你的马甲是{c.majia(e.number)}（别人不知道对应关系）",
                            f"You post as the account {c.seat(e.seat)}; your majia is {c.majia(e.number)} "
                            "(the mapping is secret)"))


def _team(e: ev.Notice, c: Ctx) -> str:
    """The chat's 马甲: a list in a seat's view (chats are by 马甲), seat=马甲 pairs in the judge's."""
    given = e.data.get("majia", {})
    if isinstance(given, dict):
        listed = c.sep.join(f"{c.seat(int(s))}={c.majia(int(m))}" for s, m in given.items())
    else:
        listed = c.majias(int(m) for m in given)
    return c.t(f"{c.team(str(e.data.get('team', '')))}成员的马甲：{listed}",
               f"The majia of {c.team(str(e.data.get('team', '')))}'s members: {listed}")


def _lover(e: ev.Notice, c: Ctx) -> str:
    """The partner by 马甲; its 角色 only in the judge's view (a lover is not told it)."""
    side = c.t("你们组成情侣阵营", "you form the Lovers faction") if e.data.get("lovers_faction") else c.t(
        "你们同属一个阵营", "you share a faction")
    partner = c.majia(e.data.get("majia"))
    if e.seats:
        partner = c.seats(e.seats) + c.t(f"（{partner}）", f" ({partner})")
    return c.t(f"你成为情侣，伴侣是 {partner}；{side}", f"You are a lover; your partner is {partner}; {side}")


def _elder(e: ev.Notice, c: Ctx) -> str:
    """The elder by 马甲; with its 角色 where the view names it (the judge's, the elder's own)."""
    elder = c.majia(e.data.get("majia"))
    if e.seats:
        elder = c.seats(e.seats) + c.t(f"（{elder}）", f" ({elder})")
    return c.t(f"本阵营长老：{elder}", f"Your faction's elder: {elder}")


def _words(e: ev.Notice, c: Ctx) -> str:
    return c.t("你已出局，可以留下一行 10–200 字的遗言", "You are out: you may leave one line of last words")


def _redact(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"你的一击使 {c.seats(e.seats)} 出局，可以用■遮挡其遗言",
               f"Your hit put {c.seats(e.seats)} out: you may mask its last words with ■")


NOTICES: dict[str, Callable[[ev.Notice, Ctx], str]] = {
    "majia_team": _team, "majia_lover": _lover, "majia_elder": _elder,
    "majia_last_words": _words, "majia_redact": _redact,
}


def _fate(e: ev.Feedback, c: Ctx) -> str:
    if e.targets:
        return c.t(f"下家阵营（{c.faction(e.result)}）的全部马甲：{c.majias(e.targets)}",
                   f"Every majia of the downstream faction ({c.faction(e.result)}): {c.majias(e.targets)}")
    return c.t(f"你当前的生命值：{e.result.removeprefix('HP ')}", f"Your HP now: {e.result.removeprefix('HP ')}")


def _tongling(e: ev.Feedback, c: Ctx) -> str:
    dying = c.majias(e.targets) if e.targets else c.t("无", "nobody")
    return c.t(f"濒死的马甲：{dying}", f"Dying majia: {dying}")


def _divine(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"{c.majias(e.targets)} 的身份：{e.result}", f"{c.majias(e.targets)} is: {e.result}")


def _arrow(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你连接了{c.seats(e.targets)}；你的阵营：{c.faction(e.result)}",
               f"You linked {c.seats(e.targets)}; your faction: {c.faction(e.result)}")


FEEDBACK: dict[str, Callable[[ev.Feedback, Ctx], str]] = {
    "fate": _fate, "tongling": _tongling, "divine": _divine, "arrow": _arrow,
}

NARRATION = Narration(
    ruleset="majiasha2",
    ballot_layer=MAJIA_LAYER,
    skill_layers={skill.id: MAJIA_LAYER for skill in SKILL_NAMES if skill.id not in ACCOUNT_SKILLS},
    choice_layers={SUCCESSOR: MAJIA_LAYER},
    kinds={"aliases": _aliases, "warned": _warned, "layer_listed": _list, "layer_assigned": _own, "dawn": _morning,
           "vote_result": _vote_result, "seats_out": _seats_out, "role_revealed": _revealed, "sheriff": _sheriff},
    announcements=ANNOUNCEMENTS, notices=NOTICES, feedback=FEEDBACK,
)
