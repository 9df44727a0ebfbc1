"""An out and the ordered chain of what it sets off.

Every rule set's kill/out (``kill``, ``out``, ``go_out`` before the kernel) emits the judge's ``Died``
and then runs what the out sets off, in an order the rules fix: a lover follows (殉情), a linked seat
goes with it (风火连城 and 绿珠), an accomplice joins the killers' chat, a latch is set at the instant
(舍神剑), the sheriff's badge passes. ``OutChain`` holds those hooks in order; each hook may send more
seats out, and each of those runs the whole chain again (a lover's lover), each seat at most once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.events import JUDGE, Died

if TYPE_CHECKING:
    from engine.game import Game

Hook = Callable[["Game", int, str], Sequence[tuple[int, str]]]
"""What one out sets off: (game, seat, cause) → further outs as (seat, cause), emitted by the chain."""
Instead = Callable[["Game", int, str], "tuple[int, str] | None"]
"""Who goes out in a seat's place (majiasha2's 庇佑: 爱神 takes a lover's out): (game, seat, cause) →
(the stand-in, its cause) after emitting what the rules say of it, or None (the seat goes out)."""


@dataclass(frozen=True, slots=True)
class OutChain:
    """The hooks an out runs, in the rules' order; ``instead`` is asked first for every seat about
    to go out (a stand-in goes out at once, through the whole chain, and the seat stays)."""

    hooks: tuple[Hook, ...] = ()
    instead: Instead | None = None

    def out(self, game: Game, seat: int, cause: str, *, alive: Callable[[int], bool]) -> list[int]:
        """``seat`` goes out by ``cause``, then everything its out sets off; the seats that went out,
        in order. A seat already out is not sent out again."""
        gone: list[int] = []
        queue: list[tuple[int, str]] = [(seat, cause)]
        while queue:
            who, why = queue.pop(0)
            if who in gone or not alive(who):
                continue
            stand_in = self.instead(game, who, why) if self.instead is not None else None
            if stand_in is not None:
                queue.insert(0, stand_in)
                continue
            game.emit(Died, JUDGE, seat=who, cause=why)
            gone.append(who)
            for hook in self.hooks:
                queue.extend(hook(game, who, why))
        return gone
