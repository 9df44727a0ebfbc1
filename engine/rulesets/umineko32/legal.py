"""Who may do what, and with which targets: ``actions`` (what the kernel offers a seat it waits for)
and the validation of skills.

Both read the same target functions, so what ``actions`` offers is exactly what ``submit`` accepts
(for 演员试镜, whose rule ③ ties the two targets, ``first_from`` carries the constraint).
"""

from __future__ import annotations

from functools import lru_cache

from engine.legal import PASS, LegalAction
from engine.rulesets.umineko32.errors import because, illegal
from engine.rulesets.umineko32.names import (
    AUDITION,
    BARRIER,
    BLADE,
    CASTLING,
    COMMONER,
    DETECT,
    DETECTIVE,
    DETECTIVES,
    DIFFERENT,
    INQUISITOR,
    KILLER,
    KILLERS,
    MARK,
    SAME,
    TELL_NAME,
    THEATERGOER,
    WITCH,
    WITCHES,
    Ph,
)
from engine.rulesets.umineko32.state import UminekoState
from engine.table.templates import POST, WORDS, team_post

FREE_PER_TURN = 2
"""Free actions (team posts, a name for the accomplice) one seat may take inside one turn or window."""
VOTE_PHASE_POSTS = 1
"""Public posts one seat may make during the VOTE window (the spec allows posting there)."""
TOLD_NOTE = "told_killers"
"""弃明投暗's note: the living killers the accomplice already knows (``seats``)."""
CHAIN_NOTE = "audition_chain"
"""演员试镜's note under rule ③: one target must come from last night's 异 pair (``first_from``)."""


def actions(s: UminekoState, seat: int) -> tuple[LegalAction, ...]:
    """The legal actions of a seat the phase waits for (the kernel asks only for those)."""
    return _turn_actions(s, seat) if s.phase in Ph.TURNS else _window_actions(s, seat)


# Templates that depend on no state are built once: legal actions are asked for at every decision.
BLUE_POSTS = tuple(LegalAction("post", blue_left=n) for n in range(10))
BELIEF = (LegalAction("choose", "belief", yes_no=True),)
CASTLE_CHOICE = (LegalAction("choose", CASTLING, yes_no=True),)


@lru_cache(maxsize=256)
def _vote_template(alive: tuple[int, ...]) -> LegalAction:
    return LegalAction("vote", targets=alive, arity=1, abstain=True)


@lru_cache(maxsize=256)
def _tell_name_template(killers: tuple[int, ...], told: tuple[int, ...]) -> LegalAction:
    """弃明投暗's targets; the note names the living killers the accomplice already knows (A-29)."""
    if not told:
        return LegalAction("skill", TELL_NAME, killers, 1, free=True)
    return LegalAction("skill", TELL_NAME, killers, 1, free=True, note=TOLD_NOTE, note_params=(("seats", told),))


def _turn_actions(s: UminekoState, seat: int) -> tuple[LegalAction, ...]:
    """A speaker's actions, built once per distinct answer (``_turn_tuple``): asked at every turn of
    every speech phase, the list and the team templates made each time, and the 弃明投暗 check asked of
    every seat, cost some 10,000 of a game's 485,000 Python ops."""
    if s.phase == Ph.RESTRICTED:
        head = max(0, int(s.flags["umineko.blue_limit"]) - s.seats[seat].blue_today)
    else:
        head = -1
    if s.window.free_used >= FREE_PER_TURN:
        return _turn_tuple(head, (), None)
    teams = postable_teams(s, seat)
    return _turn_tuple(head, teams, _tell_name_key(s, seat) if KILLERS in teams else None)


@lru_cache(maxsize=1024)
def _turn_tuple(head: int, teams: tuple[str, ...],
                tell: tuple[tuple[int, ...], tuple[int, ...]] | None) -> tuple[LegalAction, ...]:
    """A turn's actions by value: a post (``BLUE_POSTS[head]`` in the restricted phase, ``head`` being
    the 蓝字 left, else -1 for a plain one), a message to each of ``teams``, 弃明投暗 (``tell``: the
    living killers and those the accomplice knows) where open, and the pass."""
    out = [POST if head < 0 else BLUE_POSTS[head], *map(team_post, teams)]
    if tell is not None:
        out.append(_tell_name_template(*tell))
    out.append(PASS)
    return tuple(out)


