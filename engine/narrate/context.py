"""What every line renderer shares: the language, the names, the voices (prefixes), and quoting.

Text that a player wrote is data. ``quote`` keeps it on the line it was given: a line break becomes
a visible ``⏎``, and control or bidirectional-override characters are shown escaped, so a post can
never begin a line of its own, rewrite the start of its line on a terminal, or pass for the judge.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from engine.events import Event
from engine.narrate.names import Lang, Names

BREAK = " ⏎ "
_BREAKS = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

WORDS: dict[str, tuple[str, str]] = {
    "黑": ("黑", "black"), "白": ("白", "white"), "同": ("同", "same"), "异": ("异", "different"),
    "成功": ("成功", "success"), "失败": ("失败", "failure"), "非平民": ("非平民", "not a commoner"),
    "protect": ("保护", "protected"), "kill": ("第二次结界，黑，处决", "second use on a black piece: killed"),
    "void": ("第二次结界，白，未保护，审问官受限", "second use on a white piece: not protected, inquisitor restricted"),
    "accomplice": ("成为共犯", "became the accomplice"), "told": ("已告知", "told"), "merged": ("已合流", "merged"),
    "apprentice": ("成为见习魔女", "became the apprentice witch"),
    "soul": ("死亡，成为见习魔女的灵魂", "died and became the apprentice's soul"),
    "soul_pending": ("死亡，成为见习魔女的灵魂（遗言后入群）",
                     "died and became the apprentice's soul (joins after last words)"),
    "done": ("完成", "done"), "night": ("夜晚", "night"), "vote": ("投票", "vote"),
    "died": ("死亡", "died"), "immune": ("舞台特权，未死亡", "stage privilege: survived"),
    "castled": ("王车易位，替身死亡", "castled: the replacement died"),
    "castled_immune": ("王车易位，替身有舞台特权，无人死亡", "castled: the replacement was immune, nobody died"),
}
"""Result words of the rules (黑/白, 同/异, 成功/失败) and the engine's result codes."""


def _escape(ch: str) -> str:
    if ch == "\t":
        return " "
    if ch in _BIDI or unicodedata.category(ch) == "Cc":
        return f"\\u{ord(ch):04x}"
    return ch


def quote(text: str) -> str:
    """Player (or untrusted) text made safe to show inside one line."""
    return "".join(_escape(ch) for ch in _BREAKS.sub(BREAK, text))


@dataclass(frozen=True, slots=True)
class Ctx:
    """One rendering: names, language, and whether private lines name their recipient (god view)."""

    names: Names
    lang: Lang
    god: bool = False

    def t(self, zh: str, en: str) -> str:
        return zh if self.lang == "zh" else en

    @property
    def sep(self) -> str:
        return self.t("、", ", ")

    def seat(self, seat: int | None) -> str:
        if seat is None:
            return self.t("无", "nobody")
        return quote(self.names.seat(seat, self.lang))

    def signer(self, seat: int, majia: int | None) -> str:
        """Who acted in a chat: the seat, or where the chat is signed by 马甲 (majiasha2) the 马甲,
        alone when the seat is redacted (0, a chat mate's view) and after the seat otherwise."""
        if majia is None:
            return self.seat(seat)
        if seat == 0:
            return self.majia(majia)
        return self.seat(seat) + self.t(f"（{self.majia(majia)}）", f" ({self.majia(majia)})")

    def seats(self, seats: Iterable[int]) -> str:
        out = [self.seat(s) for s in seats]
        return self.sep.join(out) if out else self.t("无", "nobody")

    def majia(self, number: int | None) -> str:
        """A 马甲 number (majiasha2's second name layer) as ``马甲7号拿破仑``."""
        if number is None:
            return self.t("无", "nobody")
        return quote(self.names.majia_label(int(number), self.lang))

    def majias(self, numbers: Iterable[int]) -> str:
        out = [self.majia(n) for n in numbers]
        return self.sep.join(out) if out else self.t("无", "nobody")

    def role(self, ident: str) -> str:
        return quote(self.names.role(ident, self.lang))

    def skill(self, ident: str) -> str:
        return quote(self.names.skill(ident, self.lang))

    def faction(self, ident: str) -> str:
        return quote(self.names.faction(ident, self.lang))

    def team(self, ident: str) -> str:
        return quote(self.names.team(ident, self.lang))

    def phase(self, ident: str) -> str:
        return quote(self.names.phase(ident, self.lang))

    def word(self, value: str) -> str:
        found = WORDS.get(value)
        return quote(value) if found is None else self.t(*found)

    # -- voices --------------------------------------------------------------------------------

    def judge(self, body: str) -> str:
        """A public judge post."""
        return self.t("【法官】", "[Judge] ") + body

    def hidden(self, body: str) -> str:
        """A judge-only record (god view)."""
        return self.t("〔判定〕", "〔judge〕 ") + body

    def private(self, event: Event, body: str, label: str = "") -> str:
        """A judge message to one seat (or to a team chat, by the event's visibility)."""
        if event.vis.startswith("team:"):
            head = self.team(event.vis[5:]) + self.t("·法官", " · judge")
            return self.t(f"【{head}】", f"[{head}] ") + body
        to = ""
        if self.god and event.vis.startswith("seat:") and event.vis[5:].isdigit():
            to = self.t("→", " → ") + self.seat(int(event.vis[5:]))
        tag = self.t(f"·{label}", f" · {label}") if label else ""
        return self.t(f"【私信{to}{tag}】", f"[DM{to}{tag}] ") + body

    def in_team(self, team: str, body: str) -> str:
        """A line in a team chat."""
        return self.t(f"【{self.team(team)}】", f"[{self.team(team)}] ") + body
