"""The discipline the software can enforce (spec §5): warnings and drowning.

Option ``discipline`` turns categories on: ``True`` (all), ``False`` (none, as judge scenarios
default), or a list of ``silence`` (未发言), ``no_vote`` (未投票), ``blue`` (蓝字), ``curfew`` (宵禁).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mechanics.discipline import categories, enabled, warn
from engine.rulesets.umineko32.errors import setup_error
from engine.rulesets.umineko32.flow import st

if TYPE_CHECKING:
    from engine.game import Game

CATEGORIES = {"silence": "未发言", "no_vote": "未投票", "blue": "蓝字", "curfew": "宵禁"}
_BY_ZH = {zh: cat for cat, zh in CATEGORIES.items()}


def normalise(value: Any) -> list[str]:
    """The categories switched on by an option value (by id or Chinese name); an unknown one is refused."""
    known = [f"{c}（{z}）" for c, z in CATEGORIES.items()]
    return categories(value, list(CATEGORIES), lambda wrong: setup_error("unknown_discipline", item=repr(wrong[0]),
                                                                          known=known), names=_BY_ZH)


def warn_day_end(game: Game, *, with_vote: bool) -> None:
    """At the day's last speech phase: warn the silent (A-38) and, on a vote day, the non-voters."""
    s = st(game)
    for seat in s.alive():
        piece = s.seats[seat]
        if enabled(game, "silence") and piece.posts_today == 0:
            warn(game, seat, "silence")
        if with_vote and enabled(game, "no_vote") and not piece.voted_today:
            warn(game, seat, "no_vote")
