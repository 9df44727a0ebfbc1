"""The state of an umineko32 play-through (spec §1.5): the table kernel's seats and window, plus what
umineko32's roles and its settlement track. Changed only by the fold."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.mechanics.team_chat import recipients
from engine.rulesets.umineko32.names import ACCOMPLICE, APPRENTICE, BLACK_COLOR, KILLER, WHITE_COLOR, WITCH
from engine.table import Seat, TableState


@dataclass(slots=True)
class UminekoSeat(Seat):
    """One seat (棋子) and what umineko32's rules track about it beyond the kernel's record."""

    believes: bool = False
    marked: bool = False
    merged: bool = False
    barrier_uses: int = 0
    theater_selected: bool = False
    yi_partners: set[int] = field(default_factory=set)
    immune_day: int | None = None
    curfew_attempts: int = 0
    posts_today: int = 0
    blue_today: int = 0
    voted_today: bool = False
    died: tuple[int, int] | None = None
    """(day, seq) of the death, once dead."""

    @property
    def black(self) -> bool:
        """On the killers' side: a killer, or an accomplice merged into 杀手群."""
        return self.role == KILLER or (self.role == ACCOMPLICE and self.merged)


@dataclass
class UminekoState(TableState[UminekoSeat]):
    """The kernel's table, plus the global trackers of spec §1.5."""

    members_told: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    """Team → seat → the members that seat was told of: the members when the chat formed, each
    newcomer whose join notice reached it, and for a newcomer the recipients of its own notice. A
    member that stops receiving (dead, flag A-41 false) learns no later newcomer, and one that joins
    in name only is told of no chat at all."""
    # 弃明投暗 and the accomplice
    accomplice: int | None = None
    name_today: int | None = None
    day1_name: int | None = None
    told: set[int] = field(default_factory=set)
    promoted: bool = False
    """Whether the killers and the accomplice have been told who the accomplice is (the promotion notice)."""
    converted_tonight: bool = False
    # 审问官
    inquisitor_restricted: bool = False
    barrier_last: tuple[int, int] | None = None
    protected: set[int] = field(default_factory=set)
    barrier_kill: int | None = None
    # 观剧
    theater: list[tuple[int, int, int, str]] = field(default_factory=list)
    # 魔女
    castling_used: bool = False
    castle_form: str = ""
    castle_answer: bool | None = None
    witch_latched: bool = False
    ascended: bool = False
    apprentice: int | None = None
    soul_pending: int | None = None
    # deaths and exits
    dead_tonight: list[int] = field(default_factory=list)
    died_by_vote: list[int] = field(default_factory=list)
    exits: list[int] = field(default_factory=list)
    exits_done: int = 0
    to_drown: list[int] = field(default_factory=list)
    tonight: list[tuple[str, int | None, tuple[int, ...], str]] = field(default_factory=list)
    skills: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)

    # -- derived views of the state (no mutation) -------------------------------------------------

    def color(self, seat: int) -> str:
        """The colour ``seat`` shows to 侦探权限, 演员试镜 and 红字结界: 黑 for the killers' side, 白 for
        everyone else, the witch and her apprentice as flags A-01 and A-02 say."""
        record = self.seats[seat]
        if record.role == WITCH:
            return str(self.flags.get("umineko.witch_color", WHITE_COLOR))
        if record.role == APPRENTICE:
            return str(self.flags.get("umineko.apprentice_color", WHITE_COLOR))
        return BLACK_COLOR if record.black else WHITE_COLOR

    def dead_read(self) -> bool:
        """Whether the dead keep their team chats (flag A-41)."""
        return bool(self.flags.get("umineko.dead_keep_team_chat", True))

    def recipients(self, team: str, joining: int | None = None) -> list[int]:
        """Who receives a new message of ``team`` (with ``joining`` added): every member, or only the
        living ones under flag A-41 false (a dead newcomer then receives nothing either)."""
        return recipients(self.teams.get(team, []), lambda seat: self.seats[seat].alive, dead_read=self.dead_read(),
                          joining=joining)
