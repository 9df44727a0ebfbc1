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
from typing import ClassVar, cast

from engine.legal import LegalAction
from engine.observation import Observation
from engine.rulesets.suitang21 import flags, legal, names, observe, phases, setup, submit, upgrade
from engine.rulesets.suitang21.aliases import ENGLISH
from engine.rulesets.suitang21.fold import FOLDS, phase_began
from engine.rulesets.suitang21.names import DAY
from engine.rulesets.suitang21.state import SuitangSeat, SuitangState
from engine.rulesets.suitang21.texts import NARRATION
from engine.state import BaseState
from engine.table import TABLE_CHATTER, TableRuleset
from engine.table.ruleset import Fold
from engine.views import Viewer


class Suitang21(TableRuleset[SuitangState], names=names, flags=flags, phases=phases, setup=setup, legal=legal,
                upgrade=upgrade, observe=observe, submit=submit):
    """The suitang21 rule set: a page of composition over the table kernel."""

    id = "suitang21"
    version = "1.1"
    title = "『隋唐』21人狼人杀"
    seats = 21
    alias_english = ENGLISH
    narration = NARRATION
    options_doc = setup.OPTIONS_DOC
    # a post, a ballot, a team message, a pass, a wait, a draw or a new phase moves only posts_today, the
    # window, the ballots, the day's flags and last words asked, which the observation reads in its skills and
    # budgets alone (``observe``: ``told``, statuses and cards read none of them); a skill submitted moves
    # only the night's submissions, Cupid's choice and the window, which skills read; an announcement (加速
    # asked, the day accelerated: the only ``Announced`` topics, folded by ``fold._announced`` alone) moves
    # a seat's 加速 asked and the day's flag, which only the legal actions and the vote-change budget read;
    # last words (given or published) move the kernel's kept words, the window and the published set,
    # which no observation reads but for the legal actions. Each of these kinds was a rebuild of every
    # seat's observation at its next turn (some 200 a game), where only those fields move.
    chatter = TABLE_CHATTER | {"skill_submitted", "announced", "last_words"}
    # a death, a dawn, a vote result (and the kinds listed) change a seat's observation only through the
    # public record but for the seat named; what a seat is not shown changes nothing it knows (every
    # observation of 60 scripted and 60 random games checked against one made afresh)
    carried = frozenset({"died", "dawn", "vote_result", "seats_out"})

    seat_type = SuitangSeat
    state_type = SuitangState
    folds: ClassVar[Mapping[str, Fold]] = {**FOLDS, "phase_began": phase_began(phases.PHASES)}
    replaces = frozenset({"phase_began"})

    def waiting(self, state: BaseState) -> list[int]:
        """The window's seats that have not answered (``Window.open_seats``; no living-only phase here:
        this is the engine's hottest question), less, on an accelerated day, those 加速 answered (after
        加速 a seat with a valid vote has answered the day, §2.3): there one list built, where the
        window's open seats and then a filter of them built two."""
        s: SuitangState = state  # type: ignore[assignment]  # (typing.cast is a call: asked at every step)
        if s.accelerated and s.phase == DAY:
            done, votes = s.window.done, s.votes
            return [seat for seat in s.window.eligible if seat not in done and seat not in votes]
        return s.window.open_seats()

    def window_complete(self, state: BaseState) -> bool:
        """``not waiting(state)`` (a resolution waits for nobody) without building the list: asked
        after every action and at every step of ``settle``, about 1,000 times a game; outside an
        accelerated day, whether every eligible seat answered is one C-level ``issuperset``."""
        s: SuitangState = state  # type: ignore[assignment]
        if s.phase in self.phase_table.resolutions:
            return True
        done = s.window.done
        if not (s.accelerated and s.phase == DAY):
            return done.issuperset(s.window.eligible)
        votes = s.votes
        for seat in s.window.eligible:
            if seat not in done and seat not in votes:
                return False
        return True

    def legal(self, state: BaseState, seat: int) -> tuple[LegalAction, ...] | None:
        """A seat's actions while the window has it and it has not answered: after 加速 a seat that
        voted is no longer waited for but may still post (``waiting`` leaves it out)."""
        s: SuitangState = state  # type: ignore[assignment]
        if seat in s.window.done or seat not in s.window.eligible:
            return None
        return legal.actions(s, seat)

    # -- what a viewer knows (``observe``) ---------------------------------------------------------

    def observe(self, state: BaseState, viewer: Viewer) -> Observation:
        """Every view shows each seat's cards (a judge's public posts); a seat's, with what it was told."""
        obs = super().observe(state, viewer)
        return obs if viewer.kind == "seat" else observe.with_cards(cast(SuitangState, state), obs)


RULESET = Suitang21
"""The class the registry (``engine.rulesets``) instantiates."""
