"""qijian24's timetable as data (spec §2.1, ``engine.table.phases``): the game starts with a day.

Day N is up to three vote stages (``STAGE1`` 试探性投票, ``STAGE2`` 可疑者辩论投票, ``STAGE3`` 高票对决投票:
posts are free in each, so they are windows, not turns), then night N (``NIGHT``: the skill holders
and the vote victims owing last words, told to the judge alone), then ``LAST_WORDS`` for the night's
victims, then day N+1. A stage's close decides which comes next (``vote.close_stage``).
"""

from __future__ import annotations

from engine.rulesets.qijian24.names import LAST_WORDS, NIGHT, SETUP, STAGE1, STAGE2, STAGE3, STAGES
from engine.rulesets.qijian24.night import close_last_words, close_night
from engine.rulesets.qijian24.vote import close_stage
from engine.table.phases import Kind, Landmarks, Phase, PhaseTable, Tag, Waits

VOTE = frozenset({Tag.VOTE, Tag.SPEECH})

PHASES = PhaseTable(
    Phase(STAGE1, Kind.WINDOW, close_stage, (STAGE2, NIGHT), rank=1, living_only=True, tags=VOTE),
    Phase(STAGE2, Kind.WINDOW, close_stage, (STAGE3, NIGHT), rank=2, living_only=True, tags=VOTE),
    Phase(STAGE3, Kind.WINDOW, close_stage, (NIGHT,), rank=3, living_only=True, tags=VOTE),
    Phase(NIGHT, Kind.WINDOW, close_night, (LAST_WORDS, STAGE1), night=True, rank=4, waits=Waits.LISTED,
          secret=True, tags=frozenset({Tag.NIGHT_ACTION, Tag.LAST_WORDS, Tag.DAY_END})),
    Phase(LAST_WORDS, Kind.WINDOW, close_last_words, (STAGE1,), night=True, rank=5, waits=Waits.LISTED,
          tags=frozenset({Tag.LAST_WORDS})),
)

LANDMARKS = Landmarks(night=NIGHT, vote=STAGE1, day=STAGE1, setup=SETUP, stages=STAGES,
                      draws=("暗杀", "独杀暗杀"), noted_draws=("暗杀", "独杀暗杀"),
                      void_ballots={"vote_change_limit": "void"}, note_defaults=False)
"""Where a judge scenario's steps land: day N's actions and ballots in Stage 1 (``stage_votes`` and
``stage_actions`` reach Stages 2 and 3 when the count opens them), night N's actions in ``NIGHT``.
``SETUP`` is night 0 (rank 0: nothing is asked then). A second change of vote in one stage is void
(每次投票只允许改票1次，超过1次的改票无效): the settlement records it and the earlier ballot stands. A
mandatory kill nobody gave is drawn at random, and the closing notes name it."""
