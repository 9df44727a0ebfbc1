"""What a qijian24 seat knows now beyond the public record, and the judge's truth (``Ruleset.observe``).

The shared observation (``engine.observation``) gives every out with the identity the judge
published (C-04: every out is revealed) and what the seat was told of its own identity. This adds
qijian24's own:

- the seat's skills with what is left: charges (免投杀 2, the once-only skills 1), growing charges
  (由龙's snipes, the mage's kills, 绿珠's prayers: no fixed total), 独杀's and 舍神's kill "not active
  yet", the doctor's "not last night's target", a revive with nobody out;
- its allowances: posts left in the stage (public and 杀手团 chat together), the chat at night, the
  change of vote left in the stage, last words still due;
- what it was told of others in private: the sword chain's next sword, 莫问剑's identities, the
  mage's 杀手团 finds and the seats it cleared (``not_killer_team``), and its own ranger choice;
- for the god view: every seat's role, faction and state, the judge's cause of each out, a ranger's
  side, extra lives and bans in force.

What the rules keep from a seat stays out: a prayer is not fed back (a sword never learns its extra
life), and a seat is not told that a 禁特权令 voided its privileges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.observation import amend, budget_state, derive, skill_state
from engine.rulesets.qijian24.legal import POSTS_PER_WINDOW
from engine.rulesets.qijian24.names import (
    KILL,
    KILLER_TEAM,
    LAST_WORDS,
    LONE,
    NIGHT,
    PROTECT,
    RANGER_SIDE,
    RANGERS,
    REVIVE,
    ROLE,
    SHESHEN,
    STAGES,
    TEAM,
)
from engine.rulesets.qijian24.skills import INITIAL_CHARGES, sheshen_active
from engine.rulesets.qijian24.state import QijianSeat, QijianState

if TYPE_CHECKING:
    from engine.observation import BudgetState, Observation, Seats, SeatStatus, SkillState

VOTE_CHANGES = 1
"""One change of vote a stage (每次投票只允许改票1次)."""

GROWING = frozenset({("youlong", "snipe"), ("mage", "kill"), ("prayer", "pray")})
"""Charges that grow during the game: no fixed total to show."""

SIDES = {RANGERS: "independent", "killers": "helps_killers", "wuzhuang": "helps_wuzhuang"}
"""A ranger-side seat's allegiance → its status id."""


def skills(s: QijianState, seat: int, role: str | None) -> tuple[SkillState, ...]:
    """The skills of ``role`` (the one the seat was told) with what is left of each."""
    info = ROLE.get(role or "")
    if info is None:
        return ()
    return tuple([_skill(s, seat, role or "", skill) for skill in info.skills])


def _skill(s: QijianState, seat: int, role: str, skill: str) -> SkillState:
    piece = s.seats[seat]
    left = piece.charges.get(skill)
    total = None if left is None or (role, skill) in GROWING else INITIAL_CHARGES.get(role, {}).get(skill)
    usable = piece.alive and (left is None or left > 0)
    note = ""
    if (role == LONE and not s.lone_active) or (role == SHESHEN and skill == KILL and not sheshen_active(s)):
        usable, note = False, "not_active"
    elif skill == PROTECT and _barred(s) is not None:
        note = "not_again"
    elif skill == REVIVE and usable and all(p.alive for p in s.seats.values()):
        usable, note = False, "nobody_out"
    return skill_state(skill, left=left, total=total, usable=usable, note=note)


def _barred(s: QijianState) -> int | None:
    """The seat the doctor may not protect at the coming (or open) night: last night's target."""
    coming = s.night if s.phase == NIGHT else s.night + 1
    last = s.doctor_last
    return last[1] if last is not None and last[0] == coming - 1 else None


def budgets(s: QijianState, seat: int) -> tuple[BudgetState, ...]:
    """What the seat may still post, message, change and leave now, where the rules count it (each case
    its own tuple: this is asked at every turn a seat is observed, its kept observation included)."""
    piece = s.seats[seat]
    if not piece.alive:
        return (budget_state("last_words", 1, 1),) if piece.last_words_due else ()
    if s.phase in STAGES:
        return (budget_state("posts", max(0, POSTS_PER_WINDOW - s.talked(seat)), POSTS_PER_WINDOW),
                budget_state("vote_changes", max(0, VOTE_CHANGES - piece.vote_changes), VOTE_CHANGES))
    if s.phase == NIGHT and piece.role in KILLER_TEAM:
        return (budget_state("team_posts", max(0, POSTS_PER_WINDOW - s.talked(seat)), POSTS_PER_WINDOW, team=TEAM),)
    return ()


