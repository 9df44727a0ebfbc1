"""Submitting: umineko32's refusals on the kernel's path, and what each action does once offered.

The kernel (``TableRuleset.submit``) checks the seat, takes what it is offered, maps skill names to
ids and finds the template; umineko32 words each of those refusals its own way (``errors``) and
adds its own: a vote may be changed after it is cast (A-34), a post after curfew is withheld (§2.2),
and a skill is held against the rules (``legal.check_skill``) before the template search, so the
refusal says why the skill cannot be used rather than only that it is not offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine import actions as act
from engine import events as ev
from engine.errors import UnknownName
from engine.legal import PASS, LegalAction
from engine.mechanics.discipline import enabled, warn
from engine.rulesets.umineko32.errors import illegal
from engine.rulesets.umineko32.flow import st
from engine.rulesets.umineko32.legal import check_skill
from engine.rulesets.umineko32.names import BLADE, KILLERS, ROLES, TELL_NAME, Ph
from engine.rulesets.umineko32.state import UminekoState
from engine.table import submit as table
from engine.table.ruleset import SubmitHandler
from engine.table.submit import KIND_OF, described, match

if TYPE_CHECKING:
    from engine.game import Game


# -- the kernel's refusals, in umineko32's words ---------------------------------------------------


def no_seat(s: UminekoState, seat: int) -> None:
    if seat not in s.seats:
        raise illegal("no_seat", number=seat, count=len(s.seats))


def vote_change(s: UminekoState, seat: int) -> tuple[LegalAction, ...] | None:
    """A seat that has voted may change its ballot, within the change limit (A-34); None when the
    seat is not one that has voted."""
    if s.phase != Ph.VOTE or seat not in s.window.done or not s.seats[seat].alive:
        return None
    limit = int(s.flags["umineko.vote_change_limit"])
    if limit >= 0 and s.seats[seat].vote_changes >= limit:
        raise illegal("vote_changes_used", seat=seat, limit=limit)
    return (LegalAction("vote", targets=s.living_seats(), arity=1, abstain=True),)


def idle(s: UminekoState, action: act.Action) -> Exception:
    """Why a seat the open phase does not wait for cannot act."""
    seat = action.seat
    if not s.seats[seat].alive and s.phase not in (Ph.NIGHT, Ph.LAST_WORDS, Ph.VOTE_LAST_WORDS):
        return illegal("dead_cannot_act", seat=seat, phase=s.phase)
    speaker = s.window.speaker
    if speaker is not None:
        return illegal("not_your_turn", seat=seat, speaker=speaker, phase=s.phase)
    if seat in s.window.done:
        return illegal("already_answered", seat=seat, phase=s.phase, day=s.day)
    return illegal("nothing_to_do", seat=seat, phase=s.phase, day=s.day)


def unknown_skill(action: act.UseSkill | act.Choose, err: UnknownName) -> Exception:
    """A skill name umineko32 does not know, refused with every skill it has."""
    skills = list(dict.fromkeys(skill for role in ROLES for skill in role.skills))
    return illegal("unknown_skill", name=action.skill, skills=skills)


def find(s: UminekoState, offered: tuple[LegalAction, ...], action: act.Action) -> LegalAction:
    """The template ``action`` answers; a skill is held against the rules first. A pass needs none."""
    cls = action.__class__  # (compared by identity: a pydantic model's isinstance is a slow check)
    if cls is act.Pass:
        return PASS
    if cls is act.UseSkill:
        check_skill(s, action.seat, action.skill, tuple(action.targets))  # type: ignore[union-attr]
    kind = KIND_OF[cls]
    skill = action.skill if cls is act.UseSkill or cls is act.Choose else None  # type: ignore[union-attr]
    team = action.team if cls is act.TeamPost else None  # type: ignore[union-attr]
    found = match(offered, kind, skill, team)
    if found is not None:
        return found
    can = sorted({(lg.kind, lg.skill or "", lg.team or "") for lg in offered})
    raise illegal("cannot_do", seat=action.seat, what=described(kind, skill, team), phase=s.phase,
                  can=[described(*item) for item in can])


def curfew_post(game: Game, action: act.Post) -> None:
    """A post after curfew is withheld and counted; every second attempt is a warning (§2.2)."""
    record = st(game).seats[action.seat]
    if not record.alive:
        raise illegal("dead_cannot_post", seat=action.seat)
    game.emit(ev.PostWithheld, ev.seat_vis(action.seat), seat=action.seat, text=action.text, reason="curfew")
    if record.curfew_attempts % 2 == 0 and enabled(game, "curfew"):
        warn(game, action.seat, "curfew")


# -- what each action does once offered ------------------------------------------------------------


def post(game: Game, action: act.Post, legal: LegalAction) -> None:
    s = st(game)
    if action.quote is not None and action.quote > s.floor:
        raise illegal("no_such_floor", floor=action.quote, floors=s.floor)
    if not action.blue or legal.blue_left is None:
        game.emit(ev.Posted, ev.PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, quote=action.quote)
        return
    if legal.blue_left > 0:
        blue = s.seats[action.seat].blue_today + 1
        game.emit(ev.Posted, ev.PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, blue=blue,
                  quote=action.quote)
        return
    game.emit(ev.PostWithheld, ev.seat_vis(action.seat), seat=action.seat, text=action.text, reason="blue_overflow")
    if enabled(game, "blue"):
        warn(game, action.seat, "blue_overflow")


def vote(game: Game, action: act.Vote, legal: LegalAction) -> None:
    s = st(game)
    if action.target is not None and action.target not in legal.targets:
        if action.target in s.seats:
            raise illegal("vote_target_dead", target=action.target, targets=list(legal.targets))
        raise illegal("vote_no_seat", number=action.target, targets=list(legal.targets))
    game.emit(ev.VoteCast, ev.PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def skill(game: Game, action: act.UseSkill, legal: LegalAction) -> None:
    s = st(game)
    if action.skill in (BLADE, TELL_NAME):
        vis, to = ev.team_vis(KILLERS), s.recipients(KILLERS)
    else:
        vis, to = ev.seat_vis(action.seat), []
    game.emit(ev.SkillSubmitted, vis, to, seat=action.seat, skill=action.skill, targets=list(action.targets))


def choose(game: Game, action: act.Choose, legal: LegalAction) -> None:
    if action.use is None:
        raise illegal("yes_no", skill=action.skill)
    game.emit(ev.ChoiceMade, ev.seat_vis(action.seat), seat=action.seat, skill=action.skill, use=action.use)


HANDLERS: Mapping[type[act.Action], SubmitHandler] = {
    act.Post: post, act.TeamPost: table.team_post, act.Vote: vote, act.UseSkill: skill, act.Choose: choose,
    act.SubmitLastWords: table.last_words, act.Pass: table.passed,
}
