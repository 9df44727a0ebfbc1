"""Narration: one event as one line, the way a forum judge (法官) or the thread would show it.

``narrate(event, names, lang)`` is pure. Public posts read ``【2楼】右代宫战人：……``, the judge's
public posts ``【法官】……``, team chats ``【杀手群】纱音：……``, private judge messages
``【私信·侦探权限】……``, judge-only records (god view) ``〔判定〕……`` and phase banners
``—— 第2天 白天限制发言阶段 ——``; ``lang="en"`` gives the same in English, with the aliases'
English renderings. Player text is quoted data: it never leaves the line its author's name starts,
so it cannot pass for the judge (design invariant 4). An event kind without a renderer still shows,
as its kind and fields. ``None`` means the event shows nothing (a pass the seat chose).

The frames are shared (``thread`` public, ``private`` one seat or one team, ``judge`` god view
only); what a rule set's own posts, notices, results and codes say is that rule set's
``Narration`` (``engine.narrate.table``), reached through ``names.narration``: the game's rule set's
texts alone, never another's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.events import Event
from engine.narrate import judge, private, thread
from engine.narrate.context import Ctx, quote
from engine.narrate.names import Lang, Names, ruleset_part

__all__ = ["RENDERERS", "Lang", "Names", "narrate", "narrate_all", "quote", "renderer", "ruleset_part"]

RENDERERS: dict[str, Callable[[Any, Ctx], str | None]] = {**thread.RENDER, **private.RENDER, **judge.RENDER}
"""Event kind → its shared line renderer (a rule set's ``Narration.kinds`` come first)."""


def renderer(kind: str, names: Names) -> Callable[[Any, Ctx], str | None] | None:
    """The renderer of event ``kind`` in the game of ``names``: the rule set's own, else the shared one."""
    return names.narration.kinds.get(kind) or RENDERERS.get(kind)


def narrate(event: Event, names: Names, lang: Lang = "zh", *, god: bool = False) -> str | None:
    """``event`` as one line in ``lang``; ``god`` names the recipient of each private message."""
    if lang not in ("zh", "en"):
        raise ValueError(f"lang must be 'zh' or 'en', not {lang!r}")
    ctx = Ctx(names, lang, god)
    render = renderer(str(getattr(event, "kind", "")), names)
    return render(event, ctx) if render is not None else judge.fallback(event, ctx)


def narrate_all(events: list[Event], names: Names, lang: Lang = "zh", *, god: bool = False) -> list[str]:
    """Every event that shows something, one line each."""
    return [line for e in events if (line := narrate(e, names, lang, god=god)) is not None]
