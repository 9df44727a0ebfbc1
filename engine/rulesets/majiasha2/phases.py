"""majiasha2's timetable as data (spec §2.1, ``engine.table.phases``): night 0, then day N and night N.

Night 0 holds cupid's arrow (``CUPID``, where the row has a cupid), the elder elections (``ELECT``)
and the appointments (``APPOINT``, from 12 seats). Day N: the morning's announcement as ``DAY``
opens, the discussion, the ``VOTE`` (day 1 elects the sheriff), the vote-outs' last words, the
sheriff's successor if the sheriff went out. Night N: steps 1 (``GUARD``), 2 (``PIPER``), 3&4
(``STRIKE``: seer and killers by confirm time), 5 (``WITCH``, opened with 通灵), the end of night
(``DAWN``), its last words and their redaction, the successor again. Each close (``day``, ``night``,
``night0``) returns the phase that follows.
"""

from __future__ import annotations

from engine.rulesets.majiasha2.day import (
    announce_morning,
    close_day,
    close_succession,
    close_vote,
    close_vote_last_words,
)
from engine.rulesets.majiasha2.names import (
    APPOINT,
    ARROW,
    CONFIRM,
    KILL,
    PIPE,
    POTION,
    PROPHECY,
    SHIELD,
    SOUNDPROOF,
    Ph,
)
from engine.rulesets.majiasha2.night import after_words, close_last_words, close_step, dawn, tongling
from engine.rulesets.majiasha2.night0 import close_appoint, close_cupid, close_election
from engine.rulesets.majiasha2.state import MajiaState
from engine.rulesets.majiasha2.table import SIZES, row
from engine.table.phases import Kind, Landmarks, Phase, PhaseTable, Tag, Waits

_NIGHT0 = frozenset({Tag.SETUP})
_ACTION = frozenset({Tag.NIGHT_ACTION})
_WORDS = frozenset({Tag.LAST_WORDS})
_NIGHT_LATER = (Ph.LAST_WORDS, Ph.SUCCESSION, Ph.DAY)

PHASES = PhaseTable(
    Phase(Ph.SETUP, Kind.RESOLUTION, night=True, waits=Waits.NOBODY, tags=_NIGHT0),
    Phase(Ph.CUPID, Kind.WINDOW, close_cupid, (Ph.ELECT,), night=True, waits=Waits.LISTED, secret=True, tags=_NIGHT0),
    Phase(Ph.ELECT, Kind.WINDOW, close_election, (Ph.APPOINT, Ph.DAY), night=True, waits=Waits.LISTED, secret=True,
          tags=_NIGHT0 | {Tag.VOTE}),
    Phase(Ph.APPOINT, Kind.WINDOW, close_appoint, (Ph.DAY,), night=True, waits=Waits.LISTED, secret=True,
          tags=_NIGHT0),
    Phase(Ph.DAY, Kind.WINDOW, close_day, (Ph.VOTE,), opens=announce_morning, tags=frozenset({Tag.SPEECH})),
    Phase(Ph.VOTE, Kind.WINDOW, close_vote, (Ph.VOTE_LAST_WORDS, Ph.SUCCESSION, Ph.GUARD), rank=1,
          tags=frozenset({Tag.VOTE})),
    Phase(Ph.VOTE_LAST_WORDS, Kind.WINDOW, close_vote_last_words, (Ph.SUCCESSION, Ph.GUARD), rank=2,
          waits=Waits.LISTED, tags=_WORDS),
    Phase(Ph.GUARD, Kind.WINDOW, close_step, (Ph.PIPER,), night=True, rank=4, waits=Waits.LISTED, secret=True,
          tags=_ACTION | {Tag.DAY_END}),
    Phase(Ph.PIPER, Kind.WINDOW, close_step, (Ph.STRIKE,), night=True, rank=5, waits=Waits.LISTED, secret=True,
          tags=_ACTION),
    Phase(Ph.STRIKE, Kind.WINDOW, close_step, (Ph.WITCH,), night=True, rank=6, waits=Waits.LISTED, secret=True,
          tags=_ACTION),
    Phase(Ph.WITCH, Kind.WINDOW, close_step, (Ph.DAWN,), night=True, rank=7, waits=Waits.LISTED, secret=True,
          opens=tongling, tags=_ACTION),
    Phase(Ph.DAWN, Kind.RESOLUTION, dawn, _NIGHT_LATER, night=True, rank=8, waits=Waits.NOBODY),
    Phase(Ph.LAST_WORDS, Kind.WINDOW, close_last_words, (Ph.REDACT, Ph.SUCCESSION, Ph.DAY), night=True, rank=9,
          waits=Waits.LISTED, tags=_WORDS),
    Phase(Ph.REDACT, Kind.WINDOW, after_words, (Ph.SUCCESSION, Ph.DAY), night=True, rank=10, waits=Waits.LISTED,
          secret=True, tags=frozenset({Tag.QUESTION})),
    Phase(Ph.SUCCESSION, Kind.WINDOW, close_succession, (Ph.DAY, Ph.GUARD), rank=11, waits=Waits.LISTED, secret=True,
          tags=frozenset({Tag.QUESTION})),
)

SUCCESSION_BY_DAY = 3
"""The successor's rank when the sheriff went out by day (between the vote's last words and the night)."""


def rank(state: MajiaState) -> int:
    """A phase's rank in the judge's game day; the successor asked by day ranks before the night."""
    if state.phase == Ph.SUCCESSION and state.night != state.day:
        return SUCCESSION_BY_DAY
    return PHASES[state.phase].rank


LANDMARKS = Landmarks(
    night=Ph.GUARD, vote=Ph.VOTE, day=Ph.DAY, setup=Ph.CUPID, note_defaults=False,
    draws=("爱神之箭", "长老A", "长老B", "长老C", "任命A", "任命B", "任命C", "警长", "警长继任"),
    windows={ARROW: Ph.CUPID, APPOINT: Ph.APPOINT, SHIELD: Ph.GUARD, SOUNDPROOF: Ph.GUARD, PIPE: Ph.PIPER,
             PROPHECY: Ph.STRIKE, KILL: Ph.STRIKE, POTION: Ph.WITCH, CONFIRM: ""},
    setup_votes=Ph.ELECT, rank=rank, sizes=SIZES, roster=lambda n: row(n).counts(),
    defaults={"爱神之箭": "cupid gave no arrow (a forced skill): the pair was drawn",
              "长老": "no election ballot counted: the elder was drawn (D-24)",
              "任命": "the elder named nobody for this post: drawn (§1.5.5)",
              "警长": "no sheriff ballot counted: the sheriff was drawn",
              "警长继任": "no successor named (or the sheriff was sent off): drawn (D-35)"},
)
"""Where a judge scenario's steps land: night 0 from ``CUPID`` (its ballots elect the elders), night
N's actions each in its step's window from ``GUARD``, day N's posts in ``DAY`` and its ballots in
``VOTE``; day N comes before night N. The judge's closing notes name each draw the engine made where
nobody chose (``defaults``: the rule behind each)."""
