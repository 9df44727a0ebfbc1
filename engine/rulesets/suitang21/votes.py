"""Vote counting (spec §2.4–2.5): ballots in force, the ×2 sheriff, first-to-reach, the tie rule.

Pure functions over the state (plus one recorded draw under the ``random`` tie flag), written so
that the sheriff election and its ×2 ballot could move to a shared mechanics module.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.rulesets.suitang21.state import SuitangState

if TYPE_CHECKING:
    from engine.game import Game

Ballot = tuple[int, int | None]


def ballots_in_force(s: SuitangState) -> list[Ballot]:
    """The valid ballots in the order cast; after acceleration only each voter's first one (B-37).
    A voter or target out since (a red card) is void (B-33)."""
    ballots = s.ballots
    if s.accelerated and s.flags.get("suitang.acceleration_voids_changes", True):
        seen: set[int] = set()
        firsts = []
        for seat, target in ballots:
            if seat not in seen:
                seen.add(seat)
                firsts.append((seat, target))
        ballots = firsts
    return [(seat, t) for seat, t in ballots if s.roles[seat].alive and (t is None or s.roles[t].alive)]


def weight(s: SuitangState, seat: int) -> int:
    """带队: the sheriff's ballot counts 2."""
    return 2 if s.sheriff == seat else 1


def standing(ballots: list[Ballot]) -> dict[int, int | None]:
    """Each voter's ballot at the end (a later ballot replaces an earlier one)."""
    return dict(ballots)


def tally(s: SuitangState, ballots: list[Ballot]) -> Counter[int]:
    """Votes per target at close, with the sheriff's weight (abstentions count for no one)."""
    counts: Counter[int] = Counter()
    for seat, target in standing(ballots).items():
        if target is not None:
            counts[target] += weight(s, seat)
    return counts


def reached_at(s: SuitangState, ballots: list[Ballot]) -> dict[int, int]:
    """For each candidate, the index of the last ballot that changed its tally: from then on it held
    its final count until close (B-31)."""
    current: dict[int, int | None] = {}
    last: dict[int, int] = {}
    for index, (seat, target) in enumerate(ballots):
        previous = current.get(seat)
        if previous is not None:
            last[previous] = index
        current[seat] = target
        if target is not None:
            last[target] = index
    return last


def elected(game: Game, counts: Counter[int]) -> int | None:
    """Day 1: the most-voted role is sheriff; a tie goes by flag B-31 (first to reach, random, none)."""
    from engine.rulesets.suitang21.flow import st

    s = st(game)
    tied = top(counts)
    if len(tied) <= 1:
        return tied[0] if tied else None
    rule = s.flags.get("suitang.sheriff_tie", "first_to_reach")
    if rule == "none":
        return None
    if rule == "random":
        return int(game.draw("警长平票", lambda r: r.choice(tied), pin_ok=lambda v: v in tied))
    last = reached_at(s, ballots_in_force(s))
    return min(tied, key=lambda seat: last.get(seat, -1))


def top(counts: Counter[int]) -> list[int]:
    """The candidates with the most votes (none when nobody has a vote)."""
    most = max(counts.values(), default=0)
    return sorted(seat for seat, n in counts.items() if n == most) if most > 0 else []


def eliminated(s: SuitangState, counts: Counter[int]) -> int | None:
    """Day ≥2: the single most-voted role; on a tie the one the sheriff voted for, else nobody (B-32)."""
    tied = top(counts)
    if len(tied) == 1:
        return tied[0]
    sheriff = s.sheriff
    if sheriff is None or not s.roles[sheriff].alive:
        return None
    choice = standing(ballots_in_force(s)).get(sheriff)
    return choice if choice in tied else None
