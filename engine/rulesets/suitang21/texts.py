"""suitang21's own texts: the dawn list, the sheriff, outs announced at once, acceleration, lovers'
and camp notices, cards and the end by camp, in zh and en (its ``Narration``; the shared frames of
``engine.narrate`` look these up for suitang21's games only)."""

from __future__ import annotations

from collections.abc import Callable

from engine import events as ev
from engine.narrate.context import Ctx
from engine.narrate.table import Narration, Pair
from engine.rulesets.suitang21.errors import ERRORS

CAUSES: dict[str, Pair] = {"martyr": ("殉情", "died for love"), "shot": ("被最后一枪带走", "was shot"),
                           "red_card": ("被红牌罚下", "was sent off by a red card")}

WORDS: dict[str, Pair] = {"sheriff.election": ("竞岗当选", "elected"),
                          "sheriff.successor": ("由前任指定继任", "named by the previous sheriff"),
                          "sheriff.random": ("随机继任", "drawn at random")}


def _dawn(e: ev.Dawn, c: Ctx) -> str:
    outs = c.seats(e.seats) if e.seats else c.t("无", "none")
    boss = c.seat(e.sheriff) if e.sheriff is not None else c.t("无", "none")
    count = len(e.alive or [])
    return c.judge(c.t(f"天亮了。此前出局（按顺序）：{outs}；警长：{boss}；存活 {count} 人",
                       f"Dawn. Out since the last dawn, in order: {outs}; sheriff: {boss}; {count} alive"))


def _accelerated(e: ev.Announced, c: Ctx) -> str:
    return c.t("超过半数存活角色同意加速：今天加速，不能再改票，已有改票作废",
               "More than half of the living asked to accelerate: today is accelerated; no more changes of vote, "
               "earlier changes are void")


def _accelerate_request(e: ev.Announced, c: Ctx) -> str:
    asks, alive = e.data.get("asks", "?"), e.data.get("alive", "?")
    return c.t(f"{c.seats(e.seats)} 请求加速（{asks}/{alive}）", f"{c.seats(e.seats)} asks to accelerate ({asks}/{alive})")


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {
    "accelerated": _accelerated, "accelerate_request": _accelerate_request,
}


def _lover(e: ev.Notice, c: Ctx) -> str:
    camp = c.faction(str(e.data.get("camp", "")))
    ident = e.data.get("identity")
    extra = c.t(f"，身份 {c.role(str(ident))}", f", identity {c.role(str(ident))}") if ident else ""
    return c.t(f"你是情侣，你的伴侣是 {c.seats(e.seats)}{extra}；你们属于 {camp}",
               f"You are a lover; your partner is {c.seats(e.seats)}{extra}; you belong to {camp}")


def _no_kill(e: ev.Notice, c: Ctx) -> str:
    return c.t("你是情侣中唯一的狼人：你失去【杀人】，不在狼群", "You are the only werewolf lover: you lose Kill and "
               "are not in the wolf pack")


def _camp_defeated(e: ev.Notice, c: Ctx) -> str:
    return c.t("你的阵营已被判负：你们不能再获胜，狼人失去【杀人】（不公开）",
               "Your camp is defeated: it can no longer win, and the wolves lose Kill (not announced)")


def _widow(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"寡妇刀：{c.seats(e.seats)} 获得【杀人】，每晚可指杀一名存活角色",
               f"Widow's knife: {c.seats(e.seats)} gain Kill and may kill one living role each night")


def _skills_lost(e: ev.Notice, c: Ctx) -> str:
    return c.t("长老出局：你失去全部技能", "The elder is out: you lose all your skills")


NOTICES: dict[str, Callable[[ev.Notice, Ctx], str]] = {
    "lover": _lover, "no_kill": _no_kill, "camp_defeated": _camp_defeated, "widow_knife": _widow,
    "skills_lost": _skills_lost,
}

WARNINGS: dict[str, tuple[str, str]] = {
    "yellow:few_posts": ("黄牌：当天发帖少于下限", "yellow card: too few posts today"),
    "yellow:low_activity_streak": ("黄牌：连续三天每天少于 10 帖", "yellow card: three days in a row under 10 posts"),
    "yellow:no_vote": ("黄牌：没有有效投票", "yellow card: no valid vote"),
    "yellow:no_night_answer": ("黄牌：夜晚该行动时未行动", "yellow card: no answer at night"),
    "yellow:no_answer": ("黄牌：该回应时未回应", "yellow card: no answer when asked"),
    "yellow:three_blue": ("黄牌：3 张蓝牌", "yellow card: three blue cards"),
    "red:three_yellow": ("红牌：3 张黄牌，罚下", "red card: three yellow cards, sent off"),
    "blue:judge": ("蓝牌（法官）", "blue card (judge)"),
    "yellow:judge": ("黄牌（法官）", "yellow card (judge)"),
    "red:judge": ("红牌（法官），罚下", "red card (judge), sent off"),
}

def _defeat(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"【{c.skill(e.skill)}】{c.faction(e.result)}（不公示）", f"{c.skill(e.skill)}: {c.faction(e.result)} "
               "(not announced)")


RESOLVED: dict[str, Callable[[ev.Resolved, Ctx], str]] = {"defeat": _defeat}
"""Judge-only records whose result is a camp id."""

END_REASONS: dict[str, tuple[str, str]] = {
    "wolf camp holds half of the living": ("狼人阵营存活人数达到一半", "the wolf camp holds half of the living"),
    "the only camp not defeated": ("只剩一个阵营未被判负", "the only camp not defeated"),
    "every camp defeated: the last one defeated wins (B-38)": ("所有阵营同时判负，最后判负者获胜",
                                                              "every camp defeated; the last one defeated wins"),
}

NARRATION = Narration(
    ruleset="suitang21",
    kinds={"dawn": _dawn},
    announcements=ANNOUNCEMENTS, notices=NOTICES, resolved=RESOLVED, words=WORDS, causes=CAUSES,
    warnings=WARNINGS, end_reasons=END_REASONS, errors=ERRORS,
)
