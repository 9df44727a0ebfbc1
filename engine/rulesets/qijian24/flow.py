"""What every out sets off: the 绿珠 link, publication, latches (R9), the win check, drowning.

Every out runs ``OUTS`` (the shared ``OutChain``): 舍神剑's latch at the instant, then 风火连城's
link. After a round of outs, ``after_outs`` sets 独杀's latch and checks the win (co-victory, C-31).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Announced, GameEnded, Notice, Resolved, SeatsOut
from engine.mechanics.outs import OutChain
from engine.rulesets.qijian24.names import (
    CO_VICTORY,
    CONDITION,
    DROWNED,
    FENGHUO,
    IDENTITY_ID,
    KILLER_TEAM,
    LINK,
    LONE,
    NIGHT,
    PRAYER,
    SHESHEN,
    YOULONG,
)
from engine.rulesets.qijian24.state import QijianState, table
from engine.rulesets.qijian24.win import winners, winning_seats

if TYPE_CHECKING:
    from engine.game import Game


def _link(game: Game, seat: int, cause: str) -> list[tuple[int, str]]:
    """风火连城 takes 绿珠 with him by any cause (C-37), at night whatever the flag."""
    s = table(game)
    if s.seats[seat].role == FENGHUO and (s.phase == NIGHT or s.flags.get("qijian.link_any_cause", True)):
        return [(linked, LINK) for linked in s.holders(PRAYER)]
    return []


def _latch_hook(game: Game, seat: int, cause: str) -> list[tuple[int, str]]:
    latch_at_out(game)
    return []


OUTS = OutChain((_latch_hook, _link))
"""What every out sets off, in order: 舍神剑's latch at the instant (``latch_at_out``), then the 绿珠 link."""


def out(game: Game, seat: int, cause: str) -> list[int]:
    """``seat`` goes out, and what its out sets off (``OUTS``). The seats that went out."""
    return OUTS.out(game, seat, cause, alive=lambda n: table(game).seats[n].alive)


def latch_at_out(game: Game) -> None:
    """舍神剑's kill is activated at the instant the out that makes its condition true is folded: 由龙剑
    out and at most 4 swords alive (C-14). The rules say a revival does not undo it
    (「在由龙剑死且武庄只余4剑的那一瞬间，能力就被激活，复活不复活，不受任何影响」), so the latch
    cannot wait for the dawn, after the night's revivals (spec R9 reads it there; the seed's instant
    stands)."""
    s = table(game)
    if not s.sheshen_active and s.is_out(YOULONG) > 0 and s.swords_alive() <= 4 and s.holders(SHESHEN):
        game.emit(Resolved, JUDGE, skill="activate", actor=None, targets=s.holders(SHESHEN), result=SHESHEN)


def identities(s: QijianState, seats: Sequence[int]) -> dict[int, str]:
    """The identities the judge publishes for ``seats`` (C-04: every out is revealed), as identity ids."""
    return {seat: IDENTITY_ID[s.seats[seat].role] for seat in seats}


def latch(game: Game) -> None:
    """R9's latch after the whole night (or a day's out): 独杀 once a 杀手团 member is out (C-13). 舍神's
    latches at the out itself (``latch_at_out``)."""
    s = table(game)
    if not s.lone_active and s.is_out(*KILLER_TEAM) > 0 and s.holders(LONE):
        game.emit(Resolved, JUDGE, skill="activate", actor=None, targets=s.holders(LONE), result=LONE)


def check_win(game: Game) -> bool:
    """End the game if any side's condition holds (co-victory, C-31). True when it is over."""
    s = table(game)
    if s.over:
        return True
    found = winners(s)
    if not found:
        return False
    game.emit(Announced, PUBLIC, topic="winners", seats=winning_seats(s, found), data={"sides": found})
    game.emit(GameEnded, PUBLIC, winners=found, reason=CO_VICTORY if len(found) > 1 else CONDITION)
    return True


def after_outs(game: Game) -> bool:
    """Latches, then the win check; True when the game is over."""
    latch(game)
    return check_win(game)


def drown(game: Game) -> bool:
    """Seats with two warnings are drowned (flag substitute_policy drown) or substituted; True if over."""
    s = table(game)
    due = [seat for seat in s.to_drown if s.seats[seat].alive]
    if not due:
        return s.over
    if s.flags.get("qijian.substitute_policy", "drown") != "drown":
        game.emit(Notice, PUBLIC, topic="substituted", seats=due)
        return s.over
    gone: list[int] = []
    for seat in due:
        if s.seats[seat].alive:
            gone += out(game, seat, DROWNED)
    game.emit(SeatsOut, PUBLIC, seats=gone, cause=DROWNED, roles=identities(s, gone))
    return after_outs(game)
