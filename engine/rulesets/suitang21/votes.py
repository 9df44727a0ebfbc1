"""Vote counting (spec §2.4–2.5) on the shared ballots (``engine.mechanics.ballots``): the ×2
sheriff, acceleration's first ballots, first-to-reach as B-31 reads it, the sheriff's tie-break.

B-31's "first to reach the maximum" is the ``HELD_SINCE`` reading: the candidate that has held its
final count the longest (the last ballot that changed its tally is the earliest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.ballots import (
    Ballot,
    FirstToReach,
    first_of_each,
    first_to_reach,
    sheriff_breaks_tie,
    standing,
    top,
    weighted,
)
from engine.rulesets.suitang21.state import SuitangState

if TYPE_CHECKING:
    from engine.game import Game

TIE = FirstToReach.HELD_SINCE
"""B-31: 先达最高票者 is the one that held the top count the longest."""


def ballots_in_force(s: SuitangState) -> list[Ballot]:
    """The valid ballots in the order cast, the sheriff's counting 2 (带队); after acceleration only
    each voter's first one (B-37). A voter or target out since (a red card) is void (B-33)."""
    ballots = weighted(s.ballots, lambda seat: 2 if s.sheriff == seat else 1)
    if s.accelerated and s.flags.get("suitang.acceleration_voids_changes", True):
        ballots = first_of_each(ballots)
    return [b for b in ballots if s.seats[b[0]].alive and (b[1] is None or s.seats[b[1]].alive)]


def elected(game: Game, s: SuitangState, ballots: list[Ballot], counts: dict[int, int]) -> int | None:
    """Day 1: the most-voted role is sheriff; a tie goes by flag B-31 (first to reach, random, none)."""
    tied = top(counts)
    if len(tied) <= 1:
        return tied[0] if tied else None
    rule = s.flags.get("suitang.sheriff_tie", "first_to_reach")
    if rule == "none":
        return None
    if rule == "random":
        return int(game.draw("警长平票", lambda r: r.choice(tied), pin_ok=lambda v: v in tied))
    return first_to_reach(ballots, tied, TIE)


def eliminated(s: SuitangState, ballots: list[Ballot], counts: dict[int, int]) -> int | None:
    """Day ≥2: the single most-voted role; on a tie the one the living sheriff voted for, else nobody
    (B-32)."""
    sheriff = s.sheriff
    choice = standing(ballots).get(sheriff, (None, 0))[0] if sheriff is not None and s.seats[sheriff].alive \
        else None
    return sheriff_breaks_tie(top(counts), choice)
