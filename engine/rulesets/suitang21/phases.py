"""suitang21's timetable as data (``engine.table.phases``): one game day is a day, then a night.

Day N is one open window of speech and voting (``DAY``; day 1's ballots elect the sheriff), closed
into ``CLOSE``'s count and the day's last words; night N has two waves (``NIGHT``, then the witch's
``WITCH``, told the kill by 通灵 as it opens), its ``NIGHT_RESOLUTION``, the night's last words and
``DAWN``. Night 0 is Cupid's ``SETUP``. A question (最后一枪, 殉职: ``REACT``) interrupts the
resolution that asked it and ranks with it.
"""

from __future__ import annotations

from engine.rulesets.suitang21 import day, night, resolution, setup
from engine.rulesets.suitang21.flow import give_card
from engine.rulesets.suitang21.names import (
    CLOSE,
    DAWN,
    DAY,
    DAY_WORDS,
    NIGHT,
    NIGHT_RESOLUTION,
    NIGHT_WORDS,
    REACT,
    SETUP,
    WITCH_WAVE,
)
from engine.table import Kind, Landmarks, Phase, PhaseTable, Tag, Waits

_AFTER_CLOSE = (REACT, DAY_WORDS, NIGHT)
_AFTER_NIGHT = (REACT, NIGHT_WORDS, DAWN)

PHASES = PhaseTable(
    Phase(SETUP, Kind.WINDOW, setup.close_setup, (DAY,), night=True, rank=0, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.SETUP})),
    Phase(DAY, Kind.WINDOW, day.close_day, (CLOSE,), rank=1, tags=frozenset({Tag.SPEECH, Tag.VOTE})),
    Phase(CLOSE, Kind.RESOLUTION, resolution.close_count, _AFTER_CLOSE, rank=2, waits=Waits.NOBODY),
    Phase(DAY_WORDS, Kind.WINDOW, day.close_words, (NIGHT,), rank=3, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
    Phase(NIGHT, Kind.WINDOW, night.close_night, (WITCH_WAVE,), night=True, rank=4, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.NIGHT_ACTION, Tag.DAY_END})),
    Phase(WITCH_WAVE, Kind.WINDOW, night.close_witch, (NIGHT_RESOLUTION,), night=True, rank=5, waits=Waits.LISTED,
          secret=True, tags=frozenset({Tag.NIGHT_ACTION}), opens=night.tongling),
    Phase(NIGHT_RESOLUTION, Kind.RESOLUTION, resolution.close_night, _AFTER_NIGHT, night=True, rank=6,
          waits=Waits.NOBODY),
    Phase(NIGHT_WORDS, Kind.WINDOW, night.close_words, (DAWN,), night=True, rank=7, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
    Phase(DAWN, Kind.RESOLUTION, night.close_dawn, (DAY,), night=True, rank=8, waits=Waits.NOBODY),
    Phase(REACT, Kind.WINDOW, resolution.close_react, (*_AFTER_CLOSE, *_AFTER_NIGHT), waits=Waits.LISTED,
          secret=True, aside=True, tags=frozenset({Tag.QUESTION})),
)

LANDMARKS = Landmarks(
    night=NIGHT, vote=DAY, day=DAY, setup=SETUP, later=(WITCH_WAVE,), draws=("丘比特之箭", "警长继承", "警长平票"),
    cards=give_card,
    void_ballots={"vote_needs_reason": "spoiled", "vote_changes_used": "void", "vote_after_acceleration": "void"},
)
"""Where a judge scenario's steps land: night N's actions in ``NIGHT`` (the witch's 救药/毒药 wait for
her wave, after 通灵), day N's posts and ballots in ``DAY`` (day 1's elect the sheriff), night 0's in
``SETUP``; cards are given through the rule set and applied at the next close or night resolution.
A ballot for a seat without a reason is spoiled (投票格式有误的投票将算作废票), a change beyond the day's
limit or after acceleration void (the first ballot stands): the settlement records both."""
