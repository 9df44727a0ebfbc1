"""qijian24's own texts, in zh and en: its ``Narration`` (the shared frames of ``engine.narrate`` look
these up for qijian24's games only).

What is here: identities as the judge publishes them (``IDENTITIES``), the staged vote results, the
winners, the private results (the sword chain, 莫问剑's and the mage's checks, a voided reveal), the
notices (seals, side choices, substitutions), the judge console's record of every resolution
(``RESOLVED`` and ``WORDS``: hits, cancellations, bans, lives, revivals, latches, the next stage's
candidates), causes, warnings, end reasons, draws, statuses and skill notes of the observation,
every adjudication flag in words (``FLAGS``) and the refusals (``errors.ERRORS``).

The judge publishes identities as identity·character (``杀手团·瓜哥洛``; C-04), and the two 游侠 look
alike: published identities are ids of ``IDENTITIES`` (``names.IDENTITY_ID``). Private results name
identities in the judge's words (``Feedback.result``); they are read back as ids through
``names.IDENTITY_BY_WORDS``, so an English reader is shown the English identity.
"""

from __future__ import annotations

from engine import events as ev
from engine.narrate.context import Ctx
from engine.narrate.table import Narration, Pair
from engine.narrate.thread import vote_head, vote_outcome, vote_tally
from engine.rulesets.qijian24.errors import ERRORS
from engine.rulesets.qijian24.flags import FLAG_WORDS
from engine.rulesets.qijian24.names import (
    FAILED,
    IDENTITY,
    IDENTITY_BY_WORDS,
    IDENTITY_ID,
    LONE,
    ROLE,
    SHESHEN,
    STAGE2,
    STAGE3,
    VOID,
)


def _english(role: str) -> str:
    found = ROLE.get(role)
    return found.en if found is not None else role


IDENTITIES: dict[str, Pair] = {IDENTITY_ID[role]: (zh, "Ranger" if IDENTITY_ID[role] == "ranger" else _english(role))
                               for role, zh in IDENTITY.items()}
"""Identity id → the judge's words (zh) and their English."""


def identity_words(c: Ctx, words: str) -> str:
    """A private result naming an identity in the judge's words, in the reader's language."""
    ident = IDENTITY_BY_WORDS.get(words)
    return c.identity(ident) if ident is not None else c.word(words)


# -- public posts --------------------------------------------------------------------------------------


def _stage_tail(e: ev.VoteResult, c: Ctx) -> str:
    """What a staged vote says after the result: 特权生效, and who the next stage may name."""
    tail = c.t("；特权生效", "; a privilege took effect") if e.privilege else ""
    if e.next == STAGE2 and e.everyone:
        tail += c.t("；可疑者不足 2 人，所有玩家都是可疑者", "; fewer than 2 suspects: everyone is a suspect")
    elif e.next in (STAGE2, STAGE3):
        tail += c.t(f"；下一部分的候选人：{c.seats(e.candidates)}", f"; candidates of the next stage: {c.seats(e.candidates)}")
    return tail


def _vote_result(e: ev.VoteResult, c: Ctx) -> str:
    return c.judge(vote_head(e, c) + vote_outcome(e, c) + vote_tally(e, c) + _stage_tail(e, c))


def _winners(e: ev.Announced, c: Ctx) -> str:
    sides = c.sep.join(c.faction(str(s)) for s in e.data.get("sides", []))
    return c.t(f"{sides} 达成胜利条件；获胜者：{c.seats(e.seats)}", f"{sides} met their condition; winners: {c.seats(e.seats)}")


# -- private results and notices -----------------------------------------------------------------------


def _chain(e: ev.Feedback, c: Ctx) -> str:
    sword = identity_words(c, e.result)
    return c.t(f"七剑互知：{c.seats(e.targets)} 是 {sword}", f"The sword chain: {c.seats(e.targets)} is {sword}")


def _check(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你查验了 {c.seats(e.targets)}：{identity_words(c, e.result)}",
               f"You checked {c.seats(e.targets)}: {identity_words(c, e.result)}")


