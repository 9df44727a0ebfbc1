"""How ``arena judge`` drives suitang21: its phases in the order of one game day.

Day N is one window of speech and voting (``votes`` of day 1 elect the sheriff); night N has two
windows, the first wave and the witch's (her 救药/毒药 wait for it, after 通灵). A reactive question
(最后一枪, 殉职) belongs to the close or night resolution it interrupts. Cards (``cards``) are
given through the rule set and applied at the next close or night resolution. A ballot for a seat
without a reason is a spoiled ballot (投票格式有误的投票将算作废票), a change beyond the day's limit or after
acceleration is void (the first ballot stands): the settlement records both (``Schedule.void_ballots``).
"""

from __future__ import annotations

from typing import Any

from arena.scenario import Schedule
from engine.rulesets.suitang21.flow import give_card

RANKS = {
    "SETUP": 0, "DAY": 1, "CLOSE": 2, "VOTE_LAST_WORDS": 3, "NIGHT": 4, "WITCH": 5, "NIGHT_RESOLUTION": 6,
    "LAST_WORDS": 7, "DAWN": 8,
}


def rank(state: Any) -> int:
    """A question ranks with the resolution it interrupts."""
    phase = state.phase
    return RANKS[state.resume if phase == "REACT" else phase]


SCHEDULE = Schedule(
    setup="SETUP", night="NIGHT", vote="DAY", first_vote_day=1,
    day_first=lambda day: "DAY",
    rank=rank, rank_of=RANKS,
    night_phases=frozenset({"SETUP", "NIGHT", "WITCH", "NIGHT_RESOLUTION", "LAST_WORDS", "DAWN"}),
    asides=frozenset({"REACT"}),
    draws=frozenset({"丘比特之箭", "警长继承", "警长平票"}),
    seat_options={},
    later=frozenset({"WITCH"}),
    cards=give_card,
    note_defaults=True,
    void_ballots={"vote_needs_reason": "spoiled", "vote_changes_used": "void", "vote_after_acceleration": "void"},
)
