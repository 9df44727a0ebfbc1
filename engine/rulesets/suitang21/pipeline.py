"""The out pipeline of spec §3.5, used by day and night.

An out is an *atomic event*: the role leaves, the elder penalty strikes, the partner follows by 殉情,
then the camps are checked (B-38). Reactions that need an answer (最后一枪, 殉职) are pushed on a task
stack when the ``Died`` event is folded, so they run after the atomic event, deepest first; a task
that needs an answer opens a ``REACT`` window and the resolution resumes when it closes. The stack
lives in the state (pushed by ``Died`` and by judge-only ``queue`` records, popped by ``task``
records), so a game cut while a question is open resumes from its log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Notice, Question, Resolved, SeatsOut, SheriffChanged, seat_vis
from engine.mechanics.outs import OutChain
from engine.rulesets.suitang21.camps import check_win
from engine.rulesets.suitang21.flow import opener
from engine.rulesets.suitang21.names import (
    CLOSE,
    ELDER,
    ELDER_PENALTY,
    GUARD,
    HUNTER,
    MARTYR,
    NIGHT_RESOLUTION,
    POISON,
    QUEUE,
    REACT,
    RED_CARD,
    SEER,
    SHOT,
    SUCCESSION,
    TASK,
    VILLAGE,
    VOTE,
    WITCH,
)
from engine.rulesets.suitang21.state import SuitangState, Task, st

if TYPE_CHECKING:
    from engine.game import Game

PENALTY_CAUSES = frozenset({VOTE, POISON, SHOT})
"""Causes of the elder's out that strike the village's skills (B-16)."""


def out(game: Game, seat: int, cause: str) -> bool:
    """One atomic out (the role, the elder penalty, the 殉情 chain) and the win check after it.
    True when the game is over."""
    s = st(game)
    CHAIN.out(game, seat, cause, alive=lambda n: s.seats[n].alive)
    return check_win(game)


def _announced(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """An out at the day's close other than the vote's is announced at once."""
    if st(game).origin == CLOSE and cause != VOTE:
        game.emit(SeatsOut, PUBLIC, seats=[seat], cause=cause)
    return ()


def _elder(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """The elder out by vote, poison or shot strikes the village's skills (B-16)."""
    if st(game).seats[seat].role == ELDER and cause in PENALTY_CAUSES:
        _elder_penalty(game, seat)
    return ()


def _lover(game: Game, seat: int, cause: str) -> Sequence[tuple[int, str]]:
    """殉情: the partner follows."""
    partner = st(game).seats[seat].partner
    return () if partner is None else ((partner, MARTYR),)


CHAIN = OutChain((_announced, _elder, _lover))
"""What an out sets off, in §3.5's order: the announcement, the elder penalty, the partner."""


def penalised(s: SuitangState) -> list[int]:
    """Who the elder penalty strikes: village-camp 预言家, 女巫, 猎人 (B-12, B-13 flags widen it)."""
    kinds = {SEER, WITCH, HUNTER} | ({GUARD} if s.flags.get("suitang.elder_penalty_includes_guard") else set())
    spare = s.flags.get("suitang.elder_penalty_spares_black_lovers", True)
    return [seat for seat, r in s.seats.items()
            if r.role in kinds and not r.skills_lost and (r.faction == VILLAGE or not spare)]


def _elder_penalty(game: Game, elder: int) -> None:
    s = st(game)
    struck = penalised(s)
    game.emit(Resolved, JUDGE, skill=ELDER_PENALTY, actor=elder, targets=struck, result="skills_lost")
    for seat in struck:
        if s.seats[seat].alive:
            game.emit(Notice, seat_vis(seat), topic="skills_lost", seats=[seat])


def push(game: Game, tasks: list[Task]) -> None:
    """Queue tasks to run in the order given (before anything already queued)."""
    if tasks:
        game.emit(Resolved, JUDGE, skill=QUEUE, actor=None, targets=[t[1] for t in tasks],
                  result=",".join(f"{kind}:{detail}" for kind, _, detail in tasks))


def drain(game: Game, handlers: dict[str, Callable[[Game, Task], bool]]) -> bool:
    """Run queued tasks until the stack is empty (True), a question is asked or the game ends (False)."""
    s = st(game)
    while s.tasks and not s.over:
        task = s.tasks[-1]
        game.emit(Resolved, JUDGE, skill=TASK, actor=None, targets=[task[1]], result=f"{task[0]}:{task[2]}")
        if not handlers[task[0]](game, task):
            return False
    return not s.over


def shot_allowed(s: SuitangState, seat: int, cause: str) -> bool:
    """最后一枪 after an out by ``cause`` (§3.5, B-25, B-26); a red card or lost skills bar it."""
    role = s.seats[seat]
    if cause == RED_CARD or role.skills_lost:
        return False
    if cause == POISON and not s.flags.get("suitang.poisoned_hunter_shoots", True):
        return False
    hugged_now = s.hugged() == seat and s.origin == NIGHT_RESOLUTION
    return not hugged_now or bool(s.flags.get("suitang.hugged_hunter_shoots"))


def ask(game: Game, seat: int, skill: str) -> None:
    """Open a reactive question (最后一枪 or 殉职) to one seat, out of the public's sight: even the
    banner is judge-only, since a question at night would tell that a hunter or the sheriff is out."""
    opener(game).begin(game, REACT, order=(seat,), audience=JUDGE)
    game.emit(Question, seat_vis(seat), seat=seat, skill=skill, data={})


def _shot(game: Game, task: Task) -> bool:
    s = st(game)
    if not [t for t in s.alive() if t != task[1]]:
        return True
    ask(game, task[1], SHOT)
    return False


def _succession(game: Game, task: Task) -> bool:
    s = st(game)
    if not s.alive():
        game.emit(SheriffChanged, PUBLIC, seat=None, by="none")
        return True
    if task[2] == "random":
        random_sheriff(game)
        return True
    ask(game, task[1], SUCCESSION)
    return False


def random_sheriff(game: Game) -> None:
    """A random living successor; the draw is judge-only (revealed after the game)."""
    alive = st(game).alive()
    pick = game.draw("警长继承", lambda r: r.choice(alive), pin_ok=lambda v: v in alive)
    game.emit(SheriffChanged, PUBLIC, seat=pick, by="random")


def _out_task(game: Game, task: Task) -> bool:
    if st(game).seats[task[1]].alive:
        out(game, task[1], task[2])
    return True


TASKS: dict[str, Callable[[Game, Task], bool]] = {"out": _out_task, "shot": _shot, "succession": _succession}
"""Task kinds every resolution knows; the day's close adds ``tally``."""
