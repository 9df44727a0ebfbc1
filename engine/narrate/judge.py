"""Judge-only lines (the god view): random draws, resolutions, role changes, causes of death."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.narrate.context import Ctx, quote

DRAWS: dict[str, str] = {"发牌": "deal", "马甲": "aliases", "发言顺序": "speaking order", "平票": "tie-break"}
"""Draws every rule set may make; a rule set names its own in ``Narration.draws``."""


def _item(c: Ctx, value: Any) -> str:
    if isinstance(value, bool):
        return quote(str(value))
    if isinstance(value, int):
        return c.seat(value)
    text = str(value)
    return quote(c.names.english.get(text, text) if c.lang == "en" else text)


def draw(e: ev.Draw, c: Ctx) -> str:
    name = quote(e.name) if c.lang == "zh" else quote(c.text.draws.get(e.name) or DRAWS.get(e.name, e.name))
    roles = c.names.roles.by_id
    if e.result and all(isinstance(r, str) and r in roles for r in e.result):
        shown = c.sep.join(f"{c.seat(i)}={c.role(r)}" for i, r in enumerate(e.result, start=1))
    else:
        shown = c.sep.join(_item(c, r) for r in e.result)
    pinned = c.t("（指定）", " (pinned)") if e.pinned else ""
    return c.hidden(c.t(f"随机「{name}」#{e.index}{pinned}：{shown}", f"draw '{name}' #{e.index}{pinned}: {shown}"))


def resolved(e: ev.Resolved, c: Ctx) -> str:
    special = c.text.resolved.get(e.skill)
    if special is not None:
        return c.hidden(special(e, c) or "")
    who = ([c.seat(e.actor)] if e.actor is not None else []) + ([c.seats(e.targets)] if e.targets else [])
    head = c.t(f"【{c.skill(e.skill)}】", f"{c.skill(e.skill)}: ")
    return c.hidden(head + (" → ".join(who) + c.t("：", ": ") if who else "") + c.word(e.result))


def role_changed(e: ev.RoleChanged, c: Ctx) -> str:
    return c.hidden(c.t(f"{c.seat(e.seat)} 身份变为 {c.role(e.role)}（{c.faction(e.faction)}）",
                        f"{c.seat(e.seat)} becomes {c.role(e.role)} ({c.faction(e.faction)})"))


def died(e: ev.Died, c: Ctx) -> str:
    cause = c.cause(e.cause) if c.text.pair("causes", e.cause) else c.skill(e.cause)
    return c.hidden(c.t(f"{c.seat(e.seat)} 死亡（死因：{cause}）", f"{c.seat(e.seat)} dies (cause: {cause})"))


def awaiting(e: ev.Awaiting, c: Ctx) -> str:
    seats = c.sep.join(c.seat(seat) for seat in e.seats) or c.t("无人", "nobody")
    return c.hidden(c.t(f"本阶段等待：{seats}", f"this phase waits for: {seats}"))


def win_latched(e: ev.WinLatched, c: Ctx) -> str:
    return c.hidden(c.t(f"{c.faction(e.faction)} 达成胜利条件（锁定，游戏继续）",
                        f"{c.faction(e.faction)} has met its condition (latched; the game goes on)"))


def fallback(event: Any, c: Ctx) -> str:
    """Any event, known or not: its kind and fields, every value quoted."""
    skip = {"seq", "day", "phase", "vis", "to", "kind"}
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        items = [(f.name, getattr(event, f.name)) for f in dataclasses.fields(event)]
    else:
        items = sorted(vars(event).items()) if hasattr(event, "__dict__") else []
    body = ", ".join(f"{quote(str(k))}={quote(repr(v))}" for k, v in items if k not in skip)
    kind = quote(str(getattr(event, "kind", type(event).__name__)))
    return c.t(f"〔{kind}〕", f"〔{kind}〕 ") + body


def reseeded(e: ev.Reseeded, c: Ctx) -> str:
    return c.hidden(c.t(f"本局自此起的随机数取自种子 {e.seed}（分支）",
                        f"from here on this game draws its randomness from seed {e.seed} (a fork)"))


RENDER: dict[str, Callable[[Any, Ctx], str | None]] = {
    "reseeded": reseeded, "draw": draw, "awaiting": awaiting, "resolved": resolved, "role_changed": role_changed, "died": died, "win_latched": win_latched,
}
