"""The state of a suitang21 play-through (spec §1.5): the kernel's table plus what its roles track.

Changed only by the fold (the kernel's handlers of the shared kinds, then ``fold.FOLDS``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.mechanics.team_chat import recipients
from engine.rulesets.suitang21.names import LOVERS, WEREWOLF, WOLF_TEAM, WOLVES
from engine.table import Seat, TableState

if TYPE_CHECKING:
    pass

Task = tuple[str, int, str]
"""A pending step of the out pipeline: (kind, seat, detail) — ``out`` (detail: the cause), ``shot``,
``succession`` (detail: ``choose`` or ``random``) or ``tally``."""


@dataclass(slots=True)
class SuitangSeat(Seat):
    """One seat (角色): the kernel's record (its identity is ``role``, its camp ``faction``) and what
    the rules track about it."""

    partner: int | None = None
    has_kill: bool = False
    elder_hit: bool = False
    guarded_before: bool = False
    hugged_before: bool = False
    skills_lost: bool = False
    save_left: bool = True
    poison_left: bool = True
    tongling: bool = True
    detect_used: bool = False
    blue: int = 0
    yellow: int = 0
    red: int = 0
    posts_today: int = 0
    low_days: int = 0
    accelerate_asked: bool = False


@dataclass
class SuitangState(TableState[SuitangSeat]):
    """The table, and the global trackers of spec §1.5."""

    question: str = ""
    """The skill the open question (``REACT``) asks for."""
    answer: tuple[int, ...] | None = None
    """The open question's answer, once given."""
    fallback: set[int] = field(default_factory=set)
    """Seats whose answer in the open window was the runner's fallback (a timeout, for the cards)."""
    cupid_choice: tuple[int, ...] = ()
    lovers: tuple[int, ...] = ()
    double_wolf: bool = False
    double_special: bool = False
    camps: list[str] = field(default_factory=list)
    defeated: list[str] = field(default_factory=list)
    red_by_camp: dict[str, int] = field(default_factory=dict)
    red_pending: list[int] = field(default_factory=list)
    widow: bool = False
    sheriff: int | None = None
    accelerated: bool = False
    accelerate_asks: int = 0
    # the night's submissions and effects
    skills: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    hug: tuple[int, int] | None = None
    kill_named: list[int] = field(default_factory=list)
    protected: set[int] = field(default_factory=set)
    # the out pipeline
    tasks: list[Task] = field(default_factory=list)
    origin: str = ""
    out_log: list[tuple[int, str]] = field(default_factory=list)
    detected: list[tuple[int, int]] = field(default_factory=list)
    """(detective, role reached) of each 犯罪天才 that exchanged identities (B-17)."""
    died_at: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    """Each out: (game day, seq of its judge record, the judge's cause), for the god view."""
    since_dawn: list[int] = field(default_factory=list)
    last_words_left: int = 5
    granted: list[int] = field(default_factory=list)
    asked: set[int] = field(default_factory=set)
    published: set[int] = field(default_factory=set)
    carded: tuple[tuple[int, tuple[str, ...]], ...] = field(default=(), compare=False, repr=False)
    """Each seat holding cards short of the next one up, in seat order, with those cards
    (``observe.cards``): set again by the fold of a warning (``fold._warned``), the one place a
    seat's blue or yellow count moves, so that a seat's observation reads them here instead of
    looking at every seat's counts at each rebuild."""

    # -- derived views of the state (no mutation) -------------------------------------------------

    def recipients(self, team: str) -> list[int]:
        """Who receives a new message of ``team``: every member, or the living only (flag B-42 for 狼群;
        the lovers' chat has no dead members: 本场不为已经出局的角色建立死人群)."""
        dead_read = team == WOLF_TEAM and bool(self.flags.get("suitang.dead_wolves_read_pack", True))
        return recipients(self.teams.get(team, []), lambda seat: self.seats[seat].alive, dead_read=dead_read)

    def hugged(self) -> int | None:
        """The role hugged tonight (X), if any."""
        return self.hug[1] if self.hug else None

    def wolf_counts(self, seat: int) -> bool:
        """Whether ``seat`` counts for the wolf camp's loss and ≥½ check (flag B-01)."""
        record = self.seats[seat]
        if record.faction != WOLVES:
            return False
        return bool(self.flags.get("suitang.wolf_camp_counts_all", True)) or record.role == WEREWOLF

    def kill_team(self, seat: int) -> str | None:
        """The kill slot ``seat`` would submit to: the wolves' or, after 寡妇刀, the black lovers'."""
        record = self.seats[seat]
        if not (record.alive and record.has_kill):
            return None
        if record.faction == LOVERS:
            return LOVERS
        return WOLVES if seat in self.teams.get(WOLF_TEAM, ()) else None


st = SuitangState.of
"""The game's state, typed, for the rules' functions that have the game but not the rule set."""
