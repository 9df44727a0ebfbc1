"""What each action does once the kernel has found the template it answers, and suitang21's refusals.

The kernel (``TableRuleset.submit``) refuses a seat the table does not have (the shared ``no_seat``,
said in suitang21's words), one the open window does not wait for and an action of a kind its seat is
not offered, through the hooks below (``refuse_idle``, ``find``) so that each refusal keeps suitang21's
codes; then the handler checks the action's own values (nothing is applied before every check passed)
and emits its events.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import UnknownName
from engine.events import (
    PUBLIC,
    Announced,
    ChoiceMade,
    SkillSubmitted,
    VoteCast,
    seat_vis,
    team_vis,
)
from engine.legal import LegalAction
from engine.rulesets.suitang21.errors import illegal, why
from engine.rulesets.suitang21.legal import check_skill
from engine.rulesets.suitang21.names import (
    ACCELERATE,
    DAY,
    DETECT,
    KILL,
    LOVER_TEAM,
    LOVERS,
    NIGHT,
    POISON,
    SAVE,
    SKILL_NAMES,
    WITCH_WAVE,
    WOLF_TEAM,
)
from engine.rulesets.suitang21.state import SuitangState, st
from engine.table import submit as table
from engine.table.submit import KIND_OF, described, match

if TYPE_CHECKING:
    from engine.game import Game


# -- the refusals of the kernel's hooks ------------------------------------------------------------


def idle(s: SuitangState, action: Action) -> Exception:
    """Why a seat the open window does not wait for cannot act (a skill it lost, a vote after 加速)."""
    seat = action.seat
    record = s.seats[seat]
    if isinstance(action, UseSkill) and record.alive:
        skill = skill_id(seat, action.skill)
        return illegal("skill_unavailable", seat=seat, skill=skill, phase=s.phase, day=s.day, why=_why_not(s, seat, skill))
    if not record.alive and s.phase in (DAY, NIGHT):
        return illegal("dead_cannot_act", seat=seat, phase=s.phase, day=s.day)
    if seat in s.window.done:
        return illegal("already_answered", seat=seat, phase=s.phase, day=s.day)
    if s.phase == DAY and s.accelerated and seat in s.votes:
        return illegal("vote_after_acceleration", seat=seat)
    return illegal("nothing_to_do", seat=seat, phase=s.phase, day=s.day)


def _why_not(s: SuitangState, seat: int, skill: str) -> dict[str, Any]:
    """Why a skill is not offered to a living seat that the window does not wait for (a nested code)."""
    record = s.seats[seat]
    if record.skills_lost:
        return why("why.skills_lost")
    if skill == DETECT and record.detect_used:
        return why("why.detect_used")
    if skill in (SAVE, POISON) and s.phase != WITCH_WAVE:
        return why("why.witch_wave")
    if seat in s.window.done:
        return why("why.answered")
    return why("why.no_skill")


def unknown_skill(action: UseSkill | Choose, err: UnknownName) -> Exception:
    return illegal("unknown_skill", seat=action.seat, name=action.skill)


def find(s: SuitangState, offered: tuple[LegalAction, ...], action: Action) -> LegalAction:
    """The offered template ``action`` answers, or the refusal of an action its seat is not offered:
    the day's posts used up, the vote changes spent or a vote after 加速, else what it may do instead.

    Asked at every action. The action's skill and team are read by its exact type (the kernel
    dispatches on the exact type too): ``isinstance`` on a pydantic model goes through ``ABCMeta``
    (0.35 against 0.03 µs for the two tests), and no getattr, whose miss on a model is slower still."""
    skill = action.skill if type(action) is UseSkill or type(action) is Choose else None
    team = action.team if type(action) is TeamPost else None
    found = match(offered, KIND_OF[type(action)], skill, team)
    if found is not None:
        return found
    wanted = (KIND_OF[type(action)], skill, team)
    if s.phase == DAY and isinstance(action, Post):
        raise illegal("day_posts_used", seat=action.seat, limit=s.options.get("day_posts"))
    if s.phase == DAY and isinstance(action, Vote):
        if s.accelerated:
            raise illegal("vote_after_acceleration", seat=action.seat)
        raise illegal("vote_changes_used", seat=action.seat, limit=int(s.flags.get("suitang.vote_change_limit", 1)))
    can = [described(*key) for key in dict.fromkeys((lg.kind, lg.skill, lg.team) for lg in offered)]
    raise illegal("cannot_do", seat=action.seat, action=described(*wanted), phase=s.phase, can=can)


def skill_id(seat: int, name: str) -> str:
    try:
        return SKILL_NAMES.id(name)
    except UnknownName:
        raise illegal("unknown_skill", seat=seat, name=name) from None


# -- the handlers ----------------------------------------------------------------------------------


def _vote(game: Game, action: Vote, legal: LegalAction) -> None:
    s = st(game)
    if action.target is not None and not action.reason.strip() and s.flags.get("suitang.vote_needs_reason", True):
        raise illegal("vote_needs_reason", seat=action.seat)
    if action.target is not None and action.target not in legal.targets:
        reason = why("why.out") if action.target in s.seats else why("why.not_a_seat")
        raise illegal("vote_target", seat=action.seat, target=action.target, why=reason, targets=list(legal.targets))
    game.emit(VoteCast, PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def _skill(game: Game, action: UseSkill, legal: LegalAction) -> None:
    s = st(game)
    skill = action.skill
    check_skill(s, action.seat, skill, tuple(action.targets))
    if skill == ACCELERATE:
        _accelerate(game, action.seat)
        return
    vis, to = seat_vis(action.seat), []
    if skill == KILL:
        team = LOVER_TEAM if s.kill_team(action.seat) == LOVERS else WOLF_TEAM
        vis, to = team_vis(team), s.recipients(team)
    game.emit(SkillSubmitted, vis, to, seat=action.seat, skill=skill, targets=list(action.targets))


def _accelerate(game: Game, seat: int) -> None:
    """A public request; more than half of the living agreeing shortens the day (§2.3)."""
    s = st(game)
    game.emit(Announced, PUBLIC, topic="accelerate_request", seats=[seat],
              data={"asks": s.accelerate_asks + 1, "alive": len(s.alive())})
    if 2 * s.accelerate_asks > len(s.alive()):
        game.emit(Announced, PUBLIC, topic="accelerated", seats=[], data={"asks": s.accelerate_asks})


def _choose(game: Game, action: Choose, legal: LegalAction) -> None:
    if len(action.targets) != 1 or action.targets[0] not in legal.targets:
        raise illegal("choice_target", seat=action.seat, skill=action.skill, got=list(action.targets),
                      allowed=list(legal.targets))
    game.emit(ChoiceMade, seat_vis(action.seat), seat=action.seat, skill=action.skill, targets=list(action.targets))


HANDLERS: Mapping[type[Action], Any] = {
    Post: table.post, TeamPost: table.team_post, Vote: _vote, UseSkill: _skill, Choose: _choose,
    SubmitLastWords: table.last_words, Pass: table.passed,
}
"""What each action does once offered (``TableRuleset.handlers``)."""
