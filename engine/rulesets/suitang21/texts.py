"""suitang21's own texts, in zh and en: its ``Narration`` (``engine.narrate.table``).

Everything a suitang21 game shows in words and nothing of another rule set's: the dawn list, the
vote's count and the sheriff, outs announced at once, acceleration, cards; every seat's private
results (Cupid's arrow, the seer's 预言, the detective's mutual 犯罪天才, 通灵, the guard's, the
butterfly's and every voided skill's 无效（无结果）), the lovers' and camps' notices and the
reactive questions; the judge-only records of the console (the night's steps, the count, the
pipeline's queue); causes, result words, statuses, skill notes, draws, end reasons, every flag in
words, and the refusals (``errors.ERRORS``). The shared frames of ``engine.narrate`` look these up
for suitang21's games only.

Results keep the rule text's Chinese in the log (``非村民阵营``, ``无效（无结果）``, a role's name for
犯罪天才), as the judge console's ``--json`` names them; ``WORDS`` says them in English.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import events as ev
from engine.narrate.context import Ctx, quote
from engine.narrate.table import Narration, Pair, Render
from engine.rulesets.suitang21.errors import ERRORS
from engine.rulesets.suitang21.flags import FLAG_TEXTS, FLAG_WORDS
from engine.rulesets.suitang21.names import (
    NO_KILL_RESULT,
    ROLE_NAMES,
    VOID_RESULT,
)

# -- words ---------------------------------------------------------------------------------------------

CAUSES: dict[str, Pair] = {
    "kill": ("被指杀", "killed in the night"), "poison": ("被毒杀", "poisoned"),
    "martyr": ("殉情", "died for love"), "shot": ("被最后一枪带走", "was shot"),
    "red_card": ("被红牌罚下", "was sent off by a red card"), "vote": ("被投票出局", "was voted out"),
}
"""Causes of an out: the public ones of an out announced at once (殉情, 最后一枪, 红牌) and a count,
and the judge's (指杀, 毒药) that only the god view shows (the public hears of a night's outs at dawn)."""

WORDS: dict[str, Pair] = {
    # results a seat receives, as the rule text writes them
    "村民阵营": ("村民阵营", "village camp"), "非村民阵营": ("非村民阵营", "not village camp"),
    VOID_RESULT: (VOID_RESULT, "void (no result)"), "指杀": ("指杀", "named for a kill"),
    NO_KILL_RESULT: (NO_KILL_RESULT, "nobody was named for a kill"), "已连接": ("已连接", "linked"),
    # results of the judge's records
    "elope": ("阵营不同：私奔，组成黑情侣阵营", "different camps: they elope as the black lovers"),
    "same": ("阵营相同，保持原阵营", "the same camp: they keep it"),
    "hug": ("拥抱生效", "hugged"), "protect": ("守护生效", "shielded"), "void": ("无效", "void"),
    "exchanged": ("互知身份", "identities exchanged"), "issued": ("指杀成立", "the kill is issued"),
    "guarded": ("被守护，指杀无效", "guarded: the kill fails"), "saved": ("被救药救下", "saved by the potion"),
    "used": ("生效", "applied"), "refunded": ("无效，药剂退还", "void: the potion is refunded"),
    "hit": ("有效指杀：长老失去额外一命，不出局", "an effective kill: the elder's extra life is spent, it stays"),
    "skills_lost": ("失去全部技能", "lose all their skills"), "granted": ("获得杀人（寡妇刀）", "gain Kill (widow's knife)"),
    # the sheriff
    "sheriff.election": ("竞岗当选", "elected"), "sheriff.successor": ("由前任指定继任", "named by the previous sheriff"),
    "sheriff.random": ("随机继任", "drawn at random"), "sheriff.none": ("无人继任", "nobody succeeds"),
    **FLAG_WORDS,
}

TASKS: dict[str, Pair] = {"out": ("出局", "out"), "shot": ("最后一枪", "last shot"),
                          "succession": ("殉职", "sheriff succession"), "tally": ("计票", "the count")}
"""The pipeline's steps, as the judge's queue records name them (``pipeline.push``)."""

DETAILS: dict[str, Pair] = {"choose": ("由前任指定继任者", "the sheriff names the successor"),
                            "random": ("随机继任", "a successor drawn at random")}

CARDS: dict[str, Pair] = {"blue": ("蓝牌", "blue card"), "yellow": ("黄牌", "yellow card"), "red": ("红牌", "red card")}

WARNINGS: dict[str, Pair] = {
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

END_REASONS: dict[str, Pair] = {
    "wolf camp holds half of the living": ("狼人阵营存活人数达到一半", "the wolf camp holds half of the living"),
    "the only camp not defeated": ("只剩一个阵营未被判负", "the only camp not defeated"),
    "every camp defeated: the last one defeated wins (B-38)": ("所有阵营同时判负，最后判负者获胜",
                                                              "every camp defeated; the last one defeated wins"),
}

STATUSES: dict[str, Pair] = {
    "lover": ("情侣", "lover"),
    "partner": ("你的情侣", "your partner"),
    "packmate": ("狼群同伴", "pack mate"),
    "skills_lost": ("长老出局，已失去全部技能", "lost all skills (the elder penalty)"),
    "tongling_lost": ("用过救药后已失去通灵", "lost after the save potion was used"),
    "no_kill": ("情侣中唯一的狼人：失去杀人，不在狼群", "the only werewolf lover: no Kill, not in the pack"),
    "camp_defeated": ("阵营已被判负（不公开）：狼人失去杀人", "the camp is defeated (not announced): no Kill"),
    "widow_knife": ("寡妇刀：黑情侣获得杀人", "widow's knife: the black lovers gain Kill"),
    "untold": ("法官不会告知是否生效", "you are never told whether it applies"),
    "forced": ("强制技能", "forced"),
    "camp_follows_lovers": ("你的阵营随所连情侣而定，法官不会告知", "your camp follows the lovers', and you are never told it"),
    "elder_life_spent": ("额外一命已用掉", "extra life spent"),
    "note.accelerate": ("请求缩短今天（加速）：超过半数存活角色同意即加速", "ask to shorten the day (加速): more than half "
                        "of the living agreeing accelerates it"),
    "note.vote_reason": ("投票须同时写明目标和理由，格式有误的投票算作废票", "a vote needs a target and a reason; a malformed "
                         "vote is void"),
    "note.vote_change": ("改票：须写明新目标和理由，超过每天的改票次数无效", "a change of vote: a new target and a reason; a "
                         "change beyond the day's limit is void"),
    "blue:1": ("蓝牌 1 张", "1 blue card"), "blue:2": ("蓝牌 2 张", "2 blue cards"),
    "yellow:1": ("黄牌 1 张", "1 yellow card"), "yellow:2": ("黄牌 2 张", "2 yellow cards"),
}
"""Status ids of an observation and skill notes (``observe``)."""

DRAWS: dict[str, str] = {"丘比特之箭": "Cupid's arrow (a random pair)", "警长继承": "sheriff successor",
                         "警长平票": "sheriff tie"}


# -- the thread --------------------------------------------------------------------------------------


def _dawn(e: ev.Dawn, c: Ctx) -> str:
    outs = c.seats(e.seats) if e.seats else c.t("无", "none")
    boss = c.seat(e.sheriff) if e.sheriff is not None else c.t("无", "none")
    count = len(e.alive or [])
    return c.judge(c.t(f"天亮了。此前出局（按顺序）：{outs}；警长：{boss}；存活 {count} 人",
                       f"Dawn. Out since the last dawn, in order: {outs}; sheriff: {boss}; {count} alive"))


def _counts(c: Ctx, tally: dict[int, int]) -> str:
    ranked = sorted(tally.items(), key=lambda item: (-item[1], item[0]))
    return c.sep.join(c.t(f"{c.seat(seat)} {n} 票", f"{c.seat(seat)}: {n}") for seat, n in ranked) or c.t("无", "none")


def _vote_result(e: ev.VoteResult, c: Ctx) -> str:
    counts = c.t(f"（票数：{_counts(c, e.tally)}）", f" (votes: {_counts(c, e.tally)})")
    if not e.seats:
        return c.judge(c.t("投票结果：无人出局", "Vote result: nobody is out") + counts)
    return c.judge(c.t(f"投票结果：{c.seats(e.seats)} 被投票出局", f"Vote result: {c.seats(e.seats)} is voted out") + counts)


def _sheriff(e: ev.SheriffChanged, c: Ctx) -> str:
    if e.by == "election":
        counts = _counts(c, e.tally)
        if e.seat is None:
            return c.judge(c.t(f"竞岗：无人当选警长（票数：{counts}）", f"Sheriff election: nobody is elected (votes: {counts})"))
        return c.judge(c.t(f"警长：{c.seat(e.seat)}（竞岗当选；票数：{counts}）",
                           f"Sheriff: {c.seat(e.seat)} (elected; votes: {counts})"))
    if e.seat is None:
        return c.judge(c.t("警长出局，无人继任", "The sheriff is out and nobody succeeds"))
    how = c.pair("words", f"sheriff.{e.by}")
    return c.judge(c.t(f"警长：{c.seat(e.seat)}（{how}）", f"Sheriff: {c.seat(e.seat)} ({how})"))


def _warned(e: ev.Warned, c: Ctx) -> str:
    """A card: the rules' own reasons by code, a judge's reason as written."""
    found = c.text.pair("warnings", e.reason)
    color, _, reason = e.reason.partition(":")
    card = c.t(*CARDS[color]) if color in CARDS else quote(color)
    what = c.t(*found) if found else c.t(f"{card}（{quote(reason)}）", f"{card} ({quote(reason)})")
    return c.judge(c.t(f"{c.seat(e.seat)} 得到{what}，累计 {e.count} 张", f"{c.seat(e.seat)} gets a {what}; {e.count} in total"))


def _accelerated(e: ev.Announced, c: Ctx) -> str:
    return c.t("超过半数存活角色同意加速：今天加速，不能再改票，已有改票作废",
               "More than half of the living asked to accelerate: today is accelerated; no more changes of vote, "
               "earlier changes are void")


def _accelerate_request(e: ev.Announced, c: Ctx) -> str:
    asks, alive = e.data.get("asks", "?"), e.data.get("alive", "?")
    return c.t(f"{c.seats(e.seats)} 请求加速（{asks}/{alive}）", f"{c.seats(e.seats)} asks to accelerate ({asks}/{alive})")


ANNOUNCEMENTS: dict[str, Render] = {"accelerated": _accelerated, "accelerate_request": _accelerate_request}


# -- a seat's results ----------------------------------------------------------------------------------


def _void(e: ev.Feedback, c: Ctx) -> str:
    """B-27: a voided actor hears 无效（无结果） and no reason."""
    return c.t(f"你对 {c.seats(e.targets)} 使用的【{c.skill(e.skill)}】无效（无结果）",
               f"Your {c.skill(e.skill)} on {c.seats(e.targets)} is void (no result)")


def _result(render: Callable[[ev.Feedback, Ctx], str]) -> Render:
    """A skill's result, or the void answer where the skill was voided."""
    def body(e: ev.Feedback, c: Ctx) -> str:
        return _void(e, c) if e.result == VOID_RESULT else render(e, c)
    return body


