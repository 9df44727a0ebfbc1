"""The discipline the software can enforce (spec §5): warnings and drowning.

Option ``discipline`` turns categories on: ``True`` (all), ``False`` (none, as judge scenarios
default), or a list of ``silence`` (未发言), ``no_vote`` (未投票), ``blue`` (蓝字), ``curfew`` (宵禁).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import PUBLIC, Warned
from engine.rulesets.umineko32.errors import setup_error
from engine.rulesets.umineko32.flow import st

if TYPE_CHECKING:
    from engine.game import Game

CATEGORIES = {"silence": "未发言", "no_vote": "未投票", "blue": "蓝字", "curfew": "宵禁"}
_BY_ZH = {zh: cat for cat, zh in CATEGORIES.items()}


def normalise(value: Any) -> list[str]:
    """The categories switched on by an option value; unknown names are an error."""
    if value is True:
        return list(CATEGORIES)
    if value is False or value is None:
        return []
    out = []
    for item in value:
        cat = _BY_ZH.get(item, item)
        if cat not in CATEGORIES:
            raise setup_error("unknown_discipline", item=repr(item), known=[f"{c}（{z}）" for c, z in CATEGORIES.items()])
        out.append(cat)
    return out


def enabled(game: Game, category: str) -> bool:
    return category in st(game).options.get("discipline", [])


def warn(game: Game, seat: int, reason: str) -> None:
    """One public warning; the fold schedules drowning when the count reaches the limit."""
    piece = st(game).seats[seat]
    game.emit(Warned, PUBLIC, seat=seat, reason=reason, count=piece.warnings + 1)


def warn_day_end(game: Game, *, with_vote: bool) -> None:
    """At the day's last speech phase: warn the silent (A-38) and, on a vote day, the non-voters."""
    s = st(game)
    for seat in s.alive():
        piece = s.seats[seat]
        if enabled(game, "silence") and piece.posts_today == 0:
            warn(game, seat, "silence")
        if with_vote and enabled(game, "no_vote") and not piece.voted_today:
            warn(game, seat, "no_vote")
