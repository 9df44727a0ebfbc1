"""Judge posts of rule sets that publish identities on every out (qijian24): outs with identities,
revivals, a published identity, an instant death, the winning seats; and the private notices that
go with them (a message's seal, a refused or accepted side choice, a substitution).

The identity strings are the judge's own words (``data["identities"]``: seat → identity) and are
shown as the judge wrote them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.narrate.context import Ctx


def _identities(e: ev.Announced, c: Ctx) -> str:
    ids: dict[str, Any] = e.data.get("identities", {}) if isinstance(e.data.get("identities"), dict) else {}
    return c.sep.join(c.seat(s) + (c.t(f"（{ids[str(s)]}）", f" ({ids[str(s)]})") if str(s) in ids else "")
                      for s in e.seats)


def _dawn(e: ev.Announced, c: Ctx) -> str:
    body = c.t("天亮了。昨夜出局：", "Dawn. Out last night: ") + _identities(e, c) if e.seats else \
        c.t("天亮了。昨夜无人出局", "Dawn. Nobody went out last night")
    revived = [int(s) for s in e.data.get("revived", [])]
    if revived:
        body += c.t(f"；复活：{c.seats(revived)}", f"; revived: {c.seats(revived)}")
    return body


def _voted_out(e: ev.Announced, c: Ctx) -> str:
    return c.t("出局公布身份：", "Out, identities published: ") + _identities(e, c)


def _revealed(e: ev.Announced, c: Ctx) -> str:
    return c.t("公布身份：", "Identity published: ") + _identities(e, c)


def _cited(e: ev.Announced, c: Ctx) -> str:
    return c.t("贴出法官私信，立即出局：", "Pasted a judge's private message, out at once: ") + _identities(e, c)


def _winners(e: ev.Announced, c: Ctx) -> str:
    sides = c.sep.join(c.faction(str(s)) for s in e.data.get("sides", []))
    return c.t(f"{sides} 达成胜利条件；获胜者：{c.seats(e.seats)}", f"{sides} met their condition; winners: {c.seats(e.seats)}")


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {
    "dawn": _dawn, "voted_out": _voted_out, "revealed": _revealed, "cited_judge": _cited, "winners": _winners,
}


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


NOTICES: dict[str, Callable[[ev.Notice, Ctx], str]] = {
    "seal": _seal, "choice_rejected": _rejected, "choice_default": _default_side, "substituted": _substituted,
}
