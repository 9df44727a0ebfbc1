"""The win check every flow step ends with (spec §4): losses, then wins in check order, then the
last faction standing (D-30)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

from engine import events as ev
from engine.rulesets.majiasha2.names import (
    CHECK_ORDER,
    DEFEAT,
    DOWNSTREAM,
    ELDER,
    GENERAL,
    LOVERS,
    PIPER_SIDE,
    SEER,
    UPSTREAM,
)
from engine.rulesets.majiasha2.state import OUT, MajiaState

END_WIN, END_LAST_STANDING, END_LAST_DEFEATED = "win", "last_standing", "last_defeated"
"""``GameEnded.reason`` codes: a win condition met; the last undefeated faction; the faction defeated
last when none is left undefeated (D-30). Before 2.3 they were the English phrases ``LEGACY_ENDS``."""
LEGACY_ENDS = {"win condition": END_WIN, "last faction standing": END_LAST_STANDING,
               "the faction defeated last (D-30)": END_LAST_DEFEATED}

if TYPE_CHECKING:
    from engine.game import Game


def is_out(s: MajiaState, seat: int | None) -> bool:
    """Out for the win conditions: gone, or sent off (D-27, flag ``sent_off_is_out``)."""
    if seat is None:
        return False
    actor = s.seats[seat]
    if actor.sent_off and not s.flags.get("majia.sent_off_is_out", True):
        return False
    return actor.status == OUT


def lost(s: MajiaState, faction: str) -> bool:
    """Spec §1.1: a general faction loses with its elder; the piper with itself; lovers with a lover."""
    if faction == PIPER_SIDE:
        return any(is_out(s, a.seat) for a in s.roles().pipers)
    if faction == LOVERS:
        return any(is_out(s, seat) for seat in s.lovers())
    elder = s.elder_of(faction)
    return elder is not None and is_out(s, elder.seat)


def won(s: MajiaState, faction: str) -> bool:
    """Spec §4: a general faction wins with the downstream elder and the upstream seer out (D-04);
    the piper when every living killer is 癫狂 (D-18); lovers only by last standing."""
    if faction == PIPER_SIDE:
        killers = s.living_killers()
        if not killers:
            return bool(s.flags.get("majia.piper_vacuous_win", True))
        return all(k.frenzied for k in killers)
    if faction not in GENERAL:
        return False
    elder = s.elder_of(DOWNSTREAM[faction])
    if elder is None or not is_out(s, elder.seat):
        return False
    seer = s.origin_role(UPSTREAM[faction], SEER)
    return seer is None or is_out(s, seer.seat)


@lru_cache(maxsize=8)
def _in_order(in_play: tuple[str, ...]) -> tuple[str, ...]:
    """The factions in play in check order, one answer per set in play (there are four)."""
    return tuple(f for f in CHECK_ORDER if f in in_play)


def _first_winner(s: MajiaState, alive: list[str]) -> list[str]:
    """``winners(..., exclusive=True)`` that stops at the first condition met (``won`` reads the
    state only): the check runs at the end of every flow step."""
    for faction in alive:  # (a loop: no generator frame)
        if won(s, faction):
            return [faction]
    return []


def check_win(game: Game) -> bool:
    """Losses first, then wins in order piper → lovers → general, then last standing (D-30).
    True when the game is over."""
    s = cast(MajiaState, game.state)
    if s.over or ELDER not in s.roles().held:
        return s.over
    present = _in_order(tuple(s.factions_present()))
    for faction in present:
        if faction not in s.defeated and lost(s, faction):
            game.emit(ev.Resolved, ev.JUDGE, skill=DEFEAT, actor=None, targets=[], result=faction)
    alive = [f for f in present if f not in s.defeated]
    first = _first_winner(s, alive)
    if first:
        game.emit(ev.GameEnded, ev.PUBLIC, winners=first, reason=END_WIN)
        return True
    if len(alive) == 1:
        game.emit(ev.GameEnded, ev.PUBLIC, winners=alive, reason=END_LAST_STANDING)
    elif not alive:
        game.emit(ev.GameEnded, ev.PUBLIC, winners=[s.defeated[-1]], reason=END_LAST_DEFEATED)
    return s.over

