"""Turning one typed action into events, after validating all of it (nothing is half-applied)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import UnknownName
from engine.events import (
    PUBLIC,
    Announced,
    ChoiceMade,
    LastWords,
    Passed,
    Posted,
    SkillSubmitted,
    TeamPosted,
    VoteCast,
    seat_vis,
    team_vis,
)
from engine.legal import LegalAction
from engine.rulesets.suitang21.errors import illegal, why
from engine.rulesets.suitang21.flow import st
from engine.rulesets.suitang21.legal import check_skill, vote_open
from engine.rulesets.suitang21.names import (
    ACCELERATE,
    DETECT,
    KILL,
    LOVER_TEAM,
    LOVERS,
    POISON,
    SAVE,
    SKILL_NAMES,
    TEAM_NAMES,
    WOLF_TEAM,
)
from engine.rulesets.suitang21.state import SuitangState

if TYPE_CHECKING:
    from engine.game import Game


def submit(game: Game, action: Action) -> None:
    """Validate ``action`` against the rules and the open window, then emit its events."""
    s = st(game)
    if action.seat not in s.roles:
        raise illegal("no_seat", target=action.seat, count=len(s.roles))
    offered = _offered(game, action.seat, action)
    _HANDLERS[type(action)](game, action, offered)


def _offered(game: Game, seat: int, action: Action) -> tuple[LegalAction, ...]:
    s = st(game)
    legal = game.legal(seat)
    if legal is not None:
        return legal
    role = s.roles[seat]
    if isinstance(action, UseSkill) and role.alive:
        skill = _skill_id(action.seat, action.skill)
        raise illegal("skill_unavailable", seat=seat, skill=skill, phase=s.phase, day=s.day, why=_why_not(s, seat, skill))
    if not role.alive and s.phase in ("DAY", "NIGHT"):
        raise illegal("dead_cannot_act", seat=seat, phase=s.phase, day=s.day)
    if seat in s.window.done:
        raise illegal("already_answered", seat=seat, phase=s.phase, day=s.day)
    if s.phase == "DAY" and s.accelerated and seat in s.vote:
        raise illegal("vote_after_acceleration", seat=seat)
    raise illegal("nothing_to_do", seat=seat, phase=s.phase, day=s.day)


def _why_not(s: SuitangState, seat: int, skill: str) -> dict[str, Any]:
    """Why a skill is not offered to a living seat that the window does not wait for (a nested code)."""
    role = s.roles[seat]
    if role.skills_lost:
        return why("why.skills_lost")
    if skill == DETECT and role.detect_used:
        return why("why.detect_used")
    if skill in (SAVE, POISON) and s.phase != "WITCH":
        return why("why.witch_wave")
    if seat in s.window.done:
        return why("why.answered")
    return why("why.no_skill")


def _find(offered: tuple[LegalAction, ...], kind: str, seat: int, phase: str, skill: str | None = None,
          team: str | None = None) -> LegalAction:
    for legal in offered:
        if legal.kind == kind and (skill is None or legal.skill == skill) and (team is None or legal.team == team):
            return legal
    can = [_act(*key) for key in dict.fromkeys((lg.kind, lg.skill, lg.team) for lg in offered)]
    raise illegal("cannot_do", seat=seat, action=_act(kind, skill, team), phase=phase, can=can)


def _act(kind: str, skill: str | None, team: str | None) -> dict[str, Any]:
    """An action as ``cannot_do`` names it (a nested code: ``act.vote``, ``act.skill`` with its skill …)."""
    params = {key: value for key, value in (("skill", skill), ("team", team)) if value is not None}
    return why(f"act.{kind}", **params)


def _skill_id(seat: int, name: str) -> str:
    try:
        return SKILL_NAMES.id(name)
    except UnknownName:
        raise illegal("unknown_skill", seat=seat, name=name) from None


def _post(game: Game, action: Post, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    if s.phase == "DAY" and not any(lg.kind == "post" for lg in offered):
        raise illegal("day_posts_used", seat=action.seat, limit=s.options.get("day_posts"))
    _find(offered, "post", action.seat, s.phase)
    if action.quote is not None and action.quote > s.floor:
        raise illegal("no_such_floor", floor=action.quote, floors=s.floor)
    game.emit(Posted, PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, quote=action.quote)


def _team_post(game: Game, action: TeamPost, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    team = TEAM_NAMES.id(action.team) if action.team in TEAM_NAMES else action.team
    _find(offered, "team_post", action.seat, s.phase, team=team)
    game.emit(TeamPosted, team_vis(team), s.recipients(team), team=team, seat=action.seat, text=action.text)


def _vote(game: Game, action: Vote, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    if s.phase == "DAY" and not vote_open(s, action.seat):
        if s.accelerated:
            raise illegal("vote_after_acceleration", seat=action.seat)
        raise illegal("vote_changes_used", seat=action.seat, limit=int(s.flags.get("suitang.vote_change_limit", 1)))
    legal = _find(offered, "vote", action.seat, s.phase)
    if action.target is not None and not action.reason.strip() and s.flags.get("suitang.vote_needs_reason", True):
        raise illegal("vote_needs_reason", seat=action.seat)
    if action.target is not None and action.target not in legal.targets:
        reason = why("why.out") if action.target in s.roles else why("why.not_a_seat")
        raise illegal("vote_target", seat=action.seat, target=action.target, why=reason, targets=list(legal.targets))
    game.emit(VoteCast, PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def _skill(game: Game, action: UseSkill, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    skill = _skill_id(action.seat, action.skill)
    _find(offered, "skill", action.seat, s.phase, skill=skill)
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


def _choose(game: Game, action: Choose, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    skill = _skill_id(action.seat, action.skill)
    legal = _find(offered, "choose", action.seat, s.phase, skill=skill)
    if len(action.targets) != 1 or action.targets[0] not in legal.targets:
        raise illegal("choice_target", seat=action.seat, skill=skill, got=list(action.targets),
                      allowed=list(legal.targets))
    game.emit(ChoiceMade, seat_vis(action.seat), seat=action.seat, skill=skill, targets=list(action.targets))


def _last_words(game: Game, action: SubmitLastWords, offered: tuple[LegalAction, ...]) -> None:
    _find(offered, "last_words", action.seat, st(game).phase)
    game.emit(LastWords, seat_vis(action.seat), seat=action.seat, text=action.text)


def _pass(game: Game, action: Pass, offered: tuple[LegalAction, ...]) -> None:
    game.emit(Passed, seat_vis(action.seat), seat=action.seat, fallback=action.fallback, reason=action.reason,
              detail=dict(action.detail))


_HANDLERS: dict[type, Callable[[Game, Any, tuple[LegalAction, ...]], None]] = {
    Post: _post, TeamPost: _team_post, Vote: _vote, UseSkill: _skill, Choose: _choose,
    SubmitLastWords: _last_words, Pass: _pass,
}
