"""classic7's own fold handlers, run after the kernel's (``engine.table.fold``).

The kernel keeps seats, teams, the window, posts, ballots and outs; these add the night's choices,
the bottles, the seer's results, the hunter's question and answer, and who is due last words. A
decisive answer (a skill, a ballot, a choice, last words) ends the seat's part in the window.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import events as ev
from engine.rulesets.classic7.names import CHECK, KILL, POISON, SAVE
from engine.rulesets.classic7.state import Classic7State


def phase_began(s: Classic7State, e: ev.PhaseBegan) -> None:
    if e.name == "NIGHT":
        s.kill, s.saved, s.poisoned = None, False, None
    if e.name == "VOTE":
        s.ballots, s.votes = [], {}
    if e.name not in ("NIGHT_SHOT", "DAY_SHOT"):
        s.shooter, s.shot = None, None


def skill_submitted(s: Classic7State, e: ev.SkillSubmitted) -> None:
    target = e.targets[0]
    if e.skill == KILL:
        s.kill = target
    elif e.skill == SAVE:
        s.saved, s.save_used = True, True
    elif e.skill == POISON:
        s.poisoned, s.poison_used = target, True
    s.window.end_turn(e.seat)


def feedback(s: Classic7State, e: ev.Feedback) -> None:
    if e.skill == CHECK:
        s.checked[e.targets[0]] = e.result


def answered(s: Classic7State, e: ev.VoteCast | ev.LastWords) -> None:
    s.window.end_turn(e.seat)


def question(s: Classic7State, e: ev.Question) -> None:
    s.shooter = e.seat


def choice_made(s: Classic7State, e: ev.ChoiceMade) -> None:
    s.shot = e.targets[0] if e.targets else None
    s.window.end_turn(e.seat)


def dying(s: Classic7State, e: ev.Dawn | ev.VoteResult) -> None:
    s.dying = list(e.seats)


FOLDS: Mapping[str, Any] = {
    "phase_began": phase_began, "skill_submitted": skill_submitted, "feedback": feedback, "vote_cast": answered,
    "last_words": answered, "question": question, "choice_made": choice_made, "dawn": dying, "vote_result": dying,
}
