"""``TableRuleset[S]``: a rule set as a page of composition over the table kernel.

A subclass declares its data (``seat_type``, ``state_type``, ``phase_table``, names, flags, roles,
texts) and the hooks its rules need:

* ``actions(state, seat)``: what a seat the open phase waits for may do (its ``LegalAction``s);
* ``folds``: its own fold handlers by event kind, run after the kernel's (``engine.table.fold``);
  ``replaces``: the shared kinds whose kernel handler it does not want;
* ``handlers``: what submitting each action type does once the offered template is found;
* ``start``: the setup events, then ``begin`` of the first phase;
* each phase's ``close`` in the phase table (``engine.table.phases``).

The kernel derives ``pending`` / ``waiting`` / ``legal`` / ``window_complete`` from the window and the
phase table, walks the table in ``advance``, gives the state typed (``st``) and dispatches ``submit``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from engine.actions import Action, Choose, TeamPost, UseSkill
from engine.errors import UnknownName
from engine.events import ENGINE_KINDS, JUDGE, PUBLIC, Awaiting, Event, PhaseBegan, fold_engine
from engine.legal import LegalAction
from engine.observation import team_state
from engine.public import public_steps
from engine.ruleset import Ruleset, SeatSetup
from engine.state import BaseState
from engine.table import fold as kernel
from engine.table.phases import Kind, Landmarks, Next, PhaseTable, Waits
from engine.table.seat import Seat
from engine.table.state import TableState
from engine.table.submit import check_seat, find, idle_refusal

if TYPE_CHECKING:
    from engine.game import Game
    from engine.observation import Observation, SeatStatus, SkillState, TeamState

St = TypeVar("St", bound=TableState[Any])
_NAMED = frozenset({UseSkill, Choose, TeamPost})
"""The actions whose skill or team ``TableRuleset.named`` may rename."""

Fold = Callable[[Any, Any], None]
TABLE_CHATTER = frozenset({"posted", "team_posted", "vote_cast", "passed", "awaiting", "draw", "phase_began"})
"""The kernel's kinds whose kernel fold moves only the window, the floor, the ballots and the draw count
(``engine.table.fold``): a rule set names them its ``Ruleset.chatter`` where its own handlers of them
and its observation keep to that too."""
SubmitHandler = Callable[["Game", Any, LegalAction], None]
"""Submitting one action: (game, action, the offered template it answers) → emit its events."""


class LegalRules(Protocol):
    """A rule set's ``legal`` module: what a seat may do now, and every template a role may be offered."""

    def actions(self, state: Any, seat: int) -> tuple[LegalAction, ...]: ...

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]: ...


