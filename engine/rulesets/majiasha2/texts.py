"""majiasha2's own texts: its judge posts and private messages, in zh and en (its ``Narration``; the
shared frames of ``engine.narrate`` look these up for majiasha2's games only).

The two name layers: a seat is a 角色 and is shown by its 角色 name, as the thread signs it; a 马甲
is shown by its number and name from the public 马甲 list, ``马甲7号拿破仑``, so that the two never
read alike. Reveals (``majia``: seat → 马甲) are the only lines that put the two side by side.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from engine import events as ev
from engine.narrate.context import Ctx, quote
from engine.narrate.judge import draw
from engine.narrate.private import skill_submitted
from engine.narrate.table import Narration
from engine.narrate.thread import alias_rows
from engine.rulesets.majiasha2.flags import FLAG_TEXTS
from engine.rulesets.majiasha2.judged import CAUSES, DRAWS, RESOLVED, RESULTS, words_quoted
from engine.rulesets.majiasha2.names import (
    ACCOUNT_SKILLS,
    CONFIRM,
    FACTION_NAMES,
    MAJIA_LAYER,
    ROLE_NAMES,
    SENT_OFF,
    SKILL_NAMES,
    SUCCESSOR,
    TEAM_NAMES,
)
from engine.rulesets.majiasha2.refusals import ERRORS
from engine.rulesets.majiasha2.win import END_LAST_DEFEATED, END_LAST_STANDING, END_WIN
from engine.rulesets.majiasha2.words import MIN_UNMASKED


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


def _send_off(e: ev.Announced, c: Ctx) -> str:
    return c.t(f"{c.seats(e.seats)} 累计满 12 分，罚下（无遗言，不触发出局技能）",
               f"{c.seats(e.seats)} reached 12 points: sent off (no last words, no exit triggers)")


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {"majia_shorten": _shorten, "majia_send_off": _send_off}


def _announced(e: ev.Announced, c: Ctx) -> str:
    """The rule set's own posts: in the judge's public voice, or (a judge-only record) the god view's."""
    render = ANNOUNCEMENTS.get(e.topic)
    body = render(e, c) if render is not None else c.t(f"{quote(e.topic)}：{c.seats(e.seats)}",
                                                       f"{quote(e.topic)}: {c.seats(e.seats)}")
    return c.hidden(body) if e.vis == ev.JUDGE else c.judge(body)


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
    low, high = e.data.get("low", 10), e.data.get("high", 200)
    return c.t(f"你已出局，可以留下一行 {low}–{high} 字的遗言（含标点，不能换行）",
               f"You are out: you may leave last words, one line of {low}–{high} characters (punctuation included)")


def _redact(e: ev.Notice, c: Ctx) -> str:
    """The victim's words as they were written, and the rule (spec §2.4, D-32): the killer sees the
    text it may mask, or it could only guess."""
    text = str(e.data.get("text", ""))
    who = c.seats(e.seats)
    return c.t(f"你的一击使 {who} 出局，其遗言先交给你遮挡。原文（{len(text)} 字）：{words_quoted(text)}。"
               f"遮挡规则：提交与原文等长的文字，每个字要么保留原字、要么换成■，至少保留 {MIN_UNMASKED} 个字不被遮挡；"
               "不提交则原文在次日公布",
               f"Your hit put {who} out, so its last words come to you first. The original ({len(text)} "
               f"characters): {words_quoted(text)}. To redact: submit a text of the same length in which each "
               f"character is either the original one or ■, leaving at least {MIN_UNMASKED} unmasked; if you "
               "submit nothing the original is published tomorrow")


def _draw(e: ev.Draw, c: Ctx) -> str:
    """A random draw; a faction's draws (``长老A``, ``任命B``: the names seed the draw, so they stay)
    read ``长老（阵营A）`` in Chinese."""
    faction = e.name[-1:]
    if c.lang == "zh" and e.name[:-1] in ("长老", "任命") and faction in ("A", "B", "C"):
        e = dataclasses.replace(e, name=f"{e.name[:-1]}（{c.faction(faction)}）")
    return draw(e, c)


def _submitted(e: ev.SkillSubmitted, c: Ctx) -> str:
    """A submission's receipt; 确定 has no target: it locks the step's submissions (their order, D-11)."""
    if e.skill == CONFIRM:
        return c.private(e, c.t("你已确定：本步骤的提交按确定的先后结算", "Confirmed: this step's submissions now "
                                "take effect in the order of confirmation"), c.skill(e.skill))
    return skill_submitted(e, c)


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


def seen_identity(result: str) -> tuple[str, str | None]:
    """A 预言 result (stored as the rules' Chinese: ``长老``, or ``长老/阵营C`` with D-06's flag) as ids."""
    role, _, faction = result.partition("/")
    role_id = ROLE_NAMES.id(role) if role in ROLE_NAMES else role
    faction_id = (FACTION_NAMES.id(faction) if faction in FACTION_NAMES else faction) if faction else None
    return role_id, faction_id


def _divine(e: ev.Feedback, c: Ctx) -> str:
    role, faction = seen_identity(e.result)
    shown = c.role(role) + (c.t(f"（{c.faction(faction)}）", f" ({c.faction(faction)})") if faction else "")
    return c.t(f"{c.majias(e.targets)} 的身份：{shown}", f"{c.majias(e.targets)} is: {shown}")


