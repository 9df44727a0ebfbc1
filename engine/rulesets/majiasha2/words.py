"""Last words (spec §2.4): 10–200 code points on one line, and the killer's ■ redaction (D-32).

The seed: "10~200个汉字（含标点且不能换行）… 该角色可将不愿示人的部分用“■”遮挡，且最终留下至少5个字
不被遮挡". The engine counts Unicode code points (punctuation included; the bounds are flags for
play in other languages) and refuses a line break; a redaction is the original with some characters
replaced by ■, nothing else changed, at least 5 characters left as they were.
"""

from __future__ import annotations

from engine.rulesets.majiasha2.refusals import refuse
from engine.rulesets.majiasha2.state import MajiaState

MASK = "■"
MIN_UNMASKED = 5
BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
"""Everything that starts a new line (``str.splitlines``'s breaks): "不能换行"."""


def word_limits(s: MajiaState) -> tuple[int, int]:
    """The bounds in code points (flags ``majia.last_words_min`` / ``majia.last_words_max``)."""
    return int(s.flags.get("majia.last_words_min", 10)), int(s.flags.get("majia.last_words_max", 200))


def check_last_words(s: MajiaState, seat: int, text: str) -> None:
    """One line of ``majia.last_words_min``..``max`` characters (Unicode code points, punctuation included)."""
    low, high = word_limits(s)
    if any(ch in BREAKS for ch in text):
        raise refuse("last_words_line", seat=seat)
    if not low <= len(text) <= high:
        raise refuse("last_words_length", seat=seat, low=low, high=high, length=len(text))


def check_redaction(original: str, redacted: str, killer: int, victim: int) -> None:
    """The redacted text is the original with some characters replaced by ■, at least 5 left unmasked."""
    if len(redacted) != len(original):
        raise refuse("redact_length", seat=killer, target=victim, length=len(original), got=len(redacted))
    for i, (a, b) in enumerate(zip(original, redacted, strict=True)):
        if b != a and b != MASK:
            raise refuse("redact_char", seat=killer, position=i + 1, char=b, original=a)
    kept = sum(1 for a, b in zip(original, redacted, strict=True) if b == a and a != MASK)
    if kept < MIN_UNMASKED:
        raise refuse("redact_kept", seat=killer, least=MIN_UNMASKED, kept=kept)
