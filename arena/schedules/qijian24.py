"""The judge schedule of qijian24: a day of up to three vote stages, then the night and its last words.

A day step's ``actions`` and ``votes`` fall in Stage 1 (试探性投票); ``stage_votes`` and
``stage_actions`` reach Stages 2 (可疑者辩论投票) and 3 (高票对决投票) when the count opens them. A
second change of vote in one stage is void (每次投票只允许改票1次，超过1次的改票无效; an abstention counts
as a vote or a change): the settlement records it and the seat's earlier ballot stands
(``Schedule.void_ballots``).
"""

from __future__ import annotations

from typing import Any

from arena.scenario import Schedule

RANKS = {"SETUP": 0, "STAGE1": 1, "STAGE2": 2, "STAGE3": 3, "NIGHT": 4, "LAST_WORDS": 5}


def _rank(state: Any) -> int:
    return RANKS[state.phase]


SCHEDULE = Schedule(
    setup="SETUP", night="NIGHT", vote="STAGE1", first_vote_day=1,
    day_first=lambda day: "STAGE1",
    rank=_rank, rank_of=RANKS,
    night_phases=frozenset({"SETUP", "NIGHT", "LAST_WORDS"}),
    asides=frozenset(),
    draws=frozenset({"暗杀", "独杀暗杀"}),
    seat_options={},
    stages={1: "STAGE1", 2: "STAGE2", 3: "STAGE3"},
    noted_draws=frozenset({"暗杀", "独杀暗杀"}),
    void_ballots={"vote_change_limit": "void"},
)
