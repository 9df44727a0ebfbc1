"""The state of a qijian24 play-through (spec §1.4). Changed only by ``fold``."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.legal import LegalAction
from engine.rulesets.qijian24.names import KILLER_TEAM, RANGER_SIDE, SWORDS
from engine.state import BaseState

STAGES = ("STAGE1", "STAGE2", "STAGE3")
STAGE_OF = {name: i for i, name in enumerate(STAGES, start=1)}


@dataclass(slots=True)
class Piece:
    """One seat and everything the rules track about it."""

    seat: int
    alias: str = ""
    role: str = ""
    faction: str = ""
    allegiance: str = ""
    chosen: bool = False
    alive: bool = True
    cause: str | None = None
    """The judge's cause of the seat's out (the kill that did it, ``vote``, ``link`` …); None while alive."""
    side_told: bool = False
    """Whether a ranger-side seat has been told its allegiance (its choice accepted, or the default)."""
    extra_lives: int = 0
    lives_since: int = 0
    """The night from which the newest extra life counts (flag C-07 false: the night after it was gained)."""
    charges: dict[str, int] = field(default_factory=dict)
    banned_night: int | None = None
    last_words_due: bool = False
    last_words_used: bool = False
    warnings: int = 0
    vote_changes: int = 0

    def banned(self, night: int | None = None, day: int | None = None, next_day: bool = True) -> bool:
        """Whether a 禁特权令 voids this seat's privileges on ``night`` N or ``day`` N+1 (C-20; the day
        only with ``next_day``, flag ``ban_covers_next_day``)."""
        b = self.banned_night
        if b is None:
            return False
        return (night is not None and night == b) or (next_day and day is not None and day == b + 1)


@dataclass(slots=True)
class Window:
    """The open phase's bookkeeping: who it waits for, and who has answered."""

    eligible: list[int] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    posts: dict[int, int] = field(default_factory=dict)
    """Public and team posts per seat in this window (both are free actions, so they are capped)."""
    ballot: LegalAction | None = field(default=None, compare=False)
    """The open stage's ballot template, built once and dropped when someone goes out or returns (a
    cache: it is not part of the state's value)."""


@dataclass
class QijianState(BaseState):
    """Pieces, the killer team, the open window, the day's vote stages and the night's buffer."""

    pieces: dict[int, Piece] = field(default_factory=dict)
    teams: dict[str, list[int]] = field(default_factory=dict)
    window: Window = field(default_factory=Window)
    floor: int = 0
    night: int = 0
    # the day's vote stages
    stage: int = 0
    candidates: list[int] = field(default_factory=list)
    """Stage 2/3 ballots may name only these; empty means every living player (Stage 1, or ALL suspects)."""
    all_suspects: bool = False
    ballots: list[tuple[int, int | None]] = field(default_factory=list)
    votes: dict[int, int | None] = field(default_factory=dict)
    immune: tuple[int, int] | None = None
    """(envoy seat, protected seat) for the open stage."""
    exempt: int | None = None
    """The 日月剑 seat that declared its exemption for the open stage."""
    segment_posts: list[dict[int, int]] = field(default_factory=list)
    warned_today: set[int] = field(default_factory=set)
    # the night
    skills: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    submitted: dict[int, set[str]] = field(default_factory=dict)
    doctor_last: tuple[int, int] | None = None
    prayed: set[int] = field(default_factory=set)
    # counters and latches (R9)
    sword_outs: int = 0
    ranger_outs: int = 0
    lone_active: bool = False
    sheshen_active: bool = False
    nonces: dict[str, int] = field(default_factory=dict)
    # what each seat was told of others in private (the sword chain, checks)
    learned: dict[int, dict[int, str]] = field(default_factory=dict)
    """Seat → {seat → identity id} its private results named (the chain's next sword, 莫问剑's and the
    mage's finds)."""
    cleared: dict[int, set[int]] = field(default_factory=dict)
    """Seat → the seats its mage checks read 验证失败 (not a 杀手团 member)."""
    to_drown: list[int] = field(default_factory=list)

    # -- derived views of the state (no mutation) -------------------------------------------------

    def alive(self) -> list[int]:
        return [s for s, p in self.pieces.items() if p.alive]

    def holders(self, *roles: str) -> list[int]:
        return [s for s, p in self.pieces.items() if p.role in roles]

    def holder(self, role: str) -> int | None:
        found = self.holders(role)
        return found[0] if found else None

    def is_out(self, *roles: str) -> int:
        """How many seats holding ``roles`` are out."""
        return sum(1 for p in self.pieces.values() if p.role in roles and not p.alive)

    def team(self) -> list[int]:
        return self.holders(*KILLER_TEAM)

    def swords_alive(self) -> int:
        return sum(1 for p in self.pieces.values() if p.role in SWORDS and p.alive)

    def is_sword(self, seat: int) -> bool:
        return self.pieces[seat].role in SWORDS

    def is_ranger(self, seat: int) -> bool:
        return self.pieces[seat].role in RANGER_SIDE

    def eligible_targets(self) -> list[int]:
        """Whom a ballot of the open stage may name."""
        alive = self.alive()
        if not self.candidates:
            return alive
        return [seat for seat in self.candidates if self.pieces[seat].alive]
