"""The phase table (spec §2.1): what closing each waiting phase does, as data."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.rulesets.majiasha2.day import close_day, close_succession, close_vote, close_vote_last_words
from engine.rulesets.majiasha2.night import after_words, close_last_words, close_step
from engine.rulesets.majiasha2.night0 import close_appoint, close_cupid, close_election

if TYPE_CHECKING:
    from engine.game import Game

CLOSE: dict[str, Callable[[Game], None]] = {
    "CUPID": close_cupid,
    "ELECT": close_election,
    "APPOINT": close_appoint,
    "DAY": close_day,
    "VOTE": close_vote,
    "VOTE_LAST_WORDS": close_vote_last_words,
    "SUCCESSION": close_succession,
    "GUARD": close_step,
    "PIPER": close_step,
    "STRIKE": close_step,
    "WITCH": close_step,
    "LAST_WORDS": close_last_words,
    "REDACT": after_words,
}
