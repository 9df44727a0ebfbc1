"""majiasha2's judge-only lines (the god view and the judge console): how each effect was settled.

One renderer per ``Resolved`` skill, in the judge's words: who acted on whom and what came of it
(``hit``, ``shielded``, ``void_frenzied`` … as sentences, not as codes), plus the words, causes and
draws a judge reads. Seats are 角色; 马甲 do not appear here except where the record names them.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from engine import events as ev
from engine.narrate.context import Ctx, quote
from engine.narrate.table import Pair
from engine.rulesets.majiasha2.names import PIPE, SHIELD, SOUNDPROOF


def words_quoted(text: str) -> str:
    """Player text (last words) as a one-line JSON string: quotes, breaks and controls escaped, so it
    can never close its quotes and pass for the judge's words."""
    return quote(json.dumps(text, ensure_ascii=False))


def _who(e: ev.Resolved, c: Ctx) -> str:
    return c.seat(e.actor)


def _target(e: ev.Resolved, c: Ctx) -> str:
    return c.seats(e.targets)


def _pin(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"判定指定身份：{_who(e, c)} 为{c.role(e.result)}", f"identity set by the judge: {_who(e, c)} is {c.role(e.result)}")


def _shield(e: ev.Resolved, c: Ctx) -> str:
    skill = c.skill(e.skill)
    return c.t(f"{_who(e, c)} 以【{skill}】保护 {_target(e, c)}（当晚有效）",
               f"{_who(e, c)} shields {_target(e, c)} with {skill} (tonight)")


_PIPED: dict[str, Pair] = {
    "frenzied": ("进入癫狂（不通知本人）", "becomes frenzied (not told)"),
    "immune": ("不受影响（情侣、隔音之盾或已出局；本次仍算用过）", "is unaffected (a lover, soundproofed or out; the try is spent)"),
}


def _pipe(e: ev.Resolved, c: Ctx) -> str:
    what = c.t(*_PIPED.get(e.result, (e.result, e.result)))
    return c.t(f"{_who(e, c)} 吹笛 → {_target(e, c)}：{what}", f"{_who(e, c)} pipes {_target(e, c)}: {what}")


_KILLED: dict[str, Pair] = {
    "hit": ("生命值 −1", "HP −1"),
    "void_not_alive": ("无效：杀手不在存活状态", "void: the killer is not in 存活 state"),
    "shielded": ("被守护之盾挡下", "stopped by a guard shield"),
    "void_frenzied": ("无效：癫狂的杀手对吹笛杀人无效", "void: a frenzied killer's hit on the piper"),
    "void_out": ("无效：目标已出局", "void: the target is out"),
    "wasted": ("目标已濒死，伤害无效", "wasted: the target is already dying"),
}


def _kill(e: ev.Resolved, c: Ctx) -> str:
    what = c.t(*_KILLED.get(e.result, (e.result, e.result)))
    return c.t(f"{_who(e, c)} 杀人 → {_target(e, c)}：{what}", f"{_who(e, c)} hits {_target(e, c)}: {what}")


_POTION: dict[str, Pair] = {
    "heal": ("濒死的本阵营角色，救活并回满生命值", "a dying ally: alive again at full HP"),
    "misfire": ("不是濒死的本阵营角色，进入濒死", "not a dying ally: it becomes dying"),
    "wasted": ("目标已出局，无效", "wasted: the target is out"),
}


def _potion(e: ev.Resolved, c: Ctx) -> str:
    what = c.t(*_POTION.get(e.result, (e.result, e.result)))
    return c.t(f"{_who(e, c)} 对 {_target(e, c)} 使用药剂：{what}", f"{_who(e, c)} gives {_target(e, c)} the potion: {what}")


def _shelter(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"爱神 {_who(e, c)} 庇佑 {_target(e, c)}：代替其出局，并交给其 {quote(e.result)} 点生命值",
               f"cupid {_who(e, c)} shelters {_target(e, c)}: goes out instead and gives it {quote(e.result)} HP")


