"""Outs and the end: the hunter's shot set off by an out, and 屠边's two win conditions.

Every out goes through one ``OutChain`` (``engine.mechanics.outs``) whose single hook is the
hunter's: a hunter that goes out other than by poison (unless flag ``classic7.poisoned_hunter_shoots``)
is asked to shoot, and the resolution in progress opens his question (``NIGHT_SHOT``, ``DAY_SHOT``)
before it moves on. The game is decided by the first out that completes a side's condition (C-07),
so ``send_out`` checks after each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.events import PUBLIC, GameEnded, Question, seat_vis
from engine.mechanics.outs import OutChain
from engine.mechanics.win import Condition, all_out, winners
from engine.rulesets.classic7.flags import POISONED_SHOOTS
from engine.rulesets.classic7.names import GODS, HUNTER, POISON, SHOOT, VILLAGE, VILLAGER, WEREWOLF, WOLVES
from engine.rulesets.classic7.state import Classic7State
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


_state = Classic7State.of


def hunter_asked(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """The hunter's hook: out other than by poison (or by poison under the flag), it is asked to shoot."""
    s = _state(game)
    if s.seats[seat].role == HUNTER and (cause != POISON or s.flags.get(POISONED_SHOOTS)):
        game.emit(Question, seat_vis(seat), seat=seat, skill=SHOOT)
    return ()


CHAIN = OutChain(hooks=(hunter_asked,))


def _alive(s: Classic7State) -> Callable[[int], bool]:
    return lambda seat: s.seats[seat].alive


CONDITIONS: tuple[Condition[Classic7State], ...] = (
    Condition(VILLAGE, lambda s: all_out(_alive(s), s.holders(WEREWOLF))),
    Condition(WOLVES, lambda s: all_out(_alive(s), s.holders(*GODS)) or all_out(_alive(s), s.holders(VILLAGER))),
)
"""屠边: the village wins when both wolves are out; the wolves when every god or every villager is."""


def reason(s: Classic7State, side: str) -> str:
    """The end reason code of ``side``'s win (the texts say it)."""
    if side == VILLAGE:
        return "wolves_out"
    return "gods_out" if all_out(_alive(s), s.holders(*GODS)) else "villagers_out"


def send_out(game: Game, outs: Sequence[tuple[int, str]]) -> str | None:
    """Send ``outs`` out in order through the chain; stop at the first out that decides the game and
    return the winning side (not yet announced: the caller posts its announcement first)."""
    s = _state(game)
    for seat, cause in outs:
        CHAIN.out(game, seat, cause, alive=_alive(s))
        found = winners(s, CONDITIONS, exclusive=True)
        if found:
            return found[0]
    return None


def following(game: Game, won: str | None, question: str | None, then: Callable[[Classic7State], Next]
              ) -> Next | None:
    """What a resolution opens once announced: nothing when a side has won (the end is posted), the
    hunter's ``question`` when he was sent out (None: the hunter's own answer, which asks nothing
    more), else ``then`` (the rest of the night or the day)."""
    s = _state(game)
    if won is not None:
        game.emit(GameEnded, PUBLIC, winners=[won], reason=reason(s, won))
        return None
    if question is not None and s.shooter is not None:
        return Next(question, order=(s.shooter,))
    return then(s)

