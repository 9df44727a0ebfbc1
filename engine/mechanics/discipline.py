"""Discipline: the categories a game enforces (option ``discipline``) and a warning, written once.

Every rule set with an enforceable discipline reads option ``discipline`` the same way: ``True``
(every category), ``False`` or none (none: the judge console's default), or a list of categories,
each by id or by another name the rule set accepts (umineko32's Chinese ones); and it warns a seat
with a public ``Warned`` carrying the seat's count so far. What earns a warning and what the count
does (drowning, a substitute, sending off) are each rule set's; a rule set passes its own refusal of
an unknown category so that each keeps its own error texts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.events import PUBLIC, Warned
from engine.table.state import TableState

if TYPE_CHECKING:
    from engine.game import Game


def categories(value: Any, known: Sequence[str], unknown: Callable[[list[Any]], Exception], *,
               names: Mapping[str, str] | None = None) -> list[str]:
    """The categories option value ``value`` switches on (each named by id or by one of ``names``);
    ``unknown`` makes the refusal of the items that are none of ``known``, in the order given."""
    if value is True:
        return list(known)
    if value is False or value is None:
        return []
    chosen = [(names or {}).get(item, item) for item in value]
    wrong = [item for item, category in zip(value, chosen, strict=True) if category not in known]
    if wrong:
        raise unknown(wrong)
    return chosen


def enabled(game: Game, category: str) -> bool:
    """Whether the game enforces ``category`` (option ``discipline``, as ``categories`` read it)."""
    return category in game.state.options.get("discipline", [])


def warn(game: Game, seat: int, reason: str, points: int = 1) -> None:
    """A public warning of ``seat`` for ``reason``, carrying its count with ``points`` added (a penalty
    of several points at once: majiasha2's D-28)."""
    record = cast(TableState[Any], game.state).seats[seat]
    game.emit(Warned, PUBLIC, seat=seat, reason=reason, count=record.warnings + points)
