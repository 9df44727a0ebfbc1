"""What an umineko32 seat knows now beyond the public record (``Ruleset.observe``), and the judge's truth.

The shared observation (``engine.observation``) gives the public record and what the seat was told
of its identity; this adds the rule set's own:

* each skill of the seat's role with what is left of it: 王车易位 once, 杀人诛心 and 魔法传承 on night
  1 only, 魔女预言 given at the start, 契约标记 and 王车易位 stopped once the witch's condition
  latched, 红字结界 restricted after its second use on a 白 piece (where the judge tells the
  inquisitor so, flag A-42), 演员试镜 blocked the night after a 同, 弃明投暗 while it can still reach
  an unmerged accomplice, and a merged accomplice's 无常之刃;
* the allowances the rules count: the 蓝字 left in the restricted phase, the posts and team messages
  left in the turn or window, the vote changes left, last words still granted;
* the seat's own statuses (a 平民's belief, a merged accomplice);
* the chats the seat was told of, with the members it was told of (``teams``, flag A-41);
* what the rules tell a seat of others (``mates``): its chat mates' identities (杀手群, 侦探群, 魔女群
  are chats of one identity each, and the merged or dead accomplice and the apprentice join them by a
  notice that names them), the accomplice to the killers once the promotion notice has named it, and
  the killers the accomplice has been told by name;
* the god view's truth (``truth``): every identity, the judge's cause of each death, and every
  status the judge tracks (beliefs, marks, merges, today's 舞台特权).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from engine.observation import amend, budget_state, derive, skill_state, team_state
from engine.rulesets.umineko32 import legal
from engine.rulesets.umineko32.names import (
    ACCOMPLICE,
    AUDITION,
    BARRIER,
    BELIEF,
    BLADE,
    CASTLING,
    COMMONER,
    CONVERSION,
    INHERITANCE,
    KILLER,
    KILLERS,
    MARK,
    PROPHECY,
    ROLES,
    SAME,
    TELL_NAME,
    Ph,
)
from engine.rulesets.umineko32.state import UminekoState

if TYPE_CHECKING:
    from engine.observation import BudgetState, Observation, Seats, SeatStatus, SkillState, TeamState

SKILLS_OF = {role.id: role.skills for role in ROLES}
"""Each role's skills as its card lists them."""
LATER_SKILLS = {role.id: tuple(skill for skill in role.skills if skill != BELIEF) for role in ROLES}
"""Each role's skills after SETUP, which alone offers 信仰魔女 (so a 平民 lists none)."""
FACTION_OF = {role.id: role.faction for role in ROLES}


def skills(s: UminekoState, seat: int, role: str | None) -> tuple[SkillState, ...]:
    """The skills of ``role`` (the role the seat knows it has) with what is left of each. Asked at
    every turn of the seat that speaks; most seats are 平民 with no skill after SETUP, answered
    without a loop, and each skill's rule is found in one lookup (an ``if`` chain tested up to eight)."""
    own = (SKILLS_OF if s.phase == Ph.SETUP else LATER_SKILLS).get(role or "", ())
    if role == ACCOMPLICE and s.seats[seat].merged:
        own = (BLADE, *own)
    if not own:
        return ()
    return tuple([_SKILL_STATES.get(skill, _while_alive)(s, seat, skill) for skill in own])


def _castling(s: UminekoState, seat: int, skill: str) -> SkillState:
    left = 0 if s.castling_used else 1
    open_ = legal.witch_skills_open(s)
    return skill_state(skill, left=left, total=1, usable=left > 0 and open_, note="" if open_ else "latched")


def _mark(s: UminekoState, seat: int, skill: str) -> SkillState:
    open_ = legal.witch_skills_open(s)
    return skill_state(skill, usable=open_, note="" if open_ else "latched")


def _barrier(s: UminekoState, seat: int, skill: str) -> SkillState:
    told = s.inquisitor_restricted and bool(s.flags.get("umineko.tell_inquisitor_restriction"))
    return skill_state(skill, usable=s.seats[seat].alive, note="restricted" if told else "")


def _audition(s: UminekoState, seat: int, skill: str) -> SkillState:
    blocked = bool(s.theater) and s.theater[-1][3] == SAME and s.theater[-1][0] == legal.tonight(s) - 1
    return skill_state(skill, usable=s.seats[seat].alive and not blocked, note="blocked_tonight" if blocked else "")


def _belief(s: UminekoState, seat: int, skill: str) -> SkillState:
    chosen = seat in s.window.done
    return skill_state(skill, left=0 if chosen else 1, total=1, usable=not chosen)


def _tell_name(s: UminekoState, seat: int, skill: str) -> SkillState:
    return skill_state(skill, usable=s.seats[seat].alive and seat in s.teams.get(KILLERS, ()) and _name_reaches(s))


def _night_one(s: UminekoState, seat: int, skill: str) -> SkillState:
    """杀人诛心 and 魔法传承: on night 1 only."""
    return skill_state(skill, usable=s.day <= 1, note="" if s.day <= 1 else "night1_only")


def _given(s: UminekoState, seat: int, skill: str) -> SkillState:
    """魔女预言: given at the start, nothing left to use."""
    return skill_state(skill, usable=False, note="given")


def _while_alive(s: UminekoState, seat: int, skill: str) -> SkillState:
    """Any other skill (无常之刃, 侦探权限, 舞台特权): usable while the seat lives."""
    return skill_state(skill, usable=s.seats[seat].alive)


_SKILL_STATES = {CASTLING: _castling, MARK: _mark, BARRIER: _barrier, AUDITION: _audition, BELIEF: _belief,
                 TELL_NAME: _tell_name, CONVERSION: _night_one, INHERITANCE: _night_one, PROPHECY: _given}
