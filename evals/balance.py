"""Rule balance: how often each side wins under each setting of a rule set's flags, from self-play.

Every setting plays the same deals (seeds), so a difference between two settings is paired deal by
deal, and its interval comes from one bootstrap over the deals (``evals.clustered``): a side's
outcome is one per game, the game is the cluster. A deal the setting could not finish counts in
no rate (its game has no winner) and the table says how many finished.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evals.clustered import DEFAULT_RESAMPLES, Bootstrap, Estimate, Sums


@dataclass(frozen=True, slots=True)
class Outcome:
    """One self-play game: its setting, its deal, its sides (dealt factions) and its winners (None:
    unfinished)."""

    setting: int
    deal: int
    sides: tuple[str, ...]
    winners: tuple[str, ...] | None
    days: int = 0


@dataclass(frozen=True, slots=True)
class BalanceRow:
    setting: int
    flags: dict[str, Any]
    side: str
    rate: Estimate
    versus_default: Estimate | None
    """The rate minus the first setting's, paired by deal (None for the first setting)."""
    games: int
    finished: int


def balance(settings: Sequence[dict[str, Any]], outcomes: Sequence[Outcome], *, resamples: int = DEFAULT_RESAMPLES,
            seed: int = 0) -> list[BalanceRow]:
    """Per setting and side: the side's win rate, and its difference from setting 0's."""
    boot = Bootstrap(sorted({o.deal for o in outcomes}), resamples, seed)
    sides = sorted({s for o in outcomes for s in o.sides})
    rows = []
    for i, flags in enumerate(settings):
        mine = [o for o in outcomes if o.setting == i]
        finished = [o for o in mine if o.winners is not None]
        for side in sides:
            sums = _wins(boot, finished, side)
            if not sums.den.any():
                continue
            versus = None
            if i > 0:
                base = [o for o in outcomes if o.setting == 0 and o.winners is not None]
                versus = boot.difference(sums, _wins(boot, base, side))
            rows.append(BalanceRow(i, dict(flags), side, boot.ratio(sums), versus, len(mine), len(finished)))
    return rows


def _wins(boot: Bootstrap, outcomes: Sequence[Outcome], side: str) -> Sums:
    return boot.sums((o.deal, 1.0 if side in (o.winners or ()) else 0.0, 1.0) for o in outcomes if side in o.sides)