def _arrow(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你连接了{c.seats(e.targets)}；你的阵营：{c.faction(e.result)}",
               f"You linked {c.seats(e.targets)}; your faction: {c.faction(e.result)}")


FEEDBACK: dict[str, Callable[[ev.Feedback, Ctx], str]] = {
    "fate": _fate, "tongling": _tongling, "divine": _divine, "arrow": _arrow,
}

STATUSES: dict[str, tuple[str, str]] = {
    "sheriff": ("警长", "sheriff"), "lover": ("情侣", "lover"), "dying": ("濒死", "dying"),
    "frenzied": ("癫狂", "frenzied"), "sent_off": ("罚下", "sent off"), "marked": ("已标记的长老", "a marked elder"),
    "elder": ("本阵营长老", "your faction's elder"), "partner": ("你的伴侣", "your partner"),
    "mate": ("群友", "chat mate"), "downstream": ("下家阵营", "downstream faction"), "self": ("你自己", "yourself"),
    # what restricts a skill now (``SkillState.note``)
    "lost": ("已失去（用过药剂）", "lost (the potion was used)"), "night0": ("仅在第零夜", "night 0 only"),
    "no_repeat": ("今晚不能再保护昨晚的角色", "not last night's account again"),
    "per_night": ("每晚一次", "once a night"), "trigger": ("自动触发", "triggers by itself"),
    "out": ("已出局，不能再用", "no longer usable (you are out)"),
}
"""An observation's status ids and its skills' notes (``SkillState.note``)."""

NOTES: dict[str, tuple[str, str]] = {
    "note_confirm": ("确定：现在锁定你已提交的技能（先确定的先结算）", "确定: lock your submissions now (order of effect)"),
    "note_shorten": ("缩短白天：同意现在结束今天的讨论；全体存活角色都同意时结束",
                     "缩短白天: agree to end today's discussion now; it ends when every living 角色 agrees"),
    "note_arrow": ("两名其他角色", "two other 角色"),
    "note_appoint": ("按此顺序任命马甲：{role}", "马甲 in this order: {role}"),
    "note_pipe": ("1 或 2 名角色；之后确定或过", "1 or 2 角色; then 确定 or pass"),
    "note_account": ("目标是一名角色；之后确定或过", "target: a 角色; then 确定 or pass"),
    "note_majia": ("目标是一名马甲；之后确定或过", "target: a 马甲; then 确定 or pass"),
    "note_last_words": ("一行 {low}–{high} 个字（含标点，不能换行）",
                        "one line of {low}–{high} characters (punctuation included, no line breaks)"),
    "note_last_words_any": ("一行（不能换行），字数要求和遮挡规则见本阶段的选项",
                            "one line (no line breaks); the number of characters and the redaction rule are in this "
                            "phase's options"),
    "note_redact": ("遮挡 {target} 的遗言：提交与原文等长的 {length} 个字，每个字保留原字或换成■，至少保留 {least} "
                    "个字不被遮挡（原文见法官私信）",
                    "redact {target}'s last words: submit {length} characters, each the original or ■, at least "
                    "{least} left unmasked (the original is in the judge's message)"),
}
"""The legal actions' notes (``LegalAction.note``, with ``note_params``: ``engine.narrate.messages.note_text``)."""

WORDS: dict[str, tuple[str, str]] = {
    **RESULTS,
    "act.post": ("发言", "post"), "act.vote": ("投票", "vote"), "act.last_words": ("提交遗言", "leave last words"),
    "act.pass": ("过", "pass"), "act.choose": ("选择", "choose"), "act.skill": ("发动技能", "use a skill"),
    "act.team_post": ("在群里发言", "post in a chat"),
    **{f"act.skill.{n.id}": (f"发动【{n.zh}】", n.en) for n in SKILL_NAMES},
    **{f"act.team.{n.id}": (f"在{n.zh}发言", f"post in {n.en}") for n in TEAM_NAMES},
}

NARRATION = Narration(
    ruleset="majiasha2",
    ballot_layer=MAJIA_LAYER,
    skill_layers={skill.id: MAJIA_LAYER for skill in SKILL_NAMES if skill.id not in ACCOUNT_SKILLS},
    choice_layers={SUCCESSOR: MAJIA_LAYER},
    kinds={"aliases": _aliases, "warned": _warned, "layer_listed": _list, "layer_assigned": _own, "dawn": _morning,
           "vote_result": _vote_result, "seats_out": _seats_out, "role_revealed": _revealed, "sheriff": _sheriff,
           "announced": _announced, "skill_submitted": _submitted, "draw": _draw},
    announcements=ANNOUNCEMENTS, notices=NOTICES, feedback=FEEDBACK, resolved=RESOLVED, words=WORDS,
    causes=CAUSES, draws=DRAWS, statuses=STATUSES, notes=NOTES, errors=ERRORS, flags=FLAG_TEXTS,
    warnings={"silence": ("一整天没有发言", "no post all day"), "no_vote": ("没有投票", "no vote")},
    end_reasons={END_WIN: ("达成胜利条件", "a win condition is met"),
                 END_LAST_STANDING: ("只剩这一个阵营未被判负", "the last faction not defeated"),
                 END_LAST_DEFEATED: ("所有阵营都已判负，最后判负的阵营获胜（D-30）",
                                     "every faction is defeated: the one defeated last wins (D-30)")},
    reveal_reasons={"piper_out": ("吹笛出局", "the piper is out")},
)
