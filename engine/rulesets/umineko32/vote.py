"""The VOTE window's close: warnings, the tally, 出局结算 (spec §2.4–2.5), the vote's last words."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, ChoiceMade, Question, Resolved, VoteResult, seat_vis
from engine.rulesets.umineko32.discipline import warn_day_end
from engine.rulesets.umineko32.flow import begin, end_phase, kill, st
from engine.rulesets.umineko32.names import CASTLING, STAGE_PRIVILEGE, THEATERGOER, VOTE, WITCH
from engine.rulesets.umineko32.night import castling_open, castling_replacement, nightfall, publish_last_words
from engine.rulesets.umineko32.state import UminekoState

if TYPE_CHECKING:
    from engine.game import Game


def tally(s: UminekoState) -> Counter[int]:
    """Ballots per target (abstentions count for no one). Only living seats can vote, and the
    ballots stand even when their caster dies in the exit settlement."""
    return Counter(t for t in s.votes.values() if t is not None)


def privilege_active(s: UminekoState) -> bool:
    """舞台特权 works with the 观剧 alive or dead (A-17), or only while it lives (flag true)."""
    return not s.flags.get("umineko.privilege_needs_living_theatergoer") or bool(s.living(THEATERGOER))


def immune(s: UminekoState, seat: int) -> bool:
    """Whether ``seat`` holds 舞台特权 for today's exit settlement."""
    return s.pieces[seat].immune_day == s.day and privilege_active(s)


def voted_out(game: Game, counts: Counter[int]) -> list[int]:
    """The top-voted piece, or per flag A-35 nobody / one at random / all of them on a tie."""
    if not counts:
        return []
    top = max(counts.values())
    tied = sorted(seat for seat, n in counts.items() if n == top)
    if len(tied) == 1:
        return tied
    rule = st(game).flags["umineko.tie"]
    if rule == "random":
        return [game.draw("平票", lambda r: r.choice(tied), pin_ok=lambda v: v in tied)]
    return tied if rule == "all_tied_die" else []


def close_vote(game: Game) -> None:
    """End of VOTE: warnings, then the tally and the exit settlement."""
    s = st(game)
    warn_day_end(game, with_vote=True)
    begin(game, "VOTE_RESOLUTION", s.day)
    counts = tally(s)
    exits = voted_out(game, counts)
    game.emit(Resolved, JUDGE, skill=VOTE, actor=None, targets=exits,
              result=",".join(f"{seat}:{n}" for seat, n in sorted(counts.items())))
    continue_exits(game)


def continue_exits(game: Game) -> None:
    """Settle each voted-out piece in turn; pauses once to ask the witch about castling."""
    s = st(game)
    while s.exits_done < len(s.exits):
        target = s.exits[s.exits_done]
        piece = s.pieces[target]
        if immune(s, target):
            result = "immune"
        elif piece.role == WITCH and (s.castle_answer is not None or castling_open(s)):
            if s.castle_answer is None:
                begin(game, "CASTLE", s.day, [target], secret=True, vis=JUDGE)
                game.emit(Question, seat_vis(target), seat=target, skill=CASTLING, data={"form": "vote"})
                return
            result = _castle_at_vote(game, target) if s.castle_answer else _die(game, target)
        else:
            result = _die(game, target)
        game.emit(Resolved, JUDGE, skill="exit", actor=None, targets=[target], result=result)
    finish_vote(game)


def _die(game: Game, seat: int) -> str:
    kill(game, seat, VOTE)
    return "died"


def _castle_at_vote(game: Game, witch: int) -> str:
    s = st(game)
    replacement = castling_replacement(game)
    game.emit(Resolved, JUDGE, skill=CASTLING, actor=witch, targets=[replacement], result="vote")
    if immune(s, replacement) and s.flags.get("umineko.castling_respects_privilege", True):
        return "castled_immune"
    kill(game, replacement, CASTLING)
    return "castled"


def close_castle_vote(game: Game) -> None:
    s = st(game)
    witch = s.window.eligible[0]
    if s.castle_answer is None:
        game.emit(ChoiceMade, seat_vis(witch), seat=witch, skill=CASTLING, use=False, default=True)
    begin(game, "VOTE_RESOLUTION", s.day, vis=JUDGE)
    continue_exits(game)


def finish_vote(game: Game) -> None:
    """舞台特权 for the partners of each voted-out piece, the public result, last words or nightfall."""
    s = st(game)
    for target in s.exits:
        partners = sorted(p for p in s.pieces[target].yi_partners if s.pieces[p].alive)
        if partners and privilege_active(s):
            game.emit(Resolved, JUDGE, skill=STAGE_PRIVILEGE, actor=None, targets=partners, result=str(s.day + 1))
    counts = tally(s)
    game.emit(VoteResult, PUBLIC, seats=list(s.exits), died=list(s.died_by_vote), tally=dict(sorted(counts.items())))
    if end_phase(game):
        return
    granted = list(s.died_by_vote) if s.day <= int(s.flags["umineko.last_words_days"]) else []
    if granted:
        begin(game, "VOTE_LAST_WORDS", s.day, granted)
    else:
        nightfall(game)


def close_vote_last_words(game: Game) -> None:
    publish_last_words(game)
    if end_phase(game):
        return
    nightfall(game)



