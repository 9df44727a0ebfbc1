"""How ``arena judge`` drives majiasha2 (``SCHEDULE``): phases, draws, and the step driver.

One scenario step falls in several of the rule set's windows: night 0 holds cupid's arrow, the
elder elections (its ``votes``) and the appointments; night N holds steps 1 (guard), 2 (piper),
3&4 (seer, killers) and 5 (witch). The driver applies each action in the window its skill belongs
to, moving forward through the phases (unanswered seats take the rules' defaults); actions must
be listed in that order. A ``确定`` (confirm) applies in the window of the seat's last action.

A scenario's seat is a 角色 (the account it posts as): targets of 杀人, the shields, 吹笛 and 爱神之箭 are
seats; ballots, 任命, 预言, 药剂 and 殉职 name 马甲 numbers (a seat's ``majia``, by default its own
number). A day step may list ``{"seat": n, "skill": "缩短白天"}`` before its votes.
"""

from __future__ import annotations

from typing import Any

from arena.judge import Answers, Judged, StepError, submit
from arena.scenario import DayStep, NightStep, Schedule
from engine.actions import Action, Post, UseSkill, Vote
from engine.rulesets.majiasha2.names import (
    APPOINT,
    ARROW,
    CONFIRM,
    KILL,
    PIPE,
    POTION,
    PROPHECY,
    SHIELD,
    SKILL_NAMES,
    SOUNDPROOF,
)
from engine.rulesets.majiasha2.table import SIZES, row

ORDER = ("CUPID", "ELECT", "APPOINT", "DAY", "VOTE", "VOTE_LAST_WORDS", "SUCCESSION_DAY", "GUARD", "PIPER",
         "STRIKE", "WITCH", "DAWN", "LAST_WORDS", "REDACT", "SUCCESSION")
RANKS = {"CUPID": 0, "ELECT": 0, "APPOINT": 0, **{name: i for i, name in enumerate(ORDER[3:])}}
"""Night 0's three windows share one position; a day and its night run DAY … SUCCESSION."""
SKILL_PHASE = {ARROW: "CUPID", APPOINT: "APPOINT", SHIELD: "GUARD", SOUNDPROOF: "GUARD", PIPE: "PIPER",
               PROPHECY: "STRIKE", KILL: "STRIKE", POTION: "WITCH"}
MAX_CLOSES = 100


def _phase(state: Any) -> str:
    if state.phase == "SUCCESSION" and state.night != state.day:
        return "SUCCESSION_DAY"
    return str(state.phase)


def _rank(state: Any) -> int:
    return RANKS[_phase(state)]


def _where(judged: Judged) -> tuple[int, int]:
    state = judged.game.state
    return int(state.day), ORDER.index(_phase(state))


def reach_phase(judged: Judged, index: int, step: NightStep | DayStep, answers: Answers, phase: str,
                day: int, seat: int) -> None:
    """Close windows until ``phase`` of ``day`` is open; an error names the step and seat if it is past."""
    target = (day, ORDER.index(phase))
    for _ in range(MAX_CLOSES):
        game = judged.game
        if game.over:
            raise StepError(index, step, seat, "the game ended before this action's window")
        here = _where(judged)
        if here == target:
            return
        if here > target:
            raise StepError(index, step, seat, f"the window {phase} of day {day} is not open here (now "
                                               f"{game.state.phase} of day {game.state.day}): list the actions "
                                               "in the order of the night steps, or the row has no such step")
        answers.give(judged)
        game.advance()
    raise RuntimeError("the judge closed too many windows: a rules bug?")


def apply(judged: Judged, index: int, step: NightStep | DayStep, answers: Answers) -> None:
    """Apply one step: each action in its own window, votes in the election or the day's vote."""
    if isinstance(step, NightStep):
        _night(judged, index, step, answers)
    else:
        _day(judged, index, step, answers)
    answers.give(judged)


def _night(judged: Judged, index: int, step: NightStep, answers: Answers) -> None:
    n, skills = step.night, judged.ruleset.skill_names
    actions = list(step.actions)
    if n == 0:
        arrows = [a for a in actions if a.skill and skills.id(a.skill) == ARROW]
        _skills(judged, index, step, answers, arrows, n)
        if step.votes:
            reach_phase(judged, index, step, answers, "ELECT", 0, step.votes[0].seat)
            for vote in step.votes:
                submit(judged, index, step, Vote(seat=vote.seat, target=vote.target, reason=vote.reason))
        actions = [a for a in actions if a not in arrows]
    _skills(judged, index, step, answers, actions, n)


def _skills(judged: Judged, index: int, step: NightStep, answers: Answers, actions: list[Any], n: int) -> None:
    skills = judged.ruleset.skill_names
    for entry in actions:
        if entry.skill is None:
            raise StepError(index, step, entry.seat, "a night holds skills, not posts; move the post to a day")
        skill = skills.id(entry.skill)
        if skill != CONFIRM:
            phase = SKILL_PHASE.get(skill)
            if phase is None:
                raise StepError(index, step, entry.seat, f"{SKILL_NAMES.zh(skill)} is not a night skill")
            reach_phase(judged, index, step, answers, phase, n, entry.seat)
        submit(judged, index, step, UseSkill(seat=entry.seat, skill=entry.skill, targets=tuple(entry.targets)))


def _day(judged: Judged, index: int, step: DayStep, answers: Answers) -> None:
    for entry in step.actions:
        action: Action
        if entry.post is not None:
            action = Post(seat=entry.seat, text=entry.post)
        else:
            action = UseSkill(seat=entry.seat, skill=entry.skill or "", targets=tuple(entry.targets))
        submit(judged, index, step, action)
    if step.votes:
        reach_phase(judged, index, step, answers, "VOTE", step.day, step.votes[0].seat)
        for vote in step.votes:
            submit(judged, index, step, Vote(seat=vote.seat, target=vote.target, reason=vote.reason))


DEFAULTS = {"爱神之箭": "cupid gave no arrow (a forced skill): the pair was drawn",
            "长老": "no election ballot counted: the elder was drawn (D-24)",
            "任命": "the elder named nobody for this post: drawn (§1.5.5)",
            "警长": "no sheriff ballot counted: the sheriff was drawn",
            "警长继任": "no successor named (or the sheriff was sent off): drawn (D-35)"}


def closing(judged: Judged) -> list[str]:
    """The draws the engine made where nobody chose, each with the rule behind the default."""
    out = []
    for e in judged.game.events:
        if e.kind == "draw" and not e.pinned and (why := _default_of(e.name)):
            out.append(f"draws: {e.name} = {e.result} — {why}; pin it with \"draws\" to choose")
    return out


def _default_of(name: str) -> str:
    return next((why for prefix, why in DEFAULTS.items() if name.startswith(prefix)), "")


def _roster(n: int) -> dict[str, int]:
    return row(n).counts()


SCHEDULE = Schedule(
    setup="CUPID", night="GUARD", vote="VOTE", first_vote_day=1,
    day_first=lambda day: "DAY",
    rank=_rank, rank_of=RANKS,
    night_phases=frozenset({"SETUP", "CUPID", "ELECT", "APPOINT", "GUARD", "PIPER", "STRIKE", "WITCH", "DAWN", "LAST_WORDS",
                            "REDACT"}),
    asides=frozenset(),
    draws=frozenset({"爱神之箭", "长老A", "长老B", "长老C", "任命A", "任命B", "任命C", "警长", "警长继任"}),
    seat_options={},
    sizes=SIZES,
    roster=_roster,
    apply=apply,
    closing=closing,
)
