"""What a seat of classic7 knows of itself beyond the shared observation: its skills with what is
left (the witch's two bottles), and, for a wolf, its mate's identity."""

from __future__ import annotations

import dataclasses

from engine.observation import Observation, SkillState, skill_state, with_seat
from engine.rulesets.classic7.names import (
    CHECK,
    HUNTER,
    KILL,
    POISON,
    SAVE,
    SEER,
    SHOOT,
    WEREWOLF,
    WITCH,
    WOLVES,
)
from engine.rulesets.classic7.state import Classic7State


def skills(s: Classic7State, seat: int, role: str | None) -> tuple[SkillState, ...]:
    """The seat's skills with what is left (its role as dealt: classic7 tells each seat its own)."""
    record = s.seats.get(seat)
    if record is None:
        return ()
    alive = record.alive
    if record.role == WITCH:
        return (skill_state(SAVE, left=0 if s.save_used else 1, total=1, usable=alive and not s.save_used),
                skill_state(POISON, left=0 if s.poison_used else 1, total=1, usable=alive and not s.poison_used))
    if record.role == HUNTER:
        ready = alive or s.shooter == seat
        return (skill_state(SHOOT, left=1 if ready else 0, total=1, usable=ready),)
    own = {WEREWOLF: KILL, SEER: CHECK}.get(record.role)
    return () if own is None else (skill_state(own, usable=alive),)


def told(s: Classic7State, obs: Observation, seat: int) -> Observation:
    """A wolf knows the other wolf's identity (the pack was formed for it)."""
    if s.seats[seat].role != WEREWOLF:
        return obs
    for mate in s.holders(WEREWOLF):
        status = obs.status(mate)
        if mate != seat and status is not None:
            obs = with_seat(obs, dataclasses.replace(status, role=WEREWOLF, faction=WOLVES))
    return obs
