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
from engine.ruleset import SeatSetup
from engine.rulesets.umineko32 import flags, legal, names, observe, phases, setup, submit, upgrade
from engine.rulesets.umineko32.aliases import ENGLISH
from engine.rulesets.umineko32.fold import FOLDS
from engine.rulesets.umineko32.phases import SPEECH_PHASES
from engine.rulesets.umineko32.state import UminekoSeat, UminekoState
from engine.rulesets.umineko32.texts import NARRATION
from engine.table import TABLE_CHATTER, TableRuleset

if TYPE_CHECKING:
    from engine.game import Game


class Umineko32(TableRuleset[UminekoState], names=names, flags=flags, phases=phases, legal=legal,
                upgrade=upgrade, observe=observe, submit=submit):
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
    # (``observe``: statuses, teams and mates read none of them); a night's skill submitted moves the night's
    # buffer and the window's done seats, and a name told (告知) today's name and day 1's: the mates read
    # day 1's only for a promoted accomplice, and the promotion comes at night 1's dawn, after day 1
    chatter = TABLE_CHATTER | {"skill_submitted"}
    # a death, a dawn, a vote result (and the kinds listed) change a seat's observation only through the
    # public record but for the seat named; what a seat is not shown changes nothing it knows (every
    # observation of 60 scripted and 60 random games checked against one made afresh)
    carried = frozenset({"died", "dawn", "vote_result", "seats_out", "role_revealed", "last_words"})

    seat_type = UminekoSeat
    state_type = UminekoState
    folds = FOLDS

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        self.open(game, setup.start(game, self, seed, flags, seating, options))
        setup.believed(game, seating)

    # -- submitting: umineko32's refusals and its two exceptions (curfew posts, vote changes) -------

    def submit(self, game: Game, action: act.Action) -> None:
        if action.__class__ is act.Post and game.state.phase not in SPEECH_PHASES:
            self.check_seat(self.st(game), action.seat)
            submit.curfew_post(game, action)
            return
        TableRuleset.submit(self, game, action)  # (checks the seat first; named: super() costs a call)


RULESET = Umineko32
"""The class the registry (``engine.rulesets``) instantiates."""

__all__ = ["RULESET", "Umineko32"]
