"""Ballots: in force, weighted, counted, and the top decided, with the variants the rules name.

A ballot is (voter, target or None for an abstention, weight). Ballots are kept in the order cast;
a later ballot of the same voter replaces its earlier one (改票).

"First to reach the top count" (先达高票者 / 最先达到最高票) settles a tie between candidates with the
same final count. The rule sets read it two ways, and the difference decides real games:

* ``FirstToReach.FIRST_REACHED`` (qijian24 §2.4 先达高票者, majiasha2 D-36 最先达到最高票): the
  candidate whose running count reached its final count at the earliest ballot, even if it later
  dropped below it and came back;
* ``FirstToReach.HELD_SINCE`` (suitang21 B-31): the candidate that has *held* its final count the
  longest: the last ballot that changed its tally is the earliest.

Ballots 1→A, 2→A, 3→B, 2→B (a change), 4→A end with A 2 and B 2. A first reached 2 at the second
ballot, dropped to 1 at the fourth and came back at the fifth; B reached 2 at the fourth and held it.
FIRST_REACHED elects A; HELD_SINCE elects B.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum

Ballot = tuple[int, int | None, int]
"""(voter, target or None for an abstention, weight)."""


class FirstToReach(StrEnum):
    """The two readings of "first to reach the top count" (see the module docstring)."""

    FIRST_REACHED = "first_reached"
    HELD_SINCE = "held_since"


def weighted(ballots: Iterable[tuple[int, int | None]], weight: Callable[[int], int] = lambda _: 1) -> list[Ballot]:
    """(voter, target) ballots with each voter's weight (the sheriff's ×2 or ×3)."""
    return [(voter, target, weight(voter)) for voter, target in ballots]


def first_of_each(ballots: Sequence[Ballot]) -> list[Ballot]:
    """Each voter's first ballot only (changes void: suitang21's acceleration, B-37)."""
    seen: set[int] = set()
    out = []
    for ballot in ballots:
        if ballot[0] not in seen:
            seen.add(ballot[0])
            out.append(ballot)
    return out


def within_changes(ballots: Sequence[Ballot], limit: int) -> list[Ballot]:
    """The ballots that count under a change limit: a voter's changes beyond ``limit`` are void
    (qijian24 超过1次的改票无效); a negative limit allows any number."""
    if limit < 0:
        return list(ballots)
    cast: dict[int, int] = {}
    out = []
    for ballot in ballots:
        n = cast.get(ballot[0], 0)
        if n <= limit:
            out.append(ballot)
        cast[ballot[0]] = n + 1
    return out


def standing(ballots: Sequence[Ballot]) -> dict[int, tuple[int | None, int]]:
    """Each voter's ballot in force at the end: voter → (target, weight)."""
    return {voter: (target, w) for voter, target, w in ballots}


def totals(ballots: Sequence[Ballot]) -> dict[int, int]:
    """The final count per target (abstentions count for nobody)."""
    out: dict[int, int] = {}
    for target, w in standing(ballots).values():
        if target is not None:
            out[target] = out.get(target, 0) + w
    return out


def top(counts: Mapping[int, int]) -> list[int]:
    """The targets tied at the highest count, in seat order (none when nobody has a vote)."""
    best = max(counts.values(), default=0)
    return sorted(t for t, n in counts.items() if n == best) if best > 0 else []


def reached(ballots: Sequence[Ballot], variant: FirstToReach) -> dict[int, int]:
    """For each target with votes, the ballot index its tie-break reads (lower wins; see the module
    docstring): FIRST_REACHED, the first index at which its running count reached its final count;
    HELD_SINCE, the index of the last ballot that changed its tally."""
    final = totals(ballots)
    running: dict[int, int] = {}
    current: dict[int, tuple[int | None, int]] = {}
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for index, (voter, target, w) in enumerate(ballots):
        old = current.get(voter)
        if old is not None and old[0] is not None:
            running[old[0]] -= old[1]
            last[old[0]] = index
        current[voter] = (target, w)
        if target is not None:
            running[target] = running.get(target, 0) + w
            last[target] = index
            if target not in first and target in final and running[target] >= final[target]:
                first[target] = index
    chosen = first if variant is FirstToReach.FIRST_REACHED else last
    return {t: chosen[t] for t in final if t in chosen}


def first_to_reach(ballots: Sequence[Ballot], tied: Sequence[int], variant: FirstToReach) -> int | None:
    """Among ``tied``, the one that reached the top count first, as ``variant`` reads it."""
    if not tied:
        return None
    index = reached(ballots, variant)
    return min(tied, key=lambda t: (index.get(t, len(ballots)), t))


def ranking(ballots: Sequence[Ballot], variant: FirstToReach) -> list[int]:
    """Targets with votes, most votes first, a tie broken by ``variant`` (qijian24's stage order)."""
    counts = totals(ballots)
    index = reached(ballots, variant)
    return sorted((t for t, n in counts.items() if n > 0), key=lambda t: (-counts[t], index.get(t, 0)))


def sheriff_breaks_tie(tied: Sequence[int], sheriff_choice: int | None) -> int | None:
    """The single top target; tied, the one the sheriff voted for if among them, else nobody
    (suitang21 B-32, majiasha2 D-36)."""
    if len(tied) == 1:
        return tied[0]
    return sheriff_choice if sheriff_choice in tied else None


def majority(counts: Mapping[int, int], n: int) -> int | None:
    """The target with more than half of ``n`` votes (an exact integer comparison), if any."""
    return next((t for t, v in counts.items() if 2 * v > n), None)
