"""海猫鸣泣之时 XXXII 版杀 (umineko32): 18 seats, Black / White / the witch's side win.

Spec: ``shared/rules/umineko32.md`` (adjudications A-01..A-45) over the original rules text.

Version history
- 1.0: the whole rule set: belief choice and prophecy, every day phase with the 蓝字 budget,
  votes with 舞台特权 and 王车易位, the night settlement ①–③, role changes, team chats,
  enforceable discipline, last words for days 1–3, win checks at every phase end.
- 1.1: the shared concepts as typed public events (``Dawn``, ``VoteResult``, ``SeatsOut``) in place
  of ``Announced`` topics; the notices that tell a seat a new identity carry it (``role``,
  ``faction``); a fallback pass carries its reason as a code with ``detail``. 1.0 games are read as
  1.1 (``upgrade``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action
from engine.events import Event
from engine.flags import Flag
from engine.legal import LegalAction
from engine.names import NameTable
from engine.narrate.table import Narration
from engine.observation import BudgetState, Observation, SeatStatus, SkillState, TeamState
from engine.ruleset import RoleInfo, Ruleset, SeatSetup
from engine.rulesets.umineko32 import legal, observe
from engine.rulesets.umineko32.aliases import ENGLISH
from engine.rulesets.umineko32.flags import ADJUDICATIONS, FLAGS
from engine.rulesets.umineko32.fold import fold
from engine.rulesets.umineko32.names import (
    FACTION_NAMES,
    PHASE_NAMES,
    ROLE_NAMES,
    ROLES,
    SKILL_NAMES,
    TEAM_NAMES,
)
from engine.rulesets.umineko32.phases import CLOSE
from engine.rulesets.umineko32.setup import start
from engine.rulesets.umineko32.state import UminekoState
from engine.rulesets.umineko32.submit import submit
from engine.rulesets.umineko32.texts import NARRATION
from engine.rulesets.umineko32.upgrade import upgrade
from engine.state import BaseState

if TYPE_CHECKING:
    from engine.game import Game


class Umineko32(Ruleset):
    """The umineko32 rule set."""

    id: ClassVar[str] = "umineko32"
    version: ClassVar[str] = "1.1"
    title: ClassVar[str] = "海猫鸣泣之时 XXXII 版杀"
    seats: ClassVar[int] = 18
    flags: ClassVar[tuple[Flag, ...]] = FLAGS
    roles: ClassVar[tuple[RoleInfo, ...]] = ROLES
    role_names: ClassVar[NameTable] = ROLE_NAMES
    skill_names: ClassVar[NameTable] = SKILL_NAMES
    faction_names: ClassVar[NameTable] = FACTION_NAMES
    team_names: ClassVar[NameTable] = TEAM_NAMES
    phase_names: ClassVar[NameTable] = PHASE_NAMES
    alias_english: ClassVar[dict[str, str]] = ENGLISH
    adjudications: ClassVar[tuple[tuple[str, str, str | None, str], ...]] = ADJUDICATIONS
    narration: ClassVar[Narration] = NARRATION
    options_doc: ClassVar[dict[str, str]] = {
        "rounds": "speaking rounds per turn phase, e.g. {\"D1_FREE\": 1, \"RESTRICTED\": 2, \"FREE\": 1}",
        "discipline": "true (all), false (none), or a list of silence/no_vote/blue/curfew",
        "floor": "\"turns\" (one speaker at a time, the default) or \"open\" (any living seat posts in any order)",
    }

    def new_state(self) -> BaseState:
        return UminekoState()

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        start(game, seed, flags, seating, options)

    def pending(self, state: BaseState) -> dict[int, tuple[LegalAction, ...]]:
        assert isinstance(state, UminekoState)
        return legal.pending(state)

    def waiting(self, state: BaseState) -> list[int]:
        assert isinstance(state, UminekoState)
        return legal.waiting(state)

    def legal(self, state: BaseState, seat: int) -> tuple[LegalAction, ...] | None:
        assert isinstance(state, UminekoState)
        return legal.legal_for(state, seat)

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]:
        return legal.vocabulary(role)

    def submit(self, game: Game, action: Action) -> None:
        submit(game, action)

    def advance(self, game: Game) -> None:
        state = game.state
        assert isinstance(state, UminekoState)
        CLOSE[state.phase](game)

    def window_complete(self, state: BaseState) -> bool:
        assert isinstance(state, UminekoState)
        return legal.window_complete(state)

    def fold(self, state: BaseState, event: Event) -> None:
        assert isinstance(state, UminekoState)
        fold(state, event)

    def upgrade(self, events: list[Event], version: str) -> list[Event]:
        return upgrade(events, version)

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        assert isinstance(state, UminekoState)
        obs = super().observe_seat(state, base, seat)
        own = observe.statuses(state, seat, obs.role)
        known = observe.mates(state, seat, obs.teams)
        if not own and not known:
            return obs
        return dataclasses.replace(obs, statuses=(*obs.statuses, *own), seats=observe.with_mates(obs.seats, known))

    def seat_teams(self, state: BaseState, seat: int) -> tuple[TeamState, ...]:
        assert isinstance(state, UminekoState)
        return observe.teams(state, seat)

    def seat_truth(self, state: BaseState, status: SeatStatus) -> SeatStatus:
        assert isinstance(state, UminekoState)
        return observe.truth(state, status)

    def skills(self, state: BaseState, seat: int) -> tuple[SkillState, ...]:
        assert isinstance(state, UminekoState)
        told = state.identities.get(seat)
        return observe.skills(state, seat, told.role if told else None)

    def budgets(self, state: BaseState, seat: int) -> tuple[BudgetState, ...]:
        assert isinstance(state, UminekoState)
        return observe.budgets(state, seat)


RULESET = Umineko32
"""The class the registry (``engine.rulesets``) instantiates."""
