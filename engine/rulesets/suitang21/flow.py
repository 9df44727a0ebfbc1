"""Small helpers of the flow: the rule set that opens a question in the middle of a resolution, and
the cards (§5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.events import PUBLIC, Warned
from engine.rulesets.suitang21.errors import illegal
from engine.rulesets.suitang21.state import st
from engine.table import TableRuleset

if TYPE_CHECKING:
    from engine.game import Game

CARD_COLORS = ("blue", "yellow", "red")
CARD_IDS = {"蓝牌": "blue", "黄牌": "yellow", "红牌": "red"}
"""A card named as the rule text names it → its id."""


def opener(game: Game) -> TableRuleset[Any]:
    """The game's rule set, which opens a phase outside the phase table's walk (a question in the
    middle of a resolution, the resolution resuming after it: ``TableRuleset.begin``)."""
    return cast(TableRuleset[Any], game.ruleset)


def give_card(game: Game, seat: int, color: str, reason: str) -> None:
    """One card, posted publicly as a judge does; 3 blue make a yellow and 3 yellow a red (§5). A red
    card is applied (the role sent off) at the next close or night resolution, before anything else."""
    color = CARD_IDS.get(color, color)
    if color not in CARD_COLORS:
        raise illegal("unknown_card", card=color)
    role = st(game).seats[seat]
    count = {"blue": role.blue, "yellow": role.yellow, "red": role.red}[color] + 1
    game.emit(Warned, PUBLIC, seat=seat, reason=f"{color}:{reason}", count=count)
    if color == "blue" and count % 3 == 0:
        give_card(game, seat, "yellow", "three_blue")
    elif color == "yellow" and count % 3 == 0:
        give_card(game, seat, "red", "three_yellow")

