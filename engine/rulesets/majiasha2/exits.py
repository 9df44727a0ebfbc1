"""Going out (spec §3.4): 爱神's 庇佑, 殉情, the sheriff's 殉职, the piper's exit, sending off.

``exit_actor`` is the rules' ``exit(r, cause)``, the shared ``OutChain``: 爱神 may go out in a
lover's place (``instead``, D-20), the out's effects follow (the public sending-off, 殉职, the
lifting of 癫狂), then a lover takes its partner along (殉情, D-21); a sending-off triggers nothing
(D-27).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import events as ev
from engine.mechanics.outs import OutChain
from engine.rulesets.majiasha2.names import PIPER, SENT_OFF, SHELTER, SUCCESSOR, SUICIDE, VOTE
from engine.rulesets.majiasha2.state import ALIVE, MajiaState, st

if TYPE_CHECKING:
    from engine.game import Game


def _sheltered(game: Game, seat: int, cause: str) -> tuple[int, str] | None:
    """庇佑: a living (存活) 爱神 goes out in a lover's place and gives it its HP (D-20, flag for votes)."""
    s = st(game)
    cupid = s.cupid()
    if s.seats[seat].lover is None or cause == SENT_OFF or cupid is None or cupid.status != ALIVE:
        return None
    if cause == VOTE and not s.flags.get("majia.shelter_on_vote", True):
        return None
    game.emit(ev.Resolved, ev.JUDGE, skill=SHELTER, actor=cupid.seat, targets=[seat], result=str(cupid.hp))
    return cupid.seat, SHELTER


def _effects(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """The out's effects: out of the chats (by the fold), the public sending-off, 殉职, the lifting of 癫狂."""
    s = st(game)
    if cause == SENT_OFF:
        game.emit(ev.SeatsOut, ev.PUBLIC, seats=[seat], cause=SENT_OFF, majia=reveals(s, [seat]))
    if s.sheriff == seat:
        if cause == SENT_OFF:
            _random_successor(game)
        else:
            game.emit(ev.Resolved, ev.JUDGE, skill=SUCCESSOR, actor=seat, targets=[], result="pending")
    if s.seats[seat].role == PIPER:
        game.emit(ev.Resolved, ev.JUDGE, skill="lift", actor=seat, targets=[], result="lifted")
        game.emit(ev.RoleRevealed, ev.PUBLIC, seats=[seat], roles={seat: PIPER}, reason="piper_out")
    return ()


def _lover(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """殉情: the partner follows (not after a sending-off)."""
    partner = st(game).seats[seat].lover
    return [] if partner is None or cause == SENT_OFF else [(partner, SUICIDE)]


CHAIN = OutChain(hooks=(_effects, _lover), instead=_sheltered)


def exit_actor(game: Game, seat: int, cause: str) -> None:
    """``seat`` is about to go out by ``cause``, with everything that sets off (``CHAIN``)."""
    seats = st(game).seats
    CHAIN.out(game, seat, cause, alive=lambda n: seats[n].alive)


def reveals(s: MajiaState, seats: list[int]) -> dict[int, int]:
    """The 马甲 of out ``seats`` that an announcement makes public: all of them with D-07 on, none
    with it off (the 角色 alone is announced, and the 马甲 list keeps the out 马甲)."""
    if not s.flags.get("majia.reveal_alias_on_night_out", True):
        return {}
    return {seat: s.seats[seat].majia for seat in seats}


def _random_successor(game: Game) -> None:
    """A random successor (D-35), or no sheriff when nobody is left."""
    s = st(game)
    pool = s.alive()
    chosen = game.draw("警长继任", lambda r: r.choice(pool), pin_ok=lambda v: v in pool) if pool else None
    appoint_sheriff(game, chosen)


def appoint_sheriff(game: Game, seat: int | None) -> None:
    """The new sheriff, announced by its 马甲 alone (the sheriff is a 马甲 status; naming its seat
    would tell which 角色 that 马甲 posts as)."""
    game.emit(ev.Resolved, ev.JUDGE, skill="sheriff", actor=None, targets=[] if seat is None else [seat],
              result="sheriff")
    majia = None if seat is None else st(game).seats[seat].majia
    game.emit(ev.SheriffChanged, ev.PUBLIC, seat=None, majia=majia, by="none" if majia is None else "")
