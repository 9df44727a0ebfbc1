"""Win checks: each side's condition, checked together, with co-victory where the rules allow it.

A rule set lists its sides' conditions in its order of precedence; ``winners`` returns every side
whose condition holds (co-victory, umineko32 §4 and qijian24 C-31) or only the first (``exclusive``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Condition(Generic[S]):
    """A side and when it has won."""

    side: str
    holds: Callable[[S], bool]


def winners(state: S, conditions: Sequence[Condition[S]], *, exclusive: bool = False) -> list[str]:
    """The sides whose conditions hold now, in the listed order (only the first when ``exclusive``)."""
    found = [c.side for c in conditions if c.holds(state)]
    return found[:1] if exclusive else found


def all_out(alive: Callable[[int], bool], seats: Sequence[int]) -> bool:
    """Whether every one of ``seats`` is out (vacuously true for none)."""
    return not any(alive(seat) for seat in seats)