class Opening(Protocol):
    """A rule set's ``setup`` module: the setup's events (header, deal, aliases, chats), then the phase
    that opens the game."""

    def start(self, game: Game, ruleset: Ruleset, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> Next: ...


class Upgrades(Protocol):
    """A rule set's ``upgrade`` module: how the games stored by its earlier versions are read."""

    def upgrade(self, events: list[Event], version: str) -> list[Event]: ...


class Knowledge(Protocol):
    """A rule set's ``observe`` module: a seat's skills as it was told its identity. It may also define
    ``budgets(state, seat)`` (what the seat may still post, change…), ``truth(state, status)`` (the
    judge's truth of a seat), ``told(state, obs, seat)`` (what the seat was told beyond the shared
    part), ``teams(state, seat)`` (its chats as it may name their members) and ``god(state, obs)``
    (the god view beyond every seat's truth): see ``HOOKS``."""

    def skills(self, state: Any, seat: int, role: str | None) -> tuple[SkillState, ...]: ...


HOOKS: dict[str, dict[str, str]] = {
    "submit": {"no_seat": "check_seat", "vote_change": "ballot_change", "idle": "refuse_idle", "find": "find",
               "unknown_skill": "unknown_skill"},
    "observe": {"budgets": "budgets", "truth": "seat_truth", "told": "told", "teams": "seat_teams", "god": "god"},
}
"""Module function → the kernel hook it answers, for the modules named in the class statement that
answer hooks by name: a ``submit`` module's refusals in the rule set's own codes (``no_seat(state,
seat)``, ``vote_change(state, seat)``, ``idle(state, action)``, ``find(state, offered, action)``,
``unknown_skill(action, err)``; its ``HANDLERS`` are the class's ``handlers``) and an ``observe``
module's optional parts. A function the module does not define leaves the kernel's default; a hook the
class defines itself wins over the module's."""


class TableRuleset(Ruleset, Generic[St]):
    """A rule set on the table kernel, generic over its state type."""

    seat_type: ClassVar[type[Seat]] = Seat
    state_type: ClassVar[type[TableState[Any]]] = TableState
    phase_table: ClassVar[PhaseTable]
    landmarks: ClassVar[Landmarks | None] = None
    """Where a judge scenario's steps land (``arena judge`` derives the rule set's schedule from the
    phase table and these); None: the judge has no schedule for it."""
    folds: ClassVar[Mapping[str, Fold]] = {}
    replaces: ClassVar[frozenset[str]] = frozenset()
    handlers: ClassVar[Mapping[type[Action], SubmitHandler]] = {}
    opening: ClassVar[Opening | None] = None
    """The rule set's ``setup`` module (``start``); None: it overrides ``start``."""
    legal_rules: ClassVar[LegalRules | None] = None
    """The rule set's ``legal`` module (``actions``, ``vocabulary``); None: it overrides them."""
    upgrades: ClassVar[Upgrades | None] = None
    """The rule set's ``upgrade`` module; None: no earlier version to read."""
    knowledge: ClassVar[Knowledge | None] = None
    """The rule set's ``observe`` module (``skills``, ``budgets``, ``truth``); None: the defaults."""
    own_actions: ClassVar[bool] = False
    """Whether the class overrides ``actions`` (else ``legal``, asked before every action, asks the legal
    module itself: the hook was a call of its own)."""
    own_waiting: ClassVar[bool] = False
    """Whether the class overrides ``waiting`` (set when it is made: ``window_complete``, asked after
    every action, then asks it instead of answering from the window)."""

    def __init_subclass__(cls, names: ModuleType | None = None, flags: ModuleType | None = None,
                          phases: ModuleType | None = None, setup: Opening | None = None,
                          legal: LegalRules | None = None, upgrade: Upgrades | None = None,
                          observe: Knowledge | None = None, submit: ModuleType | None = None,
                          **kwargs: Any) -> None:
        """``class R(TableRuleset[S], names=names, flags=flags, phases=phases, setup=setup, legal=legal,
        upgrade=upgrade, observe=observe)``: the rule set's modules, read here once instead of assigned
        or delegated to again in every rule set's class. Its names module (``ROLES``, ``ROLE_NAMES``,
        ``SKILL_NAMES``, ``FACTION_NAMES``, ``TEAM_NAMES``, ``PHASE_NAMES``) gives the roles and name
        tables, its flags module the flags and the adjudications without one (``FLAGS``,
        ``ADJUDICATIONS``), its phases module the phase table and the judge's landmarks (``PHASES``,
        ``LANDMARKS``); its ``setup`` (``start``),
        ``legal`` (``actions``, ``vocabulary``), ``upgrade`` and ``observe`` (``skills``, ``budgets``,
        ``truth``) modules answer those hooks (``Opening``, ``LegalRules``, ``Upgrades``, ``Knowledge``),
        and its ``submit`` module the handlers and refusals (``HOOKS``)."""
        super().__init_subclass__(**kwargs)
        cls.own_waiting = cls.waiting is not TableRuleset.waiting
        cls.own_actions = cls.actions is not TableRuleset.actions
        if names is not None:
            cls.roles = names.ROLES
            cls.role_names, cls.skill_names = names.ROLE_NAMES, names.SKILL_NAMES
            cls.faction_names, cls.team_names = names.FACTION_NAMES, names.TEAM_NAMES
            cls.phase_names = names.PHASE_NAMES
        if flags is not None:
            cls.flags, cls.adjudications = flags.FLAGS, flags.ADJUDICATIONS
        if phases is not None:
            cls.phase_table, cls.landmarks = phases.PHASES, phases.LANDMARKS
        cls.opening = setup or cls.opening
        cls.legal_rules = legal or cls.legal_rules
        cls.upgrades = upgrade or cls.upgrades
        cls.knowledge = observe or cls.knowledge
        if submit is not None:
            cls.handlers = submit.HANDLERS
        for module, hooks in ((submit, HOOKS["submit"]), (observe, HOOKS["observe"])):
            for function, hook in hooks.items():
                answer = getattr(module, function, None)
                if answer is not None and hook not in cls.__dict__:
                    setattr(cls, hook, staticmethod(answer))

    # -- the state, typed ---------------------------------------------------------------------------

    def new_state(self) -> BaseState:
        return self.state_type()

    def st(self, game: Game) -> St:
        """The game's state as this rule set's type (one cast here instead of an assert per function;
        written as an annotation, not ``typing.cast``, which is a call at every submit)."""
        state: St = game.state  # type: ignore[assignment]
        return state

    def st_of(self, state: BaseState) -> St:
        """``state`` as this rule set's type, for the hooks ``Ruleset`` types with ``BaseState``."""
        return cast(St, state)

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        """The setup module's events, then the phase it names."""
        if self.opening is None:
            raise NotImplementedError
        self.open(game, self.opening.start(game, self, seed, flags, seating, options))

    # -- who is asked what (derived from the window) ------------------------------------------------

    def actions(self, state: St, seat: int) -> tuple[LegalAction, ...]:
        """What ``seat``, which the open phase waits for, may do now. The rule set's own."""
        if self.legal_rules is None:
            raise NotImplementedError
        return self.legal_rules.actions(state, seat)

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]:
        if self.legal_rules is None:
            return super().vocabulary(role)
        return self.legal_rules.vocabulary(role)

    def upgrade(self, events: list[Event], version: str) -> list[Event]:
        return events if self.upgrades is None else self.upgrades.upgrade(events, version)

    def waiting(self, state: BaseState) -> list[int]:
        s: St = state  # type: ignore[assignment]  # (typing.cast is a call: this is asked at every step)
        seats = s.window.open_seats()
        if s.phase in self.phase_table.living_only:
            return [seat for seat in seats if s.seats[seat].alive]
        return seats

    def legal(self, state: BaseState, seat: int) -> tuple[LegalAction, ...] | None:
        s: St = state  # type: ignore[assignment]
        if not self.waits_for(s, seat):
            return None
        rules = self.legal_rules  # the legal module asked directly where the class keeps the kernel's hook
        return rules.actions(s, seat) if rules is not None and not self.own_actions else self.actions(s, seat)

    def waits_for(self, s: St, seat: int) -> bool:
        """``seat in self.waiting(s)`` without building the list (asked at every ``legal``, which the
        runner, the bots and the validation of every action ask). A rule set that overrides
        ``waiting`` overrides this or ``legal`` too."""
        w = s.window
        if w.turns:
            if w.speaker != seat:
                return False
        elif seat not in w.eligible or seat in w.done:
            return False
        return s.phase not in self.phase_table.living_only or s.seats[seat].alive

    def pending(self, state: BaseState) -> dict[int, tuple[LegalAction, ...]]:
        s = cast(St, state)
        return {seat: self.actions(s, seat) for seat in self.waiting(s)}

    def window_complete(self, state: BaseState) -> bool:
        """Nobody left to wait for (a resolution waits for nobody): ``not waiting(state)``, asked after
        every action. Where the rule set keeps the kernel's ``waiting`` it is answered here without
        building the list, in one loop (as ``waits_for`` would answer seat by seat, which cost a call
        per eligible seat at every action)."""
        s: St = state  # type: ignore[assignment]
        table = self.phase_table
        if s.phase in table.resolutions:
            return True
        if self.own_waiting:
            return not self.waiting(s)
        w, living = s.window, s.phase in table.living_only
        if w.turns:
            speaker = w.speaker
            return speaker is None or (living and not s.seats[speaker].alive)
        if not living:
            return w.done.issuperset(w.eligible)
        done, seats = w.done, s.seats
        for seat in w.eligible:
            if seat not in done and seats[seat].alive:
                return False
        return True

    # -- submitting ---------------------------------------------------------------------------------

    def offered(self, game: Game, action: Action) -> tuple[LegalAction, ...]:
        """What the acting seat is offered now: what the open phase offers it, or, to a seat that has cast
        its ballot, the change of it (``ballot_change``); else the refusal of why it has nothing
        (``refuse_idle``)."""
        legal = game.legal(action.seat)
        if legal is not None:
            return legal
        s = self.st(game)
        changed = self.ballot_change(s, action.seat)
        if changed is not None:
            return changed
        raise self.refuse_idle(s, action)

    def ballot_change(self, state: St, seat: int) -> tuple[LegalAction, ...] | None:
        """The ballot ``seat`` may cast to change the one it cast in the open vote (改票, within the rule
        set's limit, or the refusal that the changes are used up); None: no change is open to it (the
        default: a ballot cast is final)."""
        return None

    def refuse_idle(self, state: St, action: Action) -> Exception:
        """Why ``action``'s seat, which the open phase does not wait for, cannot act (a rule set with a
        more precise reason, a vote change or a skill it lost, says it here)."""
        return idle_refusal(state, action.seat)

    def submit(self, game: Game, action: Action) -> None:
        """Refuse a seat the table does not have, take the template ``action`` answers among what the
        seat is offered (``offered``, ``find``), with its skill or team as the engine's id (``named``),
        and hand it to the rule set's handler of its type. (The common path is written out here: this
        runs at every action, and each hook asked on it cost a call.)"""
        s: St = game.state  # type: ignore[assignment]
        seat = action.seat
        if seat not in s.seats:
            self.check_seat(s, seat)
        offered = game.legal(seat)
        if offered is None:
            offered = self.offered(game, action)
        if action.__class__ in _NAMED:
            action = self.named(action)
        self.handlers[type(action)](game, action, self.find(s, offered, action))

    def check_seat(self, state: St, seat: int) -> None:
        """Refuse a seat number the table does not have (a rule set with its own wording says it here;
        ``submit`` asks it only for a seat that ``state.seats`` lacks)."""
        check_seat(state, seat)

    def find(self, state: St, offered: tuple[LegalAction, ...], action: Action) -> LegalAction:
        """The offered template ``action`` answers, or the refusal listing what the seat may do (a rule
        set that checks an action against its rules before that search, or words the refusal its own
        way, says it here; ``engine.table.submit.match`` is the search)."""
        return find(offered, action)

    def named(self, action: Action) -> Action:
        """``action`` with its skill and team as the engine's ids: a skill may be given as the rules text
        names it (``【查验】``, ``查验``) or by its English label (an unknown name is refused by
        ``unknown_skill``), a team by its name."""
        if isinstance(action, UseSkill | Choose):  # (getattr on a model is slow)
            try:
                ident = self.skill_names.id(action.skill)
            except UnknownName as err:
                refusal = self.unknown_skill(action, err)
                if refusal is None:
                    return action
                raise refusal from None
            return action if ident == action.skill else action.model_copy(update={"skill": ident})
        if isinstance(action, TeamPost) and action.team in self.team_names:
            ident = self.team_names.id(action.team)
            return action if ident == action.team else action.model_copy(update={"team": ident})
        return action

    def unknown_skill(self, action: UseSkill | Choose, err: UnknownName) -> Exception | None:
        """The refusal of a skill name the rule set does not know (a rule set with its own code says it
        here); None leaves an empty one to the template search, which lists what the seat may do."""
        return err if action.skill else None

    # -- the phases, walked as data -----------------------------------------------------------------

    def begin(self, game: Game, name: str, day: int | None = None, order: tuple[int, ...] | None = None,
              rounds: int | None = None, *, audience: str = PUBLIC) -> None:
        """Open phase ``name`` of game day ``day`` (None: today), waiting for ``order`` (None: as the
        phase's ``waits`` says). A secret phase names its seats to the judge alone; a banner for the
        judge alone (``audience`` JUDGE: a question asked in the middle of a resolution, the
        resolution resuming after it) names them in itself; a hidden phase's banner is the judge's
        alone too, its seats still told apart. Then the phase's ``opens`` hook runs."""
        s = self.st(game)
        phase = self.phase_table[name]
        seats = list(order) if order is not None else (s.alive() if phase.waits is Waits.LIVING else [])
        turns = rounds if rounds is not None else (self.rounds(s, name) if phase.kind is Kind.TURNS else 0)
        number = s.day if day is None else day
        apart = phase.secret and audience == PUBLIC
        game.emit(PhaseBegan, JUDGE if phase.hidden else audience, name=name, number=number,
                  order=[] if apart else seats, rounds=turns)
        if apart:
            game.emit(Awaiting, JUDGE, seats=seats)
        if phase.opens is not None:
            phase.opens(game)

    def rounds(self, state: St, name: str) -> int:
        """Speaking rounds of turn phase ``name``: option ``rounds`` (a dict by phase) or the table's."""
        configured = state.options.get("rounds", {})
        return int(configured.get(name, self.phase_table[name].rounds)) if isinstance(configured, dict) \
            else self.phase_table[name].rounds

    def advance(self, game: Game) -> None:
        """Close the open phase as the table says, then open what it names."""
        s = self.st(game)
        close = self.phase_table[s.phase].close
        if close is None:
            raise RuntimeError(f"phase {s.phase} has no close in {self.id}'s phase table")
        following = close(game)
        if following is not None and not s.over:
            self.open(game, following)

    def open(self, game: Game, following: Next) -> None:
        """Open the phase a close named (the table's ``follows`` must list it)."""
        self.begin(game, following.phase, following.day, following.order, following.rounds)

    # -- the fold -----------------------------------------------------------------------------------

    def fold(self, state: BaseState, event: Event) -> None:
        for handler in self._fold_plan.get(event.kind, ()):
            handler(state, event)

    def apply(self, state: BaseState, event: Event) -> None:
        """``Ruleset.apply`` in one planned pass per kind: the engine's fold, or the public record's
        steps (``engine.public.public_steps``) then the kernel's and the rule set's handlers. The
        same work as the generic dispatch, which cost as much as the handlers (every event is folded
        as it is emitted, and again on every replay)."""
        fold = self._apply_plan.get(event.kind)
        if fold is None:
            fold = self._apply_plan[event.kind] = _composed(self._apply_steps(event.kind))
        fold(state, event)

    @cached_property
    def _apply_plan(self) -> dict[str, Fold]:
        """Each kind's steps (``_apply_steps``) as one call (``_composed``), filled in as the kinds come."""
        return {}

    def _apply_steps(self, kind: str) -> tuple[Fold, ...]:
        if kind in ENGINE_KINDS:
            return (fold_engine,)
        own = self._fold_plan.get(kind, ()) if type(self).fold is TableRuleset.fold else (self.fold,)
        return (*public_steps(kind), *own)  # a rule set that overrides ``fold`` keeps its own

    @cached_property
    def _fold_plan(self) -> dict[str, tuple[Fold, ...]]:
        """Each kind's handlers in order, the kernel's (unless ``replaces`` names the kind) then the
        rule set's own: worked out once per rule set instead of at every event."""
        shared: dict[str, Fold] = {**kernel.SIMPLE, "game_created": self._game_created,
                                   "phase_began": self._phase_began}
        return {kind: tuple(h for h in (None if kind in self.replaces else shared.get(kind), self.folds.get(kind))
                            if h is not None)
                for kind in shared.keys() | self.folds.keys()}

    def _game_created(self, s: St, event: Any) -> None:
        kernel.game_created(s, event, self.seat_type)

    def _phase_began(self, s: St, event: Any) -> None:
        kernel.phase_began(s, event, self.phase_table)

    # -- the default observation reads the kernel's seat record (or the rule set's observe module) ---

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        """The shared part of a seat's observation, then what the rule set's ``told`` adds."""
        return self.told(state, super().observe_seat(state, base, seat), seat)

    def observe_god(self, state: BaseState, base: Observation) -> Observation:
        """Every seat's truth, then what the rule set's ``god`` adds."""
        return self.god(state, super().observe_god(state, base))

    @staticmethod
    def told(state: Any, obs: Observation, seat: int) -> Observation:
        """What ``seat`` was told beyond the shared part (an ``observe`` module's ``told``; none here)."""
        return obs

    @staticmethod
    def god(state: Any, obs: Observation) -> Observation:
        """The god view beyond every seat's truth (an ``observe`` module's ``god``; nothing here)."""
        return obs

    def skills(self, state: BaseState, seat: int) -> tuple[SkillState, ...]:
        """The seat's skills as it was told its identity (``state.identities``)."""
        if self.knowledge is None:
            return super().skills(state, seat)
        told = state.identities.get(seat)
        return self.knowledge.skills(state, seat, told.role if told else None)


    def seat_alive(self, state: BaseState, seat: int) -> bool:
        record = cast(St, state).seats.get(seat)
        return record.alive if record is not None else True

    def seat_teams(self, state: BaseState, seat: int) -> tuple[TeamState, ...]:
        """The team chats ``seat`` is in now, every member named by seat (an ``observe`` module's
        ``teams`` names them otherwise)."""
        return tuple(team_state(team, tuple(members)) for team, members in cast(St, state).teams.items()
                     if seat in members)

    def seat_truth(self, state: BaseState, status: SeatStatus) -> SeatStatus:
        """``status`` with the seat record's truth: identity, faction, alive, the judge's cause (an
        ``observe`` module's ``truth`` tells more)."""
        record = cast(St, state).seats.get(status.seat)
        if record is None:
            return status
        return dataclasses.replace(status, alive=record.alive, role=record.role or None,
                                   faction=record.faction or None, cause=record.cause or status.cause)


def _composed(steps: tuple[Fold, ...]) -> Fold:
    """``steps`` as one fold: the step itself where there is one (most kinds), else each in order;
    a loop over a one-step tuple at every event cost as much as the call."""
    if len(steps) == 1:
        return steps[0]
    if len(steps) == 2:  # the kernel's handler and the rule set's (or the public record's and one)
        first, second = steps

        def both(state: Any, event: Any) -> None:
            first(state, event)
            second(state, event)

        return both

    def fold(state: Any, event: Any) -> None:
        for step in steps:
            step(state, event)

    return fold
