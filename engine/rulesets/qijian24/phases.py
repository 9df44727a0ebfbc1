"""The phase table: what closing each waiting phase does (spec §2.1), as data."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.rulesets.qijian24.night import close_last_words, close_night
from engine.rulesets.qijian24.vote import close_stage

if TYPE_CHECKING:
    from engine.game import Game

CLOSE: dict[str, Callable[[Game], None]] = {
    "STAGE1": close_stage,
    "STAGE2": close_stage,
    "STAGE3": close_stage,
    "NIGHT": close_night,
    "LAST_WORDS": close_last_words,
}
