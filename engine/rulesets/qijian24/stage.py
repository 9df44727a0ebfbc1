"""The three vote stages counted (spec §2.4) and the day privileges applied at the close (§2.5).

Pure functions of the final ballots and the order they were cast in: no events, no state. Every
threshold is an exact integer comparison against ``n``, the living count at the close (C-24).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.rulesets.qijian24.names import NIGHT, STAGE2, STAGE3


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a stage's close decides: who is out (None: nobody), what opens next, and for whom."""

    out: int | None
    next: str
    candidates: tuple[int, ...] = ()
    all_suspects: bool = False
    changed: bool = False


def tally(votes: dict[int, int | None]) -> dict[int, int]:
    """Votes per candidate (abstentions count for nobody)."""
    counts: dict[int, int] = {}
    for target in votes.values():
        if target is not None:
            counts[target] = counts.get(target, 0) + 1
    return counts


def reached(ballots: Sequence[tuple[int, int | None]], final: dict[int, int]) -> dict[int, int]:
    """For each candidate, the ballot index at which it first reached its final count (先达高票者)."""
    current: dict[int, int | None] = {}
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for i, (seat, target) in enumerate(ballots):
        old = current.get(seat)
        if old is not None:
            counts[old] -= 1
        current[seat] = target
        if target is not None:
            counts[target] = counts.get(target, 0) + 1
            if counts[target] == final.get(target) and target not in first:
                first[target] = i
    return first


def ranking(counts: dict[int, int], first: dict[int, int]) -> list[int]:
    """Candidates with votes, most votes first; a tie goes to who reached that count first."""
    return sorted((p for p, v in counts.items() if v > 0), key=lambda p: (-counts[p], first.get(p, 0)))


def suspect_bar(day: int, v: int, n: int) -> bool:
    """Stage 1's lower bound: day 1 more than 20%, day 2 more than 10%, later any vote (C-25)."""
    if day == 1:
        return 5 * v > n
    if day == 2:
        return 10 * v > n
    return v >= 1


def stage1(day: int, n: int, counts: dict[int, int]) -> Outcome:
    """A majority is out at once; else the suspects (fewer than two: everyone) go to Stage 2."""
    top = next((p for p, v in counts.items() if 2 * v > n), None)
    if top is not None:
        return Outcome(top, NIGHT)
    return _to_stage2(_suspects(day, n, counts))


def _to_stage2(suspects: tuple[int, ...], changed: bool = False) -> Outcome:
    if len(suspects) < 2:
        return Outcome(None, STAGE2, (), True, changed)
    return Outcome(None, STAGE2, suspects, False, changed)


def stage2(n: int, counts: dict[int, int], all_suspects: bool) -> Outcome:
    """Among some suspects: the single top is out, a tie goes to Stage 3. Among all: only a majority."""
    if all_suspects:
        top = next((p for p, v in counts.items() if 2 * v > n), None)
        return Outcome(top, NIGHT)
    best = max(counts.values(), default=0)
    if best == 0:
        return Outcome(None, NIGHT)
    tied = tuple(sorted(p for p, v in counts.items() if v == best))
    return Outcome(tied[0], NIGHT) if len(tied) == 1 else Outcome(None, STAGE3, tied)


def stage3(counts: dict[int, int]) -> Outcome:
    """The run-off: a single top with at least one vote is out; a tie puts nobody out."""
    best = max(counts.values(), default=0)
    tied = [p for p, v in counts.items() if v == best]
    return Outcome(tied[0] if best >= 1 and len(tied) == 1 else None, NIGHT)


def exempt(stage: int, raw: Outcome, order: list[int], *, all_suspects: bool, day: int, n: int,
           counts: dict[int, int]) -> Outcome:
    """日月剑 (C-23): the top vote-getter is spared. In Stage 2 (some suspects) and Stage 3 the second is
    out instead, if it has a vote, a Stage 2 tie included (no run-off then); in Stage 1 and Stage 2-ALL
    nobody is out, and Stage 1 goes on to Stage 2 with the suspects as usual."""
    if not order:
        return raw
    top, second = order[0], (order[1] if len(order) > 1 else None)
    substitute = second if second is not None and counts.get(second, 0) >= 1 else None
    if raw.out == top:
        if stage == 1:
            return _to_stage2(_suspects(day, n, counts), changed=True)
        if stage == 2 and all_suspects:
            return Outcome(None, NIGHT, changed=True)
        return Outcome(substitute, NIGHT, changed=True)
    if stage == 2 and raw.next == STAGE3 and top in raw.candidates:
        return Outcome(substitute, NIGHT, changed=True)
    return raw


def _suspects(day: int, n: int, counts: dict[int, int]) -> tuple[int, ...]:
    return tuple(sorted(p for p, v in counts.items() if suspect_bar(day, v, n) and 2 * v <= n))


def immunity(stage: int, result: Outcome, protected: int | None, day: int, n: int, counts: dict[int, int]) -> Outcome:
    """禁武使者 (C-22): if the player about to be out is protected, nobody is out in this stage; Stage 1
    goes on to Stage 2, Stages 2 and 3 to the night. No substitution."""
    if protected is None or result.out != protected:
        return result
    if stage == 1:
        return _to_stage2(_suspects(day, n, counts), changed=True)
    return Outcome(None, NIGHT, changed=True)
