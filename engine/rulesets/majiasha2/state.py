"""The state of a majiasha2 play-through (spec §1.6). Changed only by ``fold``.

Seat n is the actor who posts as 角色 (account) n: the seat's public name is its 角色 name, so every
public event that carries a seat (a post, a ballot cast) says only which account acted, which the
spec makes public. Each actor also holds a 马甲 (the persona of the public 马甲 list), numbered
separately; the seat ↔ 马甲 mapping is the game's secret. Skills that target a 角色 (杀人, shields,
吹笛, 爱神之箭) carry seats; votes, elections, appointments, 预言, 药剂 and the lists the seer, the
witch and the elder learn carry 马甲 numbers, which only the engine maps to seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.rulesets.majiasha2.names import CUPID, ELDER, GENERAL, KILLER, LOVERS, PIPER, PIPER_SIDE
from engine.table import Seat, TableState

if TYPE_CHECKING:
    pass

ALIVE, DYING, OUT = "alive", "dying", "out"

Told = tuple[int, str | None, str | None, tuple[str, ...]]
"""What a seat was told of one 马甲, as its observation reads it: number, role, faction, marks in order."""


@dataclass(slots=True)
class MajiaSeat(Seat):
    """One seat (= its 角色 account) with its secret 马甲, origin faction, HP and statuses. The kernel's
    ``alive`` is "not out" (存活 or 濒死): what \"存活\" means in target lists (D-41); ``status`` tells
    存活 from 濒死; ``warnings`` are the penalty points (D-28)."""

    majia: int = 0
    origin: str = ""
    hp: int = 0
    max_hp: int = 0
    status: str = ALIVE
    sent_off: bool = False
    frenzied: bool = False
    lover: int | None = None
    marked: bool = False
    pinned: str = ""
    guard_last: tuple[int, int] | None = None
    soundproof_used: bool = False
    potion_used: bool = False
    posts_today: int = 0
    voted_today: bool = False


@dataclass(slots=True)
class Known:
    """What one seat was told of one 马甲 (never of the 角色 behind it): an identity (the seer's 预言,
    the elder notice), a faction (the elder's downstream list), and how it stands to the seat
    (``mate``, ``elder``, ``partner``, ``downstream``)."""

    role: str | None = None
    faction: str | None = None
    marks: set[str] = field(default_factory=set)


@dataclass(slots=True)
class Submission:
    """A night skill as submitted: who, what, on which targets, and when (event seqs) it was confirmed."""

    seat: int
    skill: str
    targets: tuple[int, ...]
    submitted: int
    confirmed: int | None = None


@dataclass(frozen=True, slots=True)
class Roles:
    """Who holds what, as the deal left it: the win check asks it at the end of every flow step, and a
    pass over the seats for each question cost some 17k Python operations a game."""

    by_origin: dict[tuple[str, str], MajiaSeat]
    """(origin faction, role) → the first seat in seat order holding it."""
    held: frozenset[str]
    """Every role some seat holds."""
    pipers: tuple[MajiaSeat, ...]
    killers: tuple[MajiaSeat, ...]
    piper_side: bool
    """Whether a 吹笛 seat plays for the piper's side."""


@dataclass
class MajiaState(TableState[MajiaSeat]):
    """The kernel's table (seats, chats, window, ballots, last words) and the trackers of spec §1.6."""

    by_majia: dict[int, int] = field(default_factory=dict)
    """马甲 number → seat: the secret mapping (the judge's)."""
    majia_names: dict[int, str] = field(default_factory=dict)
    """The public 马甲 list: number → name."""
    size: int = 0
    sheriff: int | None = None
    lovers_formed: bool = False
    submissions: list[Submission] = field(default_factory=list)
    submits: dict[int, int] = field(default_factory=dict)
    """Night skills submitted per seat in the open window (a first one and one change). Its keys are
    the seats with a submission in ``submissions`` (a 确定 adds none), which ``actions`` and
    ``check_skill`` ask in place of a pass over the submissions."""
    shielded: set[int] = field(default_factory=set)
    soundproofed: set[int] = field(default_factory=set)
    dying_order: list[int] = field(default_factory=list)
    last_hit: dict[int, int] = field(default_factory=dict)
    outs_tonight: list[int] = field(default_factory=list)
    outs_today: list[int] = field(default_factory=list)
    redactors: dict[int, int] = field(default_factory=dict)
    defeated: list[str] = field(default_factory=list)
    pending_successor: int | None = None
    answer: int | None = None
    revealed: set[int] = field(default_factory=set)
    """Seats whose 马甲 has been announced in public (a vote-out; a night-out with D-07 on)."""
    shortened: set[int] = field(default_factory=set)
    """Seats that agreed today to shorten the day (§5)."""
    known: dict[int, dict[int, Known]] = field(default_factory=dict)
    """Seat → 马甲 → what the judge told that seat of it (its notices and results)."""
    chat_majia: dict[int, dict[str, set[int]]] = field(default_factory=dict)
    """Seat → chat → the 马甲 it was told are in that chat (the ``majia_team`` notice; the lovers'
    chat: itself and its partner)."""
    told_hp: dict[int, int] = field(default_factory=dict)
    """An elder's HP as 知天命 last told it."""
    told_memo: dict[int, tuple[Told, ...]] = field(default_factory=dict, compare=False, repr=False)
    """``told``'s answer per seat, dropped by ``fold._knows`` (the one writer of ``known``) for its seat."""
    listed_memo: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    """``listed``'s answer, emptied by every fold that moves a 马甲, a status or the reveals (``fold``)."""
    role_memo: Roles | None = field(default=None, compare=False, repr=False)
    """``roles``' answer, emptied by the folds of the seat table and of identities (``fold``)."""

    # -- derived views (no mutation) -----------------------------------------------------------

    def listed_majia(self) -> list[int]:
        """马甲 numbers a 马甲 target may name: every one not publicly known to be out. With D-07 on
        every out 马甲 is announced by the next morning; with it off a night-out 马甲 stays listed, and
        a target naming it is wasted, not refused (refusing would tell who went out)."""
        return list(self.listed())

    def listed(self) -> tuple[int, ...]:
        """``listed_majia`` kept as a tuple until a fold moves what it reads (``listed_memo``): the
        votes, 预言 and 药剂 ask it at every turn, and sorting the seats each time was some 34k
        generator steps of a 30-game replay."""
        found = self.listed_memo
        if found is None:
            revealed = self.revealed
            found = self.listed_memo = tuple(sorted(
                [a.majia for a in self.seats.values() if not (a.status == OUT and a.seat in revealed)]))
        return found

    def told(self, seat: int) -> tuple[Told, ...]:
        """What ``seat`` was told of each 马甲 (``Told``), kept until a fold writes one of its records
        (``told_memo``): the observation asks it at every turn of the seat, and remaking it was some
        1.4k generator steps of a bot game."""
        found = self.told_memo.get(seat)
        if found is None:
            found = self.told_memo[seat] = tuple(
                (n, k.role, k.faction, tuple(sorted(k.marks))) for n, k in self.known.get(seat, {}).items())
        return found

    def seat_of(self, majia: int) -> int:
        """The seat (角色) behind 马甲 ``majia``: the secret mapping, for resolving a 马甲 target."""
        return self.by_majia[majia]

    def majia_of(self, seats: list[int]) -> list[int]:
        """The 马甲 numbers of ``seats``, in order."""
        return [self.seats[seat].majia for seat in seats]

    def roles(self) -> Roles:
        """Who holds what (``Roles``), worked out again only after a fold moved the seats or an identity."""
        found = self.role_memo
        if found is None:
            seats = self.seats.values()
            by_origin: dict[tuple[str, str], MajiaSeat] = {}
            for a in seats:
                by_origin.setdefault((a.origin, a.role), a)
            found = self.role_memo = Roles(
                by_origin, frozenset(a.role for a in seats), tuple(a for a in seats if a.role == PIPER),
                tuple(a for a in seats if a.role == KILLER),
                any(a.role == PIPER and a.faction == PIPER_SIDE for a in seats))
        return found

    def origin_role(self, faction: str, role: str) -> MajiaSeat | None:
        """The seat holding ``role`` for ``faction`` (by origin, D-23)."""
        return self.roles().by_origin.get((faction, role))

    def members(self, faction: str) -> list[int]:
        return [s for s, a in self.seats.items() if a.faction == faction]

    def factions_present(self) -> list[str]:
        """Factions in play, in check order (piper → lovers → A, B, C)."""
        out = []
        if self.roles().piper_side:
            out.append(PIPER_SIDE)
        if self.lovers_formed:
            out.append(LOVERS)
        return [*out, *GENERAL]

    def lovers(self) -> list[int]:
        return [s for s, a in self.seats.items() if a.lover is not None]

    def cupid(self) -> MajiaSeat | None:
        found = self.holder(CUPID)
        return None if found is None else self.seats[found]

    def living_killers(self) -> list[MajiaSeat]:
        return [a for a in self.roles().killers if a.alive]

    def elder_of(self, faction: str) -> MajiaSeat | None:
        return self.origin_role(faction, ELDER)


st = MajiaState.of
"""The game's state, typed (the closers and handlers are functions of the game)."""
