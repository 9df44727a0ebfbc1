"""Counting ballots: \"最先达到最高票\" (first to reach the top count) and the sheriff's tie rule.

A shared mechanic: ballots are replayed in the order cast, a later ballot of the same voter replaces
its earlier one, each ballot has a weight (the sheriff's counts 3).
"""

from __future__ import annotations

from collections.abc import Sequence

Ballot = tuple[int, int | None, int]
"""(voter, target or None for an abstention, weight)."""


def totals(ballots: Sequence[Ballot]) -> dict[int, int]:
    """The final count per target, a voter's last ballot counting."""
    last: dict[int, tuple[int | None, int]] = {}
    for voter, target, weight in ballots:
        last[voter] = (target, weight)
    out: dict[int, int] = {}
    for target, weight in last.values():
        if target is not None:
            out[target] = out.get(target, 0) + weight
    return out


def top(ballots: Sequence[Ballot]) -> list[int]:
    """The targets tied at the highest final count (empty without a single counted ballot)."""
    counts = totals(ballots)
    if not counts:
        return []
    best = max(counts.values())
    return sorted(t for t, n in counts.items() if n == best)


def first_to_top(ballots: Sequence[Ballot]) -> int | None:
    """Among the targets tied at the top, the first whose running count reached that top."""
    tied = top(ballots)
    if not tied:
        return None
    best = totals(ballots)[tied[0]]
    running: dict[int, int] = {}
    current: dict[int, tuple[int | None, int]] = {}
    for voter, target, weight in ballots:
        old = current.get(voter)
        if old is not None and old[0] is not None:
            running[old[0]] -= old[1]
        current[voter] = (target, weight)
        if target is not None:
            running[target] = running.get(target, 0) + weight
            if target in tied and running[target] >= best:
                return target
    return tied[0]


def sheriff_rule(ballots: Sequence[Ballot], sheriff_choice: int | None) -> int | None:
    """Day ≥ 2: the single top target goes out; tied, the sheriff's choice if among them, else nobody (D-36)."""
    tied = top(ballots)
    if len(tied) == 1:
        return tied[0]
    return sheriff_choice if sheriff_choice in tied else None
