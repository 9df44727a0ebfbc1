"""Folding events into the qijian24 state: what the kernel's fold (``engine.table.fold``) leaves to it.

The kernel keeps seats, roles, teams, the window, posts, ballots, outs, warnings and the end; these
handlers run after it (``Qijian24.folds``). Every effect of the rules passes through here: the
counters of R9 (sword outs, ranger outs and the charges they grow) move when a ``Died`` is folded.
A ballot, the last night skill and last words end a seat's part in the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.rulesets.qijian24.names import (
    ALLEGIANCE_SKILLS,
    CHAIN,
    CHECK,
    DROWNED,
    EXEMPT,
    FAILED,
    IDENTITY_BY_WORDS,
    IMMUNITY,
    KILL,
    LONE,
    MAGE,
    NIGHT,
    PRAY,
    PRAYER,
    PROTECT,
    RANGERS,
    REVIVE,
    ROLE,
    SHESHEN,
    SNIPE,
    STAGES,
    VOTE,
    YOULONG,
)
from engine.rulesets.qijian24.skills import INITIAL_CHARGES, open_skills, slot
from engine.rulesets.qijian24.state import QijianState
from engine.table.fold import by_skill

Handler = Callable[[QijianState, Any], None]


def _role(s: QijianState, e: ev.RoleDealt) -> None:
    piece = s.seats[e.seat]
    piece.allegiance, piece.charges = ROLE[e.role].faction, dict(INITIAL_CHARGES.get(e.role, {}))


def _phase_began(s: QijianState, e: ev.PhaseBegan) -> None:
    s.ballot = None
    if e.name in STAGES:
        s.stage = STAGES.index(e.name) + 1
        s.ballots, s.votes, s.exempt = [], {}, None
        if s.stage == 1 or s.flags.get("qijian.immunity_per_stage", True):
            s.immune = None
        for piece in s.seats.values():
            piece.vote_changes = 0
        if s.stage == 1:
            s.candidates, s.all_suspects, s.segment_posts, s.warned_today = [], False, [], set()
        s.segment_posts.append({})
    elif e.name == NIGHT:
        s.night, s.stage = e.number, 0
        s.skills, s.submitted = {}, {}


def _posted(s: QijianState, e: ev.Posted) -> None:
    if s.segment_posts:
        seg = s.segment_posts[-1]
        seg[e.seat] = seg.get(e.seat, 0) + 1


def _vote(s: QijianState, e: ev.VoteCast) -> None:
    s.window.done.add(e.seat)


def _skill(s: QijianState, e: ev.SkillSubmitted) -> None:
    piece = s.seats[e.seat]
    if e.skill == IMMUNITY:
        piece.charges[IMMUNITY] -= 1
        s.immune = (e.seat, e.targets[0])
        return
    if e.skill == EXEMPT:
        piece.charges[EXEMPT] -= 1
        s.exempt = e.seat
        return
    key = slot(s, e.seat, e.skill)
    s.skills[key] = (e.seat, tuple(e.targets))
    sharers = s.team() if key == e.skill else [e.seat]
    for seat in sharers:
        s.submitted.setdefault(seat, set()).add(e.skill)
        if not open_skills(s, seat):
            s.window.done.add(seat)


def _choice(s: QijianState, e: ev.ChoiceMade) -> None:
    piece = s.seats[e.seat]
    piece.allegiance, piece.chosen, piece.side_told = ALLEGIANCE_SKILLS[e.skill], True, True


def _feedback(s: QijianState, e: ev.Feedback) -> None:
    """A private result naming another seat's identity (the chain, a check) is what that seat knows of
    it; a mage's 验证失败 that the target is not a 杀手团 member."""
    if not e.targets or e.skill not in (CHAIN, CHECK):
        return
    target = e.targets[0]
    if e.result in IDENTITY_BY_WORDS:
        s.learned.setdefault(e.seat, {})[target] = IDENTITY_BY_WORDS[e.result]
    elif e.result == FAILED:
        s.cleared.setdefault(e.seat, set()).add(target)


def _spent(s: QijianState, e: ev.Resolved) -> None:
    """A limited skill's charge, spent by the record that settles it."""
    if e.actor is not None and e.skill in s.seats[e.actor].charges and _consumes(s, e.result):
        s.seats[e.actor].charges[e.skill] -= 1


def _consumes(s: QijianState, result: str) -> bool:
    """A limited skill is spent when used, voided or cancelled included (C-19), unless the flag returns it."""
    if result == "returned":
        return False
    return result != "cancelled" or bool(s.flags.get("qijian.voided_consumed", True))


