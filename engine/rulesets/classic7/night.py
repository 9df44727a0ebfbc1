"""The night: the wolves' kill and the seer's check (``NIGHT``), the witch (``WITCH``), then dawn.

The witch is told the victim (a result of her save potion) when the wolves' window closes (C-09); her window follows only while
she lives. ``DAWN`` sends the victim (unless saved) and the poisoned out, the kill first (C-07),
and announces them; identities are published only under flag ``classic7.publish_roles``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import PUBLIC, Dawn, Feedback, seat_vis
from engine.rulesets.classic7.flags import FIRST_WORDS, PUBLISH
from engine.rulesets.classic7.names import KILL, POISON, SAVE, SEER, WEREWOLF, WITCH
from engine.rulesets.classic7.outs import following, send_out
from engine.rulesets.classic7.state import Classic7State
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


_state = Classic7State.of


def night_order(s: Classic7State) -> tuple[int, ...]:
    """Whom a night waits for: the living wolves and the living seer."""
    return tuple(sorted(s.living(WEREWOLF, SEER)))


def open_night(s: Classic7State, day: int) -> Next:
    return Next("NIGHT", day=day, order=night_order(s))


def close_night(game: Game) -> Next:
    """The wolves have chosen (or not): the living witch is told the victim and asked."""
    s = _state(game)
    witch = next(iter(s.living(WITCH)), None)
    if witch is None:
        return Next("DAWN")
    victims = [] if s.kill is None else [s.kill]
    game.emit(Feedback, seat_vis(witch), seat=witch, skill=SAVE, targets=victims, result="killed" if victims else "none")
    return Next("WITCH", order=(witch,))


def close_witch(game: Game) -> Next:
    return Next("DAWN")


def tonight(s: Classic7State) -> list[tuple[int, str]]:
    """Tonight's outs in the order they resolve: the kill (unless saved), then the poison."""
    outs = [] if s.kill is None or s.saved else [(s.kill, KILL)]
    if s.poisoned is not None and all(seat != s.poisoned for seat, _ in outs):
        outs.append((s.poisoned, POISON))
    return outs


def close_dawn(game: Game) -> Next | None:
    """Resolve the night, announce it, and end the game or move on (the hunter first, if asked)."""
    s = _state(game)
    outs = tonight(s)
    won = send_out(game, outs)
    gone = [seat for seat, _ in outs if not s.seats[seat].alive]
    roles = {seat: s.seats[seat].role for seat in gone} if s.flags.get(PUBLISH) else {}
    game.emit(Dawn, PUBLIC, seats=gone, roles=roles, alive=s.alive())
    return following(game, won, "NIGHT_SHOT", after_night)


def after_night(s: Classic7State) -> Next:
    """Day 1 opens with the night's victims' last words (flag ``classic7.first_day_last_words``)."""
    if s.day == 1 and s.flags.get(FIRST_WORDS) and s.dying:
        return Next("LAST_WORDS", order=tuple(s.dying))
    return Next("DAY")
