"""Turning one typed action into events, after validating all of it (nothing is half-applied)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.events import (
    JUDGE,
    PUBLIC,
    Announced,
    ChoiceMade,
    LastWords,
    Passed,
    Posted,
    Resolved,
    SkillSubmitted,
    TeamPosted,
    VoteCast,
    seat_vis,
    team_vis,
)
from engine.legal import LegalAction
from engine.rulesets.majiasha2.flow import st
from engine.rulesets.majiasha2.legal import check_skill
from engine.rulesets.majiasha2.names import REDACT, SHORTEN, SKILL_NAMES, TEAM_NAMES
from engine.rulesets.majiasha2.refusals import refuse
from engine.rulesets.majiasha2.state import OUT, MajiaState
from engine.rulesets.majiasha2.words import check_last_words, check_redaction

if TYPE_CHECKING:
    from engine.game import Game


def submit(game: Game, action: Action) -> None:
    """Validate ``action`` against the rules and the open window, then emit its events."""
    s = st(game)
    if action.seat not in s.actors:
        raise refuse("no_seat", number=action.seat, count=len(s.actors))
    offered = _offered(game, action.seat)
    _HANDLERS[type(action)](game, action, offered)


def _where(s: MajiaState) -> dict[str, Any]:
    """The open window, as a refusal names it."""
    return {"phase": s.phase, "day": s.day}


def _offered(game: Game, seat: int) -> tuple[LegalAction, ...]:
    s = st(game)
    legal = game.legal(seat)
    if legal is not None:
        return legal
    actor = s.actors[seat]
    if s.phase in ("VOTE", "ELECT") and seat in s.window.done and actor.status != OUT:
        return _vote_change(s, seat)
    if actor.status == OUT and s.phase not in ("LAST_WORDS", "VOTE_LAST_WORDS", "SUCCESSION"):
        raise refuse("sent_off_cannot_act" if actor.sent_off else "dead_cannot_act", seat=seat, **_where(s))
    if seat in s.window.done:
        raise refuse("already_answered", seat=seat, **_where(s))
    raise refuse("nothing_to_do", seat=seat, **_where(s))


def _vote_change(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    """A seat that voted may change its ballot within the limit (D-29, flag majia.vote_change_limit)."""
    limit = int(s.flags.get("majia.vote_change_limit", 1))
    if s.phase == "VOTE" and limit >= 0 and s.actors[seat].vote_changes >= limit:
        raise refuse("vote_changes_used", seat=seat, limit=limit, **_where(s))
    from engine.rulesets.majiasha2.legal import election_targets, vote_ballot, vote_targets

    targets = vote_targets(s) if s.phase == "VOTE" else election_targets(s, seat)
    return (vote_ballot(tuple(targets)),)


def _find(offered: tuple[LegalAction, ...], kind: str, seat: int, where: dict[str, Any], skill: str | None = None,
          team: str | None = None) -> LegalAction:
    for legal in offered:
        if legal.kind == kind and (skill is None or legal.skill == skill) and (team is None or legal.team == team):
            return legal
    can = sorted({action_word(lg.kind, lg.skill, lg.team) for lg in offered})
    raise refuse("cannot_do", seat=seat, action=action_word(kind, skill, team), can=can, **where)


def action_word(kind: str, skill: str | None = None, team: str | None = None) -> str:
    """What a refusal calls an action: a code of the rule set's words (``act.post``, ``act.skill.kill``,
    ``act.team.A``)."""
    if team is not None:
        return f"act.team.{team}"
    return f"act.skill.{skill}" if skill is not None else f"act.{kind}"


def _post(game: Game, action: Post, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    _find(offered, "post", action.seat, _where(s))
    game.emit(Posted, PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, quote=action.quote)


def _team_post(game: Game, action: TeamPost, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    team = TEAM_NAMES.id(action.team) if action.team in TEAM_NAMES else action.team
    _find(offered, "team_post", action.seat, _where(s), team=team)
    game.emit(TeamPosted, team_vis(team), s.teams[team], team=team, seat=action.seat, text=action.text,
              majia=s.actors[action.seat].majia)


def _vote(game: Game, action: Vote, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    legal = _find(offered, "vote", action.seat, _where(s))
    if action.target is not None and action.target not in legal.targets:
        raise refuse("vote_target", seat=action.seat, majia=action.target, listed=list(legal.targets), **_where(s))
    if s.phase == "ELECT":
        faction = s.actors[action.seat].origin or s.actors[action.seat].faction
        team = faction if action.seat in s.teams.get(faction, []) else s.actors[action.seat].faction
        game.emit(VoteCast, team_vis(team), s.teams[team], seat=action.seat, target=action.target, reason=action.reason,
                  majia=s.actors[action.seat].majia)
        return
    game.emit(VoteCast, PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def _skill(game: Game, action: UseSkill, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    skill = SKILL_NAMES.id(action.skill)
    check_skill(s, action.seat, skill, tuple(action.targets))
    _find(offered, "skill", action.seat, _where(s), skill=skill)
    if skill == SHORTEN:
        _shorten(game, action.seat)
        return
    game.emit(SkillSubmitted, seat_vis(action.seat), seat=action.seat, skill=skill, targets=list(action.targets))


def _shorten(game: Game, seat: int) -> None:
    """An agreement to shorten the day (§5), public and naming the 角色 that agreed.

    Public, because the rule is a public forum process (everyone must agree, so everyone may see who
    has not yet), and because it names only the account, which posts in public anyway: nothing of the
    马甲 mapping or of identities is in it. The count lets a reader see how far the agreement is."""
    s = st(game)
    agreed = len(s.shortened | {seat})
    game.emit(Announced, PUBLIC, topic="majia_shorten", seats=[seat],
              data={"agreed": agreed, "living": len(s.present())})


def _choose(game: Game, action: Choose, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    skill = SKILL_NAMES.id(action.skill)
    legal = _find(offered, "choose", action.seat, _where(s), skill=skill)
    if len(action.targets) != 1:
        raise refuse("choose_one", seat=action.seat, skill=skill, count=len(action.targets),
                     listed=list(legal.targets), **_where(s))
    if action.targets[0] not in legal.targets:
        raise refuse("choose_target", seat=action.seat, skill=skill, majia=action.targets[0],
                     listed=list(legal.targets), **_where(s))
    game.emit(ChoiceMade, seat_vis(action.seat), seat=action.seat, skill=skill, targets=list(action.targets))


def _last_words(game: Game, action: SubmitLastWords, offered: tuple[LegalAction, ...]) -> None:
    s = st(game)
    _find(offered, "last_words", action.seat, _where(s))
    if s.phase == "REDACT":
        victim = next(v for v, k in s.redactors.items() if k == action.seat)
        check_redaction(s.last_words[victim], action.text, action.seat, victim)
        game.emit(Resolved, JUDGE, skill=REDACT, actor=action.seat, targets=[victim], result=action.text)
        return
    check_last_words(s, action.seat, action.text)
    game.emit(LastWords, seat_vis(action.seat), seat=action.seat, text=action.text)


def _pass(game: Game, action: Pass, offered: tuple[LegalAction, ...]) -> None:
    game.emit(Passed, seat_vis(action.seat), seat=action.seat, fallback=action.fallback, reason=action.reason,
              detail=dict(action.detail))


_HANDLERS: dict[type, Callable[[Game, Any, tuple[LegalAction, ...]], None]] = {
    Post: _post, TeamPost: _team_post, Vote: _vote, UseSkill: _skill, Choose: _choose,
    SubmitLastWords: _last_words, Pass: _pass,
}
