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

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from engine import actions as act
from engine.events import Event
from engine.legal import LegalAction
from engine.observation import BudgetState, Observation, SeatStatus, SkillState, TeamState
from engine.ruleset import SeatSetup
from engine.rulesets.umineko32 import legal, names, observe, setup, submit
from engine.rulesets.umineko32.aliases import ENGLISH
from engine.rulesets.umineko32.flags import ADJUDICATIONS, FLAGS
from engine.rulesets.umineko32.fold import FOLDS
from engine.rulesets.umineko32.phases import LANDMARKS, PHASES, SPEECH_PHASES
from engine.rulesets.umineko32.state import UminekoSeat, UminekoState
from engine.rulesets.umineko32.texts import NARRATION
from engine.rulesets.umineko32.upgrade import upgrade
from engine.state import BaseState
from engine.table import TableRuleset

if TYPE_CHECKING:
    from engine.game import Game


class Umineko32(TableRuleset[UminekoState], names=names):
    """The umineko32 rule set: a page of composition over the table kernel."""

    id = "umineko32"
    version = "1.1"
    title = "海猫鸣泣之时 XXXII 版杀"
    seats = setup.SEATS
    flags = FLAGS
    alias_english = ENGLISH
    adjudications = ADJUDICATIONS
    narration = NARRATION
    options_doc = setup.OPTIONS_DOC

    seat_type = UminekoSeat
    state_type = UminekoState
    phase_table = PHASES
    landmarks = LANDMARKS
    folds = FOLDS
    handlers = submit.HANDLERS

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        self.open(game, setup.start(game, self, seed, flags, seating, options))
        setup.believed(game, seating)

    def actions(self, state: UminekoState, seat: int) -> tuple[LegalAction, ...]:
        return legal.actions(state, seat)

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]:
        return legal.vocabulary(role)

    # -- submitting: umineko32's refusals and its two exceptions (curfew posts, vote changes) -------

    def submit(self, game: Game, action: act.Action) -> None:
        s = self.st(game)
        self.check_seat(s, action.seat)
        if isinstance(action, act.Post) and s.phase not in SPEECH_PHASES:
            submit.curfew_post(game, action)
            return
        super().submit(game, action)

    def check_seat(self, state: UminekoState, seat: int) -> None:
        submit.no_seat(state, seat)

    def offered(self, game: Game, action: act.Action) -> tuple[LegalAction, ...]:
        found = game.legal(action.seat)
        if found is not None:
            return found
        s = self.st(game)
        changing = submit.vote_change(s, action.seat)
        if changing is not None:
            return changing
        raise self.refuse_idle(s, action)

    def refuse_idle(self, state: UminekoState, action: act.Action) -> Exception:
        return submit.idle(state, action.seat)

    def named(self, action: act.Action) -> act.Action:
        return submit.named(action)

    def find(self, state: UminekoState, offered: tuple[LegalAction, ...], action: act.Action) -> LegalAction:
        return submit.find(state, offered, action)

    def upgrade(self, events: list[Event], version: str) -> list[Event]:
        return upgrade(events, version)

    # -- what a seat knows (observe) ------------------------------------------------------------------

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        return observe.told(self.st_of(state), super().observe_seat(state, base, seat), seat)

    def seat_teams(self, state: BaseState, seat: int) -> tuple[TeamState, ...]:
        return observe.teams(self.st_of(state), seat)

    def seat_truth(self, state: BaseState, status: SeatStatus) -> SeatStatus:
        return observe.truth(self.st_of(state), status)

    def skills(self, state: BaseState, seat: int) -> tuple[SkillState, ...]:
        s = self.st_of(state)
        told = s.identities.get(seat)
        return observe.skills(s, seat, told.role if told else None)

    def budgets(self, state: BaseState, seat: int) -> tuple[BudgetState, ...]:
        return observe.budgets(self.st_of(state), seat)

    @staticmethod
    def st_of(state: BaseState) -> UminekoState:
        """A state the shared observation hands in, as umineko32's."""
        return cast(UminekoState, state)


RULESET = Umineko32
"""The class the registry (``engine.rulesets``) instantiates."""

__all__ = ["RULESET", "Umineko32"]