def _reveal(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你对 {c.seats(e.targets)} 的【公布身份权】：{c.word(e.result)}",
               f"Your reveal of {c.seats(e.targets)}: {c.word(e.result)}")


def _seal(e: ev.Notice, c: Ctx) -> str:
    nonce = str(e.data.get("nonce", ""))
    return c.t(f"以上私信编号 {nonce}（不要公开贴出）", f"Code of the message above: {nonce} (never post it)")


def _rejected(e: ev.Notice, c: Ctx) -> str:
    side = c.faction(str(e.data.get("side", "")))
    return c.t(f"选择失败：帮助{side}的人数已满，请重新选择", f"Choice refused: {side} already has its helpers; choose again")


def _default_side(e: ev.Notice, c: Ctx) -> str:
    return c.t("你没有做出游侠选择，按规则保持独立", "You made no ranger choice: you stay independent, as the rules say")


def _substituted(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"{c.seats(e.seats)} 累计警告，由替补接手", f"{c.seats(e.seats)}: too many warnings; a substitute takes over")


# -- the judge's records (god view, the judge console) -------------------------------------------------


def _lives(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"【额外生命】{c.seats(e.targets)} 的额外生命抵挡了 {e.result} 次夜杀",
               f"Extra lives: {c.seats(e.targets)}'s extra lives absorbed {e.result} night kill(s)")


_ACTIVATED: dict[str, Pair] = {
    LONE: ("独杀 {who} 的暗杀权被激活（杀手团已有人出局）", "the lone killer {who}'s kill is active (a 杀手团 member is out)"),
    SHESHEN: ("舍神剑 {who} 的杀人权被激活（由龙剑已出局，武庄只余不超过 4 剑）",
              "the Sheshen sword {who}'s kill is active (由龙剑 is out and at most 4 swords live)"),
}


def _activate(e: ev.Resolved, c: Ctx) -> str:
    found = _ACTIVATED.get(e.result)
    line = c.t(*found) if found is not None else c.word(e.result)
    return c.t("【激活】", "Activated: ") + line.replace("{who}", c.seats(e.targets))


def _candidates(e: ev.Resolved, c: Ctx) -> str:
    who = c.t("所有存活玩家", "every living player") if e.result == "all" else c.seats(e.targets)
    return c.t(f"【候选人】下一部分投票的候选人：{who}", f"Candidates of the next vote stage: {who}")


WORDS: dict[str, Pair] = {
    # results of the night's resolutions
    "hit": ("成立（再看保护与额外生命）", "stands (the doctor and extra lives come next)"),
    "no_effect": ("杀手团与独杀互相杀中，无效（不反馈）", "between the 杀手团 and the 独杀: no effect (no feedback)"),
    "cancelled": ("两方互杀，杀人效果抵消", "a mutual pair: both kills cancel"),
    "void": ("无效（被禁）", "void (banned)"),
    "returned": ("无效，次数退还", "void; the use is returned"),
    "banned": ("当晚至次日白天特权无效", "privileges void from tonight to the end of the next day"),
    "kill_banned": ("禁杀生效：当晚杀人无效", "kill ban: the target's kill is void tonight"),
    "life": ("祈祷成功，即刻增加 1 次生命", "prayer answered: one extra life at once"),
    "wasted": ("不是七剑，祈祷无效（次数用掉）", "not a sword: the prayer is wasted (the use is spent)"),
    "protect": ("保护", "protected"),
    "revived": ("复活，天亮时回到游戏", "revived: back in the game at dawn"),
    "already": ("已被复活（本次复活作废）", "already revived (this revive is spent)"),
    "revealed": ("天亮时公布真实身份", "the true identity is published at dawn"),
    # private results in the judge's words
    VOID: ("无效", "void"),
    FAILED: ("验证失败", "check failed: not a 杀手团 member"),
    # flag values
    "random": ("随机选一个合法目标", "a random legal target"),
    "forfeit": ("不杀人并警告杀手", "no kill, and a warning to the killers"),
    "drown": ("淹死", "drowned"),
    "bot": ("换成机器人替补", "a bot substitute"),
    "human": ("换成真人替补", "a human substitute"),
    # the ranger's choice, as the chooser is shown it
    "choice.independent.yes": ("选择独立", "stay independent"),
    "choice.help_killers.yes": ("帮助杀手方", "help the killers"),
    "choice.help_wuzhuang.yes": ("帮助武庄方", "help Wuzhuang"),
}
"""Result words and codes (the judge console's lines), the private results' words, flag values."""

