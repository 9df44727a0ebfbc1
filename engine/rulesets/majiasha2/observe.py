"""What a majiasha2 seat knows now (``Ruleset.observe``), and the judge's truth.

The shared observation gives the public record (who is out, the 马甲 list with the names known to
be out, the sheriff by 马甲) and what the seat was told of its own identity and 马甲. This adds the
rule set's own, always from what the seat was told (``MajiaState.known``, ``chat_majia``, folded
from its notices and results), never from the truth:

* its chats by 马甲 (``team_state(layer="majia")``): "互相知道彼此的马甲" — never a mate's 角色;
* what it knows of each 马甲 (``LayerEntry``): itself, its mates, its faction's elder, its lover, the
  elder's downstream list, the seer's identities;
* its statuses (警长 when the public sheriff is its own 马甲, 情侣, 罚下) — not 濒死 nor 癫狂, which
  the rules never tell (D-17); its skills with what is left (the once-per-game 药剂 and 隔音之盾,
  通灵 lost with the potion, the night-0 skills spent); its budgets (posts, chat messages, vote
  changes, last words or pending redactions, and an elder's HP as 知天命 last told it).

The god view adds every seat's truth: identity, faction, 马甲, the judge's cause of an out, and the
statuses the seats are not told (濒死, 癫狂, a marked elder).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.observation import LayerEntry, amend, budget_state, derive, replaced, skill_state, team_state
from engine.rulesets.majiasha2.legal import TEAM_POSTS_PER_WINDOW
from engine.rulesets.majiasha2.names import (
    APPOINT,
    ARROW,
    CUPID,
    ELDER,
    FATE,
    GUARD,
    KILL,
    KILLER,
    MAJIA_LAYER,
    PIPE,
    PIPER,
    POTION,
    PROPHECY,
    SEER,
    SHELTER,
    SHIELD,
    SOUNDPROOF,
    TONGLING,
    WITCH,
    Ph,
)
from engine.rulesets.majiasha2.state import DYING, OUT, MajiaSeat, MajiaState

if TYPE_CHECKING:
    from engine.observation import BudgetState, Observation, Seats, SeatStatus, SkillState, TeamState

SKILLS_OF: dict[str, tuple[str, ...]] = {
    ELDER: (FATE, APPOINT), SEER: (PROPHECY,), WITCH: (TONGLING, POTION), GUARD: (SHIELD, SOUNDPROOF),
    KILLER: (KILL,), CUPID: (ARROW, SHELTER), PIPER: (PIPE,),
}
"""Each identity's skills, as its card lists them (a faction member before night 0 ends has none)."""
AFTER_NIGHT = frozenset({Ph.DAWN, Ph.LAST_WORDS, Ph.REDACT})


def told(s: MajiaState, obs: Observation, seat: int) -> Observation:
    """``obs`` (the shared part and the seat's own identity) with the seat's statuses and what it
    knows of each 马甲."""
    own = statuses(s, obs, seat)
    names = derive(_names, obs.layer_names, obs.majia, s.told(seat))
    seats = derive(_own_statuses, obs.seats, seat, own) if own else obs.seats
    return amend(obs, statuses=own, layer_names=names, seats=seats)


def _own_statuses(seats: Seats, seat: int, own: tuple[str, ...]) -> Seats:
    return replaced(seats, seat, lambda x: amend(x, statuses=own))


def _names(names: tuple[LayerEntry, ...], own: int | None,
           known: tuple[tuple[int, str | None, str | None, tuple[str, ...]], ...]) -> tuple[LayerEntry, ...]:
    """The 马甲 list with what the seat was told of each (``known``: number, role, faction, marks) and
    its own 马甲 (``own``); ``derive`` keeps it while they and the public list are the same. Only the
    entries the seat knows something of are made again (a seat knows a handful of 18 to 32), found
    by number: the public list holds 马甲 1..N in order."""
    told = _overlay(own, known)
    if not told:
        return names
    out = list(names)
    size = len(out)
    for number, role, faction, shown in told:
        at = number - 1
        if not (0 <= at < size and out[at].number == number):
            found = _index(out, number)
            if found is None:
                continue
            at = found
        entry = out[at]
        out[at] = _entry(entry.number, entry.name, entry.listed, role, faction, shown)
    return tuple(out)


@lru_cache(maxsize=1024)
def _overlay(own: int | None, known: tuple[tuple[int, str | None, str | None, tuple[str, ...]], ...]
             ) -> tuple[tuple[int, str | None, str | None, tuple[str, ...]], ...]:
    """What ``_names`` lays over the public list: each 马甲 the seat was told of once (the last word on
    it), with its marks as shown (sorted, ``self`` on its own), and its own 马甲 where it was told
    nothing else of it. Kept by value: a seat's ``known`` is the same for most of a game."""
    told = {n: (role, faction, marks) for n, role, faction, marks in known}
    if own is not None and own not in told:
        told[own] = (None, None, ())
    return tuple((number, role, faction, tuple(sorted({*marks, "self"} if number == own else set(marks))))
                 for number, (role, faction, marks) in told.items())


