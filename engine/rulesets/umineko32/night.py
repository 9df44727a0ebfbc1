"""Nightfall ①, the night window, settlement ② steps 1–4, dawn ③ and the night's last words.

Follows spec §3.3 step by step; every effect is an event, and each step reads the state that the
previous step's events left. Each close returns the phase that follows (``Next``), or None when the
game is over or the castling question interrupts the settlement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.rulesets.umineko32.flow import end_phase, kill, resume, st, turns
from engine.rulesets.umineko32.legal import night_eligible, witch_skills_open
from engine.rulesets.umineko32.names import (
    ACCOMPLICE,
    APPRENTICE,
    ASCENSION,
    AUDITION,
    BARRIER,
    BLACK,
    BLACK_COLOR,
    BLADE,
    CASTLING,
    COMMONER,
    CONVERSION,
    DETECT,
    DIFFERENT,
    FAILURE,
    INHERITANCE,
    INVALID,
    KILLER,
    KILLERS,
    MARK,
    SAME,
    SUCCESS,
    WITCH,
    WITCH_SIDE,
    WITCHES,
    Ph,
)
from engine.rulesets.umineko32.state import UminekoState
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


# -- ① nightfall ---------------------------------------------------------------------------------


def nightfall(game: Game) -> Next:
    """Curfew; deliver today's killer name to the accomplice and merge it when it knows them all."""
    s = st(game)
    acc = s.accomplice
    if acc is not None and s.day >= 2 and s.seats[acc].alive and not s.seats[acc].merged:
        if s.name_today is not None:
            _tell(game, acc, s.name_today)
        if set(s.living(KILLER)) <= s.told:
            game.emit(ev.Resolved, ev.JUDGE, skill="merge", actor=None, targets=[acc], result="merged")
            game.emit(ev.TeamJoined, ev.team_vis(KILLERS), s.recipients(KILLERS, acc), team=KILLERS, seat=acc)
            game.emit(ev.Notice, ev.seat_vis(acc), topic="merged", seats=[acc])
    return Next(Ph.NIGHT, order=tuple(night_eligible(s)))


def _tell(game: Game, acc: int, name: int) -> None:
    game.emit(ev.Resolved, ev.JUDGE, skill="tell_name", actor=acc, targets=[name], result="told")
    game.emit(ev.Notice, ev.seat_vis(acc), topic="killer_name", seats=[name])


# -- ② settlement ------------------------------------------------------------------------------


def _submitted(s: UminekoState, skill: str) -> list[tuple[int, tuple[int, ...]]]:
    return [v for k, v in s.skills.items() if k == skill or k.startswith(skill + ":")]


def blade_target(s: UminekoState) -> int | None:
    found = s.skills.get(BLADE)
    return found[1][0] if found else None


def castling_open(s: UminekoState) -> bool:
    """王车易位 may be offered: unused, the witch side not latched (flag A-45), a living marked 平民
    exists (A-21)."""
    return not s.castling_used and witch_skills_open(s) and any(
        p.alive and p.marked and p.role == COMMONER for p in s.seats.values())


def close_night(game: Game) -> Next:
    return Next(Ph.SETTLEMENT)


def settle(game: Game) -> Next | None:
    """Settlement steps 1–2; asks the witch about castling, or settles the rest at once."""
    s = st(game)
    _step1(game)
    target, witch = blade_target(s), s.holder(WITCH)
    if target is not None and target == witch and s.seats[target].alive and target not in s.protected \
            and castling_open(s):
        return Next(Ph.CASTLE, order=(target,))
    return settle_rest(game)


def _step1(game: Game) -> None:
    s = st(game)
    for actor, (target,) in _submitted(s, BARRIER):
        piece = s.seats[target]
        if target == actor or piece.barrier_uses == 0:
            result = "protect"
        else:
            result = "kill" if s.color(target) == BLACK_COLOR else "void"
        restricted = s.inquisitor_restricted
        game.emit(ev.Resolved, ev.JUDGE, skill=BARRIER, actor=actor, targets=[target], result=result)
        if s.inquisitor_restricted and not restricted and s.flags.get("umineko.tell_inquisitor_restriction"):
            game.emit(ev.Notice, ev.seat_vis(actor), topic="barrier_restricted", seats=[actor],
                      data={"allowed": "self, or a piece never barriered before"})
    if witch_skills_open(s):
        for actor, (target,) in _submitted(s, MARK):
            ok = s.seats[target].role == COMMONER
            game.emit(ev.Resolved, ev.JUDGE, skill=MARK, actor=actor, targets=[target], result=SUCCESS if ok else FAILURE)
    acc, aimed = s.accomplice, blade_target(s)
    if s.flags.get("umineko.accomplice_sees_target") and acc is not None and aimed is not None \
            and s.seats[acc].alive and not s.seats[acc].merged:
        game.emit(ev.Notice, ev.seat_vis(acc), topic="blade_target", seats=[aimed])


