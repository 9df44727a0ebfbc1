"""The state of a suitang21 play-through (spec §1.5). Changed only by ``fold``."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.suitang21.names import LOVERS, WEREWOLF, WOLF_TEAM, WOLVES
from engine.state import BaseState

WINDOW_PHASES = frozenset({"SETUP", "DAY", "REACT", "LAST_WORDS", "NIGHT", "WITCH"})
NIGHT_PHASES = frozenset({"NIGHT", "WITCH", "NIGHT_RESOLUTION", "LAST_WORDS", "DAWN"})

Task = tuple[str, int, str]
"""A pending step of the out pipeline: (kind, seat, detail) — ``out`` (detail: the cause), ``shot``,
``succession`` (detail: ``choose`` or ``random``) or ``tally``."""


@dataclass(slots=True)
class Role:
    """One seat (角色) and everything the rules track about it."""

    seat: int
    alias: str = ""
    identity: str = ""
    camp: str = ""
    alive: bool = True
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

    @property
    def role(self) -> str:
        """The identity under the name shared tools read (``arena play``'s seat table)."""
        return self.identity

    @property
    def faction(self) -> str:
        """The camp under the name shared tools read."""
        return self.camp


@dataclass(slots=True)
class Window:
    """The open phase's bookkeeping: who it waits for, who has answered, what each has used."""

    eligible: list[int] = field(default_factory=list)
    done: set[int] = field(default_factory=set)
    team_posts: dict[int, int] = field(default_factory=dict)
    question: str = ""
    answer: tuple[int, ...] | None = None
    fallback: set[int] = field(default_factory=set)


@dataclass
class SuitangState(BaseState):
    """Roles, teams, and the global trackers of spec §1.5."""

    roles: dict[int, Role] = field(default_factory=dict)
    teams: dict[str, list[int]] = field(default_factory=dict)
    window: Window = field(default_factory=Window)
    floor: int = 0
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
    # the day's ballots
    ballots: list[tuple[int, int | None]] = field(default_factory=list)
    first_vote: dict[int, int | None] = field(default_factory=dict)
    vote: dict[int, int | None] = field(default_factory=dict)
    changes: dict[int, int] = field(default_factory=dict)
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
    resume: str = ""
    out_log: list[tuple[int, str]] = field(default_factory=list)
    detected: list[tuple[int, int]] = field(default_factory=list)
    """(detective, role reached) of each 犯罪天才 that exchanged identities (B-17)."""
    died_at: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    """Each out: (game day, seq of its judge record, the judge's cause), for the god view."""
    since_dawn: list[int] = field(default_factory=list)
    last_words_left: int = 5
    granted: list[int] = field(default_factory=list)
    asked: set[int] = field(default_factory=set)
    last_words: dict[int, str] = field(default_factory=dict)
    published: set[int] = field(default_factory=set)

    # -- derived views of the state (no mutation) -------------------------------------------------

    @property
    def pieces(self) -> dict[int, Role]:
        """The seats under the name the shared tools read (the conformance harness, the judge)."""
        return self.roles

    def alive(self) -> list[int]:
        return [s for s, r in self.roles.items() if r.alive]

    def holder(self, identity: str) -> int | None:
        return next((s for s, r in self.roles.items() if r.identity == identity), None)

    def living(self, identity: str) -> list[int]:
        return [s for s, r in self.roles.items() if r.alive and r.identity == identity]

    def team_of(self, seat: int) -> list[str]:
        return [t for t, members in self.teams.items() if seat in members]

    def recipients(self, team: str) -> list[int]:
        """Who receives a new message of ``team``: every member, or the living only (flag B-42 for 狼群;
        the lovers' chat has no dead members: 本场不为已经出局的角色建立死人群)."""
        members = self.teams.get(team, [])
        if team == WOLF_TEAM and self.flags.get("suitang.dead_wolves_read_pack", True):
            return list(members)
        return [seat for seat in members if self.roles[seat].alive]

    def hugged(self) -> int | None:
        """The role hugged tonight (X), if any."""
        return self.hug[1] if self.hug else None

    def butterfly_seat(self) -> int | None:
        return self.hug[0] if self.hug else None

    def wolf_counts(self, seat: int) -> bool:
        """Whether ``seat`` counts for the wolf camp's loss and ≥½ check (flag B-01)."""
        role = self.roles[seat]
        if role.camp != WOLVES:
            return False
        return bool(self.flags.get("suitang.wolf_camp_counts_all", True)) or role.identity == WEREWOLF

    def kill_team(self, seat: int) -> str | None:
        """The kill slot ``seat`` would submit to: the wolves' or, after 寡妇刀, the black lovers'."""
        role = self.roles[seat]
        if not (role.alive and role.has_kill):
            return None
        if role.camp == LOVERS:
            return LOVERS
        return WOLVES if seat in self.teams.get(WOLF_TEAM, ()) else None
