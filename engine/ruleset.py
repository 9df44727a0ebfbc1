"""The static, versioned definition of a rule set, apart from any play-through.

Like OpenSpiel's ``_GAME_TYPE`` / ``new_initial_state``: a ``Ruleset`` holds the roster, names,
flags and the behaviour of the rules (``pending``, ``submit``, ``advance``, ``fold``); a ``Game`` is
made only by ``ruleset.new_game(...)`` and holds one play-through's events and state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action
from engine.events import Event
from engine.flags import Flag
from engine.legal import LegalAction
from engine.names import NameTable
from engine.state import BaseState

if TYPE_CHECKING:
    from engine.game import Game
    from engine.views import Viewer


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """A fixed seating for one seat (used by the judge console and tests); None fields are dealt."""

    seat: int
    role: str | None = None
    alias: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RoleInfo:
    """A role's static card: id, names, faction, how many, and what it can do."""

    id: str
    zh: str
    en: str
    faction: str
    count: int
    skills: tuple[str, ...]
    summary: str


class Ruleset(ABC):
    """A rule set: static definition plus the pure functions that play it."""

    id: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[int]
    flags: ClassVar[tuple[Flag, ...]]
    roles: ClassVar[tuple[RoleInfo, ...]]
    role_names: ClassVar[NameTable]
    skill_names: ClassVar[NameTable]
    faction_names: ClassVar[NameTable]
    team_names: ClassVar[NameTable]
    phase_names: ClassVar[NameTable]
    alias_english: ClassVar[dict[str, str]] = {}
    options_doc: ClassVar[dict[str, str]] = {}
    adjudications: ClassVar[tuple[tuple[str, str, str | None, str], ...]] = ()
    """The spec's adjudications without a flag: (id, ruling the engine follows, flag or None, why no flag)."""

    def new_game(
        self,
        seed: int,
        *,
        flags: Mapping[str, Any] | None = None,
        seating: list[SeatSetup] | None = None,
        options: Mapping[str, Any] | None = None,
        auto: bool = True,
    ) -> Game:
        """A fresh play-through: the setup events are emitted, the first window is open.

        With ``auto`` off (the judge console) nothing closes by itself, not even a setup window
        whose every seat has already answered.
        """
        from engine.game import Game

        game = Game(self, auto=auto)
        self.start(game, seed, flags or {}, seating, dict(options or {}))
        if auto:
            game.settle()
        return game

    @abstractmethod
    def new_state(self) -> BaseState:
        """The empty state that folding a game's events starts from."""

    @abstractmethod
    def start(
        self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
        options: dict[str, Any],
    ) -> None:
        """Emit the setup events (header, deal, aliases, chats) and open the first phase."""

    @abstractmethod
    def pending(self, state: BaseState) -> dict[int, tuple[LegalAction, ...]]:
        """For each seat that may act now, its legal actions."""

    @abstractmethod
    def waiting(self, state: BaseState) -> list[int]:
        """The seats the open phase waits for, without building their legal actions."""

    @abstractmethod
    def legal(self, state: BaseState, seat: int) -> tuple[LegalAction, ...] | None:
        """One seat's legal actions now (None when the phase is not waiting for it)."""

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]:
        """Every action template a seat holding ``role`` may ever be offered in this rule set (targets
        empty: any seat), so that an LLM seat's tool list can stay the same all game. A rule set
        that does not say returns ``()``; callers then grow the list from what ``legal`` offers."""
        return ()

    @abstractmethod
    def submit(self, game: Game, action: Action) -> None:
        """Validate ``action`` completely (raising ``IllegalAction``), then emit its events."""

    @abstractmethod
    def advance(self, game: Game) -> None:
        """Close the current window (timeouts take their defaults), resolve it, open the next."""

    @abstractmethod
    def window_complete(self, state: BaseState) -> bool:
        """Whether the current window has nothing more to wait for."""

    @abstractmethod
    def fold(self, state: BaseState, event: Event) -> None:
        """Apply one event to the state (the only way state changes)."""

    def shown(self, event: Event, viewer: Viewer) -> Event:
        """``event`` as ``viewer`` (a seat or a spectator that may see it) is shown it.

        The default shows every event as the judge logged it. A rule set whose events name more
        than a viewer may learn (majiasha2: a chat mate's 角色 behind its 马甲) returns a redacted
        copy; ``engine.views`` applies it to every view but the god's. Why a hook on the rule set
        and not new events: the judge's log stays one truth (transcripts, replay and the fold read
        it unchanged), and who may learn what is a rule of the game, decided per viewer on read.
        """
        return event
