"""The state of a qijian24 play-through (spec §1.4): the table kernel's, plus what its roles track.

Changed only by the fold (the kernel's handlers, then ``fold``). The kernel keeps the seats, the
killer team, the window, the floor, the night and the open stage's ballots; this adds the day's vote
stages, the night's buffer, the growing counters and latches (R9), and what each seat was told.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.legal import LegalAction
from engine.rulesets.qijian24.names import KILLER_TEAM, RANGER_SIDE, SWORDS
from engine.table import Seat, TableState

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(slots=True)
class QijianSeat(Seat):
    """One seat and what the rules track about it beyond the kernel's record."""

    allegiance: str = ""
    chosen: bool = False
    side_told: bool = False
    """Whether a ranger-side seat has been told its allegiance (its choice accepted, or the default)."""
    extra_lives: int = 0
    lives_since: int = 0
    """The night from which the newest extra life counts (flag C-07 false: the night after it was gained)."""
    charges: dict[str, int] = field(default_factory=dict)
    banned_night: int | None = None
    last_words_due: bool = False
    last_words_used: bool = False

    def banned(self, night: int | None = None, day: int | None = None, next_day: bool = True) -> bool:
        """Whether a 禁特权令 voids this seat's privileges on ``night`` N or ``day`` N+1 (C-20; the day
        only with ``next_day``, flag ``ban_covers_next_day``)."""
        b = self.banned_night
        if b is None:
            return False
        return (night is not None and night == b) or (next_day and day is not None and day == b + 1)


@dataclass
class QijianState(TableState[QijianSeat]):
    """The table, the day's vote stages, the night's buffer, the counters and what seats were told."""

    # the day's vote stages
    stage: int = 0
    candidates: list[int] = field(default_factory=list)
    """Stage 2/3 ballots may name only these; empty means every living player (Stage 1, or ALL suspects)."""
    all_suspects: bool = False
    immune: tuple[int, int] | None = None
    """(envoy seat, protected seat) for the open stage."""
    exempt: int | None = None
    """The 日月剑 seat that declared its exemption for the open stage."""
    segment_posts: list[dict[int, int]] = field(default_factory=list)
    warned_today: set[int] = field(default_factory=set)
    ballot: LegalAction | None = field(default=None, compare=False)
    """The open stage's ballot template, built once and dropped when a phase opens or someone goes
    out or returns (a cache: it is not part of the state's value)."""
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

    def is_out(self, *roles: str) -> int:
        """How many seats holding ``roles`` are out (a list's length: a generator summed cost more)."""
        return len([p for p in self.seats.values() if not p.alive and p.role in roles])

    def team(self) -> list[int]:
        return self.holders(*KILLER_TEAM)

    def swords_alive(self) -> int:
        return len(self.living(*SWORDS))

    def is_sword(self, seat: int) -> bool:
        return self.seats[seat].role in SWORDS

    def is_ranger(self, seat: int) -> bool:
        return self.seats[seat].role in RANGER_SIDE

    def talked(self, seat: int) -> int:
        """Public and team posts of ``seat`` in the open window (both free actions, capped together)."""
        return self.window.posts.get(seat, 0) + self.window.team_posts.get(seat, 0)

    def eligible_targets(self) -> list[int]:
        """Whom a ballot of the open stage may name."""
        alive = self.alive()
        if not self.candidates:
            return alive
        return [seat for seat in self.candidates if self.seats[seat].alive]

    def may_name(self, seat: int) -> bool:
        """``seat in self.eligible_targets()`` without building the list (asked at every ballot)."""
        piece = self.seats.get(seat)
        if piece is None or not piece.alive:
            return False
        return not self.candidates or seat in self.candidates


def table(game: Game) -> QijianState:
    """The game's state as qijian24's, for the rules' free functions (``Qijian24.st`` in its own methods).
    Written as an annotation, not ``QijianState.of`` (a classmethod and a ``typing.cast``, two calls where
    this is one): it is asked some 1,100 times a game."""
    state: QijianState = game.state  # type: ignore[assignment]
    return state
