"""Night N (spec §3): steps 1 guard, 2 piper, 3&4 seer and killers by confirm time, 5 witch, and
the end of night (15): exits, last words and their redaction, the elders' HP.

Submissions carry their targets in the skill's layer (seats for 角色 skills, 马甲 numbers for 预言 and
药剂); what is applied and recorded (``Resolved``, for the judge) is always the seat. What the seer and
the witch learn is in 马甲 numbers, as the spec's feedback matrix says (§3.5). Each closer returns the
phase that follows (``Next``), or None when the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.rulesets.majiasha2.exits import exit_actor
from engine.rulesets.majiasha2.legal import night_eligible
from engine.rulesets.majiasha2.names import (
    ELDER,
    FACTION_NAMES,
    FATE,
    GENERAL,
    KILL,
    PIPE,
    PIPER,
    POTION,
    PROPHECY,
    ROLE_NAMES,
    SHIELD,
    SOUNDPROOF,
    TONGLING,
    WITCH,
    Ph,
)
from engine.rulesets.majiasha2.state import ALIVE, DYING, OUT, MajiaState, Submission, st
from engine.rulesets.majiasha2.win import check_win
from engine.rulesets.majiasha2.words import word_limits
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


def open_night(s: MajiaState) -> Next:
    """Night N (= day N's number) opens with step 1."""
    return _step(s, Ph.GUARD)


def _step(s: MajiaState, phase: str) -> Next:
    return Next(phase, order=tuple(night_eligible(s, phase)))


def close_step(game: Game) -> Next | None:
    """Apply the open step's submissions in confirm order (D-11), check the win, open the next step."""
    s = st(game)
    for sub in ordered(s.submissions):
        APPLY[sub.skill](game, sub)
    if check_win(game):
        return None
    i = Ph.NIGHT_STEPS.index(s.phase)
    return _step(s, Ph.NIGHT_STEPS[i + 1]) if i + 1 < len(Ph.NIGHT_STEPS) else Next(Ph.DAWN)


def ordered(subs: list[Submission]) -> list[Submission]:
    """Confirmed by confirm time, then unconfirmed by submit time (event order is the clock)."""
    confirmed = sorted((x for x in subs if x.confirmed is not None), key=lambda x: (x.confirmed or 0, x.seat))
    rest = sorted((x for x in subs if x.confirmed is None), key=lambda x: (x.submitted, x.seat))
    return confirmed + rest


# -- step 1: guard --------------------------------------------------------------------------------


def _shield(game: Game, sub: Submission) -> None:
    game.emit(ev.Resolved, ev.JUDGE, skill=sub.skill, actor=sub.seat, targets=list(sub.targets), result="shielded")


# -- step 2: piper --------------------------------------------------------------------------------


def _pipe(game: Game, sub: Submission) -> None:
    """Non-lover, non-soundproofed targets become 癫狂; the attempt is spent either way (D-17)."""
    s = st(game)
    for seat in sub.targets:
        target = s.seats[seat]
        immune = target.lover is not None or seat in s.soundproofed or target.status == OUT
        game.emit(ev.Resolved, ev.JUDGE, skill=PIPE, actor=sub.seat, targets=[seat],
                  result="immune" if immune else "frenzied")


# -- steps 3&4: seer and killers -------------------------------------------------------------------


def _prophecy(game: Game, sub: Submission) -> None:
    s = st(game)
    majia = sub.targets[0]
    target = s.seats[s.seat_of(majia)]
    result = ROLE_NAMES.zh(target.role)
    if s.flags.get("majia.seer_shows_faction"):
        result = f"{result}/{FACTION_NAMES.zh(target.faction)}"
    game.emit(ev.Feedback, ev.seat_vis(sub.seat), seat=sub.seat, skill=PROPHECY, targets=[majia], result=result)


def kill_result(s: MajiaState, killer: int, seat: int) -> str:
    """§3.3 apply_kill: void unless the killer is in 存活 state; shields, frenzy on the piper, overkill."""
    k, t = s.seats[killer], s.seats[seat]
    if k.status != ALIVE:
        return "void_not_alive"
    if seat in s.shielded:
        return "shielded"
    if t.role == PIPER and k.frenzied:
        return "void_frenzied"
    if t.status == OUT:
        return "void_out"
    if t.status == DYING:
        return "wasted"
    return "hit"


def _kill(game: Game, sub: Submission) -> None:
    s = st(game)
    seat = sub.targets[0]
    game.emit(ev.Resolved, ev.JUDGE, skill=KILL, actor=sub.seat, targets=[seat], result=kill_result(s, sub.seat, seat))


# -- step 5: witch --------------------------------------------------------------------------------


def tongling(game: Game) -> None:
    """Step 5 opens (``Phase.opens``) with 通灵 (forced): each witch still holding it learns the 濒死
    马甲, before she acts (D-14)."""
    s = st(game)
    dying = s.majia_of([seat for seat in s.dying_order if s.seats[seat].status == DYING])
    for seat in s.holders(WITCH):
        witch = s.seats[seat]
        if witch.status != OUT and not witch.potion_used:
            game.emit(ev.Feedback, ev.seat_vis(seat), seat=seat, skill=TONGLING, targets=dying, result="濒死")


def witch_allies(s: MajiaState, witch: int, target: int) -> bool:
    """Whether the potion restores ``target``: same faction, or a lover from her faction (D-13)."""
    w, t = s.seats[witch], s.seats[target]
    team = w.faction if s.flags.get("majia.witch_team_is_current_faction", True) else w.origin
    if t.faction == team:
        return True
    return t.lover is not None and t.origin == team and team in GENERAL


def _potion(game: Game, sub: Submission) -> None:
    s = st(game)
    target = s.seat_of(sub.targets[0])
    actor = s.seats[target]
    if actor.status == OUT:
        result = "wasted"
    elif actor.status == DYING and witch_allies(s, sub.seat, target):
        result = "heal"
    else:
        result = "misfire"
    game.emit(ev.Resolved, ev.JUDGE, skill=POTION, actor=sub.seat, targets=[target], result=result)


APPLY = {SHIELD: _shield, SOUNDPROOF: _shield, PIPE: _pipe, PROPHECY: _prophecy, KILL: _kill, POTION: _potion}


# -- step 15: the end of the night -----------------------------------------------------------------


def dawn(game: Game) -> Next | None:
    """Every 濒死 role goes out in dying order (D-05 grace flag), elders learn their HP, win check,
    then the night's last words."""
    s = st(game)
    for seat in list(s.dying_order):
        actor = s.seats[seat]
        if actor.status != DYING:
            continue
        if actor.role == ELDER and not actor.marked and s.flags.get("majia.elder_first_dying_grace"):
            game.emit(ev.Resolved, ev.JUDGE, skill="grace", actor=None, targets=[seat], result="marked")
            continue
        exit_actor(game, seat, KILL if seat in s.last_hit else POTION)
    for seat in s.holders(ELDER):
        elder = s.seats[seat]
        if elder.status != OUT:
            game.emit(ev.Feedback, ev.seat_vis(seat), seat=seat, skill=FATE, targets=[], result=f"HP {elder.hp}")
    if check_win(game):
        return None
    words = [seat for seat in s.outs_tonight if not s.seats[seat].sent_off]
    low, high = word_limits(s)
    for seat in words:
        game.emit(ev.Notice, ev.seat_vis(seat), topic="majia_last_words", seats=[seat], data={"low": low, "high": high})
    return Next(Ph.LAST_WORDS, order=tuple(words)) if words else after_words(game)


def close_last_words(game: Game) -> Next:
    """Words of a role put out by 杀人 go first to the killer whose hit emptied its HP (D-32)."""
    s = st(game)
    redactors = []
    for seat in s.window.eligible:
        killer = s.last_hit.get(seat)
        if seat in s.last_words and killer is not None and s.seats[seat].cause == KILL:
            game.emit(ev.Notice, ev.seat_vis(killer), topic="majia_redact", seats=[seat],
                      data={"text": s.last_words[seat]})
            game.emit(ev.Resolved, ev.JUDGE, skill="redactor", actor=killer, targets=[seat], result="asked")
            redactors.append(killer)
    return Next(Ph.REDACT, order=tuple(sorted(set(redactors)))) if redactors else after_words(game)


def after_words(game: Game) -> Next:
    """The sheriff's successor if the sheriff went out tonight, else day N+1."""
    s = st(game)
    if s.pending_successor is not None:
        return Next(Ph.SUCCESSION, order=(s.pending_successor,))
    return Next(Ph.DAY, day=s.day + 1)