def _exempt(s: QijianState, e: ev.Resolved) -> None:
    if e.result == "returned" and e.actor is not None:
        s.seats[e.actor].charges[EXEMPT] += 1


def _protect(s: QijianState, e: ev.Resolved) -> None:
    s.doctor_last = (s.night, e.targets[0])


def _pray(s: QijianState, e: ev.Resolved) -> None:
    if e.result not in ("life", "wasted"):
        return
    target = e.targets[0]
    s.prayed.add(target)
    if e.result == "life":
        piece = s.seats[target]
        piece.extra_lives += 1
        piece.lives_since = s.night if s.flags.get("qijian.prayer_same_night", True) else s.night + 1


def _lives(s: QijianState, e: ev.Resolved) -> None:
    s.seats[e.targets[0]].extra_lives -= int(e.result)


def _revive(s: QijianState, e: ev.Resolved) -> None:
    if e.result == "revived":
        piece = s.seats[e.targets[0]]
        piece.alive, piece.extra_lives, piece.last_words_due, piece.last_words_used = True, 0, False, True
        piece.cause = None
        s.outs += 1  # (a seat came back: ``TableState.living_seats`` looks again)
        s.ballot = None


def _ban(s: QijianState, e: ev.Resolved) -> None:
    if e.result == "banned":
        s.seats[e.targets[0]].banned_night = s.night


def _activate(s: QijianState, e: ev.Resolved) -> None:
    if e.result == LONE:
        s.lone_active = True
    elif e.result == SHESHEN:
        s.sheshen_active = True


def _stage(s: QijianState, e: ev.Resolved) -> None:
    s.candidates, s.all_suspects, s.ballot = list(e.targets), e.result == "all", None


_RESOLVED: dict[str, Callable[[QijianState, ev.Resolved], None]] = {
    EXEMPT: _exempt, PROTECT: _protect, PRAY: _pray, "lives": _lives, REVIVE: _revive, "ban": _ban, "activate": _activate,
    "candidates": _stage,
}


def _died(s: QijianState, e: ev.Died) -> None:
    piece = s.seats[e.seat]
    s.ballot = None
    piece.last_words_due = not piece.last_words_used and (
        e.cause != VOTE or bool(s.flags.get("qijian.vote_victim_last_words", True)))
    if s.is_sword(e.seat):
        s.sword_outs += 1
        _grow(s, PRAYER, PRAY, 1)
        if s.sword_outs % 2 == 0:
            _grow(s, YOULONG, SNIPE, 1)
    if s.is_ranger(e.seat):
        s.ranger_outs += 1
        if piece.allegiance == RANGERS or s.flags.get("qijian.mage_bonus_any_ranger", True):
            _grow(s, MAGE, KILL, 1)


def _grow(s: QijianState, role: str, skill: str, n: int) -> None:
    for seat in s.holders(role):
        s.seats[seat].charges[skill] = s.seats[seat].charges.get(skill, 0) + n


def _last_words(s: QijianState, e: ev.LastWords) -> None:
    if not e.published:
        piece = s.seats[e.seat]
        piece.last_words_used, piece.last_words_due = True, False


def _warned(s: QijianState, e: ev.Warned) -> None:
    piece = s.seats[e.seat]
    s.warned_today.add(e.seat)
    if piece.alive and e.count >= 2 and e.seat not in s.to_drown:
        s.to_drown.append(e.seat)


def _notice(s: QijianState, e: ev.Notice) -> None:
    if e.topic == "seal":
        s.nonces[str(e.data["nonce"])] = e.seats[0]
    elif e.topic == "choice_default":
        s.seats[e.seats[0]].side_told = True
    elif e.topic == "substituted":
        for seat in e.seats:
            s.seats[seat].warnings = 0
        s.to_drown = [seat for seat in s.to_drown if seat not in e.seats]


def _seats_out(s: QijianState, e: ev.SeatsOut) -> None:
    if e.cause == DROWNED:
        s.to_drown = []


FOLDS: dict[str, Handler] = {
    "role_dealt": _role, "phase_began": _phase_began, "posted": _posted, "vote_cast": _vote,
    "skill_submitted": _skill, "choice_made": _choice, "resolved": by_skill(_RESOLVED, then=_spent), "died": _died,
    "last_words": _last_words, "warned": _warned, "notice": _notice, "seats_out": _seats_out,
    "feedback": _feedback,
}
"""qijian24's own fold handlers by event kind, run after the kernel's (``engine.table.fold``)."""
