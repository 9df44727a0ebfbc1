"""The day's close (spec §2.4–2.6): activity cards, red cards first, the count, the sheriff.

The vote counting itself is in ``votes`` (pure functions over the ballots); this module turns the
result into events and runs the out pipeline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Resolved, SheriffChanged, VoteResult
from engine.rulesets.suitang21.camps import check_win
from engine.rulesets.suitang21.flow import begin, discipline_on, give_card, st
from engine.rulesets.suitang21.names import RED_CARD, VOTE
from engine.rulesets.suitang21.pipeline import out, push
from engine.rulesets.suitang21.state import Task
from engine.rulesets.suitang21.votes import ballots_in_force, elected, eliminated, tally

if TYPE_CHECKING:
    from engine.game import Game


def close_day(game: Game) -> None:
    """The day's window closes: CLOSE opens, cards are given, then red cards, the count, the outs."""
    s = st(game)
    begin(game, "CLOSE", s.day)
    if not s.accelerated:
        _activity_cards(game)
    start_resolution(game, [("tally", 0, "")])


def _activity_cards(game: Game) -> None:
    """Yellow cards of §5 for a non-accelerated day: fewer than ``min_posts`` posts, a third day in a
    row under 10 posts, no valid vote (an explicit abstention is a vote, B-36)."""
    s = st(game)
    minimum = int(s.options.get("min_posts", 5))
    for seat in s.alive():
        role = s.roles[seat]
        if discipline_on(game, "posts") and role.posts_today < minimum:
            give_card(game, seat, "yellow", "few_posts")
        if discipline_on(game, "streak") and role.low_days >= 3:
            give_card(game, seat, "yellow", "low_activity_streak")
        if discipline_on(game, "no_vote") and seat not in s.vote:
            give_card(game, seat, "yellow", "no_vote")


def start_resolution(game: Game, then: list[Task]) -> None:
    """Red cards come first (B-33): a win check for camps with two reds, the sent-off roles go out,
    then ``then``; the queue is run by the phase table's ``resume``."""
    from engine.rulesets.suitang21.phases import resume

    s = st(game)
    if s.red_by_camp and check_win(game):
        return
    reds: list[Task] = [("out", seat, RED_CARD) for seat in s.red_pending if s.roles[seat].alive]
    push(game, reds + then)
    resume(game)


def tally_task(game: Game, task: Task) -> bool:
    """The count: day 1 elects the sheriff, later days put one role out (or nobody)."""
    s = st(game)
    counts = tally(s, ballots_in_force(s))
    shown = {str(k): v for k, v in sorted(counts.items())}
    game.emit(Resolved, JUDGE, skill=VOTE, actor=None, targets=[], result=",".join(f"{k}:{v}" for k, v in shown.items()))
    if s.day == 1:
        winner = elected(game, counts)
        game.emit(SheriffChanged, PUBLIC, seat=winner, by="election", tally=dict(sorted(counts.items())))
        return True
    loser = eliminated(s, counts)
    game.emit(VoteResult, PUBLIC, seats=[loser] if loser else [], died=[loser] if loser else [],
              tally=dict(sorted(counts.items())))
    if loser is not None:
        out(game, loser, VOTE)
    return True


def finish_close(game: Game) -> None:
    """After the close: the last words of the day's outs, or nightfall."""
    from engine.rulesets.suitang21.night import nightfall

    s = st(game)
    owed = [seat for seat in s.granted if seat not in s.asked]
    if owed:
        begin(game, "VOTE_LAST_WORDS", s.day, owed)
    else:
        nightfall(game)
