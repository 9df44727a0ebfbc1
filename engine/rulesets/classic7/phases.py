"""classic7's timetable as data (``engine.table.phases``): one game day is a night, then a day.

Night N (``NIGHT``: wolves and seer; ``WITCH``; ``DAWN``) comes before day N (``LAST_WORDS`` on day
1, ``DAY``'s speeches in turn, ``VOTE``, its count, the vote-out's ``VOTE_LAST_WORDS``). The hunter's
question follows the resolution that sent him out and ranks with it: ``NIGHT_SHOT`` after dawn,
``DAY_SHOT`` after the count.
"""

from __future__ import annotations

from engine.rulesets.classic7.day import (
    close_count,
    close_day,
    close_shot,
    close_vote,
    close_vote_words,
    close_words,
)
from engine.rulesets.classic7.night import close_dawn, close_night, close_witch
from engine.table.phases import Kind, Landmarks, Phase, PhaseTable, Tag, Waits

PHASES = PhaseTable(
    Phase("NIGHT", Kind.WINDOW, close_night, ("WITCH", "DAWN"), night=True, rank=1, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.NIGHT_ACTION, Tag.DAY_END})),
    Phase("WITCH", Kind.WINDOW, close_witch, ("DAWN",), night=True, rank=2, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.NIGHT_ACTION})),
    Phase("DAWN", Kind.RESOLUTION, close_dawn, ("NIGHT_SHOT", "LAST_WORDS", "DAY"), night=True, rank=3,
          waits=Waits.NOBODY),
    Phase("NIGHT_SHOT", Kind.WINDOW, close_shot, ("LAST_WORDS", "DAY"), night=True, rank=3, waits=Waits.LISTED,
          secret=True, tags=frozenset({Tag.QUESTION})),
    Phase("LAST_WORDS", Kind.WINDOW, close_words, ("DAY",), rank=4, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
    Phase("DAY", Kind.TURNS, close_day, ("VOTE",), rank=5, tags=frozenset({Tag.SPEECH})),
    Phase("VOTE", Kind.WINDOW, close_vote, ("VOTE_RESOLUTION",), rank=6, living_only=True, tags=frozenset({Tag.VOTE})),
    Phase("VOTE_RESOLUTION", Kind.RESOLUTION, close_count, ("DAY_SHOT", "VOTE_LAST_WORDS", "NIGHT"), rank=7,
          waits=Waits.NOBODY),
    Phase("DAY_SHOT", Kind.WINDOW, close_shot, ("VOTE_LAST_WORDS", "NIGHT"), rank=7, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.QUESTION})),
    Phase("VOTE_LAST_WORDS", Kind.WINDOW, close_vote_words, ("NIGHT",), rank=8, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
)

LANDMARKS = Landmarks(night="NIGHT", vote="VOTE", day="DAY", night_first=True, later=("WITCH",))
"""Where a judge scenario's steps land: night N's actions in ``NIGHT`` (the witch's wait for ``WITCH``),
day N's posts in ``DAY`` and its ballots in ``VOTE``; night N comes before day N."""
