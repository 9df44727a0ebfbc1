"""The state of an umineko32 play-through (spec §1.5). Changed only by ``fold``."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.umineko32.names import APPRENTICE, BLACK_COLOR, KILLER, WHITE_COLOR, WITCH
from engine.state import BaseState

TURN_PHASES = frozenset({"D1_FREE", "RESTRICTED", "FREE"})
SPEECH_PHASES = frozenset({"D1_FREE", "RESTRICTED", "FREE", "VOTE"})
WINDOW_PHASES = frozenset({"SETUP", "NIGHT", "CASTLE", "LAST_WORDS", "VOTE", "VOTE_LAST_WORDS"})


@dataclass(slots=True)
class Piece:
    """One seat (棋子) and everything the rules track about it."""

    seat: int
    alias: str = ""
    role: str = ""
    faction: str = ""
    alive: bool = True
    believes: bool = False
    marked: bool = False
    merged: bool = False
    barrier_uses: int = 0
    theater_selected: bool = False
    yi_partners: set[int] = field(default_factory=set)
    immune_day: int | None = None
    warnings: int = 0
    curfew_attempts: int = 0
    posts_today: int = 0
    blue_today: int = 0
    voted_today: bool = False
    vote_changes: int = 0
    cause: str = ""
    """The judge's cause of the death (``Died.cause``), once dead."""
    died: tuple[int, int] | None = None
    """(day, seq) of the death, once dead."""

    @property
    def color(self) -> str:
        """黑 for a killer or a merged accomplice, 白 for everyone else, under the default A-01/A-02.

        The rules read ``UminekoState.color``, which applies the flags for the witch's side.
        """
        return BLACK_COLOR if self.role == KILLER or (self.role == "accomplice" and self.merged) else WHITE_COLOR


@dataclass(slots=True)
class Window:
    """The open phase's bookkeeping: who must answer, who has, turns taken, buffered submissions."""

    eligible: list[int] = field(default_factory=list)
    rounds: int = 0
    turn: int = 0
    free_used: int = 0
    done: set[int] = field(default_factory=set)
    team_posts: dict[int, int] = field(default_factory=dict)
    posts: dict[int, int] = field(default_factory=dict)
    question: str = ""
    turns: bool = False

    @property
    def speaker(self) -> int | None:
        """Whose turn it is in a turn phase (None once every round is spoken)."""
        if not self.eligible or self.turn >= len(self.eligible) * self.rounds:
            return None
        return self.eligible[self.turn % len(self.eligible)]


@dataclass
class UminekoState(BaseState):
    """Pieces, teams, and the global trackers of spec §1.5."""

    pieces: dict[int, Piece] = field(default_factory=dict)
    teams: dict[str, list[int]] = field(default_factory=dict)
    members_told: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    """Team → seat → the members that seat was told of: the members when the chat formed, each
    newcomer whose join notice reached it, and for a newcomer the recipients of its own notice. A
    member that stops receiving (dead, flag A-41 false) learns no later newcomer, and one that joins
    in name only is told of no chat at all."""
    window: Window = field(default_factory=Window)
    floor: int = 0
    night: int = 0
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
    last_words: dict[int, str] = field(default_factory=dict)
    tonight: list[tuple[str, int | None, tuple[int, ...], str]] = field(default_factory=list)
    skills: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    votes: dict[int, int | None] = field(default_factory=dict)

    # -- derived views of the state (no mutation) -------------------------------------------------

    def alive(self) -> list[int]:
        return [s for s, p in self.pieces.items() if p.alive]

    def living(self, role: str) -> list[int]:
        return [s for s, p in self.pieces.items() if p.alive and p.role == role]

    def holders(self, role: str) -> list[int]:
        return [s for s, p in self.pieces.items() if p.role == role]

    def witch(self) -> int | None:
        found = self.holders("witch")
        return found[0] if found else None

    def inquisitor(self) -> int | None:
        found = self.holders("inquisitor")
        return found[0] if found else None

    def team_of(self, seat: int) -> list[str]:
        return [t for t, members in self.teams.items() if seat in members]

    def color(self, seat: int) -> str:
        """The colour ``seat`` shows to 侦探权限, 演员试镜 and 红字结界 (flags A-01, A-02)."""
        piece = self.pieces[seat]
        if piece.role == WITCH:
            return str(self.flags.get("umineko.witch_color", WHITE_COLOR))
        if piece.role == APPRENTICE:
            return str(self.flags.get("umineko.apprentice_color", WHITE_COLOR))
        return piece.color

    def recipients(self, team: str, joining: int | None = None) -> list[int]:
        """Who receives a new message of ``team`` (with ``joining`` added): every member, or only the
        living ones under flag A-41 false (a dead newcomer then receives nothing either)."""
        members = [*self.teams.get(team, []), *([] if joining is None else [joining])]
        if self.flags.get("umineko.dead_keep_team_chat", True):
            return members
        return [seat for seat in members if self.pieces[seat].alive]

    def by_turns(self) -> bool:
        """Whether the open phase gives the floor to one speaker at a time.

        Option ``floor``: "turns" (the default) or "open", where every living seat may post in any
        order until it passes or the phase is closed, as on the forum (judge scenarios use it).
        """
        return self.window.turns
