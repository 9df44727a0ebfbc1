"""【版杀18】《七剑》 (qijian24): 24 seats, three sides (杀手方 / 武庄方 / 游侠方) and a ranger's choice of side.

Spec: ``shared/rules/qijian24.md`` (adjudications C-01..C-42) over the original rules text.

Version history
- 1.2: 舍神剑's kill latches at the instant of the out that makes its condition true (由龙剑 out, at most
  4 swords alive), so a revival the same night no longer cancels it; a game's end gives its reason as
  a code (``condition``, ``co_victory``); every refusal is a code with parameters (``errors``). 1.0 and
  1.1 games are read as 1.2 (``upgrade``).
- 1.1: the shared concepts as typed public events (``Dawn`` with identities and revivals,
  ``VoteResult`` with the outs' identities, ``SeatsOut``, ``RoleRevealed``) in place of ``Announced``
  topics; published identities are identity ids (the two 游侠 alike); a fallback pass carries its
  reason as a code with ``detail``. 1.0 games are read as 1.1 (``upgrade``).
- 1.0: the whole rule set: three vote stages a day with 日月剑 and 禁武使者 applied at the close, the
  night pipeline R1–R10 (bans, prayer lives, 杀手团↔独杀, mutual cancellation, the doctor, revives),
  growing charges and latches, the ranger choice, identities published on every out, the three
  sides' win conditions with co-victory, and the enforceable discipline (no vote, lurking, 贴证).
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
from engine.ruleset import RoleInfo, Ruleset, SeatSetup
from engine.rulesets.qijian24 import legal, observe
from engine.rulesets.qijian24.aliases import ENGLISH
from engine.rulesets.qijian24.flags import ADJUDICATIONS, FLAGS
from engine.rulesets.qijian24.fold import fold
from engine.rulesets.qijian24.names import (
    FACTION_NAMES,
    PHASE_NAMES,
    ROLE_NAMES,
    ROLES,
    SKILL_NAMES,
    TEAM_NAMES,
)
from engine.rulesets.qijian24.phases import CLOSE
from engine.rulesets.qijian24.setup import start
from engine.rulesets.qijian24.state import QijianState
from engine.rulesets.qijian24.submit import submit
from engine.rulesets.qijian24.texts import NARRATION
from engine.rulesets.qijian24.upgrade import upgrade
from engine.state import BaseState

if TYPE_CHECKING:
    from engine.game import Game
    from engine.observation import BudgetState, Observation, SeatStatus, SkillState


class Qijian24(Ruleset):
    """The qijian24 rule set."""

    id: ClassVar[str] = "qijian24"
    version: ClassVar[str] = "1.2"
    title: ClassVar[str] = "【版杀18】《七剑》"
    seats: ClassVar[int] = 24
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
        "discipline": "true (all), false (none), or a list of no_vote/lurk",
        "judge: votes": "a day step's votes are Stage 1 (试探性投票) ballots, in the order cast",
        "judge: stage_votes": "{\"1\": [...], \"2\": [...], \"3\": [...]}: the ballots of each vote stage "
                              "(试探性投票, 可疑者辩论投票, 高票对决投票) of the day, in the order cast",
        "judge: stage_actions": "{\"2\": [{\"seat\": 14, \"skill\": \"免最高票\"}]}: day privileges (免投杀, "
                                "免最高票) used in a given stage, before its ballots",
        "judge: ranger choice": "a day-2 action with skill 选择独立, 帮助杀手方 or 帮助武庄方 (no targets), in "
                                "submission order; one over the limit is refused with a notice",
    }

    def new_state(self) -> BaseState:
        return QijianState()

    def start(self, game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
              options: dict[str, Any]) -> None:
        start(game, seed, flags, seating, options)

    def pending(self, state: BaseState) -> dict[int, tuple[LegalAction, ...]]:
        assert isinstance(state, QijianState)
        return legal.pending(state)

    def waiting(self, state: BaseState) -> list[int]:
        assert isinstance(state, QijianState)
        return legal.waiting(state)

    def legal(self, state: BaseState, seat: int) -> tuple[LegalAction, ...] | None:
        assert isinstance(state, QijianState)
        return legal.legal_for(state, seat)

    def vocabulary(self, role: str | None) -> tuple[LegalAction, ...]:
        return legal.vocabulary(role)

    def submit(self, game: Game, action: Action) -> None:
        submit(game, action)

    def advance(self, game: Game) -> None:
        state = game.state
        assert isinstance(state, QijianState)
        CLOSE[state.phase](game)

    def window_complete(self, state: BaseState) -> bool:
        assert isinstance(state, QijianState)
        return legal.window_complete(state)

    def fold(self, state: BaseState, event: Event) -> None:
        assert isinstance(state, QijianState)
        fold(state, event)

    # -- what a viewer knows (``observe``) -----------------------------------------------------------

    def observe_seat(self, state: BaseState, base: Observation, seat: int) -> Observation:
        """The shared part, with what the seat was told of others in private and its ranger choice."""
        assert isinstance(state, QijianState)
        return observe.knowledge(state, super().observe_seat(state, base, seat), seat)

    def skills(self, state: BaseState, seat: int) -> tuple[SkillState, ...]:
        assert isinstance(state, QijianState)
        told = state.identities.get(seat)
        return observe.skills(state, seat, told.role if told else None)

    def budgets(self, state: BaseState, seat: int) -> tuple[BudgetState, ...]:
        assert isinstance(state, QijianState)
        return observe.budgets(state, seat)

    def seat_truth(self, state: BaseState, status: SeatStatus) -> SeatStatus:
        assert isinstance(state, QijianState)
        return observe.truth(state, status)

    def upgrade(self, events: list[Event], version: str) -> list[Event]:
        return upgrade(events, version)


RULESET = Qijian24
"""The class the registry (``engine.rulesets``) instantiates."""
