"""Which skills a seat holds now and whom they may take (spec §1.2): read by ``legal``, ``submit`` and ``fold``.

One place answers both "what may this seat do" and "is this target legal", so what ``pending``
offers is exactly what ``submit`` accepts.
"""

from __future__ import annotations

from collections.abc import Container

from engine.rulesets.qijian24.names import (
    ALLEGIANCE_SKILLS,
    ASSASSINATE,
    BAN,
    BANNER,
    CHECK,
    ENVOY,
    EXEMPT,
    IMMUNITY,
    JINGXING,
    KILL,
    KILL_BAN,
    KILLER_TEAM,
    LONE,
    MAGE,
    MOWEN,
    PERFORMER,
    PRAY,
    PRAYER,
    PROTECT,
    QINGGAN,
    RANGER_SIDE,
    REVEAL,
    REVEALER,
    REVIVE,
    RIYUE,
    SHESHEN,
    SNIPE,
    TIANPU,
    YOULONG,
)
from engine.rulesets.qijian24.state import QijianState

INITIAL_CHARGES: dict[str, dict[str, int]] = {
    YOULONG: {SNIPE: 1}, TIANPU: {REVIVE: 1}, PERFORMER: {REVIVE: 1}, RIYUE: {EXEMPT: 1},
    JINGXING: {KILL_BAN: 1}, PRAYER: {PRAY: 1}, MAGE: {KILL: 2}, REVEALER: {REVEAL: 1}, BANNER: {BAN: 1},
    ENVOY: {IMMUNITY: 2},
}
"""Limited skills and their starting uses; a skill missing here is unlimited (one a night)."""

_NIGHT: dict[str, tuple[str, ...]] = {
    MOWEN: (CHECK,), YOULONG: (SNIPE,), QINGGAN: (PROTECT,), SHESHEN: (KILL,), TIANPU: (REVIVE,),
    JINGXING: (KILL_BAN,), PRAYER: (PRAY,), MAGE: (CHECK, KILL), PERFORMER: (REVIVE,), REVEALER: (REVEAL,),
    BANNER: (BAN,), LONE: (ASSASSINATE,), **{k: (ASSASSINATE,) for k in KILLER_TEAM},
}
MANDATORY = frozenset({ASSASSINATE})
"""Kills that may not be skipped (不允许放弃): a missing one is settled by flag C-12."""


def charged(s: QijianState, seat: int, skill: str) -> bool:
    """Whether the seat has a use of ``skill`` left (unlimited skills always do)."""
    left = s.seats[seat].charges.get(skill)
    return left is None or left > 0


def night_skills(s: QijianState, seat: int) -> tuple[str, ...]:
    """The skills ``seat`` may use tonight, whatever it has already submitted. A role without a night
    skill is answered before its generator is made (nightfall asks every seat: 24 a night)."""
    piece = s.seats[seat]
    if not piece.alive:
        return ()
    role = piece.role
    own = _NIGHT.get(role)
    if own is None:
        return ()
    if (role == LONE and not s.lone_active) or (role == SHESHEN and not sheshen_active(s)):
        return ()
    return tuple([skill for skill in own if charged(s, seat, skill) and has_targets(s, seat, skill)])


def open_skills(s: QijianState, seat: int) -> tuple[str, ...]:
    """The night skills ``seat`` may still submit tonight: its skills not yet submitted; the mage checks
    and kills on the same night (C-38), or uses only one of the two under the flag's alternative."""
    done = s.submitted.get(seat, ())
    if done and s.seats[seat].role == MAGE and not s.flags.get("qijian.mage_check_and_kill", True):
        return ()
    return tuple([skill for skill in night_skills(s, seat) if skill not in done])


def sheshen_active(s: QijianState) -> bool:
    """舍神's kill: latched once 由龙 is out and ≤4 swords live (C-14), or, under the flag's alternative,
    only while that holds (a revive can put it to sleep again)."""
    if s.flags.get("qijian.sheshen_latched", True):
        return s.sheshen_active
    return s.is_out(YOULONG) > 0 and s.swords_alive() <= 4


def day_skills(s: QijianState, seat: int) -> tuple[str, ...]:
    """The day privileges and choices ``seat`` may use in the open vote stage. The three roles that hold
    any are told apart first, the rest answered with nothing at once: the stage's legal actions ask
    this at every action (some 360 a game), nearly always of a seat that holds none."""
    piece = s.seats[seat]
    if not piece.alive:
        return ()
    role = piece.role
    if role == ENVOY:
        return (IMMUNITY,) if charged(s, seat, IMMUNITY) and s.immune is None else ()
    if role == RIYUE:
        return (EXEMPT,) if charged(s, seat, EXEMPT) and s.exempt is None else ()
    if role in RANGER_SIDE and s.day == 2 and not piece.chosen:
        return _CHOICES
    return ()


