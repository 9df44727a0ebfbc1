"""qijian24's own texts: identities as the judge publishes them, the staged vote results, the outs,
the winners, and the private notices of its seals, side choices and substitutions, in zh and en
(its ``Narration``; the shared frames of ``engine.narrate`` look these up for qijian24's games only).

The judge publishes identities as identity·character (``杀手团·瓜哥洛``; C-04), and the two 游侠 look
alike: published identities are ids of ``IDENTITIES`` (``names.IDENTITY_ID``).
"""

from __future__ import annotations

from engine import events as ev
from engine.narrate.context import Ctx
from engine.narrate.table import Narration, Pair
from engine.narrate.thread import vote_head, vote_outcome, vote_tally
from engine.rulesets.qijian24.names import IDENTITY, IDENTITY_ID, ROLE


def _english(role: str) -> str:
    found = ROLE.get(role)
    return found.en if found is not None else role


IDENTITIES: dict[str, Pair] = {IDENTITY_ID[role]: (zh, "Ranger" if IDENTITY_ID[role] == "ranger" else _english(role))
                               for role, zh in IDENTITY.items()}
"""Identity id → the judge's words (zh) and their English."""


def _stage_tail(e: ev.VoteResult, c: Ctx) -> str:
    """What a staged vote says after the result: 特权生效, and who the next stage may name."""
    tail = c.t("；特权生效", "; a privilege took effect") if e.privilege else ""
    if e.next == "STAGE2" and e.everyone:
        tail += c.t("；可疑者不足 2 人，所有玩家都是可疑者", "; fewer than 2 suspects: everyone is a suspect")
    elif e.next in ("STAGE2", "STAGE3"):
        tail += c.t(f"；下一部分的候选人：{c.seats(e.candidates)}", f"; candidates of the next stage: {c.seats(e.candidates)}")
    return tail


def _vote_result(e: ev.VoteResult, c: Ctx) -> str:
    return c.judge(vote_head(e, c) + vote_outcome(e, c) + vote_tally(e, c) + _stage_tail(e, c))


def _winners(e: ev.Announced, c: Ctx) -> str:
    sides = c.sep.join(c.faction(str(s)) for s in e.data.get("sides", []))
    return c.t(f"{sides} 达成胜利条件；获胜者：{c.seats(e.seats)}", f"{sides} met their condition; winners: {c.seats(e.seats)}")


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


CAUSES: dict[str, Pair] = {
    "drowned": ("累计警告，淹死", "drowned (too many warnings)"),
    "cited_judge": ("贴出法官私信，立即出局", "pasted a judge's private message, out at once"),
}

REVEAL_REASONS: dict[str, Pair] = {"reveal": ("游侠的公布身份权", "the ranger's reveal"),
                                   "vote": ("投票出局，公布身份", "voted out: identity published")}

NARRATION = Narration(
    ruleset="qijian24",
    kinds={"vote_result": _vote_result},
    announcements={"winners": _winners},
    notices={"seal": _seal, "choice_rejected": _rejected, "choice_default": _default_side, "substituted": _substituted},
    causes=CAUSES, reveal_reasons=REVEAL_REASONS, identities=IDENTITIES,
)
