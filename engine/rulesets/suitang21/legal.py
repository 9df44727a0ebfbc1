"""Who may do what, with which targets: ``actions`` (the kernel derives ``pending`` from it) and the
validation of skills.

Both read the same target functions, so what ``actions`` offers is exactly what ``submit`` accepts.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.legal import PASS, LegalAction
from engine.mechanics.team_chat import may_post
from engine.rulesets.suitang21.errors import illegal, why
from engine.rulesets.suitang21.names import (
    ACCELERATE,
    ARROW,
    BUTTERFLY,
    CHECK,
    CUPID,
    DAY,
    DAY_WORDS,
    DETECT,
    GUARD,
    HUG,
    KILL,
    LOVER_TEAM,
    NIGHT_WORDS,
    POISON,
    REACT,
    ROLES,
    SAVE,
    SEER,
    SETUP,
    SHIELD,
    SHOT,
    SUCCESSION,
    TAKEOVER,
    WITCH,
    WITCH_WAVE,
    WOLF_TEAM,
)
from engine.rulesets.suitang21.state import SuitangState
from engine.table.templates import POST, WORDS, team_post, team_posts

TEAM_POSTS_PER_PHASE = 3
"""Team-chat messages one seat may send in one window (a bound on chatter, not a rule of the text)."""
DEFAULT_DAY_POSTS = 12
"""Public posts one seat may make in one day by default (option ``day_posts``): speech is free in
the text; the bound keeps a game finite and leaves room above the 10-post activity mark."""

ACCELERATE_REQUEST = LegalAction("skill", ACCELERATE, (), 0, free=True, note="note.accelerate")


@lru_cache(maxsize=512)
def _vote_template(alive: tuple[int, ...], change: bool, needs_reason: bool = True) -> LegalAction:
    """A ballot: a first one, or a change (its note, a code of ``texts.STATUSES``, says which); a ballot
    for a seat needs a reason unless flag ``suitang.vote_needs_reason`` is off (``needs_reason``)."""
    note = "note.vote_change" if change else "note.vote_reason" if needs_reason else ""
    return LegalAction("vote", targets=alive, arity=1, abstain=True, free=True, note=note, needs_reason=needs_reason)


@lru_cache(maxsize=2048)
def _skill_template(skill: str, targets: tuple[int, ...], arity: int = 1) -> LegalAction:
    return LegalAction("skill", skill, targets, arity)


@lru_cache(maxsize=2048)
def _choose_template(skill: str, targets: tuple[int, ...]) -> LegalAction:
    return LegalAction("choose", skill, targets, 1)


def actions(s: SuitangState, seat: int) -> tuple[LegalAction, ...]:
    """The legal actions of a seat the open window waits for."""
    phase = s.phase
    if phase == DAY:
        return _day_actions(s, seat)
    if phase in (NIGHT_WORDS, DAY_WORDS):
        return WORDS
    if phase == REACT:
        skill = s.question
        return (_choose_template(skill, tuple(t for t in s.living_seats() if t != seat)), PASS)
    if phase == SETUP:
        return (_skill_template(ARROW, targets_for(s, seat, ARROW), 2), PASS)
    out = [_skill_template(skill, targets_for(s, seat, skill)) for skill in night_skills(s, seat)]
    out.extend(team_posts(s, seat, TEAM_POSTS_PER_PHASE, postable_teams(s, seat)))
    out.append(PASS)
    return tuple(out)


def _day_actions(s: SuitangState, seat: int) -> tuple[LegalAction, ...]:
    """A living seat's day: a post within the day's bound, a ballot (or its change), 加速, its team
    chats (``team_of``, kept by the kernel) while under the bound. Asked at every day action (some 800
    a game) and mostly the same menu as the seat's last: the menu is kept by what decides it
    (``_day_menu``), so it is the same tuple, and its team templates the same objects, every time."""
    role = s.seats[seat]
    ballot = vote_open(s, seat)
    return _day_menu(
        role.posts_today < int(s.options.get("day_posts", DEFAULT_DAY_POSTS)),
        s.living_seats() if ballot else None,
        ballot and seat in s.votes,
        bool(s.flags.get("suitang.vote_needs_reason", True)),
        not role.accelerate_asked and not s.accelerated,
        s.team_of(seat) if role.alive and s.window.team_posts.get(seat, 0) < TEAM_POSTS_PER_PHASE else ())


@lru_cache(maxsize=1024)
def _day_menu(post: bool, alive: tuple[int, ...] | None, change: bool, needs_reason: bool, accelerate: bool,
              teams: tuple[str, ...]) -> tuple[LegalAction, ...]:
    """A day's menu in its order: the post, the ballot for ``alive`` (None: no ballot open), 加速, a
    message to each of ``teams``, the pass."""
    out: list[LegalAction] = [POST] if post else []
    if alive is not None:
        out.append(_vote_template(alive, change, needs_reason))
    if accelerate:
        out.append(ACCELERATE_REQUEST)
    out.extend(team_post(team) for team in teams)
    out.append(PASS)
    return tuple(out)


def vote_open(s: SuitangState, seat: int) -> bool:
    """A first vote, or one change within the limit, and none after acceleration (§2.3–2.4)."""
    if seat not in s.votes:
        return True
    limit = int(s.flags.get("suitang.vote_change_limit", 1))
    return not s.accelerated and (limit < 0 or s.seats[seat].vote_changes < limit)


def postable_teams(s: SuitangState, seat: int) -> list[str]:
    """Chats ``seat`` may write in: only while alive (dead wolves read 狼群 but cannot post, B-42)."""
    return may_post(s.teams, seat, s.seats[seat].alive)


# -- night skills ----------------------------------------------------------------------------------


def night_skills(s: SuitangState, seat: int, wave: str | None = None) -> list[str]:
    """The skills ``seat`` may use in night window ``wave`` (``NIGHT``, the first wave, or ``WITCH``;
    by default the open one)."""
    role = s.seats[seat]
    if not role.alive or role.skills_lost:
        return []
    if (wave or s.phase) == WITCH_WAVE:
        return [k for k, ok in ((SAVE, role.save_left), (POISON, role.poison_left)) if ok and role.role == WITCH]
    out: list[str] = []
    ident = role.role
    if ident == BUTTERFLY:
        out.append(HUG)
    elif ident == GUARD:
        out.append(SHIELD)
    elif ident == SEER:
        out.append(CHECK)
    elif ident == "detective" and not role.detect_used:
        out.append(DETECT)
    elif ident == CUPID:
        out.append(TAKEOVER)
    if s.kill_team(seat) is not None:
        out.append(KILL)
    return [k for k in out if targets_for(s, seat, k)]


def targets_for(s: SuitangState, seat: int, skill: str) -> tuple[int, ...]:
    """The legal targets of ``skill`` for ``seat`` now (every one must be alive now, B-43)."""
    alive = s.living_seats()
    if skill == HUG:
        return tuple(t for t in alive if t != seat and not s.seats[t].hugged_before)
    if skill == SHIELD:
        return tuple(t for t in alive if not s.seats[t].guarded_before)
    if skill in (KILL, POISON):
        return alive
    if skill == SAVE:
        return tuple(t for t in alive if t != seat or s.flags.get("suitang.witch_may_save_self", True))
    if skill == ARROW:
        return tuple(t for t in s.seats if t != seat or s.flags.get("suitang.cupid_may_link_self", True))
    return tuple(t for t in alive if t != seat)


def check_skill(s: SuitangState, seat: int, skill: str, targets: tuple[int, ...]) -> None:
    """Raise ``IllegalAction`` naming the seat, the skill and the rule when ``targets`` is not allowed."""
    arity = 2 if skill == ARROW else 0 if skill == ACCELERATE else 1
    if len(targets) != arity or len(set(targets)) != len(targets):
        raise illegal("skill_arity", seat=seat, skill=skill, n=arity, got=list(targets))
    if skill == ACCELERATE:
        return
    allowed = targets_for(s, seat, skill)
    for target in targets:
        if target not in allowed:
            raise illegal("skill_target", seat=seat, skill=skill, target=target, phase=s.phase, day=s.day,
                          why=_why(s, seat, skill, target), allowed=list(allowed))


def _why(s: SuitangState, seat: int, skill: str, target: int) -> dict[str, Any]:
    if target not in s.seats:
        return why("why.no_such_seat")
    if not s.seats[target].alive and skill != ARROW:
        return why("why.target_out", target=target)
    if skill == HUG and s.seats[target].hugged_before:
        return why("why.hugged_before", target=target)
    if skill == SHIELD and s.seats[target].guarded_before:
        return why("why.guarded_before", target=target)
    if target == seat:
        return why("why.not_self")
    return why("why.not_legal")


def vocabulary(role: str | None) -> tuple[LegalAction, ...]:
    """Every action template a seat holding ``role`` may ever be offered (targets empty: any seat)."""
    out = [POST, LegalAction("vote", arity=1, abstain=True, free=True, needs_reason=True), ACCELERATE_REQUEST,
           team_post(WOLF_TEAM), team_post(LOVER_TEAM), LegalAction("last_words"),
           LegalAction("choose", SUCCESSION, arity=1)]
    info = next((r for r in ROLES if r.id == role), None)
    for skill in info.skills if info else ():
        if skill == SHOT:
            out.append(LegalAction("choose", SHOT, arity=1))
        elif skill in (ARROW, HUG, SHIELD, CHECK, DETECT, SAVE, POISON, KILL):
            out.append(LegalAction("skill", skill, arity=2 if skill == ARROW else 1))
    if role == CUPID:
        out.append(LegalAction("skill", TAKEOVER, arity=1))
    out.append(LegalAction("skill", KILL, arity=1))  # any lover may gain 杀人 by 寡妇刀
    out.append(PASS)
    return tuple(dict.fromkeys(out))
