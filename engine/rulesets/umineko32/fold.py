"""umineko32's own fold handlers, run after the kernel's (``engine.table.fold``).

The kernel keeps seats, teams, the window, posts, ballots, outs, warnings and last words; these add
what umineko32's rules track: the day's counters, 蓝字, the members each seat was told of, the night's
submissions and results, the settlement's deaths, drowning, and the witch's latch. Replaying a
stored game is folding each event in order, so every effect of the rules passes through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import events as ev
from engine.rulesets.umineko32.names import DROWNED, Ph
from engine.rulesets.umineko32.state import UminekoState
from engine.table.fold import by_skill


def _team_formed(s: UminekoState, e: ev.TeamFormed) -> None:
    s.members_told[e.team] = {seat: list(e.members) for seat in e.members}


def _team_joined(s: UminekoState, e: ev.TeamJoined) -> None:
    told = s.members_told.setdefault(e.team, {})
    for seat in e.to:
        told[seat] = list(e.to) if seat == e.seat else [*told.get(seat, []), e.seat]
    if e.seat == s.soul_pending:
        s.soul_pending = None


def _phase_began(s: UminekoState, e: ev.PhaseBegan) -> None:
    if e.name in (Ph.D1_FREE, Ph.RESTRICTED):
        for record in s.seats.values():
            record.posts_today = record.blue_today = record.vote_changes = 0
            record.voted_today = False
        s.name_today, s.died_by_vote, s.exits, s.exits_done = None, [], [], 0
        s.votes, s.ballots = {}, []
    elif e.name == Ph.NIGHT:
        s.night = e.number
        s.protected, s.barrier_kill, s.dead_tonight, s.tonight = set(), None, [], []
        s.converted_tonight, s.castle_answer, s.skills = False, None, {}
    elif e.name == Ph.VOTE:
        s.castle_answer = None


def _free(s: UminekoState, seat: int) -> None:
    """A free action (a team message, a name told) inside the speaker's turn."""
    if s.window.turns and s.window.speaker == seat:
        s.window.free_used += 1


def _posted(s: UminekoState, e: ev.Posted) -> None:
    record = s.seats[e.seat]
    record.posts_today += 1
    if e.blue is not None:
        record.blue_today = e.blue


def _withheld(s: UminekoState, e: ev.PostWithheld) -> None:
    if e.reason == "curfew":
        s.seats[e.seat].curfew_attempts += 1
        return
    s.seats[e.seat].blue_today += 1
    if s.window.turns:
        s.window.end_turn(e.seat)


def _team_posted(s: UminekoState, e: ev.TeamPosted) -> None:
    _free(s, e.seat)


def _vote(s: UminekoState, e: ev.VoteCast) -> None:
    s.seats[e.seat].voted_today = True
    s.window.done.add(e.seat)


def _skill(s: UminekoState, e: ev.SkillSubmitted) -> None:
    if e.skill == "tell_name":
        s.name_today = e.targets[0]
        if s.day == 1:
            s.day1_name = e.targets[0]
        _free(s, e.seat)
        return
    s.skills[skill_key(s, e.skill, e.seat)] = (e.seat, tuple(e.targets))
    s.window.done.add(e.seat)


def skill_key(s: UminekoState, skill: str, seat: int) -> str:
    """Where a night submission is buffered: one slot per team skill, else one per seat."""
    if skill == "blade" or (skill == "detect" and s.flags.get("umineko.detective_team_check")):
        return skill
    return f"{skill}:{seat}"


def _question(s: UminekoState, e: ev.Question) -> None:
    s.castle_form = str(e.data.get("form", ""))


def _choice(s: UminekoState, e: ev.ChoiceMade) -> None:
    if e.skill == "belief":
        s.seats[e.seat].believes = bool(e.use)
    elif e.skill == "castling":
        s.castle_answer = bool(e.use)
        s.castling_used = s.castling_used or bool(e.use)
    s.window.done.add(e.seat)


def _tonight(s: UminekoState, e: ev.Resolved) -> None:
    """The night's results that the next night's rules read (a mark, a check, an audition)."""
    if e.skill in ("mark", "detect", "audition"):
        s.tonight.append((e.skill, e.actor, tuple(e.targets), e.result))


