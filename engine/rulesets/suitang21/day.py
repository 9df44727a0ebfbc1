"""The day (spec §2.4–2.6): its window closes into ``CLOSE``: activity cards, the count, the sheriff.

The vote counting itself is in ``votes`` (the shared ballots with suitang21's variants); this module
turns the result into events. Red cards first and the out pipeline are run by ``resolution``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Resolved, SheriffChanged, VoteResult
from engine.mechanics.ballots import totals
from engine.mechanics.discipline import enabled
from engine.rulesets.suitang21.flow import give_card
from engine.rulesets.suitang21.names import CLOSE, DAY_WORDS, VOTE
from engine.rulesets.suitang21.night import nightfall
from engine.rulesets.suitang21.pipeline import out
from engine.rulesets.suitang21.state import SuitangState, Task, st
from engine.rulesets.suitang21.votes import ballots_in_force, elected, eliminated
from engine.table import Next

if TYPE_CHECKING:
    from engine.game import Game


def close_day(game: Game) -> Next:
    """The day's window closes: the judge closes the thread and counts (``CLOSE``)."""
    return Next(CLOSE)


def activity_cards(game: Game) -> None:
    """Yellow cards of §5 for a non-accelerated day: fewer than ``min_posts`` posts, a third day in a
    row under 10 posts, no valid vote (an explicit abstention is a vote, B-36)."""
    s = st(game)
    if s.accelerated:
        return
    minimum = int(s.options.get("min_posts", 5))
    for seat in s.alive():
        record = s.seats[seat]
        if enabled(game, "posts") and record.posts_today < minimum:
            give_card(game, seat, "yellow", "few_posts")
        if enabled(game, "streak") and record.low_days >= 3:
            give_card(game, seat, "yellow", "low_activity_streak")
        if enabled(game, "no_vote") and seat not in s.votes:
            give_card(game, seat, "yellow", "no_vote")


def tally_task(game: Game, task: Task) -> bool:
    """The count: day 1 elects the sheriff, later days put one role out (or nobody)."""
    s = st(game)
    ballots = ballots_in_force(s)
    counts = dict(sorted(totals(ballots).items()))
    game.emit(Resolved, JUDGE, skill=VOTE, actor=None, targets=[], result=",".join(f"{k}:{v}" for k, v in counts.items()))
    if s.day == 1:
        winner = elected(game, s, ballots, counts)
        game.emit(SheriffChanged, PUBLIC, seat=winner, by="election", tally=counts)
        return True
    loser = eliminated(s, ballots, counts)
    game.emit(VoteResult, PUBLIC, seats=[loser] if loser else [], died=[loser] if loser else [], tally=counts)
    if loser is not None:
        out(game, loser, VOTE)
    return True


def finish_close(s: SuitangState) -> Next:
    """After the close: the last words of the day's outs, or nightfall."""
    owed = tuple(seat for seat in s.granted if seat not in s.asked)
    return Next(DAY_WORDS, order=owed) if owed else nightfall(s)


def close_words(game: Game) -> Next:
    """The day's last words are left: nightfall."""
    return nightfall(st(game))