def _arrow(e: ev.Feedback, c: Ctx) -> str:
    pair = c.t(" 与 ", " and ").join(c.seat(s) for s in e.targets)
    return c.t(f"你射出丘比特之箭：{pair} 成为情侣（法官不会告诉你他们和你的阵营）",
               f"Your arrow links {pair} as lovers (you are not told their camps, nor yours)")


def _check(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你预言了 {c.seats(e.targets)}：{c.word(e.result)}", f"You checked {c.seats(e.targets)}: {c.word(e.result)}")


def _identity(c: Ctx, name: str) -> str:
    """A role named in the rule text's Chinese (犯罪天才's result) in the reader's language."""
    return c.role(ROLE_NAMES.id(name)) if name in ROLE_NAMES else quote(name)


def _detect(e: ev.Feedback, c: Ctx) -> str:
    """Both sides of 犯罪天才 (B-17): the detective learns the target's identity, the target the
    detective's. The target's result is always 侦探 (the only detective never names itself)."""
    who, what = c.seats(e.targets), _identity(c, e.result)
    if e.result == ROLE_NAMES.zh("detective"):
        return c.t(f"{who} 对你使用了【犯罪天才】：你们互知身份，{who} 是 {what}（你的身份也已告知对方）",
                   f"{who} used Criminal genius on you: you learn each other's identity; {who} is the {what} "
                   "(yours was told to them)")
    return c.t(f"犯罪天才：{who} 的身份是 {what}（对方也得知了你是侦探）",
               f"Criminal genius: {who} is a {what} (they learn that you are the detective)")


def _tongling(e: ev.Feedback, c: Ctx) -> str:
    if not e.targets:
        return c.t("通灵：今晚无人被指杀", "Spirit sense: nobody was named for a kill tonight")
    return c.t(f"通灵：今晚被指杀的是 {c.seats(e.targets)}", f"Spirit sense: named for a kill tonight: {c.seats(e.targets)}")


def _plain(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"【{c.skill(e.skill)}】{c.seats(e.targets)}：{c.word(e.result)}",
               f"{c.skill(e.skill)} on {c.seats(e.targets)}: {c.word(e.result)}")


FEEDBACK: dict[str, Render] = {
    "arrow": _arrow, "check": _result(_check), "detect": _result(_detect), "tongling": _tongling,
    **{skill: _result(_plain) for skill in ("shield", "hug", "kill", "takeover", "save", "poison", "shot")},
}
"""Every skill's private result (each one a void answer too, where it can be voided)."""


# -- notices and questions -----------------------------------------------------------------------------


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


NOTICES: dict[str, Render] = {
    "lover": _lover, "no_kill": _no_kill, "camp_defeated": _camp_defeated, "widow_knife": _widow,
    "skills_lost": _skills_lost,
}

QUESTIONS: dict[str, Pair] = {
    "shot": ("你已出局：可以发动【最后一枪】，带走一名存活角色（也可以放弃）",
             "You are out: you may fire your Last shot at one living role (or pass)"),
    "succession": ("你是警长，已出局：请指定一名存活角色继任警长（不答则随机继任）",
                   "You are the sheriff and out: name a living role as your successor (no answer: drawn at random)"),
}


def _question(e: ev.Question, c: Ctx) -> str:
    found = QUESTIONS.get(e.skill)
    body = c.t(*found) if found else c.t(f"法官询问：【{c.skill(e.skill)}】", f"The judge asks: {c.skill(e.skill)}")
    return c.private(e, body, c.skill(e.skill))


# -- the judge's records (god view, the judge console) ------------------------------------------------------


def _defeat(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"【{c.skill(e.skill)}】{c.faction(e.result)}（不公示）", f"{c.skill(e.skill)}: {c.faction(e.result)} "
               "(not announced)")


def _tally(e: ev.Resolved, c: Ctx) -> str:
    pairs = [part.split(":", 1) for part in e.result.split(",") if ":" in part]
    counts = {int(seat): int(n) for seat, n in pairs if seat.strip().isdigit() and n.strip().isdigit()}
    return c.t(f"计票（警长的票算 2 票）：{_counts(c, counts)}", f"the count (the sheriff's ballot counts 2): {_counts(c, counts)}")


def _task(c: Ctx, kind: str, seat: int, detail: str) -> str:
    what = c.t(*TASKS[kind]) if kind in TASKS else quote(kind)
    if kind == "tally":
        return what
    how = c.cause(detail) if kind == "out" else c.t(*DETAILS[detail]) if detail in DETAILS else ""
    return c.seat(seat) + " " + what + (c.t(f"（{how}）", f" ({how})") if how else "")


def _queue(e: ev.Resolved, c: Ctx) -> str:
    items = [part.split(":", 1) for part in e.result.split(",") if ":" in part]
    steps = c.t("；", "; ").join(_task(c, kind, seat, detail) for (kind, detail), seat in zip(items, e.targets, strict=False))
    return c.t(f"待结算：{steps}", f"queued: {steps}")


def _run(e: ev.Resolved, c: Ctx) -> str:
    kind, _, detail = e.result.partition(":")
    return c.t(f"结算：{_task(c, kind, e.targets[0] if e.targets else 0, detail)}",
               f"resolving: {_task(c, kind, e.targets[0] if e.targets else 0, detail)}")


def _penalty(e: ev.Resolved, c: Ctx) -> str:
    struck = c.seats(e.targets) if e.targets else c.t("无人", "nobody")
    return c.t(f"【长老惩罚】长老 {c.seat(e.actor)} 出局：{struck} 失去全部技能",
               f"elder penalty: the elder {c.seat(e.actor)} is out; {struck} lose all their skills")


RESOLVED: dict[str, Render] = {"defeat": _defeat, "vote": _tally, "queue": _queue, "task": _run,
                               "elder_penalty": _penalty}
"""Judge-only records with a structured result; the others read skill, actor, targets and a ``WORDS`` result."""


NARRATION = Narration(
    ruleset="suitang21",
    kinds={"dawn": _dawn, "vote_result": _vote_result, "sheriff": _sheriff, "warned": _warned, "question": _question},
    announcements=ANNOUNCEMENTS, notices=NOTICES, feedback=FEEDBACK, resolved=RESOLVED, words=WORDS, causes=CAUSES,
    warnings=WARNINGS, end_reasons=END_REASONS, draws=DRAWS, statuses=STATUSES, errors=ERRORS,
    flags=FLAG_TEXTS,
)
