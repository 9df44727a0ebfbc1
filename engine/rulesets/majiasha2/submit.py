"""Submitting: what each action does once the kernel has found the template it answers.

The kernel (``TableRuleset.submit``) refuses a seat that does not exist (``check_seat``), finds what
the seat is offered (``ballot_change``: a seat that voted may still change its ballot, D-29) or says why
it has nothing (``refuse_idle``), then the template its action answers (``find``: a skill is first
held to the rules, so that the refusal says why it is not legal now). Each refusal here is
majiasha2's own code, naming the open phase and day. Nothing is applied before every check passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine import events as ev
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import IllegalAction
from engine.legal import PASS, LegalAction
from engine.mechanics.last_words import check_redaction
from engine.mechanics.team_chat import recipients
from engine.rulesets.majiasha2.legal import check_skill, election_targets, vote_ballot, vote_targets
from engine.rulesets.majiasha2.names import REDACT, SHORTEN, Ph
from engine.rulesets.majiasha2.refusals import refuse
from engine.rulesets.majiasha2.state import MajiaState, st
from engine.rulesets.majiasha2.words import MIN_UNMASKED, check_last_words
from engine.table.ruleset import SubmitHandler
from engine.table.submit import KIND_OF, match, passed

if TYPE_CHECKING:
    from engine.game import Game

AFTER_OUT = Ph.WORDS | {Ph.SUCCESSION}
"""The phases in which an out seat still answers (its last words, its successor)."""


# -- the kernel's hooks, in majiasha2's words ---------------------------------------------------------


def no_seat(s: MajiaState, seat: int) -> None:
    if seat not in s.seats:
        raise refuse("no_seat", number=seat, count=len(s.seats))


def idle(s: MajiaState, action: Action) -> IllegalAction:
    """Why a seat the open phase does not wait for, and that has no ballot to change, cannot act."""
    seat = action.seat
    actor = s.seats[seat]
    if not actor.alive and s.phase not in AFTER_OUT:
        return refuse("sent_off_cannot_act" if actor.sent_off else "dead_cannot_act", seat=seat, **s.where())
    if seat in s.window.done:
        return refuse("already_answered", seat=seat, **s.where())
    return refuse("nothing_to_do", seat=seat, **s.where())


def vote_change(s: MajiaState, seat: int) -> tuple[LegalAction, ...] | None:
    """A seat that voted may change its ballot within the limit (D-29, flag majia.vote_change_limit);
    None: it has not voted in an open vote or election."""
    if s.phase not in Ph.VOTES or seat not in s.window.done or not s.seats[seat].alive:
        return None
    limit = int(s.flags.get("majia.vote_change_limit", 1))
    if s.phase == Ph.VOTE and limit >= 0 and s.seats[seat].vote_changes >= limit:
        raise refuse("vote_changes_used", seat=seat, limit=limit, **s.where())
    targets = vote_targets(s) if s.phase == Ph.VOTE else election_targets(s, seat)
    return (vote_ballot(tuple(targets)),)


def find(s: MajiaState, offered: tuple[LegalAction, ...], action: Action) -> LegalAction:
    """The template ``action`` answers: a pass always (it ends the seat's part), a skill once the
    rules allow it now (``check_skill``), a chat post by its chat (``named`` has made its name its id)."""
    cls = action.__class__  # (compared by identity: a pydantic model's isinstance is a slow check)
    if cls is Pass:
        return PASS
    skill = action.skill if cls is UseSkill or cls is Choose else None  # type: ignore[union-attr]
    team = action.team if cls is TeamPost else None  # type: ignore[union-attr]
    if cls is UseSkill:
        check_skill(s, action.seat, action.skill, tuple(action.targets))  # type: ignore[union-attr]
    kind = KIND_OF[cls]
    found = match(offered, kind, skill, team)
    if found is None:
        can = sorted({action_word(lg.kind, lg.skill, lg.team) for lg in offered})
        raise refuse("cannot_do", seat=action.seat, action=action_word(kind, skill, team), can=can, **s.where())
    return found


def action_word(kind: str, skill: str | None = None, team: str | None = None) -> str:
    """What a refusal calls an action: a code of the rule set's words (``act.post``, ``act.skill.kill``,
    ``act.team.A``)."""
    if team is not None:
        return f"act.team.{team}"
    return f"act.skill.{skill}" if skill is not None else f"act.{kind}"


# -- the handlers -------------------------------------------------------------------------------------


def _post(game: Game, action: Post, legal: LegalAction) -> None:
    game.emit(ev.Posted, ev.PUBLIC, seat=action.seat, text=action.text, floor=st(game).floor + 1, quote=action.quote)


def _team_post(game: Game, action: TeamPost, legal: LegalAction) -> None:
    s, team = st(game), legal.team or ""
    game.emit(ev.TeamPosted, ev.team_vis(team), recipients(s.teams[team], lambda n: s.seats[n].alive), team=team,
              seat=action.seat, text=action.text, majia=s.seats[action.seat].majia)


def _vote(game: Game, action: Vote, legal: LegalAction) -> None:
    s = st(game)
    if action.target is not None and action.target not in legal.targets:
        raise refuse("vote_target", seat=action.seat, majia=action.target, listed=list(legal.targets), **s.where())
    if s.phase == Ph.ELECT:
        faction = s.seats[action.seat].origin or s.seats[action.seat].faction
        team = faction if action.seat in s.teams.get(faction, []) else s.seats[action.seat].faction
        game.emit(ev.VoteCast, ev.team_vis(team), s.teams[team], seat=action.seat, target=action.target,
                  reason=action.reason, majia=s.seats[action.seat].majia)
        return
    game.emit(ev.VoteCast, ev.PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def _skill(game: Game, action: UseSkill, legal: LegalAction) -> None:
    if action.skill == SHORTEN:
        _shorten(game, action.seat)
        return
    game.emit(ev.SkillSubmitted, ev.seat_vis(action.seat), seat=action.seat, skill=action.skill,
              targets=list(action.targets))


def _shorten(game: Game, seat: int) -> None:
    """An agreement to shorten the day (§5), public and naming the 角色 that agreed.

    Public, because the rule is a public forum process (everyone must agree, so everyone may see who
    has not yet), and because it names only the account, which posts in public anyway: nothing of the
    马甲 mapping or of identities is in it. The count lets a reader see how far the agreement is."""
    s = st(game)
    agreed = len(s.shortened | {seat})
    game.emit(ev.Announced, ev.PUBLIC, topic="majia_shorten", seats=[seat],
              data={"agreed": agreed, "living": len(s.alive())})


def _choose(game: Game, action: Choose, legal: LegalAction) -> None:
    s, skill = st(game), action.skill
    if len(action.targets) != 1:
        raise refuse("choose_one", seat=action.seat, skill=skill, count=len(action.targets),
                     listed=list(legal.targets), **s.where())
    if action.targets[0] not in legal.targets:
        raise refuse("choose_target", seat=action.seat, skill=skill, majia=action.targets[0],
                     listed=list(legal.targets), **s.where())
    game.emit(ev.ChoiceMade, ev.seat_vis(action.seat), seat=action.seat, skill=skill, targets=list(action.targets))


def _last_words(game: Game, action: SubmitLastWords, legal: LegalAction) -> None:
    s = st(game)
    if s.phase == Ph.REDACT:
        victim = next(v for v, k in s.redactors.items() if k == action.seat)
        check_redaction(s.last_words[victim], action.text, action.seat, victim, least=MIN_UNMASKED, refuse=refuse)
        game.emit(ev.Resolved, ev.JUDGE, skill=REDACT, actor=action.seat, targets=[victim], result=action.text)
        return
    check_last_words(s, action.seat, action.text)
    game.emit(ev.LastWords, ev.seat_vis(action.seat), seat=action.seat, text=action.text)


HANDLERS: Mapping[type[Action], SubmitHandler] = {
    Post: _post, TeamPost: _team_post, Vote: _vote, UseSkill: _skill, Choose: _choose,
    SubmitLastWords: _last_words, Pass: passed,
}

__all__ = ["HANDLERS", "IllegalAction", "action_word", "find", "idle", "no_seat", "vote_change"]
