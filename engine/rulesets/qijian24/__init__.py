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

from typing import TYPE_CHECKING

from engine.actions import Action, Choose, UseSkill
from engine.errors import UnknownName
from engine.rulesets.qijian24 import flags, legal, names, observe, phases, setup, upgrade
from engine.rulesets.qijian24.aliases import ENGLISH
from engine.rulesets.qijian24.errors import illegal
from engine.rulesets.qijian24.fold import FOLDS
from engine.rulesets.qijian24.state import QijianSeat, QijianState
from engine.rulesets.qijian24.submit import submit
from engine.rulesets.qijian24.texts import NARRATION
from engine.table import TABLE_CHATTER, TableRuleset

if TYPE_CHECKING:
    from engine.game import Game


class Qijian24(TableRuleset[QijianState], names=names, flags=flags, phases=phases, setup=setup, legal=legal,
               upgrade=upgrade, observe=observe):
    """The qijian24 rule set: a page of composition over the table kernel."""

    id = "qijian24"
    version = "1.2"
    title = "【版杀18】《七剑》"
    seats = 24
    alias_english = ENGLISH
    narration = NARRATION
    options_doc = setup.OPTIONS_DOC
    # a post, a ballot, a team message, a pass, a wait, a draw or a new phase moves only the stage's counts,
    # the ballots, the window and the night's submissions, which the observation reads in its skills and
    # budgets alone (``observe``: ``told`` reads none of them); a skill submitted moves only charges, the
    # night's submissions, the immunity and the window, which skills read.
    chatter = TABLE_CHATTER | {"skill_submitted"}
    # a death, a dawn, a vote result (and the kinds listed) change a seat's observation only through the
    # public record but for the seat named; what a seat is not shown changes nothing it knows (every
    # observation of 60 scripted and 60 random games checked against one made afresh)
    carried = frozenset({"died", "dawn", "vote_result", "seats_out", "role_revealed", "last_words"})

    seat_type = QijianSeat
    state_type = QijianState
    folds = FOLDS

    def submit(self, game: Game, action: Action) -> None:
        """qijian24's own checks in its order: a post or a day privilege is free, so it is accepted from
        a seat whose part in the stage is done (it has voted); each handler says what it refuses."""
        submit(game, action, self.named)

    def unknown_skill(self, action: UseSkill | Choose, err: UnknownName) -> Exception:
        return illegal("unknown_skill", seat=action.seat, name=action.skill)


RULESET = Qijian24
"""The class the registry (``engine.rulesets``) instantiates."""
