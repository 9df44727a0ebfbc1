"""The VOTE window's close: warnings, the tally, 出局结算 (spec §2.4–2.5), the vote's last words.

The tally is the shared ``engine.mechanics.ballots`` count of the ballots in force; a tie is settled
as flag A-35 says (nobody, one at random, all of them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.mechanics.ballots import top, totals, weighted
from engine.rulesets.umineko32.discipline import warn_day_end
from engine.rulesets.umineko32.flow import end_phase, kill, st
from engine.rulesets.umineko32.names import CASTLING, STAGE_PRIVILEGE, THEATERGOER, VOTE, WITCH, Ph
from engine.rulesets.umineko32.night import castling_open, castling_replacement, publish_last_words
from engine.rulesets.umineko32.state import UminekoState
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


def tally(s: UminekoState) -> dict[int, int]:
    """Ballots per target (abstentions count for no one). Only living seats can vote, and the
    ballots stand even when their caster dies in the exit settlement."""
    return totals(weighted(s.ballots))


def privilege_active(s: UminekoState) -> bool:
    """舞台特权 works with the 观剧 alive or dead (A-17), or only while it lives (flag true)."""
    return not s.flags.get("umineko.privilege_needs_living_theatergoer") or bool(s.living(THEATERGOER))


def immune(s: UminekoState, seat: int) -> bool:
    """Whether ``seat`` holds 舞台特权 for today's exit settlement."""
    return s.seats[seat].immune_day == s.day and privilege_active(s)


def voted_out(game: Game, counts: dict[int, int]) -> list[int]:
    """The top-voted piece, or per flag A-35 nobody / one at random / all of them on a tie."""
    tied = top(counts)
    if len(tied) <= 1:
        return tied
    rule = st(game).flags["umineko.tie"]
    if rule == "random":
        return [game.draw("平票", lambda r: r.choice(tied), pin_ok=lambda v: v in tied)]
    return tied if rule == "all_tied_die" else []


def close_vote(game: Game) -> Next:
    """End of VOTE: warnings, then the tally and the exit settlement."""
    warn_day_end(game, with_vote=True)
    return Next(Ph.VOTE_RESOLUTION)


def count(game: Game) -> Next | None:
    """The tally and the exit settlement."""
    s = st(game)
    counts = tally(s)
    exits = voted_out(game, counts)
    game.emit(ev.Resolved, ev.JUDGE, skill=VOTE, actor=None, targets=exits,
              result=",".join(f"{seat}:{n}" for seat, n in sorted(counts.items())))
    return continue_exits(game)


def continue_exits(game: Game) -> Next | None:
    """Settle each voted-out piece in turn; pauses once to ask the witch about castling."""
    s = st(game)
    while s.exits_done < len(s.exits):
        target = s.exits[s.exits_done]
        if immune(s, target):
            result = "immune"
        elif s.seats[target].role == WITCH and (s.castle_answer is not None or castling_open(s)):
            if s.castle_answer is None:
                return Next(Ph.CASTLE, order=(target,))
            result = _castle_at_vote(game, target) if s.castle_answer else _die(game, target)
        else:
            result = _die(game, target)
        game.emit(ev.Resolved, ev.JUDGE, skill="exit", actor=None, targets=[target], result=result)
    return finish_vote(game)


def _die(game: Game, seat: int) -> str:
    kill(game, seat, VOTE)
    return "died"


def _castle_at_vote(game: Game, witch: int) -> str:
    s = st(game)
    replacement = castling_replacement(game)
    game.emit(ev.Resolved, ev.JUDGE, skill=CASTLING, actor=witch, targets=[replacement], result="vote")
    if immune(s, replacement) and s.flags.get("umineko.castling_respects_privilege", True):
        return "castled_immune"
    kill(game, replacement, CASTLING)
    return "castled"


def finish_vote(game: Game) -> Next | None:
    """舞台特权 for the partners of each voted-out piece, the public result, last words or nightfall."""
    s = st(game)
    for target in s.exits:
        partners = sorted(p for p in s.seats[target].yi_partners if s.seats[p].alive)
        if partners and privilege_active(s):
            game.emit(ev.Resolved, ev.JUDGE, skill=STAGE_PRIVILEGE, actor=None, targets=partners, result=str(s.day + 1))
    counts = tally(s)
    game.emit(ev.VoteResult, ev.PUBLIC, seats=list(s.exits), died=list(s.died_by_vote), tally=dict(sorted(counts.items())))
    if end_phase(game):
        return None
    granted = list(s.died_by_vote) if s.day <= int(s.flags["umineko.last_words_days"]) else []
    return Next(Ph.VOTE_LAST_WORDS, order=tuple(granted)) if granted else Next(Ph.NIGHTFALL)


def close_vote_last_words(game: Game) -> Next | None:
    publish_last_words(game)
    return None if end_phase(game) else Next(Ph.NIGHTFALL)
