"""The phase table: what closing each waiting phase does (spec §2.1), as data.

``advance`` looks the open phase up here; each entry resolves the phase and opens the next one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.rulesets.umineko32.discipline import warn_day_end
from engine.rulesets.umineko32.flow import begin, begin_turns, end_phase, st
from engine.rulesets.umineko32.night import close_castle_night, close_last_words, close_night, nightfall
from engine.rulesets.umineko32.setup import close_setup
from engine.rulesets.umineko32.vote import close_castle_vote, close_vote, close_vote_last_words

if TYPE_CHECKING:
    from engine.game import Game


def _close_d1(game: Game) -> None:
    warn_day_end(game, with_vote=False)
    if not end_phase(game):
        nightfall(game)


def _close_restricted(game: Game) -> None:
    if not end_phase(game):
        begin_turns(game, "FREE", st(game).day)


def _close_free(game: Game) -> None:
    if not end_phase(game):
        s = st(game)
        begin(game, "VOTE", s.day, s.alive())


def _close_castle(game: Game) -> None:
    if st(game).castle_form == "night":
        close_castle_night(game)
    else:
        close_castle_vote(game)


CLOSE: dict[str, Callable[[Game], None]] = {
    "SETUP": close_setup,
    "D1_FREE": _close_d1,
    "NIGHT": close_night,
    "CASTLE": _close_castle,
    "LAST_WORDS": close_last_words,
    "RESTRICTED": _close_restricted,
    "FREE": _close_free,
    "VOTE": close_vote,
    "VOTE_LAST_WORDS": close_vote_last_words,
}
