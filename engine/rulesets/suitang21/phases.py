"""The phase table: what closing each waiting phase does (spec §2.1), as data, and the resumption of
a resolution after a reactive question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, ChoiceMade, SheriffChanged, seat_vis
from engine.rulesets.suitang21.day import close_day, finish_close, tally_task
from engine.rulesets.suitang21.flow import begin, discipline_on, give_card, st
from engine.rulesets.suitang21.fold import aimed
from engine.rulesets.suitang21.names import SHOT
from engine.rulesets.suitang21.night import close_night, close_witch, dawn, finish_night, nightfall
from engine.rulesets.suitang21.pipeline import TASKS, drain, out, push, random_sheriff
from engine.rulesets.suitang21.setup import close_setup

if TYPE_CHECKING:
    from engine.game import Game

HANDLERS = {**TASKS, "tally": tally_task}


def resume(game: Game) -> None:
    """Run the queued tasks; once they are done, finish the resolution that queued them."""
    if not drain(game, HANDLERS):
        return
    if st(game).origin == "CLOSE":
        finish_close(game)
    else:
        finish_night(game)


def close_react(game: Game) -> None:
    """The question closes: apply the answer (or the default), then resume the interrupted resolution.
    A hunter or sheriff voted out that does not answer gets a yellow card (§5)."""
    s = st(game)
    seat, skill, answer = s.window.eligible[0], s.window.question, s.window.answer
    silent = seat not in s.window.done or seat in s.window.fallback
    if answer is None:
        game.emit(ChoiceMade, seat_vis(seat), seat=seat, skill=skill, default=True)
    begin(game, s.resume, s.day, vis=JUDGE)
    if silent and s.origin == "CLOSE" and discipline_on(game, "timeout"):
        give_card(game, seat, "yellow", "no_answer")
    if skill == SHOT:
        if answer and _shoot(game, answer[0]):
            return
    elif answer:
        game.emit(SheriffChanged, PUBLIC, seat=answer[0], by="successor")
    else:
        random_sheriff(game)
    resume(game)


def _shoot(game: Game, target: int) -> bool:
    """最后一枪: the target goes out at once; at night a shot at the hugged role is void and a shot at
    the butterfly reaches the hugged role too, as a later event (B-22, B-23). True when the game ended."""
    s = st(game)
    reached = aimed(s, target) if s.origin == "NIGHT_RESOLUTION" else [target]
    if not reached:
        return False
    if out(game, reached[0], SHOT):
        return True
    push(game, [("out", seat, SHOT) for seat in reached[1:]])
    return False


def _close_vote_last_words(game: Game) -> None:
    nightfall(game)


def _close_last_words(game: Game) -> None:
    dawn(game)


CLOSE: dict[str, Callable[[Game], None]] = {
    "SETUP": close_setup,
    "DAY": close_day,
    "REACT": close_react,
    "VOTE_LAST_WORDS": _close_vote_last_words,
    "LAST_WORDS": _close_last_words,
    "NIGHT": close_night,
    "WITCH": close_witch,
}