def ask_castling(game: Game) -> None:
    """The castling question, as its window opens (its banner and seats told to the judge alone)."""
    s = st(game)
    form = "night" if s.interrupted == Ph.SETTLEMENT else "vote"
    game.emit(ev.Question, ev.seat_vis(s.window.eligible[0]), seat=s.window.eligible[0], skill=CASTLING, data={"form": form})


def castling_answered(game: Game, interrupted: str) -> None:
    """The witch's answer (or the timeout's no, A-23); the interrupted resolution resumes."""
    s = st(game)
    witch = s.window.eligible[0]
    if s.castle_answer is None:
        game.emit(ev.ChoiceMade, ev.seat_vis(witch), seat=witch, skill=CASTLING, use=False, default=True)
    resume(game, interrupted)


def castling_replacement(game: Game) -> int:
    """R: uniform among living marked believers, else among living marked 平民 (A-24; flag
    ``castling_prefers_believers`` false: uniform among all living marked 平民)."""
    s = st(game)
    marked = [seat for seat, p in s.seats.items() if p.alive and p.marked and p.role == COMMONER]
    prefer = s.flags.get("umineko.castling_prefers_believers", True)
    pool = ([seat for seat in marked if s.seats[seat].believes] if prefer else []) or marked
    return game.draw("王车易位", lambda r: r.choice(pool), pin_ok=lambda v: v in pool)


def settle_rest(game: Game) -> Next | None:
    """Steps 3–4, then the end of SETTLEMENT and dawn."""
    s = st(game)
    target, castled = blade_target(s), False
    if target is not None and s.castle_answer:
        replacement = castling_replacement(game)
        game.emit(ev.Resolved, ev.JUDGE, skill=CASTLING, actor=target, targets=[replacement], result="night")
        target, castled = replacement, True
    _step3(game, target, castled)
    _step4(game)
    return None if end_phase(game) else Next(Ph.DAWN)


def _step3(game: Game, target: int | None, castled: bool) -> None:
    s = st(game)
    deaths: list[tuple[int, str]] = []
    if target is not None and s.seats[target].alive:
        protected = target in s.protected
        if s.night == 1 and s.seats[target].role == COMMONER:
            if not (protected and s.flags.get("umineko.barrier_blocks_conversion")):
                game.emit(ev.RoleChanged, ev.JUDGE, seat=target, role=ACCOMPLICE, faction=BLACK)
                game.emit(ev.Resolved, ev.JUDGE, skill=CONVERSION, actor=None, targets=[target], result="accomplice")
        elif not protected:
            deaths.append((target, CASTLING if castled else BLADE))
    if s.barrier_kill is not None and all(seat != s.barrier_kill for seat, _ in deaths):
        deaths.append((s.barrier_kill, BARRIER))
    for seat, cause in deaths:
        if s.seats[seat].alive:
            kill(game, seat, cause)


def _step4(game: Game) -> None:
    """Checks and auditions on colours as of now; a target dead tonight gives 无效 under flag A-16 false."""
    s = st(game)
    dead_ok = s.flags.get("umineko.results_for_dead_targets", True)
    for actor, (target,) in _submitted(s, DETECT):
        result = s.color(target) if dead_ok or s.seats[target].alive else INVALID
        game.emit(ev.Resolved, ev.JUDGE, skill=DETECT, actor=actor, targets=[target], result=result)
    for actor, (a, b) in _submitted(s, AUDITION):
        if not dead_ok and not (s.seats[a].alive and s.seats[b].alive):
            result = INVALID
        else:
            result = SAME if s.color(a) == s.color(b) else DIFFERENT
        game.emit(ev.Resolved, ev.JUDGE, skill=AUDITION, actor=actor, targets=[a, b], result=result)


# -- ③ dawn --------------------------------------------------------------------------------------


