"""Last words: who may leave them, how long, on one line, and a redaction with ■.

majiasha2's seed: "10~200个汉字（含标点且不能换行）… 该角色可将不愿示人的部分用“■”遮挡，且最终留下至少5个字
不被遮挡". Lengths count Unicode code points, punctuation included. A rule set passes its bounds and
its own refusal factory (its texts say the refusal); the codes are ``last_words_line``,
``last_words_length``, ``redact_length``, ``redact_char`` and ``redact_kept``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import IllegalAction

MASK = "■"
BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Everything that starts a new line (``str.splitlines``'s breaks): "不能换行"."""

Refuse = Callable[..., IllegalAction]


@dataclass(frozen=True, slots=True)
class WordsRule:
    """The bounds of last words: ``low``..``high`` code points (None: no bound), on one line or not."""

    low: int | None = None
    high: int | None = None
    one_line: bool = False


def check_words(rule: WordsRule, seat: int, text: str, refuse: Refuse = IllegalAction) -> None:
    """Refuse last words that break ``rule``."""
    if rule.one_line and any(ch in BREAKS for ch in text):
        raise refuse("last_words_line", seat=seat)
    low, high = rule.low or 0, rule.high if rule.high is not None else len(text)
    if not low <= len(text) <= high:
        raise refuse("last_words_length", seat=seat, low=low, high=high, length=len(text))


def check_redaction(original: str, redacted: str, killer: int, victim: int, *, least: int = 5,
                    refuse: Refuse = IllegalAction) -> None:
    """The redacted text is the original with some characters replaced by ■, at least ``least`` left."""
    if len(redacted) != len(original):
        raise refuse("redact_length", seat=killer, target=victim, length=len(original), got=len(redacted))
    for i, (a, b) in enumerate(zip(original, redacted, strict=True)):
        if b != a and b != MASK:
            raise refuse("redact_char", seat=killer, position=i + 1, char=b, original=a)
    kept = sum(1 for a, b in zip(original, redacted, strict=True) if b == a and a != MASK)
    if kept < least:
        raise refuse("redact_kept", seat=killer, least=least, kept=kept)
