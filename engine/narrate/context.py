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

from engine.audience import audience
from engine.events import Event
from engine.layers import second_layer
from engine.narrate.names import Lang, Names
from engine.narrate.table import Narration

BREAK = " ⏎ "
_BREAKS = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

WORDS: dict[str, tuple[str, str]] = {
    "成功": ("成功", "success"), "失败": ("失败", "failure"), "done": ("完成", "done"), "told": ("已告知", "told"),
}
"""Result words every rule set may use; a rule set's own words (``Narration.words``) come first."""

CAUSES: dict[str, tuple[str, str]] = {
    "night": ("夜间出局", "went out in the night"), "vote": ("被投票出局", "was voted out"),
}
"""The public causes ``engine.public`` records; a rule set's own causes (``Narration.causes``) come first."""


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
    def text(self) -> Narration:
        """The game's rule set's own texts."""
        return self.names.narration

    def pair(self, table: str, key: str, default: tuple[str, str] | None = None) -> str:
        """``key`` of the rule set's word table ``table`` in the context's language; else ``default``;
        else the key itself, quoted (a code without a text: the coverage test refuses it)."""
        found = self.text.pair(table, key) or default
        return self.t(*found) if found is not None else quote(key)

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

    def identity(self, ident: str) -> str:
        """A published identity: the rule set's identity id where it has one, else a role."""
        found = self.text.identities.get(ident)
        return self.t(*found) if found is not None else self.role(ident)

    def skill(self, ident: str) -> str:
        return quote(self.names.skill(ident, self.lang))

    def faction(self, ident: str) -> str:
        return quote(self.names.faction(ident, self.lang))

    def team(self, ident: str) -> str:
        return quote(self.names.team(ident, self.lang))

    def phase(self, ident: str) -> str:
        return quote(self.names.phase(ident, self.lang))

    def word(self, value: str) -> str:
        """A result word or code: the rule set's, else one every rule set shares, else as written."""
        return self.pair("words", value, WORDS.get(value))

    def cause(self, value: str) -> str:
        """A cause of an out: the rule set's, else a public cause every rule set shares."""
        return self.pair("causes", value, CAUSES.get(value))

    def target(self, number: int | None, layer: str) -> str:
        """A target number as ``layer`` names it: an entry of the second list (a 马甲), else a seat."""
        return self.majia(number) if second_layer(layer) else self.seat(number)

    # -- voices --------------------------------------------------------------------------------

    def judge(self, body: str) -> str:
        """A public judge post."""
        return self.t("【法官】", "[Judge] ") + body

    def hidden(self, body: str) -> str:
        """A judge-only record (god view)."""
        return self.t("〔判定〕", "〔judge〕 ") + body

    def private(self, event: Event, body: str, label: str = "") -> str:
        """A judge message to one seat (or to a team chat, by the event's visibility)."""
        to_whom = audience(event)
        if to_whom.team is not None:
            head = self.team(to_whom.team) + self.t("·法官", " · judge")
            return self.t(f"【{head}】", f"[{head}] ") + body
        to = ""
        if self.god and to_whom.seat is not None:
            to = self.t("→", " → ") + self.seat(to_whom.seat)
        tag = self.t(f"·{label}", f" · {label}") if label else ""
        return self.t(f"【私信{to}{tag}】", f"[DM{to}{tag}] ") + body

    def in_team(self, team: str, body: str) -> str:
        """A line in a team chat."""
        return self.t(f"【{self.team(team)}】", f"[{self.team(team)}] ") + body
