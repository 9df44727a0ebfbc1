"""The identity table of spec §1.2: what each player count from 9 to 26 deals, and the HP."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.errors import SetupError
from engine.rulesets.majiasha2.names import CUPID, ELDER, GUARD, KILLER, PIPER, SEER, WITCH

SIZES = tuple(range(9, 27))
DEFAULT_SIZE = 12


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the table: per-faction counts (A, B and C each get these) and the loose seats."""

    n: int
    killers: int
    seer: bool
    witch: bool
    guard: bool
    cupid: bool
    piper: bool

    @property
    def per_faction(self) -> int:
        return self.killers + 1 + self.seer + self.witch + self.guard

    @property
    def base_hp(self) -> int:
        """Base HP = initial killers per faction (D-02); elder and piper have twice that."""
        return self.killers

    def hp(self, role: str) -> int:
        return 2 * self.base_hp if role in (ELDER, PIPER) else self.base_hp

    def appointed(self) -> tuple[str, ...]:
        """What an elder appoints in this row, in the order of its 任命 targets (``_appointed``)."""
        return _appointed(self.seer, self.witch, self.guard)

    def counts(self) -> dict[str, int]:
        """Identity totals over the whole table (the roster a judge scenario must list)."""
        out = {ELDER: 3, KILLER: 3 * self.killers}
        out.update({r: 3 for r in self.appointed()})
        out.update({r: 1 for r, on in ((CUPID, self.cupid), (PIPER, self.piper)) if on})
        return out


@lru_cache(maxsize=8)
def _appointed(seer: bool, witch: bool, guard: bool) -> tuple[str, ...]:
    """The identities an elder appoints, in the order of its 任命 targets: one tuple for each row shape."""
    return tuple(r for r, on in ((SEER, seer), (WITCH, witch), (GUARD, guard)) if on)


def row(n: int) -> Row:
    """The row for ``n`` players; outside 9..26 a ``SetupError`` says what is supported."""
    if n not in SIZES:
        raise SetupError("size_unsupported", ruleset="majiasha2", count=n)
    return _row(n)


@lru_cache(maxsize=2 * len(SIZES), typed=True)
def _row(n: int) -> Row:
    """One frozen row per size (the fold asks it at every identity dealt, the night-0 templates at every turn)."""
    loose = (n - 9) % 3
    killers = 2 + (n >= 15) + (n >= 21)
    return Row(n, killers, seer=n >= 12, witch=n >= 18, guard=n >= 24, cupid=loose >= 1, piper=loose == 2)