_CHOICES = tuple(ALLEGIANCE_SKILLS)
"""The ranger's three choices of side (游侠选择), in the order they are offered."""


def targets(s: QijianState, seat: int, skill: str) -> tuple[int, ...]:
    """The legal targets of ``skill`` used by ``seat`` now (C-11, C-16, C-40, C-08), as ``_reach`` says,
    in seat order. A skill on the living reads the kept living tuple (``living_seats``): itself where
    nobody is barred, else only the seats it bars are tested (the team's kill reads the killers by their
    roles, as ``QijianState.team`` does); only a revive walks every seat for those out."""
    reach = _reach(s, seat, skill)
    if reach is None:
        return ()
    living, barred, taken, roles = reach
    if not living:
        return tuple([t for t, p in s.seats.items()
                      if not p.alive and t != barred and t not in taken and p.role not in roles])
    pool = s.living_seats()
    if roles:
        seats = s.seats
        return tuple([t for t in pool if t != barred and t not in taken and seats[t].role not in roles])
    if taken:
        return tuple([t for t in pool if t != barred and t not in taken])
    if barred is None or barred not in pool:
        return pool
    return tuple([t for t in pool if t != barred])


def has_targets(s: QijianState, seat: int, skill: str) -> bool:
    """``bool(targets(s, seat, skill))`` without building them: a skill on the living that bars at most
    one seat has one while another seat lives, else the first seat ``_reach`` admits answers.
    ``night_skills`` asks it of every skill it offers (some 300 a game)."""
    reach = _reach(s, seat, skill)
    if reach is None:
        return False
    living, barred, taken, roles = reach
    if living and not taken and not roles:
        pool = s.living_seats()
        return len(pool) > (1 if barred in pool else 0)
    for t, p in s.seats.items():
        if p.alive is living and t != barred and t not in taken and p.role not in roles:
            return True
    return False


def may_take(s: QijianState, seat: int, skill: str, target: int) -> bool:
    """``target in targets(s, seat, skill)`` without building them: ``_reach`` asked of the one seat (a
    skill submitted is checked so, the list made only for a refusal)."""
    reach = _reach(s, seat, skill)
    piece = s.seats.get(target)
    if reach is None or piece is None:
        return False
    living, barred, taken, roles = reach
    return piece.alive is living and target != barred and target not in taken and piece.role not in roles


Reach = tuple[bool, int | None, Container[int], tuple[str, ...]]
"""Whom a skill may take: the living seats (True) or those out (False), but not the one barred seat,
nor those taken, nor the holders of the barred roles."""
_NONE: tuple[str, ...] = ()
_LIVING: Reach = (True, None, (), _NONE)
_OUT: Reach = (False, None, (), _NONE)
_OTHERS = frozenset({ASSASSINATE, CHECK, SNIPE, KILL})
"""Skills that take any living seat but the user's own."""
_ANY_LIVING = frozenset({KILL_BAN, REVEAL, BAN, IMMUNITY})
"""Skills that take any living seat."""


def _reach(s: QijianState, seat: int, skill: str) -> Reach | None:
    """Whom ``skill`` used by ``seat`` may take now (None: nobody), the one rule ``targets`` and
    ``has_targets`` both read."""
    if skill == ASSASSINATE and s.seats[seat].role in KILLER_TEAM:
        return (True, None, (), KILLER_TEAM)
    if skill in _OTHERS:
        return (True, seat, (), _NONE)
    if skill == PROTECT:
        return (True, _barred(s, seat), (), _NONE)
    if skill == REVIVE:
        return _OUT
    if skill == PRAY:
        return (True, None, s.prayed, _NONE)
    if skill in _ANY_LIVING:
        return _LIVING
    return None


def _barred(s: QijianState, seat: int) -> int | None:
    """The seat the doctor protected last night, which it may not protect again (C-16), unless it was
    itself and flag ``doctor_self_consecutive`` allows that."""
    last = s.doctor_last
    barred = last[1] if last is not None and last[0] == s.night - 1 else None
    if barred == seat and not s.flags.get("qijian.doctor_self_consecutive", True):
        return None
    return barred


def arity(skill: str) -> int:
    """How many targets a skill takes (the exemption and the ranger choice take none)."""
    return 0 if skill == EXEMPT or skill in ALLEGIANCE_SKILLS else 1


def slot(s: QijianState, seat: int, skill: str) -> str:
    """Where a night submission is buffered: one slot for the team kill, else one per seat and skill."""
    if skill == ASSASSINATE and s.seats[seat].role in KILLER_TEAM:
        return ASSASSINATE
    return f"{skill}:{seat}"
