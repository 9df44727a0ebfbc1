"""Closing a vote stage: defaults for silent seats, the count, the day privileges, the out, what next.

The counting itself is pure (``stage``); this module reads the open stage from the state, applies
the privileges that are not voided by a 禁特权令 (C-20), emits the result, and names the next phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Resolved, RoleRevealed, VoteResult
from engine.rulesets.qijian24 import stage as count
from engine.rulesets.qijian24.discipline import day_end, warn_no_vote
from engine.rulesets.qijian24.flow import after_outs, drown, identities, out
from engine.rulesets.qijian24.names import EXEMPT, NIGHT, VOTE
from engine.rulesets.qijian24.night import nightfall
from engine.rulesets.qijian24.state import QijianState, table
from engine.table import Next

if TYPE_CHECKING:
    from engine.game import Game


def close_stage(game: Game) -> Next | None:
    """Settle the open stage (spec §2.4–2.5); the next stage or the night follows (None: the game is over)."""
    s = table(game)
    warn_no_vote(game)
    if drown(game):
        return None
    result = settle(s)
    _return_idle_exemption(game, result)
    votes = count.tally(_living_ballots(s))
    gone = [] if result.out is None else out(game, result.out, VOTE)
    game.emit(VoteResult, PUBLIC, seats=[] if result.out is None else [result.out], died=list(gone),
              tally=dict(sorted(votes.items())), stage=s.stage, privilege=result.changed, next=result.next,
              candidates=list(result.candidates), everyone=result.all_suspects)
    if gone:
        game.emit(RoleRevealed, PUBLIC, seats=list(gone), roles=identities(s, gone), reason=VOTE)
        if after_outs(game):
            return None
    if result.next == NIGHT:
        day_end(game)
        return None if drown(game) else nightfall(game)
    game.emit(Resolved, JUDGE, skill="candidates", actor=None, targets=list(result.candidates),
              result="all" if result.all_suspects else "some")
    return Next(result.next, day=s.day)


def _return_idle_exemption(game: Game, result: count.Outcome) -> None:
    """Under flag C-23 false, an exemption that changed nothing is returned to 日月剑 (a banned one stays
    spent: C-19 governs voided skills)."""
    s = table(game)
    if s.exempt is None or s.flags.get("qijian.exempt_spent_on_declaration", True):
        return
    if s.seats[s.exempt].banned(day=s.day, next_day=bool(s.flags.get("qijian.ban_covers_next_day", True))):
        return
    if result == settle(s, use_exempt=False):
        game.emit(Resolved, JUDGE, skill=EXEMPT, actor=s.exempt, targets=[], result="returned")


def settle(s: QijianState, *, use_exempt: bool = True) -> count.Outcome:
    """The stage's outcome with 日月剑 and 禁武使者 applied, each only if its user is not banned today."""
    n, live = len(s.alive()), _living_ballots(s)
    votes = count.tally(live)
    raw = _raw(s, n, votes)
    ballots = [(seat, t) for seat, t in s.ballots if s.seats[seat].alive and (t is None or s.seats[t].alive)]
    order = count.ranking(votes, count.reached(ballots, votes))
    next_day = bool(s.flags.get("qijian.ban_covers_next_day", True))
    exempt = use_exempt and s.exempt is not None and not s.seats[s.exempt].banned(day=s.day, next_day=next_day)
    protected = None
    if s.immune is not None and not s.seats[s.immune[0]].banned(day=s.day, next_day=next_day):
        protected = s.immune[1]

    def by_exempt(r: count.Outcome) -> count.Outcome:
        if not exempt:
            return r
        return count.exempt(s.stage, r, order, all_suspects=s.all_suspects, day=s.day, n=n, counts=votes)

    def by_immunity(r: count.Outcome) -> count.Outcome:
        return count.immunity(s.stage, r, protected, s.day, n, votes)

    if s.flags.get("qijian.exempt_then_immunity", True):
        return by_immunity(by_exempt(raw))
    first = by_immunity(raw)
    return first if first.changed else by_exempt(first)


def _raw(s: QijianState, n: int, votes: dict[int, int]) -> count.Outcome:
    if s.stage == 1:
        return count.stage1(s.day, n, votes)
    if s.stage == 2:
        return count.stage2(n, votes, s.all_suspects)
    return count.stage3(votes)


def _living_ballots(s: QijianState) -> dict[int, int | None]:
    """The final ballots of the living, a ballot for a player out meanwhile (贴证) counting for nobody."""
    return {seat: (t if t is None or s.seats[t].alive else None) for seat, t in s.votes.items() if s.seats[seat].alive}
