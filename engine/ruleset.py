"""The static, versioned definition of a rule set, apart from any play-through.

Like OpenSpiel's ``_GAME_TYPE`` / ``new_initial_state``: a ``Ruleset`` holds the roster, names,
flags and the behaviour of the rules (``pending``, ``submit``, ``advance``, ``fold``); a ``Game`` is
made only by ``ruleset.new_game(...)`` and holds one play-through's events and state.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action
from engine.events import ENGINE_KINDS, Event, fold_engine
from engine.flags import Flag
from engine.legal import LegalAction
from engine.names import NameTable
from engine.observation import amend, derive, own_seat
from engine.public import fold_public
from engine.state import BaseState

if TYPE_CHECKING:
    from engine.game import Game
    from engine.narrate.table import Narration
    from engine.observation import BudgetState, Observation, SeatStatus, SkillState, TeamState
    from engine.views import Viewer


Policy = Callable[["Observation", Sequence[Event], int], Action]
"""A scripted player as a pure function: (the seat's observation, the events it may see, the game's
seed) → its action, one of ``observation.legal``. No I/O, no clock, no state: the same arguments
always give the same action (``Ruleset.policy``)."""


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
    """What the role does, in English (``arena rules --lang en``)."""
    summary_zh: str = ""
    """The same in Chinese, for a Chinese reader (``arena rules``); empty where the rule set gives
    only the English one."""

    def summary_in(self, lang: str) -> str:
        """The summary in ``lang`` (the English one where there is no Chinese)."""
        return self.summary_zh if lang == "zh" and self.summary_zh else self.summary


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
    name_layer: ClassVar[str] = ""
    """The layer id of the rule set's second public name list (``engine.layers``: majiasha2's 马甲,
    ``"majia"``); empty where its seats' aliases are its only names."""
    options_doc: ClassVar[dict[str, str]] = {}
    adjudications: ClassVar[tuple[tuple[str, str, str | None, str], ...]] = ()
    """The spec's adjudications without a flag: (id, ruling the engine follows, flag or None, why no flag)."""
    chatter: ClassVar[frozenset[str]] = frozenset()
    """Event kinds (posts, ballots, team messages, a new phase) whose fold changes no seat's
    observation but for the phase and day it names and the seat's ``skills``, ``budgets`` and legal
    actions. ``Game.observe`` keeps a seat's observation across them and recomputes only those:
    between two turns of a seat most events are such (a day's talk, the next speaker's phase), and
    the rest of a seat's observation cost 20 to 50 µs a turn. A rule set names them only where its
    ``observe_seat`` reads nothing else they change (its skills and budgets fields being exactly
    ``skills`` and ``budgets``); none by default, which keeps nothing."""
    carried: ClassVar[frozenset[str]] = frozenset()
    """Public event kinds (a death, a dawn, a vote result) whose fold changes a seat's observation only
    through the public record (the seat list, the sheriff, the second name list) and what ``chatter``
    may change, but for the seat the event names (its ``seat``). A rule set that names any also says
    that an event a seat is not shown changes nothing of what it knows but for a seat it names: what a
    seat knows comes from what it was shown. ``Game.observe`` then carries a seat's kept observation
    over such events (``engine.observation.carried_over``) instead of making it afresh: after a death
    the public seat list moved for every seat, and a seat's own part was made again though only the
    list under it moved (a rebuild cost 28 to 44 µs, ``bench/engine.py``). None by default, which
    carries nothing over."""
    narration: ClassVar[Narration]
    """The rule set's own texts (``engine.narrate.table``): its judge posts, notices, results,
    causes, warnings and error messages in zh and en. No other rule set reads or changes them."""

    # -- the plug-ins reached from the rule set (so that adding one touches no shared file) ----------

    @property
    def package(self) -> str:
        """The Python package of the rule set's folder (``engine.rulesets.<id>``), which holds its
        plug-ins: ``templates/`` (prompt templates, read by ``prompts.texts``) and ``scenarios/``
        (judge scenarios, found by the scenario tests); its schedule is derived from its phase table
        (``arena.judge.scenario.schedule_of``)."""
        return type(self).__module__

    def policy(self) -> Policy | None:
        """The rule set's scripted player (``Policy``), which ``agents.scripted`` wraps as an agent;
        None where its bot lives in ``agents.bots.<id>`` or there is none."""
        return None

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
        """Apply one event to the rule set's own state."""

    def apply(self, state: BaseState, event: Event) -> None:
        """Apply one event to the state (the only way state changes): the public record every rule
        set shares (``engine.public``), then the rule set's own fold."""
        if event.kind in ENGINE_KINDS:
            fold_engine(state, event)
            return
        fold_public(state.public, state.identities, event)
        self.fold(state, event)

    # -- what a viewer knows -----------------------------------------------------------------------

    def observe(self, state: BaseState, viewer: Viewer) -> Observation:
        """What ``viewer`` knows now, computed from the state (``engine.observation``).

        The public part (phase, day, every seat as the judge's posts told it) is the same for every
        rule set; a seat's own part and the god view's truth are the rule set's (``observe_seat``,
        ``observe_god``). ``Game.observe`` adds the seat's received results and notices, and calls
        ``observe_seat`` itself for a seat (with the legal actions it has cached), so a rule set
        extends a seat's observation in ``observe_seat``, never here."""
        from engine.observation import public_observation

        if viewer.kind == "god":
            return self.observe_god(state, public_observation(state, viewer))
        if viewer.kind != "seat":
            return public_observation(state, viewer)
        legal = self.legal(state, viewer.seat) or ()
        return self.observe_seat(state, public_observation(state, viewer, legal=legal), viewer.seat)

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        """``base`` (the public part, with the seat's legal actions and what it has received) with what
        ``seat`` knows of itself and of others: its identity as it was told it (``state.identities``),
        whether it is alive, its teams and mates, its skills with what is left and its budgets
        (``skills``, ``budgets``). A rule set whose seats learn more (mates' identities, statuses)
        extends this."""
        told = state.identities.get(seat)
        alive = self.seat_alive(state, seat)
        mine = base.status(seat)
        role, faction, majia = (told.role, told.faction, told.majia) if told else (None, None, None)
        seats = base.seats
        if mine is not None:  # the own seat as it knows itself (the same tuple while nothing moved)
            seats = derive(own_seat, seats, seat, alive and mine.alive, role, faction, majia)
        return amend(
            base, seat=seat, alias=mine.alias if mine else "", role=role, dealt=told.dealt if told else None,
            faction=faction, alive=alive, majia=majia, teams=self.seat_teams(state, seat),
            skills=self.skills(state, seat), budgets=self.budgets(state, seat), seats=seats)

    def observe_god(self, state: BaseState, base: Observation) -> Observation:
        """``base`` with the truth of every seat: identity, faction, alive (``seat_truth``)."""
        seats = tuple(self.seat_truth(state, s) for s in base.seats)
        return dataclasses.replace(base, seats=seats)

    # -- the hooks of the default observation ------------------------------------------------------
    # Every rule set answers these from its own records (the table kernel, ``engine.table``, from its
    # seat record and teams); the defaults say nothing.

    def seat_alive(self, state: BaseState, seat: int) -> bool:
        """Whether ``seat`` is alive (in the game), as the seat itself knows it."""
        return True

    def seat_teams(self, state: BaseState, seat: int) -> tuple[TeamState, ...]:
        """The team chats ``seat`` is in now, with their members as it may name them."""
        return ()

    def skills(self, state: BaseState, seat: int) -> tuple[SkillState, ...]:
        """``seat``'s skills with what is left of each (the rule set's; none by default)."""
        return ()

    def budgets(self, state: BaseState, seat: int) -> tuple[BudgetState, ...]:
        """``seat``'s counted allowances now: 蓝字, posts, team messages, vote changes… (none by default)."""
        return ()

    def seat_truth(self, state: BaseState, status: SeatStatus) -> SeatStatus:
        """``status`` with the judge's truth: identity, faction, alive."""
        return status

    def upgrade(self, events: list[Event], version: str) -> list[Event]:
        """The events of a game stored by rule-set ``version`` as this version writes them (migrate on
        read, in the manner of inspect_ai's ``migrate_values``): one event for one, so sequence
        numbers and every reference to them hold. The default changes nothing."""
        return events

    redacts_public: ClassVar[bool] = True
    """Whether ``shown`` may change a public event (where the rule set overrides it). A rule set whose
    redaction touches only chats and private notices (majiasha2) says False, and each seat's view then
    takes a public event as logged without a call per seat (``arena.run.seat_views``)."""

    def shown(self, event: Event, viewer: Viewer) -> Event:
        """``event`` as ``viewer`` (a seat or a spectator that may see it) is shown it.

        The default shows every event as the judge logged it. A rule set whose events name more
        than a viewer may learn (majiasha2: a chat mate's 角色 behind its 马甲) returns a redacted
        copy; ``engine.views`` applies it to every view but the god's. Why a hook on the rule set
        and not new events: the judge's log stays one truth (transcripts, replay and the fold read
        it unchanged), and who may learn what is a rule of the game, decided per viewer on read.
        """
        return event