def statuses(s: QijianState, seat: int) -> tuple[str, ...]:
    """The seat's own standing it was told of: a ranger's side."""
    piece = s.seats[seat]
    return (SIDES[piece.allegiance],) if piece.role in RANGER_SIDE and piece.side_told else ()


def told(s: QijianState, obs: Observation, seat: int) -> Observation:
    """``obs`` with what ``seat`` was told of other seats in private: identities its results named (a
    published identity stands), and the seats its mage checks cleared; and the seat's own statuses
    (``statuses``). One copy of the observation, however much the seat learned (the runner observes
    every turn), and the same seat list while what it learned is (``derive``)."""
    learned, cleared = s.learned.get(seat, _NOTHING_LEARNED), s.cleared.get(seat, _NONE_CLEARED)
    own = statuses(s, seat)
    if not learned and not cleared and not own:
        return obs
    seats = derive(_learned_seats, obs.seats, seat, tuple(learned.items()), tuple(sorted(cleared))) \
        if learned or cleared else obs.seats
    return amend(obs, seats=seats, statuses=(*obs.statuses, *own))


_NOTHING_LEARNED: Mapping[int, str] = MappingProxyType({})
"""What a seat that learned nothing learned (read-only: ``told`` makes no dict for such a seat)."""
_NONE_CLEARED: frozenset[int] = frozenset()


def _learned_seats(seats: Seats, seat: int, learned: tuple[tuple[int, str], ...], cleared: tuple[int, ...]) -> Seats:
    """``seats`` with the identities ``seat`` learned and the seats it cleared (``told``): only those seats
    are visited, found by their place (a seat list holds seats 1..N in order; ``_laid_over`` walks a list
    that does not), as a seat's learned list is mostly one or two seats of 24."""
    out = list(seats)
    for target, role in learned:
        at = target - 1
        if not 0 <= at < len(out) or out[at].seat != target:
            return _laid_over(seats, seat, learned, cleared)
        if target != seat and out[at].role is None:
            out[at] = amend(out[at], role=role)
    for target in cleared:
        at = target - 1
        if not 0 <= at < len(out) or out[at].seat != target:
            return _laid_over(seats, seat, learned, cleared)
        status = out[at]
        if target != seat and status.role is None:
            out[at] = amend(status, statuses=(*status.statuses, "not_killer_team"))
    return tuple(out)


def _laid_over(seats: Seats, seat: int, learned: tuple[tuple[int, str], ...], cleared: tuple[int, ...]) -> Seats:
    """``_learned_seats`` for a seat list not in seat order: every seat visited."""
    roles = dict(learned)
    out = list(seats)
    for i, status in enumerate(out):
        target = status.seat
        if target == seat or status.role is not None:
            continue
        if target in roles:
            status = amend(status, role=roles[target])
        if target in cleared and status.role is None:
            status = amend(status, statuses=(*status.statuses, "not_killer_team"))
        out[i] = status
    return tuple(out)


def _banned_now(s: QijianState, piece: QijianSeat) -> bool:
    """Whether a 禁特权令 voids the seat's privileges now: the night it was used (its last words
    included), and the next day unless flag C-20 says the night only."""
    if s.phase in (NIGHT, LAST_WORDS):
        return piece.banned(night=s.night)
    return piece.banned(day=s.day, next_day=bool(s.flags.get("qijian.ban_covers_next_day", True)))


def truth(s: QijianState, status: SeatStatus) -> SeatStatus:
    """One seat as the judge knows it: role, faction, alive, the cause of its out, its side, lives, bans."""
    piece = s.seats.get(status.seat)
    if piece is None:
        return status
    marks = [SIDES[piece.allegiance]] if piece.role in RANGER_SIDE else []
    marks += ["extra_life"] if piece.alive and piece.extra_lives > 0 else []
    marks += ["banned"] if _banned_now(s, piece) else []
    return dataclasses.replace(status, alive=piece.alive, role=piece.role or None, faction=piece.faction or None,
                               cause=None if piece.alive else piece.cause or status.cause, statuses=tuple(marks))