def dawn(game: Game) -> Next | None:
    """Night 1's 魔法传承, private results, notices, the witch's revival, the public death list."""
    s = st(game)
    if s.night == 1:
        _inheritance(game)
    for skill, actor, targets, result in list(s.tonight):
        if actor is not None:
            game.emit(ev.Feedback, ev.seat_vis(actor), seat=actor, skill=skill, targets=list(targets), result=result)
    if s.night == 1 and s.converted_tonight and s.accomplice is not None:
        _promotion(game, s.accomplice)
    if s.witch_latched and not s.ascended:
        _ascend(game)
    granted = _last_words_granted(s)
    for seat in s.dead_tonight:
        game.emit(ev.Notice, ev.seat_vis(seat), topic="death", seats=[seat], data={"last_words": seat in granted})
    game.emit(ev.Dawn, ev.PUBLIC, seats=list(s.dead_tonight), roles=_roles_if_revealed(s, s.dead_tonight))
    if end_phase(game):
        return None
    return Next(Ph.LAST_WORDS, order=tuple(granted)) if granted else after_last_words(game)


def _roles_if_revealed(s: UminekoState, seats: list[int]) -> dict[int, str]:
    """The identities the morning post publishes: none, unless flag A-… reveals roles on death."""
    if not s.flags.get("umineko.reveal_roles_on_death"):
        return {}
    return {seat: s.seats[seat].role for seat in seats}


def _last_words_granted(s: UminekoState) -> list[int]:
    return list(s.dead_tonight) if s.day <= int(s.flags["umineko.last_words_days"]) else []


def _inheritance(game: Game) -> None:
    s = st(game)
    believers = [seat for seat in s.living(COMMONER) if s.seats[seat].believes]
    fallback = s.flags["umineko.inheritance_fallback"]
    pool = believers or s.living(COMMONER)
    if not pool:
        return
    chosen = game.draw("魔法传承", lambda r: r.choice(pool), pin_ok=lambda v: v in pool)
    dies = not believers and fallback == "death"
    if dies:
        kill(game, chosen, INHERITANCE)
    game.emit(ev.RoleChanged, ev.JUDGE, seat=chosen, role=APPRENTICE, faction=WITCH_SIDE)
    delay = dies and s.flags.get("umineko.soul_joins_after_last_words") and s.day <= int(
        s.flags["umineko.last_words_days"])
    game.emit(ev.Resolved, ev.JUDGE, skill=INHERITANCE, actor=None, targets=[chosen],
              result="soul_pending" if delay else ("soul" if dies else "apprentice"))
    game.emit(ev.Notice, ev.seat_vis(chosen), topic="apprentice", seats=[chosen], data={"soul": dies}, role=APPRENTICE,
              faction=WITCH_SIDE)
    if not delay:
        _join_witches(game, chosen)


def _join_witches(game: Game, seat: int) -> None:
    s = st(game)
    game.emit(ev.TeamJoined, ev.team_vis(WITCHES), s.recipients(WITCHES, seat), team=WITCHES, seat=seat)


def _promotion(game: Game, acc: int) -> None:
    s = st(game)
    name = s.day1_name
    data = {"accomplice": acc, "killer_name": name}
    game.emit(ev.Notice, ev.team_vis(KILLERS), s.recipients(KILLERS), topic="promotion", seats=[acc], data=data)
    game.emit(ev.Notice, ev.seat_vis(acc), topic="promotion", seats=[acc], data=data, role=ACCOMPLICE, faction=BLACK)
    if name is not None:
        game.emit(ev.Resolved, ev.JUDGE, skill="tell_name", actor=acc, targets=[name], result="told")


def _ascend(game: Game) -> None:
    s = st(game)
    game.emit(ev.Resolved, ev.JUDGE, skill=ASCENSION, actor=None, targets=[], result="done")
    game.emit(ev.Announced, ev.PUBLIC, topic="witch_revival")
    for seat, piece in s.seats.items():
        if piece.alive and piece.role in (WITCH, APPRENTICE):
            kill(game, seat, ASCENSION)


# -- the night's last words ------------------------------------------------------------------------


def publish_last_words(game: Game) -> None:
    """Publish the last words submitted in the closing window (the others are forfeited)."""
    s = st(game)
    for seat in s.window.eligible:
        if seat in s.window.done and seat in s.last_words:
            game.emit(ev.LastWords, ev.PUBLIC, seat=seat, text=s.last_words[seat], published=True)


def close_last_words(game: Game) -> Next | None:
    publish_last_words(game)
    return after_last_words(game)


def after_last_words(game: Game) -> Next | None:
    """The soul joins 魔女群 (A-44); end of the game day; the next day's restricted phase opens."""
    s = st(game)
    if s.soul_pending is not None:
        _join_witches(game, s.soul_pending)
    return None if end_phase(game) else turns(game, Ph.RESTRICTED, s.day + 1)