def _arrow(e: ev.Resolved, c: Ctx) -> str:
    how = c.t("原阵营相同，爱神加入该阵营", "same faction: cupid joins it") if e.result == "same" else \
        c.t("原阵营不同，两人私奔组成情侣阵营", "different factions: they elope into the Lovers")
    return c.t(f"{_who(e, c)} 以爱神之箭连接 {_target(e, c)}：{how}", f"{_who(e, c)} links {_target(e, c)}: {how}")


def _elect(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"{c.faction(e.result)}选出长老：{_target(e, c)}", f"{c.faction(e.result)} elects its elder: {_target(e, c)}")


def _lift(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"吹笛 {_who(e, c)} 出局：所有癫狂状态解除", f"the piper {_who(e, c)} is out: every frenzy is lifted")


def _grace(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"{_target(e, c)} 是无标记的长老：标记，以 0 生命值留在场上（D-05）",
               f"{_target(e, c)} is an unmarked elder: marked, stays at 0 HP (D-05)")


def _sheriff(e: ev.Resolved, c: Ctx) -> str:
    if not e.targets:
        return c.t("警长空缺（无人可继任）", "no sheriff (nobody left to succeed)")
    return c.t(f"警长：{_target(e, c)}", f"sheriff: {_target(e, c)}")


def _successor(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"警长 {_who(e, c)} 出局，须指定继任的马甲（殉职）",
               f"the sheriff {_who(e, c)} is out and must name a successor's majia")


def _redactor(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"{_target(e, c)} 的遗言先交给最后一击的杀手 {_who(e, c)} 遮挡（D-32）",
               f"{_target(e, c)}'s last words go first to {_who(e, c)}, whose hit emptied its HP (D-32)")


def _redact(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"{_who(e, c)} 遮挡了 {_target(e, c)} 的遗言：{words_quoted(e.result)}",
               f"{_who(e, c)} redacted {_target(e, c)}'s last words: {words_quoted(e.result)}")


def _defeat(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"{c.faction(e.result)}判负", f"{c.faction(e.result)} is defeated")


RESOLVED: dict[str, Callable[[ev.Resolved, Ctx], str]] = {
    "pin": _pin, SHIELD: _shield, SOUNDPROOF: _shield, PIPE: _pipe, "kill": _kill, "potion": _potion,
    "shelter": _shelter, "arrow": _arrow, "elect": _elect, "lift": _lift, "grace": _grace, "sheriff": _sheriff,
    "successor": _successor, "redactor": _redactor, "redact": _redact, "defeat": _defeat,
}
"""Every ``Resolved.skill`` majiasha2 records, in the judge's words."""

RESULTS: dict[str, Pair] = {
    **_KILLED, **_PIPED, **_POTION, "same": ("同阵营", "same faction"), "cross": ("不同阵营", "different factions"),
    "lifted": ("已解除", "lifted"), "marked": ("已标记", "marked"), "sheriff": ("警长", "sheriff"),
    "pending": ("待指定", "pending"), "asked": ("已交给杀手", "handed over"),
}
"""The result codes of those records as words (where a line shows a bare result)."""

CAUSES: dict[str, Pair] = {
    "kill": ("被杀人至濒死后出局", "went out after killers emptied its HP"),
    "potion": ("药剂使其濒死后出局", "went out after a potion made it dying"),
    "shelter": ("代替情侣出局（庇佑）", "went out in a lover's place (shelter)"),
    "suicide": ("殉情", "died for love"),
    "sent_off": ("罚下", "was sent off"),
    "vote": ("被投票出局", "was voted out"),
    "night": ("夜间出局", "went out in the night"),
}
"""Causes of an out: the judge's (``Died.cause``) and the public ones."""

DRAWS: dict[str, str] = {
    "角色名": "account names", "马甲名": "majia names", "马甲": "majia mapping", "发牌": "deal",
    "爱神之箭": "cupid's arrow", "警长": "sheriff", "警长继任": "sheriff's successor",
    **{f"长老{f}": f"elder {f}" for f in "ABC"}, **{f"任命{f}": f"appointment {f}" for f in "ABC"},
}
"""The random draws' (Chinese) names → their English names."""