@lru_cache(maxsize=4096)
def _entry(number: int, name: str, listed: bool, role: str | None, faction: str | None,
           shown: tuple[str, ...]) -> LayerEntry:
    """``LayerEntry(...)``, one object for the same values: a frozen record, so it is shared."""
    return LayerEntry(number, name, listed, role, faction, shown)


def _index(names: list[LayerEntry], number: int) -> int | None:
    """Where 马甲 ``number`` stands in the list (None: not listed)."""
    return next((at for at, entry in enumerate(names) if entry.number == number), None)


def statuses(s: MajiaState, obs: Observation, seat: int) -> tuple[str, ...]:
    actor = s.seats[seat]
    out: list[str] = []
    if obs.sheriff_majia is not None and obs.sheriff_majia == obs.majia:
        out.append("sheriff")
    if actor.lover is not None:
        out.append("lover")
    if actor.sent_off:
        out.append("sent_off")
    return tuple(out)


def teams(s: MajiaState, seat: int) -> tuple[TeamState, ...]:
    """The chats the seat is in (``team_of``, kept by the table), each with the 马甲 it was told are
    members, less those publicly out (none before the first reveal)."""
    mine = s.team_of(seat)
    if not mine:
        return ()
    told, seats = s.chat_majia.get(seat, {}), s.seats
    gone = {seats[x].majia for x in s.revealed if seats[x].status == OUT} if s.revealed else set()
    return tuple([team_state(team, tuple(sorted(told.get(team, set()) - gone)), layer=MAJIA_LAYER, reads_dead=False)
                  for team in mine])


# -- skills -----------------------------------------------------------------------------------------


def skills(s: MajiaState, seat: int, role: str | None) -> tuple[SkillState, ...]:
    """The skills of the identity the seat knows it has, with what is left of each (asked at every turn
    of the seat: most identities hold none, and each skill's state is its own small function)."""
    held = SKILLS_OF.get(role or "")
    if not held:
        return ()
    actor = s.seats[seat]
    if actor.status == OUT:  # an out role acts no more (its once-per-game count stays as it was)
        return tuple([dataclasses.replace(_NOW[skill](s, actor, skill, False), usable=False, note="out")
                      for skill in held])
    return tuple([_NOW[skill](s, actor, skill, True) for skill in held])


def _trigger(s: MajiaState, actor: MajiaSeat, skill: str, alive: bool) -> SkillState:
    """知天命 and 庇佑: triggered by the rules, never submitted."""
    return skill_state(skill, usable=alive, note="trigger")


def _tongling(s: MajiaState, actor: MajiaSeat, skill: str, alive: bool) -> SkillState:
    """通灵: lost with the potion."""
    used = actor.potion_used
    return skill_state(skill, usable=alive and not used, note="lost" if used else "trigger")


def _once(s: MajiaState, actor: MajiaSeat, skill: str, alive: bool) -> SkillState:
    """药剂 and 隔音之盾: once a game."""
    left = 0 if (actor.potion_used if skill == POTION else actor.soundproof_used) else 1
    return skill_state(skill, left=left, total=1, usable=alive and left > 0)


def _night0(s: MajiaState, actor: MajiaSeat, skill: str, alive: bool) -> SkillState:
    """任命 and 爱神之箭: on night 0 only, until submitted (the arrow: until the lovers are formed)."""
    seat = actor.seat
    used = s.phase not in Ph.NIGHT0 or (skill == ARROW and s.lovers_formed) or \
        any(sub.seat == seat and sub.skill == skill for sub in s.submissions)
    return skill_state(skill, left=0 if used else 1, total=1, usable=not used, note="night0")


def _shield(s: MajiaState, actor: MajiaSeat, skill: str, alive: bool) -> SkillState:
    """守护之盾: every night, not on last night's target where the rule bars it."""
    return skill_state(skill, usable=alive, note="no_repeat" if _repeat_banned(s, actor) else "per_night")


def _per_night(s: MajiaState, actor: MajiaSeat, skill: str, alive: bool) -> SkillState:
    """预言, 杀人, 吹笛: every night."""
    return skill_state(skill, usable=alive, note="per_night")


_NOW: dict[str, Callable[[MajiaState, MajiaSeat, str, bool], SkillState]] = {
    FATE: _trigger, SHELTER: _trigger, TONGLING: _tongling, POTION: _once, SOUNDPROOF: _once,
    APPOINT: _night0, ARROW: _night0, SHIELD: _shield, PROPHECY: _per_night, KILL: _per_night, PIPE: _per_night,
}
"""Each skill's state now for a seat holding it (alive, or out: ``skills`` marks it so)."""