"""The skills whose state has a rule of its own (the rest: ``_while_alive``)."""


def _name_reaches(s: UminekoState) -> bool:
    """Whether a name told today can still reach the accomplice (day 1, or an unmerged one lives)."""
    acc = s.accomplice
    return s.day == 1 or (acc is not None and s.seats[acc].alive and not s.seats[acc].merged)


def budgets(s: UminekoState, seat: int) -> tuple[BudgetState, ...]:
    """What the seat may still post, message and change now, where the rules count it. Asked at every
    turn of the seat that speaks: the phase is read once, and the team messages' count only for a
    seat with a chat to post in."""
    phase, w = s.phase, s.window
    out: list[BudgetState] = []
    if phase == Ph.RESTRICTED:
        limit = int(s.flags["umineko.blue_limit"])
        out.append(budget_state("blue", max(0, limit - s.seats[seat].blue_today), limit))
    elif phase == Ph.VOTE:
        out.append(budget_state("posts", max(0, legal.VOTE_PHASE_POSTS - w.posts.get(seat, 0)), legal.VOTE_PHASE_POSTS))
        limit = int(s.flags["umineko.vote_change_limit"])
        if limit >= 0:
            out.append(budget_state("vote_changes", max(0, limit - s.seats[seat].vote_changes), limit))
    teams = legal.postable_teams(s, seat)
    if teams:
        left = max(0, legal.FREE_PER_TURN - (w.free_used if phase in Ph.TURNS else w.team_posts.get(seat, 0)))
        out.extend([budget_state("team_posts", left, legal.FREE_PER_TURN, team=team) for team in teams])
    if phase in Ph.WORDS and seat in w.eligible:
        out.append(budget_state("last_words", 0 if seat in w.done else 1, 1))
    return tuple(out)


def statuses(s: UminekoState, seat: int, role: str | None) -> tuple[str, ...]:
    """What the seat knows of its own standing: a 平民's belief, an accomplice's merge."""
    record = s.seats[seat]
    if role == COMMONER and record.believes:
        return ("believer",)
    if role == ACCOMPLICE and record.merged:
        return ("merged",)
    return ()


def teams(s: UminekoState, seat: int) -> tuple[TeamState, ...]:
    """The chats ``seat`` was told of, with the members it was told of (``members_told``: under flag
    A-41 false a dead member learns no later newcomer, and one joining dead is told of nothing)."""
    reads_dead = s.dead_read()
    return tuple(team_state(team, tuple(told[seat]), reads_dead=reads_dead)
                 for team, told in s.members_told.items() if seat in told)


def mates(s: UminekoState, seat: int, chats: tuple[TeamState, ...]) -> dict[int, str]:
    """Seat → identity, for every other seat whose identity the rules have told ``seat`` (``chats``:
    the seat's ``teams``)."""
    known: dict[int, str] = {}
    for team in chats:
        known.update({m: s.seats[m].role for m in team.members if m != seat})
    acc = s.accomplice
    if acc is not None and s.promoted:
        if seat in s.teams.get(KILLERS, ()) and acc != seat:
            known[acc] = ACCOMPLICE
        if seat == acc:  # the promotion notice named day 1's killer; each nightfall's notice one more
            named = s.told | ({s.day1_name} if s.day1_name is not None else set())
            known.update({k: KILLER for k in named if k != seat})
    return known


def told(s: UminekoState, obs: Observation, seat: int) -> Observation:
    """``obs`` (the shared defaults) with the seat's own statuses and the identities the rules told it
    of others (``mates``), in one copy; the seat list is the same tuple while what it knows is."""
    own = statuses(s, seat, obs.role)
    known = mates(s, seat, obs.teams)
    if not own and not known:
        return obs
    seats = derive(with_mates, obs.seats, tuple(known.items())) if known else obs.seats
    return amend(obs, statuses=(*obs.statuses, *own), seats=seats)


def with_mates(seats: Seats, known: tuple[tuple[int, str], ...]) -> Seats:
    """``seats`` with the identities in ``known`` (``mates``, as items; ``derive`` keeps the result).
    Each mate is found by its place (a seat list holds seats 1..N in order), not by a walk of every
    record: a seat has a few mates, and its list is built again whenever the public one moves."""
    out = list(seats)
    for seat, role in known:
        at = seat - 1
        if not (0 <= at < len(out) and out[at].seat == seat):
            return _walked(seats, dict(known))
        out[at] = amend(out[at], role=role, faction=FACTION_OF.get(role))
    return tuple(out)


def _walked(seats: Seats, roles: dict[int, str]) -> Seats:
    """``with_mates`` for a seat list out of order: every record looked at."""
    return tuple(amend(st, role=roles[st.seat], faction=FACTION_OF.get(roles[st.seat])) if st.seat in roles else st
                 for st in seats)


def truth(s: UminekoState, status: SeatStatus) -> SeatStatus:
    """``status`` as the judge knows it: identity, faction, alive, the judge's cause and the statuses."""
    record = s.seats.get(status.seat)
    if record is None:
        return status
    day, seq = record.died if record.died is not None else (status.out_day, status.out_seq)
    return dataclasses.replace(
        status, alive=record.alive, role=record.role or None, faction=record.faction or None,
        cause=None if record.alive else record.cause or status.cause, out_day=None if record.alive else day,
        out_seq=None if record.alive else seq, statuses=(*status.statuses, *judged(s, status.seat)))


def judged(s: UminekoState, seat: int) -> tuple[str, ...]:
    """The statuses the judge tracks for ``seat``: belief, mark, merge, today's 舞台特权."""
    record = s.seats[seat]
    flags = (("believer", record.believes), ("marked", record.marked), ("merged", record.merged),
             ("immune", record.immune_day == s.day and record.alive))
    return tuple(name for name, on in flags if on)
