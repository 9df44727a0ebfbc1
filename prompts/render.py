"""An event a seat may see → the one line its model reads (Chinese or English).

Lines reuse the engine's narration (``engine.narrate``) with two changes for a model's eyes:

* seats are named with their number and alias (``3号右代宫战人``, ``Battler(3)``), since the
  model's tools take seat numbers;
* text written by a player (posts, team chats, last words, vote reasons, withheld posts) is quoted
  as a JSON string inside a fixed frame, ``【12楼】3号右代宫战人 发言："…"``: line breaks and quotes
  are escaped, so player text never starts a line and never leaves its quotes.

The judge's public voice is the frame ``【法官】`` / ``[Judge]`` at the start of a line; only the
engine's own lines have it, which the rules text tells the model (design invariant 4).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.narrate import Lang, Names, narrate
from engine.narrate.context import Ctx, quote
from engine.narrate.private import fallback_reason
from engine.narrate.thread import post_head

_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
JUDGE_FRAMES = ("【法官】", "[Judge]")
"""How the judge's public posts begin; nothing a player writes can begin a line with them."""


def quoted(text: str) -> str:
    """Player text as a one-line JSON string: ``"…"`` with quotes, breaks and controls escaped."""
    out = json.dumps(text, ensure_ascii=False)
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", out)


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(_BIDI)) + "]")
"""The characters escaped in quoted player text: controls (Unicode category Cc), the line and
paragraph separators (Zl, Zp) and the bidi controls. One regex scan rather than a Python call per
character: quoting was the arena's top CPU cost per request."""


def seat_label(names: Names, seat: int, lang: Lang) -> str:
    """``3号右代宫战人`` (zh) or ``Battler(3)`` (en); the bare number where no alias is known."""
    alias = names.aliases.get(seat)
    if alias is None:
        return f"{seat}号" if lang == "zh" else f"seat {seat}"
    shown = quote(alias if lang == "zh" else names.english.get(alias, alias))
    return f"{seat}号{shown}" if lang == "zh" else f"{shown}({seat})"


class SeatNames(Names):
    """``Names`` whose seats read with their numbers (for every line the narration builds)."""

    __slots__ = ()

    def seat(self, seat: int, lang: Lang = "zh") -> str:
        return seat_label(self, seat, lang)

    @classmethod
    def of(cls, names: Names) -> SeatNames:
        if isinstance(names, SeatNames):
            return names
        return cls(**{f.name: getattr(names, f.name) for f in dataclasses.fields(names)})


# -- player text: quoted inside fixed frames ------------------------------------------------------


def _posted(e: ev.Posted, c: Ctx) -> str:
    return post_head(e, c) + c.seat(e.seat) + c.t(" 发言：", " posts: ") + quoted(e.text)


def _team_posted(e: ev.TeamPosted, c: Ctx) -> str:
    return c.in_team(e.team, c.signer(e.seat, e.majia) + c.t(" 说：", " says: ") + quoted(e.text))


def _last_words(e: ev.LastWords, c: Ctx) -> str:
    if e.published:
        return c.t("【遗言】", "[Last words] ") + c.seat(e.seat) + c.t("：", ": ") + quoted(e.text)
    return c.private(e, c.t("你提交了遗言：", "You submitted your last words: ") + quoted(e.text),
                     c.t("遗言", "last words"))


def _vote_cast(e: ev.VoteCast, c: Ctx) -> str:
    who = c.signer(e.seat, e.majia)
    body = c.t(f"{who} 弃票", f"{who} abstains") if e.target is None else \
        c.t(f"{who} 投给 {c.target(e.target, c.text.ballot_layer)}", f"{who} votes for {c.target(e.target, c.text.ballot_layer)}")
    if e.reason:
        body += c.t("，理由：", ", reason: ") + quoted(e.reason)
    return c.t("【投票】", "[Vote] ") + body


def _post_withheld(e: ev.PostWithheld, c: Ctx) -> str:
    why = c.pair("withheld", e.reason)
    return c.private(e, c.t(f"你的发言未发出（{why}）：", f"Your post was withheld ({why}): ") + quoted(e.text))


def _passed(e: ev.Passed, c: Ctx) -> str | None:
    if not e.fallback:
        return None
    why = c.t("，原因：", ", reason: ") + _brief(fallback_reason(e, c)) if e.reason else ""
    return c.private(e, c.t(f"系统代你跳过{why}", f"Passed on your behalf{why}"))


REASON_CHARS = 80
"""How much of a fallback's reason the seat's log keeps: the seat read the judge's whole error in
the turns of that decision; the log line only has to say what happened, and it is re-read in every
later request."""


def _brief(reason: str) -> str:
    return reason if len(reason) <= REASON_CHARS else reason[:REASON_CHARS - 1] + "…"


RENDER: dict[str, Callable[[Any, Ctx], str | None]] = {
    "posted": _posted, "team_posted": _team_posted, "last_words": _last_words, "vote_cast": _vote_cast,
    "post_withheld": _post_withheld, "passed": _passed,
}
"""Kinds that carry text a player wrote (or a runner's reason); every other kind is narrated."""


def render_event(event: ev.Event, names: Names, lang: Lang = "zh", *,
                 quiet: frozenset[str] = frozenset()) -> str | None:
    """The line a seat's model reads for ``event``, or None when it shows nothing (a chosen pass,
    the banner of a phase in ``quiet``: resolution steps whose results the judge announces anyway)."""
    if isinstance(event, ev.PhaseBegan) and event.name in quiet:
        return None
    numbered = SeatNames.of(names)
    own = RENDER.get(event.kind)
    if own is not None:
        return own(event, Ctx(numbered, lang))
    return narrate(event, numbered, lang)


def render_events(events: list[ev.Event], names: Names, lang: Lang = "zh", *,
                  quiet: frozenset[str] = frozenset()) -> list[str]:
    """Every event that shows something, one line each."""
    numbered = SeatNames.of(names)
    return [line for e in events if (line := render_event(e, numbered, lang, quiet=quiet)) is not None]
