"""Going out (spec §3.4): 爱神's 庇佑, 殉情, the sheriff's 殉职, the piper's exit, sending off.

``exit_actor`` is the rules' ``exit(r, cause)``: it decides who actually goes out and runs the
forced triggers; ``go_out`` is the bare exit with its effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Died, Resolved, RoleRevealed, SeatsOut, SheriffChanged
from engine.rulesets.majiasha2.flow import st
from engine.rulesets.majiasha2.names import PIPER, SENT_OFF, SHELTER, SUCCESSOR, SUICIDE, VOTE
from engine.rulesets.majiasha2.state import ALIVE, OUT

if TYPE_CHECKING:
    from engine.game import Game


def exit_actor(game: Game, seat: int, cause: str) -> None:
    """``seat`` is about to go out by ``cause``: 爱神 may take its place (D-20), a lover takes its
    partner along (殉情, D-21); a sending-off triggers nothing (D-27)."""
    s = st(game)
    actor = s.actors[seat]
    if actor.status == OUT:
        return
    if _sheltered(game, seat, cause):
        return
    go_out(game, seat, cause)
    partner = actor.lover
    if partner is not None and cause != SENT_OFF and s.actors[partner].status != OUT:
        exit_actor(game, partner, SUICIDE)


def _sheltered(game: Game, seat: int, cause: str) -> bool:
    s = st(game)
    cupid = s.cupid()
    if s.actors[seat].lover is None or cause == SENT_OFF or cupid is None or cupid.status != ALIVE:
        return False
    if cause == VOTE and not s.flags.get("majia.shelter_on_vote", True):
        return False
    game.emit(Resolved, JUDGE, skill=SHELTER, actor=cupid.seat, targets=[seat], result=str(cupid.hp))
    go_out(game, cupid.seat, SHELTER)
    return True


def go_out(game: Game, seat: int, cause: str) -> None:
    """The exit and its effects: out of the chats (by the fold), 殉职, the lifting of 癫狂."""
    s = st(game)
    game.emit(Died, JUDGE, seat=seat, cause=cause)
    actor = s.actors[seat]
    if cause == SENT_OFF:
        from engine.rulesets.majiasha2.day import reveals

        game.emit(SeatsOut, PUBLIC, seats=[seat], cause=SENT_OFF, majia=reveals(s, [seat]))
    if s.sheriff == seat:
        if cause == SENT_OFF:
            _random_successor(game)
        else:
            game.emit(Resolved, JUDGE, skill=SUCCESSOR, actor=seat, targets=[], result="pending")
    if actor.role == PIPER:
        game.emit(Resolved, JUDGE, skill="lift", actor=seat, targets=[], result="lifted")
        game.emit(RoleRevealed, PUBLIC, seats=[seat], roles={seat: PIPER}, reason="piper_out")


def _random_successor(game: Game) -> None:
    """A random successor (D-35), or no sheriff when nobody is left."""
    s = st(game)
    pool = s.present()
    chosen = game.draw("警长继任", lambda r: r.choice(pool), pin_ok=lambda v: v in pool) if pool else None
    appoint_sheriff(game, chosen)


def appoint_sheriff(game: Game, seat: int | None) -> None:
    """The new sheriff, announced by its 马甲 alone (the sheriff is a 马甲 status; naming its seat
    would tell which 角色 that 马甲 posts as)."""
    game.emit(Resolved, JUDGE, skill="sheriff", actor=None, targets=[] if seat is None else [seat], result="sheriff")
    majia = None if seat is None else st(game).actors[seat].majia
    game.emit(SheriffChanged, PUBLIC, seat=None, majia=majia, by="none" if majia is None else "")
