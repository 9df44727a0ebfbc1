"""umineko32's timetable as data (spec §2.1, ``engine.table.phases``).

Game day N is day N, then night N: day 1 is a free discussion (``D1_FREE``) with no vote; later days
open with the restricted phase and its 蓝字 budget (``RESTRICTED``), then ``FREE`` and ``VOTE``, its
count (``VOTE_RESOLUTION``) and the vote's last words. Night N is curfew (``NIGHTFALL``), the night's
skills (``NIGHT``), the settlement ②, dawn ③ and the night's last words (days 1–3). The witch's
castling question (``CASTLE``) interrupts the settlement or the count and ranks with it; its banner
is the judge's alone. Every close drowns who must drown and checks the win first (``end_phase``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.umineko32.discipline import warn_day_end
from engine.rulesets.umineko32.flow import end_phase, st, turns
from engine.rulesets.umineko32.names import Ph
from engine.rulesets.umineko32.night import (
    ask_castling,
    castling_answered,
    close_last_words,
    close_night,
    dawn,
    nightfall,
    settle,
    settle_rest,
)
from engine.rulesets.umineko32.setup import DEFAULT_ROUNDS, close_setup
from engine.rulesets.umineko32.vote import close_vote, close_vote_last_words, continue_exits, count
from engine.table.phases import Kind, Landmarks, Next, Phase, PhaseTable, Tag, Waits

if TYPE_CHECKING:
    from engine.game import Game


def _close_d1(game: Game) -> Next | None:
    warn_day_end(game, with_vote=False)
    return None if end_phase(game) else Next(Ph.NIGHTFALL)


def _close_restricted(game: Game) -> Next | None:
    return None if end_phase(game) else turns(game, Ph.FREE, st(game).day)


def _close_free(game: Game) -> Next | None:
    return None if end_phase(game) else Next(Ph.VOTE)


def _close_castle(game: Game) -> Next | None:
    """The interrupted resolution resumes: the settlement's steps 3–4, or the rest of the exits."""
    interrupted = st(game).interrupted
    castling_answered(game, interrupted)
    return settle_rest(game) if interrupted == Ph.SETTLEMENT else continue_exits(game)


_SPEECH = frozenset({Tag.SPEECH})
PHASES = PhaseTable(
    Phase(Ph.SETUP, Kind.WINDOW, close_setup, (Ph.D1_FREE,), night=True, rank=0, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.SETUP})),
    Phase(Ph.D1_FREE, Kind.TURNS, _close_d1, (Ph.NIGHTFALL,), rank=1, rounds=DEFAULT_ROUNDS[Ph.D1_FREE], tags=_SPEECH),
    Phase(Ph.RESTRICTED, Kind.TURNS, _close_restricted, (Ph.FREE,), rank=1, rounds=DEFAULT_ROUNDS[Ph.RESTRICTED],
          tags=_SPEECH),
    Phase(Ph.FREE, Kind.TURNS, _close_free, (Ph.VOTE,), rank=2, rounds=DEFAULT_ROUNDS[Ph.FREE], tags=_SPEECH),
    Phase(Ph.VOTE, Kind.WINDOW, close_vote, (Ph.VOTE_RESOLUTION,), rank=3, tags=frozenset({Tag.VOTE})),
    Phase(Ph.VOTE_RESOLUTION, Kind.RESOLUTION, count, (Ph.CASTLE, Ph.VOTE_LAST_WORDS, Ph.NIGHTFALL), rank=4,
          waits=Waits.NOBODY),
    Phase(Ph.VOTE_LAST_WORDS, Kind.WINDOW, close_vote_last_words, (Ph.NIGHTFALL,), rank=5, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
    Phase(Ph.NIGHTFALL, Kind.RESOLUTION, nightfall, (Ph.NIGHT,), night=True, rank=6, waits=Waits.NOBODY,
          tags=frozenset({Tag.DAY_END})),
    Phase(Ph.NIGHT, Kind.WINDOW, close_night, (Ph.SETTLEMENT,), night=True, rank=7, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.NIGHT_ACTION})),
    Phase(Ph.SETTLEMENT, Kind.RESOLUTION, settle, (Ph.CASTLE, Ph.DAWN), night=True, rank=8, waits=Waits.NOBODY),
    Phase(Ph.CASTLE, Kind.WINDOW, _close_castle, (Ph.DAWN, Ph.VOTE_LAST_WORDS, Ph.NIGHTFALL), rank=8, waits=Waits.LISTED,
          secret=True, hidden=True, aside=True, opens=ask_castling, tags=frozenset({Tag.QUESTION})),
    Phase(Ph.DAWN, Kind.RESOLUTION, dawn, (Ph.LAST_WORDS, Ph.RESTRICTED), night=True, rank=9, waits=Waits.NOBODY),
    Phase(Ph.LAST_WORDS, Kind.WINDOW, close_last_words, (Ph.RESTRICTED,), night=True, rank=10, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
)

LANDMARKS = Landmarks(
    night=Ph.NIGHT, vote=Ph.VOTE, day=Ph.RESTRICTED, first_day=Ph.D1_FREE, setup=Ph.SETUP, first_vote_day=2,
    draws=("魔法传承", "王车易位", "魔女预言", "发言顺序", "平票"), seat_options={"believes": ("belief", ("commoner",))},
    note_defaults=False)
"""Where a judge scenario's steps land: night 0 in ``SETUP`` (the beliefs), night N's skills in
``NIGHT``, day 1's posts in ``D1_FREE`` and later days' in ``RESTRICTED``, ballots from day 2 on in
``VOTE``; night N comes after day N."""

SPEECH_PHASES = PHASES.tagged(Tag.SPEECH, Tag.VOTE)
"""The phases in which a public post is heard; one made at any other time is after curfew (§2.2)."""
