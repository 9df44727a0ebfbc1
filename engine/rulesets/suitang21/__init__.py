"""『隋唐』21-player werewolf (suitang21): wolves / village / 黑情侣, with camp defeat apart from death.

Spec: ``shared/rules/suitang21.md`` (adjudications B-01..B-48) over the original rules text.

Version history
- 1.1: the shared concepts as typed public events (``SheriffChanged``, ``VoteResult``, ``Dawn``,
  ``SeatsOut``) in place of ``Announced`` topics; a fallback pass carries its reason as a code with
  ``detail``. 1.0 games are read as 1.1 (``upgrade``).
- 1.0: the whole rule set: Cupid's arrow with 私奔 and the black lovers, a day of free speech and
  voting (sheriff ×2, one change, acceleration), the sheriff by first-to-reach on day 1, the two-wave
  night with the butterfly's hug and 通灵, kills and poison through the out pipeline (殉情, 最后一枪,
  殉职, the elder penalty), 5 last words, cards, camp defeat and exactly one winner.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action
from engine.events import Event
from engine.flags import Flag
from engine.legal import LegalAction
from engine.names import NameTable
from engine.narrate.table import Narration
from engine.observation import BudgetState, Observation, SeatStatus, SkillState
from engine.ruleset import RoleInfo, Ruleset, SeatSetup
from engine.rulesets.suitang21 import legal, observe
from engine.rulesets.suitang21.aliases import ENGLISH
from engine.rulesets.suitang21.flags import ADJUDICATIONS, FLAGS
from engine.rulesets.suitang21.fold import fold
from engine.rulesets.suitang21.names import (
    FACTION_NAMES,
    PHASE_NAMES,
    ROLE_NAMES,
    ROLES,
    SKILL_NAMES,
    TEAM_NAMES,
)
from engine.rulesets.suitang21.phases import CLOSE
from engine.rulesets.suitang21.setup import start
from engine.rulesets.suitang21.state import SuitangState
from engine.rulesets.suitang21.submit import submit
from engine.rulesets.suitang21.texts import NARRATION
from engine.rulesets.suitang21.upgrade import upgrade
from engine.state import BaseState
from engine.views import Viewer

if TYPE_CHECKING:
    from engine.game import Game


class Suitang21(Ruleset):
    """The suitang21 rule set."""

    id: ClassVar[str] = "suitang21"
    version: ClassVar[str] = "1.1"
    title: ClassVar[str] = "『隋唐』21人狼人杀"
    seats: ClassVar[int] = 21
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
        "discipline": "true (all), false (none), or a list of posts/streak/no_vote/timeout (§5 yellow cards)",
        "day_posts": "public posts one seat may make in a day (default 12; speech is free in the text)",
        "min_posts": "posts a day below which a seat gets a yellow card (default 5)",
        "scenario: votes": "arena judge: a day's ballots in the order cast (a later one of a seat is its change); "
                           "on day 1 they elect the sheriff (竞岗, first to reach the maximum wins a tie)",
        "scenario: actions": "arena judge: night skills (the witch's 救药/毒药 are applied in her wave after 通灵); "
                             "day actions: posts and 加速 requests",
        "scenario: choices": "arena judge: answers to 最后一枪 and 殉职 questions, {\"seat\", \"skill\", \"targets\": [n]}",
        "scenario: cards": "arena judge: cards the judge gives, {\"seat\", \"card\": 蓝牌/黄牌/红牌, \"reason\"}; "
                           "a red card sends the role off at the next close or night resolution",
        "scenario: draws": "arena judge: pin 丘比特之箭 (Cupid silent), 警长继承 (random successor), 警长平票",
    }

    def new_state(self) -> BaseState:
        return SuitangState()

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        start(game, seed, flags, seating, options)

    def pending(self, state: BaseState) -> dict[int, tuple[LegalAction, ...]]:
        assert isinstance(state, SuitangState)
        return legal.pending(state)

    def waiting(self, state: BaseState) -> list[int]:
        assert isinstance(state, SuitangState)
        return legal.waiting(state)

    def legal(self, state: BaseState, seat: int) -> tuple[LegalAction, ...] | None:
        assert isinstance(state, SuitangState)
        return legal.legal_for(state, seat)

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]:
        return legal.vocabulary(role)

    def submit(self, game: Game, action: Action) -> None:
        submit(game, action)

    def advance(self, game: Game) -> None:
        state = game.state
        assert isinstance(state, SuitangState)
        CLOSE[state.phase](game)

    def window_complete(self, state: BaseState) -> bool:
        assert isinstance(state, SuitangState)
        return legal.window_complete(state)

    def fold(self, state: BaseState, event: Event) -> None:
        assert isinstance(state, SuitangState)
        fold(state, event)

    def upgrade(self, events: list[Event], version: str) -> list[Event]:
        return upgrade(events, version)

    # -- what a viewer knows (``observe``) ---------------------------------------------------------

    def observe(self, state: BaseState, viewer: Viewer) -> Observation:
        """Every view shows each seat's cards (a judge's public posts); a seat's, with what it was told."""
        assert isinstance(state, SuitangState)
        obs = super().observe(state, viewer)
        return obs if viewer.kind == "seat" else observe.with_cards(state, obs)

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        assert isinstance(state, SuitangState)
        return observe.told(state, super().observe_seat(state, base, seat), seat)

    def skills(self, state: BaseState, seat: int) -> tuple[SkillState, ...]:
        assert isinstance(state, SuitangState)
        told = state.identities.get(seat)
        return observe.skills(state, seat, told.role if told else None)

    def budgets(self, state: BaseState, seat: int) -> tuple[BudgetState, ...]:
        assert isinstance(state, SuitangState)
        return observe.budgets(state, seat)

    def seat_truth(self, state: BaseState, status: SeatStatus) -> SeatStatus:
        assert isinstance(state, SuitangState)
        return observe.truth(state, status)


RULESET = Suitang21
"""The class the registry (``engine.rulesets``) instantiates."""
