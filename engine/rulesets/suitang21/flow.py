"""Small helpers every step of the flow uses: the typed state, opening a phase, giving a card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Awaiting, PhaseBegan, Warned
from engine.rulesets.suitang21.errors import illegal
from engine.rulesets.suitang21.state import SuitangState

if TYPE_CHECKING:
    from engine.game import Game

CARD_COLORS = ("blue", "yellow", "red")
CARD_IDS = {"蓝牌": "blue", "黄牌": "yellow", "红牌": "red"}
"""A card named as the rule text names it → its id."""


def st(game: Game) -> SuitangState:
    """The game's state, typed."""
    state = game.state
    assert isinstance(state, SuitangState)
    return state


def begin(game: Game, name: str, day: int, order: Sequence[int] = (), *, secret: bool = False,
          vis: str = PUBLIC) -> None:
    """Open phase ``name`` of game day ``day``, waiting for ``order``.

    ``secret`` keeps the waited-for seats out of the public banner (they would reveal identities) and
    tells them to the judge alone; ``vis`` JUDGE hides the banner itself (a resolution resuming after
    a reactive question).
    """
    game.emit(PhaseBegan, vis, name=name, number=day, order=[] if secret and vis != JUDGE else list(order))
    if secret and vis != JUDGE:
        game.emit(Awaiting, JUDGE, seats=list(order))


def give_card(game: Game, seat: int, color: str, reason: str) -> None:
    """One card, posted publicly as a judge does; 3 blue make a yellow and 3 yellow a red (§5). A red
    card is applied (the role sent off) at the next close or night resolution, before anything else."""
    color = CARD_IDS.get(color, color)
    if color not in CARD_COLORS:
        raise illegal("unknown_card", card=color)
    role = st(game).roles[seat]
    count = {"blue": role.blue, "yellow": role.yellow, "red": role.red}[color] + 1
    game.emit(Warned, PUBLIC, seat=seat, reason=f"{color}:{reason}", count=count)
    if color == "blue" and count % 3 == 0:
        give_card(game, seat, "yellow", "three_blue")
    elif color == "yellow" and count % 3 == 0:
        give_card(game, seat, "red", "three_yellow")


def discipline_on(game: Game, category: str) -> bool:
    """Whether the enforceable penalty ``category`` (posts, streak, no_vote, timeout) is switched on."""
    return category in st(game).options.get("discipline", [])
