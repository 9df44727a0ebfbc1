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
from typing import TYPE_CHECKING, Any

from engine import actions as act
from engine.errors import UnknownName
from engine.legal import LegalAction
from engine.observation import Observation, TeamState
from engine.ruleset import SeatSetup
from engine.rulesets.umineko32 import flags, legal, names, observe, phases, setup, submit, upgrade
from engine.rulesets.umineko32.aliases import ENGLISH
from engine.rulesets.umineko32.errors import illegal
from engine.rulesets.umineko32.fold import FOLDS
from engine.rulesets.umineko32.phases import SPEECH_PHASES
from engine.rulesets.umineko32.state import UminekoSeat, UminekoState
from engine.rulesets.umineko32.texts import NARRATION
from engine.state import BaseState
from engine.table import TABLE_CHATTER, TableRuleset

if TYPE_CHECKING:
    from engine.game import Game


class Umineko32(TableRuleset[UminekoState], names=names, flags=flags, phases=phases, legal=legal,
                upgrade=upgrade, observe=observe):
    """The umineko32 rule set: a page of composition over the table kernel."""

    id = "umineko32"
    version = "1.1"
    title = "海猫鸣泣之时 XXXII 版杀"
    seats = setup.SEATS
    alias_english = ENGLISH
    narration = NARRATION
    options_doc = setup.OPTIONS_DOC
    # a post, a ballot, a team message, a pass, a wait, a draw or a new phase moves only the day's counts, the
    # window, the ballots and the night's fields, which the observation reads in its skills and budgets alone
    # (``observe``: statuses, teams and mates read none of them)
    chatter = TABLE_CHATTER

    seat_type = UminekoSeat
    state_type = UminekoState
    folds = FOLDS
    handlers = submit.HANDLERS

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        self.open(game, setup.start(game, self, seed, flags, seating, options))
        setup.believed(game, seating)

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

    def ballot_change(self, state: UminekoState, seat: int) -> tuple[LegalAction, ...] | None:
        return submit.vote_change(state, seat)

    def refuse_idle(self, state: UminekoState, action: act.Action) -> Exception:
        return submit.idle(state, action.seat)

    def unknown_skill(self, action: act.UseSkill | act.Choose, err: UnknownName) -> Exception:
        skills = list(dict.fromkeys(skill for role in self.roles for skill in role.skills))
        return illegal("unknown_skill", name=action.skill, skills=skills)

    def find(self, state: UminekoState, offered: tuple[LegalAction, ...], action: act.Action) -> LegalAction:
        return submit.find(state, offered, action)

    # -- what a seat knows (observe) ------------------------------------------------------------------

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        return observe.told(self.st_of(state), super().observe_seat(state, base, seat), seat)

    def seat_teams(self, state: BaseState, seat: int) -> tuple[TeamState, ...]:
        return observe.teams(self.st_of(state), seat)



RULESET = Umineko32
"""The class the registry (``engine.rulesets``) instantiates."""

__all__ = ["RULESET", "Umineko32"]