CAUSES: dict[str, Pair] = {
    "drowned": ("累计警告，淹死", "drowned (too many warnings)"),
    "cited_judge": ("贴出法官私信，立即出局", "pasted a judge's private message, out at once"),
    "assassinate": ("被暗杀", "assassinated"),
    "snipe": ("被由龙剑狙击", "sniped by the Youlong sword"),
    "kill": ("被杀", "killed"),
    "link": ("随风火连城出局", "went out with Fenghuo Liancheng"),
}
"""Causes of an out: public (``drowned``, ``cited_judge``; ``night`` and ``vote`` are shared) and the
judge's (the kill that did it, 绿珠's link)."""

WARNINGS: dict[str, Pair] = {
    "no_vote": ("本部分未投票，记为弃票", "did not vote in the stage (recorded as abstaining)"),
    "lurking": ("潜水：当天发言过少", "lurking: too few posts today"),
    "missing_kill": ("未提交必须的暗杀", "did not submit the mandatory kill"),
}

END_REASONS: dict[str, Pair] = {
    "condition": ("达成胜利条件", "its win condition holds"),
    "co_victory": ("多方同时达成胜利条件，共同胜利", "several sides' conditions hold at once: they all win"),
}

REVEAL_REASONS: dict[str, Pair] = {"reveal": ("游侠的公布身份权", "the ranger's reveal"),
                                   "vote": ("投票出局，公布身份", "voted out: identity published")}

DRAWS: dict[str, str] = {"暗杀": "the team's missing kill", "独杀暗杀": "the lone killer's missing kill"}

STATUSES: dict[str, Pair] = {
    "not_active": ("尚未激活", "not active yet"),
    "not_again": ("不得连续两晚保护同一人：今晚不能保护上一晚的目标",
                  "never the same player two nights running: last night's target is barred tonight"),
    "nobody_out": ("现在没有出局者可以复活", "nobody is out to revive"),
    "not_killer_team": ("查验：不是杀手团成员", "checked: not a 杀手团 member"),
    "independent": ("游侠选择：独立", "ranger choice: independent"),
    "helps_killers": ("游侠选择：帮助杀手方", "ranger choice: helping the killers"),
    "helps_wuzhuang": ("游侠选择：帮助武庄方", "ranger choice: helping Wuzhuang"),
    "extra_life": ("有祈祷得来的额外生命", "holds an extra life from a prayer"),
    "banned": ("特权被禁（禁特权令）", "privileges banned (禁特权令)"),
}
"""Statuses of an observation (a ranger's side, a seat the mage cleared; the god view's lives and
bans) and notes of a skill (not yet active, the doctor's rule, nobody to revive)."""

NARRATION = Narration(
    ruleset="qijian24",
    kinds={"vote_result": _vote_result},
    announcements={"winners": _winners},
    notices={"seal": _seal, "choice_rejected": _rejected, "choice_default": _default_side, "substituted": _substituted},
    feedback={"chain": _chain, "check": _check, "reveal": _reveal},
    resolved={"lives": _lives, "activate": _activate, "candidates": _candidates},
    words=WORDS, causes=CAUSES, warnings=WARNINGS, end_reasons=END_REASONS, reveal_reasons=REVEAL_REASONS,
    draws=DRAWS, identities=IDENTITIES, statuses=STATUSES, errors=ERRORS, flags=FLAG_WORDS,
)
