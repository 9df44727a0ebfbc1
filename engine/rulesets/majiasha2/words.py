"""Last words (spec §2.4): 10–200 code points on one line, and the killer's ■ redaction (D-32).

The seed: "10~200个汉字（含标点且不能换行）… 该角色可将不愿示人的部分用“■”遮挡，且最终留下至少5个字
不被遮挡". The shared ``engine.mechanics.last_words`` counts Unicode code points (punctuation
included; the bounds are flags for play in other languages), refuses a line break, and holds a
redaction to the original with some characters replaced by ■, at least ``MIN_UNMASKED`` left.
"""

from __future__ import annotations

from engine.mechanics.last_words import WordsRule, check_words
from engine.rulesets.majiasha2.refusals import refuse
from engine.rulesets.majiasha2.state import MajiaState

MIN_UNMASKED = 5


def word_limits(s: MajiaState) -> tuple[int, int]:
    """The bounds in code points (flags ``majia.last_words_min`` / ``majia.last_words_max``)."""
    return int(s.flags.get("majia.last_words_min", 10)), int(s.flags.get("majia.last_words_max", 200))


def check_last_words(s: MajiaState, seat: int, text: str) -> None:
    """One line of ``majia.last_words_min``..``max`` characters (Unicode code points, punctuation included)."""
    low, high = word_limits(s)
    check_words(WordsRule(low, high, one_line=True), seat, text, refuse)
