"""The duties shared by every phase's close (drowning, the win check), deaths, and opening a turn phase.

Every death goes through one ``OutChain`` (``engine.mechanics.outs``) whose hook is the accomplice's:
an unmerged accomplice joins 杀手群 as it dies (spec §1.4). The win check is umineko32 §4 on the shared
``engine.mechanics.win``: Black and White may win together, and the witch's latched side with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import events as ev
from engine.mechanics.outs import OutChain
from engine.mechanics.win import Condition, winners
from engine.rulesets.umineko32.names import (
    ACCOMPLICE,
    BLACK,
    COMMONER,
    DROWNED,
    KEY_WHITES,
    KILLER,
    KILLERS,
    WHITE,
    WITCH_SIDE,
    Ph,
)
from engine.rulesets.umineko32.state import UminekoState
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


st = UminekoState.of
"""The game's state, typed (the rule set's closers and handlers are plain functions of the game)."""


def turns(game: Game, name: str, day: int) -> Next:
    """A turn phase of day ``day``: FREE keeps the restricted phase's order (the living), the first
    speech phase of a day draws the day's speaking order."""
    s = st(game)
    if name == Ph.FREE and s.window.eligible:
        return Next(name, day, tuple(seat for seat in s.window.eligible if s.seats[seat].alive))
    alive = s.alive()
    order = game.draw("发言顺序", lambda r: r.sample(alive, len(alive)),
                      pin_ok=lambda v: isinstance(v, list) and sorted(v) == sorted(alive))
    return Next(name, day, tuple(order))


def resume(game: Game, name: str) -> None:
    """Stamp the resolution the castling question interrupted again, to the judge alone (the public
    banner would show that the witch was asked)."""
    game.emit(ev.PhaseBegan, ev.JUDGE, name=name, number=st(game).day, order=[], rounds=0)


def accomplice_joins(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """An unmerged accomplice joins 杀手群 as it dies. Under flag A-41 false the dead newcomer is not
    among the recipients: it joins in name only, and the killers learn of it."""
    s = st(game)
    if s.seats[seat].role == ACCOMPLICE and seat not in s.teams.get(KILLERS, []):
        game.emit(ev.TeamJoined, ev.team_vis(KILLERS), s.recipients(KILLERS, seat), team=KILLERS, seat=seat)
    return ()


CHAIN = OutChain(hooks=(accomplice_joins,))


def kill(game: Game, seat: int, cause: str) -> None:
    """A death; the callers choose who dies (a seat voted out twice under a tie dies twice, as before)."""
    CHAIN.out(game, seat, cause, alive=lambda _: True)


def end_phase(game: Game) -> bool:
    """Drown who must drown, then check the win conditions. True when the game is over."""
    s = st(game)
    drowned = [seat for seat in s.to_drown if s.seats[seat].alive]
    for seat in drowned:
        kill(game, seat, DROWNED)
    if drowned:
        game.emit(ev.SeatsOut, ev.PUBLIC, seats=drowned, cause=DROWNED)
    check_win(game)
    return s.over


def witch_condition(s: UminekoState) -> bool:
    """Every living 平民 carries a mark (vacuously true with none alive, flag A-04)."""
    commoners = s.living(COMMONER)
    if not commoners:
        return bool(s.flags.get("umineko.witch_vacuous_win", True))
    return all(s.seats[seat].marked for seat in commoners)


CONDITIONS: tuple[Condition[UminekoState], ...] = (
    Condition(BLACK, lambda s: not any(p.alive and p.role in KEY_WHITES for p in s.seats.values())),
    Condition(WHITE, lambda s: not any(p.alive and p.role == KILLER for p in s.seats.values())),
)
"""§4: Black wins when every key white is dead, White when every killer is; both may hold at once."""


def check_win(game: Game) -> None:
    """Spec §4: Black, White (co-victory allowed), and the witch's latched side win."""
    s = st(game)
    if s.over:
        return
    if not s.witch_latched and witch_condition(s):
        game.emit(ev.WinLatched, ev.JUDGE, faction=WITCH_SIDE)
    won = winners(s, CONDITIONS)
    if not won:
        return
    if s.witch_latched and (s.ascended or s.flags.get("umineko.witch_cowins_when_latched", True)):
        won.append(WITCH_SIDE)
    black, white = BLACK in won, WHITE in won
    reason = "key whites all dead" if black and not white else "killers all dead" if white and not black else "both"
    game.emit(ev.GameEnded, ev.PUBLIC, winners=won, reason=reason)
