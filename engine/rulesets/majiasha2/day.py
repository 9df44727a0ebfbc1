"""The day (spec §2.2–2.4, §5): announcements, discussion, the vote (sheriff on day 1, an exit
after), last words after the vote, the sheriff's successor, the agreement to shorten the day
(``majia_shorten``, counted by ``Majiasha2.window_complete``), and the penalty points.

Ballots name 马甲 (spec §2.3) and are cast in public by the voter's seat, its 角色: the thread shows
which account voted for which 马甲. The 马甲 put out is mapped to its seat here, and both are
announced (``pairs``); the sheriff is announced by its 马甲 only. Each closer returns the phase that
follows (``Next``), or None when the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.mechanics.ballots import Ballot, FirstToReach, first_to_reach, sheriff_breaks_tie, top, totals
from engine.mechanics.discipline import enabled, warn
from engine.rulesets.majiasha2.exits import appoint_sheriff, exit_actor, reveals
from engine.rulesets.majiasha2.names import MAJIA_LAYER, SENT_OFF, SUCCESSOR, VOTE, Ph
from engine.rulesets.majiasha2.night import open_night
from engine.rulesets.majiasha2.state import MajiaState, st
from engine.rulesets.majiasha2.win import check_win
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game

SEND_OFF_POINTS = 12
PENALTY_FLAGS = {"silence": "majia.penalty_no_post", "no_vote": "majia.penalty_no_vote"}
"""Discipline category (as warnings name them) → the flag with its points (D-28)."""
FIRST_TO_REACH = FirstToReach.FIRST_REACHED
"""D-24 and §2.3 "最先达到最高票": the first whose running count reached the top count."""


def first_to_top(ballots: list[Ballot]) -> int | None:
    """Among the targets tied at the top, the first to reach that count (``FIRST_TO_REACH``)."""
    return first_to_reach(ballots, top(totals(ballots)), FIRST_TO_REACH)


def announce_morning(game: Game) -> None:
    """Day N opens (``Phase.opens``): the morning announcement (yesterday's vote-outs, the night's
    outs in the order they went, the sheriff) and the night's published last words (§2.2)."""
    s = st(game)
    outs, words, voted = list(s.outs_tonight), dict(s.last_words), list(s.outs_today)
    game.emit(ev.Dawn, ev.PUBLIC, seats=outs, majia=reveals(s, outs), sheriff_majia=sheriff_majia(s), voted=voted)
    for seat in outs:
        if seat in words:
            game.emit(ev.LastWords, ev.PUBLIC, seat=seat, text=words[seat], published=True)


def sheriff_majia(s: MajiaState) -> int | None:
    """The sheriff as the public knows it: by its 马甲 (it was elected by 马甲 votes)."""
    return None if s.sheriff is None else s.seats[s.sheriff].majia


def close_day(game: Game) -> Next | None:
    """Penalty points for silence (D-28), then the vote. A day shortened by agreement (§5) is still a
    day: a seat that agreed without posting has not posted, and the points are the rule's, not ours."""
    s = st(game)
    _penalise(game, "silence", [seat for seat in s.alive() if s.seats[seat].posts_today == 0])
    return None if check_win(game) else Next(Ph.VOTE)


def ballots(s: MajiaState) -> list[Ballot]:
    """The day's ballots in order, the sheriff's weighing 3 (§2.3)."""
    return [(v, t, 3 if v == s.sheriff else 1) for v, t in s.ballots]


def close_vote(game: Game) -> Next | None:
    """Day 1 elects the sheriff; later days put the top 马甲 out under the sheriff's tie rule."""
    s = st(game)
    _penalise(game, "no_vote", [seat for seat in s.alive() if not s.seats[seat].voted_today])
    if s.over or check_win(game):
        return None
    counted = [b for b in ballots(s) if b[1] is None or s.seats[s.seat_of(b[1])].alive]
    if s.day == 1:
        _elect_sheriff(game, counted)
    else:
        _vote_out(game, counted)
    if check_win(game):
        return None
    words = [seat for seat in s.outs_today if not s.seats[seat].sent_off]
    return Next(Ph.VOTE_LAST_WORDS, order=tuple(words)) if words else after_vote(s)


def _elect_sheriff(game: Game, counted: list[Ballot]) -> None:
    s = st(game)
    best = first_to_top(counted)
    chosen = s.seat_of(best) if best is not None else None
    if chosen is None:
        pool = s.alive()
        chosen = game.draw("警长", lambda r: r.choice(pool), pin_ok=lambda v: v in pool)
    appoint_sheriff(game, chosen)


def _vote_out(game: Game, counted: list[Ballot]) -> None:
    s = st(game)
    choice = next((t for v, t, _ in reversed(counted) if v == s.sheriff), None)
    named = sheriff_breaks_tie(top(totals(counted)), choice)
    out = s.seat_of(named) if named is not None else None
    if out is not None:
        exit_actor(game, out, VOTE)
    gone = list(s.outs_today)
    pairs = reveals(s, gone)
    if out in gone:
        pairs[out] = s.seats[out].majia
    game.emit(ev.VoteResult, ev.PUBLIC, seats=[x for x in gone if x == out], died=gone, layer=MAJIA_LAYER, named=named,
              majia=pairs)


def close_vote_last_words(game: Game) -> Next:
    """Vote-outs' last words are published at once (no redaction, D-32)."""
    s = st(game)
    for seat in s.window.eligible:
        if seat in s.last_words:
            game.emit(ev.LastWords, ev.PUBLIC, seat=seat, text=s.last_words[seat], published=True)
    return after_vote(s)


def after_vote(s: MajiaState) -> Next:
    """The sheriff's successor if the sheriff went out, else the night."""
    if s.pending_successor is not None:
        return Next(Ph.SUCCESSION, order=(s.pending_successor,))
    return open_night(s)


def close_succession(game: Game) -> Next:
    """The named successor, or a random one when the old sheriff did not answer (D-35)."""
    s = st(game)
    old = s.window.eligible[0]
    named = s.seat_of(s.answer) if s.answer is not None else None
    if named is None or not s.seats[named].alive:
        pool = s.alive()
        named = game.draw("警长继任", lambda r: r.choice(pool), pin_ok=lambda v: v in pool) if pool else None
        game.emit(ev.ChoiceMade, ev.seat_vis(old), seat=old, skill=SUCCESSOR,
                  targets=[] if named is None else [s.seats[named].majia], default=True)
    appoint_sheriff(game, named)
    return Next(Ph.DAY, day=s.day + 1) if s.night == s.day else open_night(s)


def _penalise(game: Game, category: str, seats: list[int]) -> None:
    """Points per category (flags D-28) where discipline is on; 12 points send a role off (§5)."""
    s = st(game)
    points = int(s.flags.get(PENALTY_FLAGS[category], 3))
    if not enabled(game, category) or points <= 0:
        return
    for seat in seats:
        actor = s.seats[seat]
        warn(game, seat, category, points)
        if actor.warnings >= SEND_OFF_POINTS and actor.alive:
            game.emit(ev.Announced, ev.JUDGE, topic="majia_send_off", seats=[seat])
            exit_actor(game, seat, SENT_OFF)
