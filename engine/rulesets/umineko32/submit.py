"""Turning one typed action into events, after validating all of it (nothing is half-applied)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import UnknownName
from engine.events import (
    PUBLIC,
    ChoiceMade,
    LastWords,
    Passed,
    Posted,
    PostWithheld,
    SkillSubmitted,
    TeamPosted,
    VoteCast,
    seat_vis,
    team_vis,
)
from engine.legal import LegalAction
from engine.rulesets.umineko32.discipline import enabled, warn
from engine.rulesets.umineko32.errors import because, illegal
from engine.rulesets.umineko32.flow import st
from engine.rulesets.umineko32.legal import check_skill
from engine.rulesets.umineko32.names import BLADE, KILLERS, ROLES, SKILL_NAMES, TEAM_NAMES, TELL_NAME
from engine.rulesets.umineko32.state import SPEECH_PHASES, UminekoState

if TYPE_CHECKING:
    from engine.game import Game


def submit(game: Game, action: Action) -> None:
    """Validate ``action`` against the rules and the open window, then emit its events."""
    s = st(game)
    if action.seat not in s.pieces:
        raise illegal("no_seat", number=action.seat, count=len(s.pieces))
    if isinstance(action, Post) and s.phase not in SPEECH_PHASES:
        _curfew_post(game, action)
        return
    offered = _offered(game, action.seat)
    _HANDLERS[type(action)](game, action, offered)


def _offered(game: Game, seat: int) -> tuple[LegalAction, ...]:
    s = st(game)
    legal = game.legal(seat)
    if legal is not None:
        return legal
    if s.phase == "VOTE" and seat in s.window.done and s.pieces[seat].alive:
        return _vote_change(s, seat)
    if not s.pieces[seat].alive and s.phase not in ("NIGHT", "LAST_WORDS", "VOTE_LAST_WORDS"):
        raise illegal("dead_cannot_act", seat=seat, phase=s.phase)
    speaker = s.window.speaker
    if s.by_turns() and speaker is not None:
        raise illegal("not_your_turn", seat=seat, speaker=speaker, phase=s.phase)
    if seat in s.window.done:
        raise illegal("already_answered", seat=seat, phase=s.phase, day=s.day)
    raise illegal("nothing_to_do", seat=seat, phase=s.phase, day=s.day)


def _vote_change(s: UminekoState, seat: int) -> tuple[LegalAction, ...]:
    """A seat that has voted may change its ballot, within the change limit (A-34)."""
    limit = int(s.flags["umineko.vote_change_limit"])
    if limit >= 0 and s.pieces[seat].vote_changes >= limit:
        raise illegal("vote_changes_used", seat=seat, limit=limit)
    return (LegalAction("vote", targets=tuple(s.alive()), arity=1, abstain=True),)


def _find(offered: tuple[LegalAction, ...], kind: str, seat: int, phase: str, skill: str | None = None,
          team: str | None = None) -> LegalAction:
    for legal in offered:
        if legal.kind == kind and (skill is None or legal.skill == skill) and (team is None or legal.team == team):
            return legal
    can = sorted({(lg.kind, lg.skill or "", lg.team or "") for lg in offered})
    raise illegal("cannot_do", seat=seat, what=_act(kind, skill or "", team or ""), phase=phase,
                  can=[_act(*item) for item in can])


def _act(kind: str, skill: str, team: str) -> dict[str, object]:
    """An action in words (nested in ``cannot_do``): ``act.<kind>`` with its skill or team."""
    params = {"skill": skill} if skill else {"team": team} if team else {}
    return because(f"act.{kind}", **params)


def _post(game: Game, action: Post, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    legal = _find(offered, "post", action.seat, s.phase)
    if action.quote is not None and action.quote > s.floor:
        raise illegal("no_such_floor", floor=action.quote, floors=s.floor)
    if not action.blue or legal.blue_left is None:
        game.emit(Posted, PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, quote=action.quote)
        return
    if legal.blue_left > 0:
        blue = s.pieces[action.seat].blue_today + 1
        game.emit(Posted, PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, blue=blue,
                  quote=action.quote)
        return
    game.emit(PostWithheld, seat_vis(action.seat), seat=action.seat, text=action.text, reason="blue_overflow")
    if enabled(game, "blue"):
        warn(game, action.seat, "blue_overflow")


def _curfew_post(game: Game, action: Post) -> None:
    """A post after curfew is withheld and counted; every second attempt is a warning (§2.2)."""
    s = st(game)
    piece = s.pieces[action.seat]
    if not piece.alive:
        raise illegal("dead_cannot_post", seat=action.seat)
    game.emit(PostWithheld, seat_vis(action.seat), seat=action.seat, text=action.text, reason="curfew")
    if piece.curfew_attempts % 2 == 0 and enabled(game, "curfew"):
        warn(game, action.seat, "curfew")


def _team_post(game: Game, action: TeamPost, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    team = TEAM_NAMES.id(action.team) if action.team in TEAM_NAMES else action.team
    _find(offered, "team_post", action.seat, s.phase, team=team)
    game.emit(TeamPosted, team_vis(team), s.recipients(team), team=team, seat=action.seat, text=action.text)


def _vote(game: Game, action: Vote, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    legal = _find(offered, "vote", action.seat, s.phase)
    if action.target is not None and action.target not in legal.targets:
        if action.target in s.pieces:
            raise illegal("vote_target_dead", target=action.target, targets=list(legal.targets))
        raise illegal("vote_no_seat", number=action.target, targets=list(legal.targets))
    game.emit(VoteCast, PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def _skill(game: Game, action: UseSkill, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    skill = skill_id(action.skill)
    check_skill(s, action.seat, skill, tuple(action.targets))
    _find(offered, "skill", action.seat, s.phase, skill=skill)
    if skill in (BLADE, TELL_NAME):
        vis, to = team_vis(KILLERS), s.recipients(KILLERS)
    else:
        vis, to = seat_vis(action.seat), []
    game.emit(SkillSubmitted, vis, to, seat=action.seat, skill=skill, targets=list(action.targets))


def _choose(game: Game, action: Choose, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    skill = skill_id(action.skill)
    _find(offered, "choose", action.seat, s.phase, skill=skill)
    if action.use is None:
        raise illegal("yes_no", skill=skill)
    game.emit(ChoiceMade, seat_vis(action.seat), seat=action.seat, skill=skill, use=action.use)


def skill_id(name: str) -> str:
    """The id of a skill named by id, Chinese or English; an unknown name is refused with the list."""
    try:
        return SKILL_NAMES.id(name)
    except UnknownName:
        raise illegal("unknown_skill", name=name, skills=list(dict.fromkeys(s for r in ROLES for s in r.skills))) from None


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
