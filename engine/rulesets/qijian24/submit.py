"""Turning one typed action into events, after validating all of it (nothing is half-applied).

Every refusal names the phase and day, the seat, and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.events import (
    PUBLIC,
    ChoiceMade,
    LastWords,
    Notice,
    Passed,
    Posted,
    SeatsOut,
    SkillSubmitted,
    TeamPosted,
    VoteCast,
    seat_vis,
    team_vis,
)
from engine.rulesets.qijian24.errors import illegal
from engine.rulesets.qijian24.flow import after_outs, check_win, identities, out
from engine.rulesets.qijian24.legal import POSTS_PER_WINDOW
from engine.rulesets.qijian24.names import (
    ALLEGIANCE_SKILLS,
    ASSASSINATE,
    CITED,
    KILLER_TEAM,
    NIGHT,
    RANGER_SIDE,
    RANGERS,
    STAGES,
    TEAM,
)
from engine.rulesets.qijian24.skills import arity, day_skills, may_take, open_skills, slot, targets
from engine.rulesets.qijian24.state import QijianState, table
from engine.table.submit import check_seat

if TYPE_CHECKING:
    from engine.game import Game

ALLEGIANCE_LIMIT = 2
"""At most two ranger-side members may help the same side (游侠方不得有超过2人选择同一阵营)."""
VOTE_CHANGES = 1


_NAMED = frozenset({UseSkill, Choose, TeamPost})
"""The actions whose skill or team ``TableRuleset.named`` may rename (it returns any other as it is)."""


def submit(game: Game, action: Action, named: Callable[[Action], Action]) -> None:
    """Validate ``action`` against the rules and the open window, then emit its events (its skill and
    team ``named`` as the engine's ids, by the kernel's ``TableRuleset.named``). The seat is checked
    only where the table lacks it and ``named`` asked only for a skill or a team post, as the kernel's
    ``submit`` does: two calls saved at each of some 430 actions a game."""
    seat = action.seat
    if seat not in table(game).seats:
        check_seat(table(game), seat)
    if action.__class__ in _NAMED:
        action = named(action)
    HANDLERS[action.__class__](game, action)


def _living_in_stage(s: QijianState, seat: int, what: str) -> None:
    if not s.seats[seat].alive:
        raise illegal(f"dead_cannot_{what}", **s.where(seat))
    if s.phase not in STAGES:
        raise illegal(f"{what}_closed", **s.where(seat))


def _talk_left(s: QijianState, seat: int) -> None:
    if s.talked(seat) >= POSTS_PER_WINDOW:
        raise illegal("posts_used", limit=POSTS_PER_WINDOW, **s.where(seat))


def _post(game: Game, action: Post) -> None:
    s = table(game)
    _living_in_stage(s, action.seat, "post")
    _talk_left(s, action.seat)
    if action.quote is not None and action.quote > s.floor:
        raise illegal("no_such_floor", seat=action.seat, floor=action.quote, floors=s.floor)
    game.emit(Posted, PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, quote=action.quote)
    cited = _cited(s, action.seat, action.text)
    if cited is not None:
        gone = out(game, action.seat, CITED)
        game.emit(SeatsOut, PUBLIC, seats=gone, cause=CITED, roles=identities(table(game), gone), nonce=cited)
        after_outs(game)


def _cited(s: QijianState, seat: int, text: str) -> str | None:
    """The first nonce sealed for ``seat`` that ``text`` pastes (贴证), in the order they were sealed; None
    when it pastes none (the usual answer, found without a list made at every post)."""
    for nonce, owner in s.nonces.items():
        if owner == seat and nonce in text:
            return nonce
    return None


def _team_post(game: Game, action: TeamPost) -> None:
    s = table(game)
    piece = s.seats[action.seat]
    if action.team != TEAM or piece.role not in KILLER_TEAM or not piece.alive:
        raise illegal("team_only_killers", seat=action.seat)
    _talk_left(s, action.seat)
    game.emit(TeamPosted, team_vis(TEAM), s.team(), team=TEAM, seat=action.seat, text=action.text)


def _vote(game: Game, action: Vote) -> None:
    s = table(game)
    _living_in_stage(s, action.seat, "vote")
    if action.target is not None and not s.may_name(action.target):
        raise illegal("ballot_not_candidate", target=action.target, candidates=s.eligible_targets(),
                      **s.where(action.seat))
    if action.seat in s.votes and s.seats[action.seat].vote_changes >= VOTE_CHANGES:
        raise illegal("vote_change_limit", limit=VOTE_CHANGES, **s.where(action.seat))
    game.emit(VoteCast, PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def _skill(game: Game, action: UseSkill | Choose) -> None:
    s = table(game)
    skill = action.skill
    chosen = tuple(action.targets)
    if skill in ALLEGIANCE_SKILLS:
        return _allegiance(game, action.seat, skill)
    if s.phase in STAGES:
        offered = day_skills(s, action.seat)
    elif s.phase == NIGHT and action.seat in s.window.eligible:
        offered = open_skills(s, action.seat)
    else:
        offered = ()
    if skill not in offered:
        raise illegal("skill_unavailable", skill=skill, skills=list(offered) or None, **s.where(action.seat))
    if len(chosen) != arity(skill):
        raise illegal("skill_arity", skill=skill, n=arity(skill), targets=list(chosen) or None, **s.where(action.seat))
    if chosen and not may_take(s, action.seat, skill, chosen[0]):
        raise illegal("skill_target", skill=skill, target=chosen[0], legal=list(targets(s, action.seat, skill)) or None,
                      **s.where(action.seat))
    if slot(s, action.seat, skill) == ASSASSINATE:
        vis, to = team_vis(TEAM), s.team()
    else:
        vis, to = seat_vis(action.seat), []
    game.emit(SkillSubmitted, vis, to, seat=action.seat, skill=skill, targets=list(chosen))
    return None


def _allegiance(game: Game, seat: int, skill: str) -> None:
    """游侠选择 (C-27): day 2, living rangers, at most two per helped side, in submission order, final."""
    s = table(game)
    piece = s.seats[seat]
    if piece.role not in RANGER_SIDE or not piece.alive or s.day != 2 or s.phase not in STAGES or piece.chosen:
        raise illegal("ranger_choice_closed", **s.where(seat))
    side = ALLEGIANCE_SKILLS[skill]
    taken = sum(1 for p in s.seats.values() if p.role in RANGER_SIDE and p.chosen and p.allegiance == side)
    if side != RANGERS and taken >= ALLEGIANCE_LIMIT:
        game.emit(Notice, seat_vis(seat), topic="choice_rejected", seats=[seat], data={"side": side})
        return
    game.emit(ChoiceMade, seat_vis(seat), seat=seat, skill=skill, use=True)
    check_win(game)


def _last_words(game: Game, action: SubmitLastWords) -> None:
    s = table(game)
    piece = s.seats[action.seat]
    if piece.alive or not piece.last_words_due or action.seat not in s.window.eligible or action.seat in s.window.done:
        raise illegal("last_words_not_due", **s.where(action.seat))
    game.emit(LastWords, seat_vis(action.seat), seat=action.seat, text=action.text)
    game.emit(LastWords, PUBLIC, seat=action.seat, text=action.text, published=True)


def _pass(game: Game, action: Pass) -> None:
    s = table(game)
    if game.legal(action.seat) is None:
        raise illegal("nothing_awaited", **s.where(action.seat))
    game.emit(Passed, seat_vis(action.seat), seat=action.seat, fallback=action.fallback, reason=action.reason,
              detail=dict(action.detail))


HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Post: _post, TeamPost: _team_post, Vote: _vote, UseSkill: _skill, Choose: _skill,
    SubmitLastWords: _last_words, Pass: _pass,
}
