"""suitang21's own fold handlers, run after the kernel's (``engine.table.fold``).

The kernel keeps seats, aliases, identities and camps, teams, the window, posts, ballots, outs, cards'
counts, last words and the end; these add what suitang21's rules track on top (the day's counters,
the night's buffered skills, the out pipeline's stack, cards by colour, the camps). Replaying a stored
game is folding each event in order, so every effect of the rules passes through here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import events as ev
from engine.rulesets.suitang21.names import (
    ARROW,
    BIG_SPECIALS,
    CLOSE,
    DAY,
    DAY_WORDS,
    DEFEAT,
    DETECT,
    ELDER_PENALTY,
    HUG,
    HUNTER,
    KILL,
    LONGEVITY,
    LOVERS,
    NIGHT,
    NIGHT_RESOLUTION,
    NIGHT_WORDS,
    POISON,
    QUEUE,
    RED_CARD,
    SAVE,
    SHIELD,
    SPECIALS,
    TAKEOVER,
    TASK,
    VILLAGE,
    WEREWOLF,
    WIDOW,
    WOLVES,
)
from engine.rulesets.suitang21.observe import carded
from engine.rulesets.suitang21.pipeline import shot_allowed
from engine.rulesets.suitang21.state import SuitangState, Task
from engine.table import PhaseTable
from engine.table import fold as kernel
from engine.table.fold import by_skill


def _game_created(s: SuitangState, e: ev.GameCreated) -> None:
    s.camps = [WOLVES, VILLAGE]


def _dealt(s: SuitangState, e: ev.RoleDealt) -> None:
    s.seats[e.seat].has_kill = e.role == WEREWOLF


def phase_began(phases: PhaseTable) -> Callable[[SuitangState, ev.PhaseBegan], None]:
    """The fold of ``PhaseBegan`` (it replaces the kernel's, which it runs first): the kernel's new
    window, then what a new day, a night, a close after the day and a last-words window reset."""

    def fold(s: SuitangState, e: ev.PhaseBegan) -> None:
        previous = s.phase
        kernel.phase_began(s, e, phases)
        s.question, s.answer, s.fallback = "", None, set()
        if e.name == DAY:
            _new_day(s)
        elif e.name == NIGHT:
            s.skills, s.hug, s.kill_named, s.protected = {}, None, [], set()
        elif e.name in (CLOSE, NIGHT_RESOLUTION):
            s.origin = e.name
            if e.name == CLOSE and previous == DAY:
                _count_activity(s)
        elif e.name in (NIGHT_WORDS, DAY_WORDS):
            s.asked.update(e.order)

    return fold


def _new_day(s: SuitangState) -> None:
    for record in s.seats.values():
        record.posts_today, record.accelerate_asked, record.vote_changes = 0, False, 0
    s.ballots, s.votes = [], {}
    s.accelerated, s.accelerate_asks, s.hug, s.origin = False, 0, None, ""


def _count_activity(s: SuitangState) -> None:
    """The 3-day streak of fewer than 10 posts counts non-accelerated days only (§5)."""
    if s.accelerated:
        return
    for record in s.seats.values():
        if record.alive:
            record.low_days = record.low_days + 1 if record.posts_today < 10 else 0


def _posted(s: SuitangState, e: ev.Posted) -> None:
    s.seats[e.seat].posts_today += 1


def _passed(s: SuitangState, e: ev.Passed) -> None:
    if e.fallback:
        s.fallback.add(e.seat)


def _skill(s: SuitangState, e: ev.SkillSubmitted) -> None:
    if e.skill == ARROW:
        s.cupid_choice = tuple(e.targets)
    else:
        s.skills[skill_key(s, e.skill, e.seat)] = (e.seat, tuple(e.targets))
    s.window.done.add(e.seat)


def skill_key(s: SuitangState, skill: str, seat: int) -> str:
    """Where a night submission is buffered: one slot per kill team (the last submission counts),
    else one per skill (no night step has two actors, B-28)."""
    if skill == KILL:
        return f"{KILL}:{s.kill_team(seat)}"
    return skill


def _question(s: SuitangState, e: ev.Question) -> None:
    s.question = e.skill


def _choice(s: SuitangState, e: ev.ChoiceMade) -> None:
    if not e.default:
        s.answer = tuple(e.targets)
    s.window.done.add(e.seat)


def _arrow(s: SuitangState, e: ev.Resolved) -> None:
    a, b = e.targets
    s.lovers = (a, b)
    s.seats[a].partner, s.seats[b].partner = b, a
    ids = (s.seats[a].role, s.seats[b].role)
    s.double_wolf = ids == (WEREWOLF, WEREWOLF)
    specials = BIG_SPECIALS if s.flags.get("suitang.two_big_specials_only") else SPECIALS
    s.double_special = all(i in specials for i in ids) and s.seats[a].faction == s.seats[b].faction == VILLAGE
    if ids.count(WEREWOLF) == 1:
        s.seats[a if ids[0] == WEREWOLF else b].has_kill = False
    if e.result == "elope":
        s.camps = [WOLVES, VILLAGE, LOVERS]


def _hug(s: SuitangState, e: ev.Resolved) -> None:
    s.seats[e.targets[0]].hugged_before = True
    if e.result == "hug" and e.actor is not None:
        s.hug = (e.actor, e.targets[0])


def _shield(s: SuitangState, e: ev.Resolved) -> None:
    target = e.targets[0]
    s.seats[target].guarded_before = True
    if e.result == "protect":
        s.protected = set(aimed(s, target))


def aimed(s: SuitangState, target: int) -> list[int]:
    """Whom a night skill aimed at ``target`` reaches (§3.2): nobody if it is the hugged role, the
    butterfly and the hugged role if it is the butterfly (B-23), else the target."""
    hug = s.hug
    if hug is None:
        return [target]
    butterfly, hugged = hug
    if target == hugged:
        return []
    if target == butterfly and s.seats[hugged].alive and s.flags.get("suitang.propagation_overrides_immunity", True):
        return [butterfly, hugged]
    return [target]


def _detect(s: SuitangState, e: ev.Resolved) -> None:
    if e.actor is not None:
        s.seats[e.actor].detect_used = True
        if e.result == "exchanged":
            s.detected.extend((e.actor, seat) for seat in e.targets)


def _kill(s: SuitangState, e: ev.Resolved) -> None:
    if e.result == "issued":
        s.kill_named.append(e.targets[0])


def _potion(s: SuitangState, e: ev.Resolved) -> None:
    if e.actor is None or e.result == "refunded":
        return
    witch = s.seats[e.actor]
    if e.skill == SAVE:
        witch.save_left, witch.tongling = False, False
    else:
        witch.poison_left = False


def _longevity(s: SuitangState, e: ev.Resolved) -> None:
    s.seats[e.targets[0]].elder_hit = True


def _penalty(s: SuitangState, e: ev.Resolved) -> None:
    for seat in e.targets:
        s.seats[seat].skills_lost = True


def _defeat(s: SuitangState, e: ev.Resolved) -> None:
    s.defeated.append(e.result)
    if e.result == WOLVES:
        for role in s.seats.values():
            if role.faction == WOLVES:
                role.has_kill = False


def _widow(s: SuitangState, e: ev.Resolved) -> None:
    s.widow = True
    for seat in e.targets:
        s.seats[seat].has_kill = True


def _queue(s: SuitangState, e: ev.Resolved) -> None:
    """Tasks queued to run in the order given: pushed in reverse on the stack."""
    items = [part.split(":", 1) for part in e.result.split(",")]
    s.tasks.extend((kind, seat, detail) for (kind, detail), seat in reversed(list(zip(items, e.targets, strict=True))))


def _task(s: SuitangState, e: ev.Resolved) -> None:
    s.tasks.pop()


_RESOLVED: dict[str, Callable[[SuitangState, ev.Resolved], None]] = {
    ARROW: _arrow, HUG: _hug, SHIELD: _shield, DETECT: _detect, KILL: _kill, TAKEOVER: _kill, SAVE: _potion,
    POISON: _potion, LONGEVITY: _longevity, ELDER_PENALTY: _penalty, DEFEAT: _defeat, WIDOW: _widow,
    QUEUE: _queue, TASK: _task,
}


def _died(s: SuitangState, e: ev.Died) -> None:
    role = s.seats[e.seat]
    s.out_log.append((e.seat, e.cause))
    s.died_at[e.seat] = (e.day, e.seq, e.cause)
    s.since_dawn.append(e.seat)
    if e.seat in s.red_pending:
        s.red_pending.remove(e.seat)
    if e.cause != RED_CARD and s.last_words_left > 0:
        s.last_words_left -= 1
        s.granted.append(e.seat)
    reactions: list[Task] = []
    if role.role == HUNTER and shot_allowed(s, e.seat, e.cause):
        reactions.append(("shot", e.seat, ""))
    if s.sheriff == e.seat:
        reactions.append(("succession", e.seat, "random" if e.cause == RED_CARD else "choose"))
    s.tasks.extend(reversed(reactions))


def _sheriff(s: SuitangState, e: ev.SheriffChanged) -> None:
    s.sheriff = e.seat


def _dawn(s: SuitangState, e: ev.Dawn) -> None:
    s.since_dawn = []


def _announced(s: SuitangState, e: ev.Announced) -> None:
    if e.topic == "accelerate_request":
        s.seats[e.seats[0]].accelerate_asked = True
        s.accelerate_asks += 1
    elif e.topic == "accelerated":
        s.accelerated = True


def _last_words(s: SuitangState, e: ev.LastWords) -> None:
    """Last words published at dawn (the kernel keeps the text, and ends the seat's part as it gives them)."""
    if e.published:
        s.published.add(e.seat)


def _warned(s: SuitangState, e: ev.Warned) -> None:
    role = s.seats[e.seat]
    color = e.reason.split(":", 1)[0]
    if color == "blue":
        role.blue = e.count
    elif color == "yellow":
        role.yellow = e.count
        if e.reason == "yellow:low_activity_streak":
            role.low_days = 0
    elif color == "red":
        role.red = e.count
        s.red_by_camp[role.faction] = s.red_by_camp.get(role.faction, 0) + 1
        if role.alive and e.seat not in s.red_pending:
            s.red_pending.append(e.seat)
    s.carded = carded(s)


FOLDS: Mapping[str, Callable[[SuitangState, Any], None]] = {
    "game_created": _game_created, "role_dealt": _dealt, "posted": _posted, "passed": _passed,
    "skill_submitted": _skill, "question": _question, "choice_made": _choice, "resolved": by_skill(_RESOLVED),
    "died": _died, "last_words": _last_words, "warned": _warned, "announced": _announced, "sheriff": _sheriff,
    "dawn": _dawn,
}
"""The rule set's handlers by event kind (``phase_began``'s, which replaces the kernel's, is added by
the rule set with its phase table)."""
