"""Last words (spec §2.4): 10–200 code points on one line, and the killer's ■ redaction (D-32)."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.rulesets.majiasha2.state import MajiaState

MASK = "■"
MIN_UNMASKED = 5


def check_last_words(s: MajiaState, seat: int, text: str) -> None:
    """One line of ``majia.last_words_min``..``max`` characters (Unicode code points, punctuation included)."""
    low, high = int(s.flags.get("majia.last_words_min", 10)), int(s.flags.get("majia.last_words_max", 200))
    if "\n" in text or "\r" in text:
        raise IllegalAction(f"seat {seat}: last words must be a single line; remove the line breaks")
    if not low <= len(text) <= high:
        raise IllegalAction(f"seat {seat}: last words must have {low}–{high} characters; got {len(text)}")


def check_redaction(original: str, redacted: str, killer: int, victim: int) -> None:
    """The redacted text is the original with some characters replaced by ■, at least 5 left unmasked."""
    if len(redacted) != len(original):
        raise IllegalAction(f"seat {killer}: the redaction of seat {victim}'s last words must keep their length "
                            f"{len(original)} (replace characters by {MASK}); got {len(redacted)}")
    for i, (a, b) in enumerate(zip(original, redacted, strict=True)):
        if b != a and b != MASK:
            raise IllegalAction(f"seat {killer}: character {i + 1} of the redaction is {b!r}: only {MASK} may "
                                f"replace a character of the original ({a!r})")
    kept = sum(1 for a, b in zip(original, redacted, strict=True) if b == a and a != MASK)
    if kept < MIN_UNMASKED:
        raise IllegalAction(f"seat {killer}: a redaction must leave at least {MIN_UNMASKED} characters unmasked; "
                            f"it leaves {kept}")