def _tell_name_key(s: UminekoState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """弃明投暗's template as its values (the living killers, those already told), or None where closed.
    Its callers ask only a seat whose postable teams hold 杀手群: ``tell_name_open`` needs a living
    member, whose postable teams are all of its own."""
    if not tell_name_open(s, seat):
        return None
    killers = tuple(s.living(KILLER))
    return killers, tuple(k for k in killers if k in s.told)


def _free_actions(s: UminekoState, seat: int) -> list[LegalAction]:
    teams = postable_teams(s, seat)
    out = [team_post(team) for team in teams]
    tell = _tell_name_key(s, seat) if KILLERS in teams else None
    if tell is not None:
        out.append(_tell_name_template(*tell))
    return out


def postable_teams(s: UminekoState, seat: int) -> tuple[str, ...]:
    """The team chats ``seat`` may post in: its own, or none once dead under flag A-41 false."""
    if not s.seats[seat].alive and not s.dead_read():
        return ()
    return s.team_of(seat)


TELL_NAME_PHASES = Ph.TURNS | {Ph.VOTE}
"""Where 弃明投暗 may be used: the day's speeches and the vote."""


def tell_name_open(s: UminekoState, seat: int) -> bool:
    """弃明投暗: a living member of 杀手群, on day 1 or while an unmerged accomplice lives."""
    if not s.seats[seat].alive or seat not in s.teams.get(KILLERS, ()) or s.phase not in TELL_NAME_PHASES:
        return False
    acc = s.accomplice
    return s.day == 1 or (acc is not None and s.seats[acc].alive and not s.seats[acc].merged)


def _window_actions(s: UminekoState, seat: int) -> tuple[LegalAction, ...]:
    phase = s.phase
    if phase == Ph.SETUP:
        return BELIEF
    if phase == Ph.CASTLE:
        return CASTLE_CHOICE
    if phase in Ph.WORDS:
        return WORDS
    if phase == Ph.VOTE:
        return _vote_actions(s, seat)
    return _night_actions(s, seat)


def _vote_actions(s: UminekoState, seat: int) -> tuple[LegalAction, ...]:
    out = [_vote_template(s.living_seats())]
    if s.window.posts.get(seat, 0) < VOTE_PHASE_POSTS:
        out.append(POST)
    if s.window.team_posts.get(seat, 0) < FREE_PER_TURN:
        out.extend(_free_actions(s, seat))
    out.append(PASS)
    return tuple(out)


def _night_actions(s: UminekoState, seat: int) -> tuple[LegalAction, ...]:
    out: list[LegalAction] = []
    for skill in night_skills(s, seat):
        out.append(_skill_template(s, seat, skill))
    if s.window.team_posts.get(seat, 0) < FREE_PER_TURN:
        out.extend(team_post(team) for team in postable_teams(s, seat))
    out.append(PASS)
    return tuple(out)


def _skill_template(s: UminekoState, seat: int, skill: str) -> LegalAction:
    if skill == AUDITION:
        first, others = audition_options(s, seat)
        pool = tuple(sorted(set(first) | set(others)))
        return LegalAction("skill", skill, pool, 2, first_from=first, note=CHAIN_NOTE if first else "")
    return _skill_action(skill, targets_for(s, seat, skill))


@lru_cache(maxsize=1024)
def _skill_action(skill: str, targets: tuple[int, ...]) -> LegalAction:
    """A one-target skill's template, one object for the same skill and targets: every night asks
    each seat's skills again at every step, and the frozen ``__init__`` cost more than the lookup."""
    return LegalAction("skill", skill, targets, 1)


# -- who has which night skill -------------------------------------------------------------------


def tonight(s: UminekoState) -> int:
    """The night being opened or played: game day N holds night N. (At NIGHTFALL, where the night
    window's seats are chosen, ``s.night`` still holds the previous night.)"""
    return s.day


def night_skills(s: UminekoState, seat: int) -> list[str]:
    """The night skills ``seat`` may use tonight. The seat's life and role are read once (each was
    read again for every skill), and a seat holds one role, so one of the three roles' skills at most."""
    piece = s.seats[seat]
    role = piece.role
    out: list[str] = []
    if piece.alive:
        if piece.black:
            out.append(BLADE)
        if role == DETECTIVE:
            out.append(DETECT)
        elif role == THEATERGOER:
            if audition_available(s, seat):
                out.append(AUDITION)
        elif role == INQUISITOR and targets_for(s, seat, BARRIER):
            out.append(BARRIER)
    if role == WITCH and witch_skills_open(s):
        out.append(MARK)
    return out


def witch_skills_open(s: UminekoState) -> bool:
    """契约标记 and 王车易位 work until the witch's win latches, or until her ascension (flag A-45)."""
    if not s.witch_latched:
        return True
    return bool(s.flags.get("umineko.witch_skills_after_latch")) and not s.ascended


def night_eligible(s: UminekoState) -> list[int]:
    """Seats the NIGHT window waits for: skill holders, and members of a team chat they may post in
    (the dead too, while flag A-41 keeps their access)."""
    return [seat for seat in s.seats if night_skills(s, seat) or postable_teams(s, seat)]


def targets_for(s: UminekoState, seat: int, skill: str) -> tuple[int, ...]:
    """The legal single targets of ``skill`` for ``seat`` now."""
    alive = s.living_seats()
    if skill == BLADE:
        if s.flags.get("umineko.blade_may_target_killers", True):
            return alive
        return tuple(t for t in alive if not s.seats[t].black)
    if skill == TELL_NAME:
        return tuple(s.living(KILLER))
    if skill == DETECT:
        return tuple(t for t in alive if t != seat or s.flags.get("umineko.detective_self_check"))
    if skill == MARK:
        if s.flags.get("umineko.mark_any_piece", True):
            return tuple(s.seats)
        return tuple(t for t in alive if s.seats[t].role != WITCH)
    if skill == BARRIER:
        return _barrier_targets(s, seat, alive)
    return ()


def _barrier_targets(s: UminekoState, inquisitor: int, alive: tuple[int, ...]) -> tuple[int, ...]:
    """The living seats 红字结界 may take: not last night's target (``_consecutive``), nor, once the
    inquisitor is restricted, another seat already under a barrier. Both rules are worked out once
    per ask, not once per seat: every night step asks the inquisitor's targets twice (has it any,
    then which), and two calls per living seat were some 12,000 of a game's 485,000 Python ops."""
    last = s.barrier_last
    blocked = last[1] if last is not None and last[0] == tonight(s) - 1 and _consecutive(s, inquisitor, last[1]) \
        else None
    if not s.inquisitor_restricted:
        return alive if blocked is None else tuple([t for t in alive if t != blocked])
    seats = s.seats
    return tuple([t for t in alive if t != blocked and (t == inquisitor or seats[t].barrier_uses <= 0)])


def _consecutive(s: UminekoState, inquisitor: int, target: int) -> bool:
    """红字结界 on last night's target (self exempt under flag A-13 false)."""
    if s.barrier_last != (tonight(s) - 1, target):
        return False
    return target != inquisitor or bool(s.flags.get("umineko.barrier_consecutive_includes_self", True))


# -- 演员试镜 (rules ①–④, A-14) -----------------------------------------------------------------


def _previous_audition(s: UminekoState) -> tuple[int, int, int, str] | None:
    if not s.theater:
        return None
    last = s.theater[-1]
    if s.flags.get("umineko.theater_chain_last_use") or last[0] == tonight(s) - 1:
        return last
    return None


def audition_options(s: UminekoState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(first_from, others): under ③ one target from ``first_from``; the rest from ``others``."""
    others = tuple(t for t, p in s.seats.items() if p.alive and t != seat and not p.theater_selected)
    prev = _previous_audition(s)
    if prev is not None and prev[3] == DIFFERENT:
        chain = tuple(t for t in prev[1:3] if s.seats[t].alive)
        if chain:
            return chain, others
    return (), others


def audition_available(s: UminekoState, seat: int) -> bool:
    """False the night after a 同 (blocked), or when no legal pair exists (④)."""
    prev = s.theater[-1] if s.theater else None
    if prev is not None and prev[3] == SAME and prev[0] == tonight(s) - 1:
        return False
    first, others = audition_options(s, seat)
    return bool(others) if first else len(others) >= 2


# -- validation ----------------------------------------------------------------------------------


def check_skill(s: UminekoState, seat: int, skill: str, targets: tuple[int, ...]) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may use ``skill`` on ``targets`` now."""
    if skill == TELL_NAME:
        if not tell_name_open(s, seat):
            raise illegal("tell_name_closed", seat=seat, skill=skill)
    elif s.phase != Ph.NIGHT or skill not in night_skills(s, seat):
        raise illegal("skill_now", seat=seat, skill=skill, phase=s.phase, day=s.day)
    if skill == AUDITION:
        _check_audition(s, seat, targets)
        return
    if len(targets) != 1:
        raise illegal("skill_arity", skill=skill, n=1, count=len(targets))
    target = targets[0]
    if target not in s.seats:
        raise illegal("skill_no_seat", skill=skill, number=target, count=len(s.seats))
    if target not in targets_for(s, seat, skill):
        raise illegal("skill_target", skill=skill, target=target, why=_why_not(s, seat, skill, target))


def _why_not(s: UminekoState, seat: int, skill: str, target: int) -> dict[str, object]:
    if skill == MARK and target == seat:
        return because("why.mark_self")
    if not s.seats[target].alive:
        return because("why.dead", seat=target)
    if skill == DETECT and target == seat:
        return because("why.self_check")
    if skill == BLADE:
        return because("why.killers_side", seat=target)
    if skill == TELL_NAME:
        return because("why.not_killer", seat=target)
    if skill == BARRIER and _consecutive(s, seat, target):
        return because("why.barrier_consecutive", seat=target)
    if skill == BARRIER:
        return because("why.barrier_restricted", seat=target)
    return because("why.not_allowed")


def _check_audition(s: UminekoState, seat: int, targets: tuple[int, ...]) -> None:
    if len(targets) != 2 or targets[0] == targets[1]:
        raise illegal("audition_pair", skill=AUDITION, count=len(set(targets)))
    for t in targets:
        if t not in s.seats:
            raise illegal("skill_no_seat", skill=AUDITION, number=t, count=len(s.seats))
        if t == seat:
            raise illegal("audition_self", skill=AUDITION)
        if not s.seats[t].alive:
            raise illegal("skill_target", skill=AUDITION, target=t, why=because("why.dead", seat=t))
    first, others = audition_options(s, seat)
    if first:
        chained = [t for t in targets if t in first]
        if len(chained) != 1:
            raise illegal("audition_chain", skill=AUDITION, seats=list(first), targets=list(targets))
        rest = [t for t in targets if t not in first]
    else:
        rest = list(targets)
    for t in rest:
        if t not in others:
            raise illegal("audition_repeat", skill=AUDITION, target=t)


# -- the vocabulary of a role (for tool lists that stay the same all game) -------------------------

_COMMON = (LegalAction("post", blue_left=0), LegalAction("vote", arity=1, abstain=True), LegalAction("last_words"),
           PASS)
_BLACK = (team_post(KILLERS), LegalAction("skill", TELL_NAME, (), 1, free=True), LegalAction("skill", BLADE, (), 1))
_ROLE_VOCABULARY: dict[str, tuple[LegalAction, ...]] = {
    COMMONER: BELIEF,
    KILLER: _BLACK,
    "accomplice": _BLACK,
    DETECTIVE: (team_post(DETECTIVES), LegalAction("skill", DETECT, (), 1)),
    THEATERGOER: (LegalAction("skill", AUDITION, (), 2),),
    INQUISITOR: (LegalAction("skill", BARRIER, (), 1),),
    WITCH: (team_post(WITCHES), LegalAction("skill", MARK, (), 1), *CASTLE_CHOICE),
    "apprentice": (team_post(WITCHES),),
}


def vocabulary(role: str | None) -> tuple[LegalAction, ...]:
    """Every template a seat of ``role`` may be offered in a game (targets empty: any seat); a role
    derived later (共犯, 见习魔女) has its own."""
    return (*_COMMON, *_ROLE_VOCABULARY.get(role or "", ()))