def _barrier(s: UminekoState, e: ev.Resolved) -> None:
    target = e.targets[0]
    s.barrier_last = (s.night, target)
    if target != e.actor:
        s.seats[target].barrier_uses += 1
    if e.result == "protect":
        s.protected.add(target)
    elif e.result == "kill":
        s.barrier_kill = target
        if s.flags.get("umineko.barrier_black_second_use_restricts"):
            s.inquisitor_restricted = True
    elif e.result == "void":
        s.inquisitor_restricted = True


def _mark(s: UminekoState, e: ev.Resolved) -> None:
    if e.result == "成功":
        s.seats[e.targets[0]].marked = True


def _audition(s: UminekoState, e: ev.Resolved) -> None:
    a, b = e.targets
    s.theater.append((s.night, a, b, e.result))
    s.seats[a].theater_selected = s.seats[b].theater_selected = True
    if e.result == "异":
        s.seats[a].yi_partners.add(b)
        s.seats[b].yi_partners.add(a)


def _told(s: UminekoState, e: ev.Resolved) -> None:
    s.told.add(e.targets[0])


def _merge(s: UminekoState, e: ev.Resolved) -> None:
    s.seats[e.targets[0]].merged = True


def _conversion(s: UminekoState, e: ev.Resolved) -> None:
    s.accomplice = e.targets[0]
    s.converted_tonight = True


def _vote_result(s: UminekoState, e: ev.Resolved) -> None:
    s.exits, s.exits_done = list(e.targets), 0


def _exit(s: UminekoState, e: ev.Resolved) -> None:
    s.exits_done += 1


def _privilege(s: UminekoState, e: ev.Resolved) -> None:
    for seat in e.targets:
        s.seats[seat].immune_day = int(e.result)


def _inheritance(s: UminekoState, e: ev.Resolved) -> None:
    s.apprentice = e.targets[0]
    if e.result == "soul_pending":
        s.soul_pending = e.targets[0]


def _ascension(s: UminekoState, e: ev.Resolved) -> None:
    s.ascended = True


_RESOLVED: dict[str, Callable[[UminekoState, ev.Resolved], None]] = {
    "barrier": _barrier, "mark": _mark, "audition": _audition, "tell_name": _told, "merge": _merge,
    "conversion": _conversion, "vote": _vote_result, "exit": _exit, "stage_privilege": _privilege,
    "inheritance": _inheritance, "ascension": _ascension,
}


def _died(s: UminekoState, e: ev.Died) -> None:
    s.seats[e.seat].died = (e.day, e.seq)
    if e.cause == DROWNED:
        return
    if s.phase in (Ph.SETTLEMENT, Ph.DAWN) or (s.phase == Ph.CASTLE and s.castle_form == "night"):
        s.dead_tonight.append(e.seat)
    elif s.phase in (Ph.VOTE_RESOLUTION, Ph.CASTLE):
        s.died_by_vote.append(e.seat)


def _warned(s: UminekoState, e: ev.Warned) -> None:
    limit = int(s.flags.get("umineko.warnings_to_drown", 2))
    if s.seats[e.seat].alive and e.count >= limit and e.seat not in s.to_drown:
        s.to_drown.append(e.seat)


def _latched(s: UminekoState, e: ev.WinLatched) -> None:
    s.witch_latched = True


def _seats_out(s: UminekoState, e: ev.SeatsOut) -> None:
    if e.cause == DROWNED:
        s.to_drown = []


def _notice(s: UminekoState, e: ev.Notice) -> None:
    if e.topic == "promotion":
        s.promoted = True


FOLDS: Mapping[str, Any] = {
    "team_formed": _team_formed, "team_joined": _team_joined, "phase_began": _phase_began, "posted": _posted,
    "post_withheld": _withheld, "team_posted": _team_posted, "vote_cast": _vote, "skill_submitted": _skill,
    "question": _question, "choice_made": _choice, "resolved": by_skill(_RESOLVED, then=_tonight), "died": _died,
    "warned": _warned, "win_latched": _latched, "seats_out": _seats_out,
    "notice": _notice,
}
"""The kinds umineko32 folds beyond the kernel, by event kind."""