def _repeat_banned(s: MajiaState, actor: MajiaSeat) -> bool:
    """Whether last night's 守护之盾 target is barred on the coming (or current) night (D-15)."""
    last = actor.guard_last
    tonight = s.day + 1 if s.phase in AFTER_NIGHT else s.day
    return bool(last and last[0] == tonight - 1 and s.flags.get("majia.guard_consecutive_rule", True))


# -- budgets ----------------------------------------------------------------------------------------


def budgets(s: MajiaState, seat: int) -> tuple[BudgetState, ...]:
    """What the seat may still post, message, change or submit now, and an elder's HP as told: the HP,
    then the open phase's own allowance (``_PHASE_BUDGETS``; asked at every turn of the seat)."""
    actor, told = s.seats[seat], s.identities.get(seat)
    now = _PHASE_BUDGETS.get(s.phase)
    found = () if now is None else now(s, seat, actor)
    if told is not None and told.role == ELDER:
        return (budget_state("hp", s.told_hp.get(seat, actor.max_hp), actor.max_hp), *found)
    return found


def _posts(s: MajiaState, seat: int, actor: MajiaSeat) -> tuple[BudgetState, ...]:
    """By day: the public posts left to a living seat the discussion waits for."""
    if actor.status == OUT or seat not in s.window.eligible:
        return ()
    quota = int(s.options.get("rounds", {}).get(Ph.DAY, 1))
    return (budget_state("posts", max(0, quota - s.window.posts.get(seat, 0)), quota),)


def _vote_changes(s: MajiaState, seat: int, actor: MajiaSeat) -> tuple[BudgetState, ...]:
    """In the day's vote: the changes of ballot left to a living seat (none counted where the limit is off)."""
    if actor.status == OUT or (limit := int(s.flags.get("majia.vote_change_limit", 1))) < 0:
        return ()
    return (budget_state("vote_changes", max(0, limit - actor.vote_changes), limit),)


def _team_messages(s: MajiaState, seat: int, actor: MajiaSeat) -> tuple[BudgetState, ...]:
    """In the elections and in step 3&4: the chat messages left to a living seat, in each of its chats."""
    if actor.status == OUT:
        return ()
    left = max(0, TEAM_POSTS_PER_WINDOW - s.window.team_posts.get(seat, 0))
    return tuple([budget_state("team_posts", left, TEAM_POSTS_PER_WINDOW, team=team) for team in s.team_of(seat)])


def _last_words(s: MajiaState, seat: int, actor: MajiaSeat) -> tuple[BudgetState, ...]:
    """Last words: one to give, for a seat the window waits for."""
    w = s.window
    if seat not in w.eligible:
        return ()
    return (budget_state("last_words", 0 if seat in w.done else 1, 1),)


def _redactions(s: MajiaState, seat: int, actor: MajiaSeat) -> tuple[BudgetState, ...]:
    """A killer's redactions: one for each out role whose words it was asked to redact."""
    if seat not in s.window.eligible:
        return ()
    return (budget_state("last_words", sum(1 for k in s.redactors.values() if k == seat)),)


_PHASE_BUDGETS: dict[str, Callable[[MajiaState, int, MajiaSeat], tuple[BudgetState, ...]]] = {
    Ph.DAY: _posts, Ph.VOTE: _vote_changes, Ph.ELECT: _team_messages, Ph.STRIKE: _team_messages,
    Ph.LAST_WORDS: _last_words, Ph.VOTE_LAST_WORDS: _last_words, Ph.REDACT: _redactions,
}
"""The allowance each phase counts beside an elder's HP (one lookup for the open phase)."""


# -- the judge's truth ------------------------------------------------------------------------------


def truth(s: MajiaState, status: SeatStatus) -> SeatStatus:
    """``status`` with the truth: identity, faction, 马甲, alive, the judge's cause, every status."""
    actor = s.seats.get(status.seat)
    if actor is None:
        return status
    marks = [name for name, on in (("sheriff", s.sheriff == actor.seat), ("lover", actor.lover is not None),
                                   ("dying", actor.status == DYING), ("frenzied", actor.frenzied),
                                   ("sent_off", actor.sent_off), ("marked", actor.marked)) if on]
    return dataclasses.replace(status, alive=actor.status != OUT, role=actor.role or None,
                               faction=actor.faction or None, majia=actor.majia or None,
                               cause=actor.cause or status.cause, statuses=tuple(marks))


def god(s: MajiaState, obs: Observation) -> Observation:
    """The god view (every seat's truth, ``truth``) with the sheriff by seat."""
    return dataclasses.replace(obs, sheriff=s.sheriff)
