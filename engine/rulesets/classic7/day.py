"""The day: speeches in turn (``DAY``), the vote (``VOTE``), the count and the vote-out's last words.

A tie, or no ballot at all, sends nobody out (C-06). The count uses the shared ballots
(``engine.mechanics.ballots``): each voter's one ballot, weight 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import PUBLIC, SeatsOut, VoteResult
from engine.mechanics.ballots import top, totals, weighted
from engine.rulesets.classic7.flags import PUBLISH
from engine.rulesets.classic7.names import SHOOT, VOTE
from engine.rulesets.classic7.night import after_night, open_night
from engine.rulesets.classic7.outs import following, send_out
from engine.rulesets.classic7.state import Classic7State
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


_state = Classic7State.of


def close_words(game: Game) -> Next:
    """The night's last words are left: the day's speeches."""
    return Next("DAY")


def close_day(game: Game) -> Next:
    return Next("VOTE")


def close_vote(game: Game) -> Next:
    return Next("VOTE_RESOLUTION")


def close_count(game: Game) -> Next | None:
    """Count the ballots: the single top seat goes out (a tie: nobody); then the hunter, the last
    words, or the night."""
    s = _state(game)
    counts = totals(weighted(s.ballots))
    leaders = top(counts)
    out = leaders if len(leaders) == 1 else []
    roles = {seat: s.seats[seat].role for seat in out} if s.flags.get(PUBLISH) else {}
    game.emit(VoteResult, PUBLIC, seats=out, died=out, tally=counts, roles=roles)
    won = send_out(game, [(seat, VOTE) for seat in out])
    return following(game, won, "DAY_SHOT", after_vote)


def after_vote(s: Classic7State) -> Next:
    """The vote-out's last words, else the next night."""
    if s.dying:
        return Next("VOTE_LAST_WORDS", order=tuple(s.dying))
    return open_night(s, s.day + 1)


def close_vote_words(game: Game) -> Next:
    s = _state(game)
    return open_night(s, s.day + 1)


def close_shot(game: Game) -> Next | None:
    """The hunter's answer: a shot seat goes out at once (announced); then the resolution it
    interrupted moves on as it would have (after the night, or after the vote)."""
    s = _state(game)
    hunter, target = s.shooter, s.shot
    assert hunter is not None
    won = None
    if target is not None:
        roles = {target: s.seats[target].role} if s.flags.get(PUBLISH) else {}
        game.emit(SeatsOut, PUBLIC, seats=[target], cause=SHOOT, roles=roles)
        won = send_out(game, [(target, SHOOT)])
    return following(game, won, None, after_vote if s.seats[hunter].cause == VOTE else after_night)
