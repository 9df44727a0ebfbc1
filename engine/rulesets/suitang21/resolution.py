"""The two resolutions (the day's ``CLOSE``, the ``NIGHT_RESOLUTION``) and the question that may
interrupt them (``REACT``): red cards first, then the queued tasks of the out pipeline.

A resolution queues its steps on the pipeline's stack (``pipeline.push``) and runs them
(``resume``); a step that needs an answer (最后一枪, 殉职) opens a ``REACT`` window and the resolution
resumes when it closes (its banner reopened for the judge alone). Each close returns the phase that
follows, or None when the game ended or a question is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, ChoiceMade, SheriffChanged, seat_vis
from engine.mechanics.discipline import enabled
from engine.rulesets.suitang21.camps import check_win
from engine.rulesets.suitang21.day import activity_cards, finish_close, tally_task
from engine.rulesets.suitang21.flow import give_card, opener
from engine.rulesets.suitang21.fold import aimed
from engine.rulesets.suitang21.names import CLOSE, NIGHT_RESOLUTION, POISON, RED_CARD, SHOT
from engine.rulesets.suitang21.night import finish_night, kill_steps, potions
from engine.rulesets.suitang21.pipeline import TASKS, drain, out, push, random_sheriff
from engine.rulesets.suitang21.state import Task, st
from engine.table import Next

if TYPE_CHECKING:
    from engine.game import Game

HANDLERS = {**TASKS, "tally": tally_task}


def close_count(game: Game) -> Next | None:
    """``CLOSE``: the day's activity cards, then red cards, the count and its outs."""
    activity_cards(game)
    return start(game, [("tally", 0, "")])


def close_night(game: Game) -> Next | None:
    """``NIGHT_RESOLUTION``: the witch's potions, then red cards, steps (8)–(9): kills and poison."""
    saved, poisoned = potions(game)
    return start(game, kill_steps(game, saved) + [("out", seat, POISON) for seat in poisoned])


def start(game: Game, then: list[Task]) -> Next | None:
    """Red cards come first (B-33): a win check for camps with two reds, the sent-off roles go out,
    then ``then``."""
    s = st(game)
    if s.red_by_camp and check_win(game):
        return None
    reds: list[Task] = [("out", seat, RED_CARD) for seat in s.red_pending if s.seats[seat].alive]
    push(game, reds + then)
    return resume(game)


def resume(game: Game) -> Next | None:
    """Run the queued tasks; once they are done, what follows the resolution that queued them."""
    if not drain(game, HANDLERS):
        return None
    s = st(game)
    return finish_close(s) if s.origin == CLOSE else finish_night(s)


def close_react(game: Game) -> Next | None:
    """The question closes: apply the answer (or the default), then resume the interrupted resolution.
    A hunter or sheriff voted out that does not answer gets a yellow card (§5)."""
    s = st(game)
    seat, skill, answer = s.window.eligible[0], s.question, s.answer
    silent = seat not in s.window.done or seat in s.fallback
    if answer is None:
        game.emit(ChoiceMade, seat_vis(seat), seat=seat, skill=skill, default=True)
    opener(game).begin(game, s.interrupted, audience=JUDGE)
    if silent and s.origin == CLOSE and enabled(game, "timeout"):
        give_card(game, seat, "yellow", "no_answer")
    if skill == SHOT:
        if answer and _shoot(game, answer[0]):
            return None
    elif answer:
        game.emit(SheriffChanged, PUBLIC, seat=answer[0], by="successor")
    else:
        random_sheriff(game)
    return resume(game)


def _shoot(game: Game, target: int) -> bool:
    """最后一枪: the target goes out at once; at night a shot at the hugged role is void and a shot at
    the butterfly reaches the hugged role too, as a later event (B-22, B-23). True when the game ended."""
    s = st(game)
    reached = aimed(s, target) if s.origin == NIGHT_RESOLUTION else [target]
    if not reached:
        return False
    if out(game, reached[0], SHOT):
        return True
    push(game, [("out", seat, SHOT) for seat in reached[1:]])
    return False
