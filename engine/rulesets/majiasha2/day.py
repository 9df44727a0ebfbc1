"""The day (spec §2.2–2.4, §5): announcements, discussion, the vote (sheriff on day 1, an exit
after), last words after the vote, the sheriff's successor, the agreement to shorten the day
(``majia_shorten``, counted by ``legal.window_complete``), and the penalty points.

Ballots name 马甲 (spec §2.3) and are cast in public by the voter's seat, its 角色: the thread shows
which account voted for which 马甲. The 马甲 put out is mapped to its seat here, and both are
announced (``pairs``); the sheriff is announced by its 马甲 only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, Announced, ChoiceMade, Dawn, LastWords, VoteResult, Warned, seat_vis
from engine.rulesets.majiasha2.exits import appoint_sheriff, exit_actor
from engine.rulesets.majiasha2.flow import begin, check_win, st
from engine.rulesets.majiasha2.names import MAJIA_LAYER, SENT_OFF, SUCCESSOR, VOTE
from engine.rulesets.majiasha2.state import MajiaState
from engine.rulesets.majiasha2.tally import Ballot, first_to_top, sheriff_rule

if TYPE_CHECKING:
    from engine.game import Game

SEND_OFF_POINTS = 12
PENALTY_FLAGS = {"silence": "majia.penalty_no_post", "no_vote": "majia.penalty_no_vote"}
"""Discipline category (as warnings name them) → the flag with its points (D-28)."""


def open_day(game: Game, day: int) -> None:
    """Day ``day``: the morning announcement (yesterday's vote-outs, the night's outs in the order they
    went, the sheriff) and the night's published last words (§2.2)."""
    s = st(game)
    outs, words, voted = list(s.outs_tonight), dict(s.last_words), list(s.outs_today)
    begin(game, "DAY", day, s.present(), secret=False)
    game.emit(Dawn, PUBLIC, seats=outs, majia=reveals(s, outs), sheriff_majia=sheriff_majia(s), voted=voted)
    for seat in outs:
        if seat in words:
            game.emit(LastWords, PUBLIC, seat=seat, text=words[seat], published=True)


def reveals(s: MajiaState, seats: list[int]) -> dict[int, int]:
    """The 马甲 of out ``seats`` that an announcement makes public: all of them with D-07 on, none
    with it off (the 角色 alone is announced, and the 马甲 list keeps the out 马甲)."""
    if not s.flags.get("majia.reveal_alias_on_night_out", True):
        return {}
    return {seat: s.actors[seat].majia for seat in seats}


def sheriff_majia(s: MajiaState) -> int | None:
    """The sheriff as the public knows it: by its 马甲 (it was elected by 马甲 votes)."""
    return None if s.sheriff is None else s.actors[s.sheriff].majia


def close_day(game: Game) -> None:
    """Penalty points for silence (D-28), then the vote. A day shortened by agreement (§5) is still a
    day: a seat that agreed without posting has not posted, and the points are the rule's, not ours."""
    s = st(game)
    _penalise(game, "silence", [seat for seat in s.present() if s.actors[seat].posts_today == 0])
    if check_win(game):
        return
    begin(game, "VOTE", s.day, s.present(), secret=False)


def ballots(s: MajiaState) -> list[Ballot]:
    """The day's ballots in order, the sheriff's weighing 3 (§2.3)."""
    return [(v, t, 3 if v == s.sheriff else 1) for v, t in s.votes]


def close_vote(game: Game) -> None:
    """Day 1 elects the sheriff; later days put the top 马甲 out under the sheriff's tie rule."""
    s = st(game)
    _penalise(game, "no_vote", [seat for seat in s.present() if not s.actors[seat].voted_today])
    if s.over or check_win(game):
        return
    counted = [b for b in ballots(s) if b[1] is None or s.actors[s.seat_of(b[1])].alive]
    if s.day == 1:
        _elect_sheriff(game, counted)
    else:
        _vote_out(game, counted)
    if check_win(game):
        return
    words = [seat for seat in s.outs_today if not s.actors[seat].sent_off]
    if words:
        begin(game, "VOTE_LAST_WORDS", s.day, words, secret=False)
    else:
        after_vote(game)


def _elect_sheriff(game: Game, counted: list[Ballot]) -> None:
    s = st(game)
    top = first_to_top(counted)
    chosen = s.seat_of(top) if top is not None else None
    if chosen is None:
        pool = s.present()
        chosen = game.draw("警长", lambda r: r.choice(pool), pin_ok=lambda v: v in pool)
    appoint_sheriff(game, chosen)


def _vote_out(game: Game, counted: list[Ballot]) -> None:
    s = st(game)
    choice = next((t for v, t, _ in reversed(counted) if v == s.sheriff), None)
    named = sheriff_rule(counted, choice)
    out = s.seat_of(named) if named is not None else None
    if out is not None:
        exit_actor(game, out, VOTE)
    gone = list(s.outs_today)
    pairs = reveals(s, gone)
    if out in gone:
        pairs[out] = s.actors[out].majia
    game.emit(VoteResult, PUBLIC, seats=[x for x in gone if x == out], died=gone, layer=MAJIA_LAYER, named=named,
              majia=pairs)


def close_vote_last_words(game: Game) -> None:
    """Vote-outs' last words are published at once (no redaction, D-32)."""
    s = st(game)
    for seat in s.window.eligible:
        if seat in s.last_words:
            game.emit(LastWords, PUBLIC, seat=seat, text=s.last_words[seat], published=True)
    after_vote(game)


def after_vote(game: Game) -> None:
    """The sheriff's successor if the sheriff went out, else the night."""
    s = st(game)
    if s.pending_successor is not None:
        begin(game, "SUCCESSION", s.day, [s.pending_successor])
        return
    from engine.rulesets.majiasha2.night import open_night

    open_night(game)


def close_succession(game: Game) -> None:
    """The named successor, or a random one when the old sheriff did not answer (D-35)."""
    s = st(game)
    old = s.window.eligible[0]
    named = s.seat_of(s.answer) if s.answer is not None else None
    if named is None or not s.actors[named].alive:
        pool = s.present()
        named = game.draw("警长继任", lambda r: r.choice(pool), pin_ok=lambda v: v in pool) if pool else None
        game.emit(ChoiceMade, seat_vis(old), seat=old, skill=SUCCESSOR,
                  targets=[] if named is None else [s.actors[named].majia], default=True)
    appoint_sheriff(game, named)
    if s.night == s.day:
        open_day(game, s.day + 1)
    else:
        from engine.rulesets.majiasha2.night import open_night

        open_night(game)


def _penalise(game: Game, category: str, seats: list[int]) -> None:
    """Points per category (flags D-28) where discipline is on; 12 points send a role off (§5)."""
    s = st(game)
    points = int(s.flags.get(PENALTY_FLAGS[category], 3))
    if category not in s.options.get("discipline", []) or points <= 0:
        return
    for seat in seats:
        actor = s.actors[seat]
        game.emit(Warned, PUBLIC, seat=seat, reason=category, count=actor.points + points)
        if actor.points >= SEND_OFF_POINTS and actor.alive:
            game.emit(Announced, JUDGE, topic="majia_send_off", seats=[seat])
            exit_actor(game, seat, SENT_OFF)
