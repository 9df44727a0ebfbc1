"""Folding events into the suitang21 state: the only code that changes it.

One small handler per event kind; ``fold`` dispatches on ``kind``. Replaying a stored game is
calling ``fold`` on each event in order, so every effect of the rules passes through here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.rulesets.suitang21.names import (
    ARROW,
    BIG_SPECIALS,
    DEFEAT,
    DETECT,
    ELDER_PENALTY,
    HUG,
    HUNTER,
    KILL,
    LONGEVITY,
    LOVERS,
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
from engine.rulesets.suitang21.pipeline import shot_allowed
from engine.rulesets.suitang21.state import Role, SuitangState, Task, Window

Handler = Callable[[SuitangState, Any], None]


def _game_created(s: SuitangState, e: ev.GameCreated) -> None:
    s.ruleset, s.seed, s.flags, s.options = e.ruleset, e.seed, dict(e.flags), dict(e.options)
    s.roles = {seat: Role(seat) for seat in range(1, e.seats + 1)}
    s.camps = [WOLVES, VILLAGE]


def _draw(s: SuitangState, e: ev.Draw) -> None:
    s.draws += 1


def _aliases(s: SuitangState, e: ev.AliasesAssigned) -> None:
    for seat, alias in e.aliases.items():
        s.roles[int(seat)].alias = alias


def _dealt(s: SuitangState, e: ev.RoleDealt) -> None:
    role = s.roles[e.seat]
    role.identity, role.camp, role.has_kill = e.role, e.faction, e.role == WEREWOLF


def _changed(s: SuitangState, e: ev.RoleChanged) -> None:
    s.roles[e.seat].camp = e.faction


def _team_formed(s: SuitangState, e: ev.TeamFormed) -> None:
    s.teams[e.team] = list(e.members)


def _phase_began(s: SuitangState, e: ev.PhaseBegan) -> None:
    previous = s.phase
    s.phase, s.day = e.name, e.number
    s.window = Window(eligible=list(e.order))
    if e.name == "DAY":
        _new_day(s)
    elif e.name == "NIGHT":
        s.skills, s.hug, s.kill_named, s.protected = {}, None, [], set()
    elif e.name == "REACT" and previous != "REACT":
        s.resume = previous
    elif e.name in ("CLOSE", "NIGHT_RESOLUTION"):
        s.origin = e.name
        if e.name == "CLOSE" and previous == "DAY":
            _count_activity(s)
    elif e.name in ("LAST_WORDS", "VOTE_LAST_WORDS"):
        s.asked.update(e.order)


def _new_day(s: SuitangState) -> None:
    for role in s.roles.values():
        role.posts_today, role.accelerate_asked = 0, False
    s.ballots, s.first_vote, s.vote, s.changes = [], {}, {}, {}
    s.accelerated, s.accelerate_asks, s.hug, s.origin = False, 0, None, ""


def _count_activity(s: SuitangState) -> None:
    """The 3-day streak of fewer than 10 posts counts non-accelerated days only (§5)."""
    if s.accelerated:
        return
    for role in s.roles.values():
        if role.alive:
            role.low_days = role.low_days + 1 if role.posts_today < 10 else 0


def _awaiting(s: SuitangState, e: ev.Awaiting) -> None:
    s.window.eligible = list(e.seats)


def _posted(s: SuitangState, e: ev.Posted) -> None:
    s.floor = e.floor
    s.roles[e.seat].posts_today += 1


def _team_posted(s: SuitangState, e: ev.TeamPosted) -> None:
    s.window.team_posts[e.seat] = s.window.team_posts.get(e.seat, 0) + 1


def _passed(s: SuitangState, e: ev.Passed) -> None:
    s.window.done.add(e.seat)
    if e.fallback:
        s.window.fallback.add(e.seat)


def _vote(s: SuitangState, e: ev.VoteCast) -> None:
    if e.seat in s.vote:
        s.changes[e.seat] = s.changes.get(e.seat, 0) + 1
    else:
        s.first_vote[e.seat] = e.target
    s.vote[e.seat] = e.target
    s.ballots.append((e.seat, e.target))


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
    s.window.question = e.skill


def _choice(s: SuitangState, e: ev.ChoiceMade) -> None:
    if not e.default:
        s.window.answer = tuple(e.targets)
    s.window.done.add(e.seat)


def _resolved(s: SuitangState, e: ev.Resolved) -> None:
    handler = _RESOLVED.get(e.skill)
    if handler is not None:
        handler(s, e)


def _arrow(s: SuitangState, e: ev.Resolved) -> None:
    a, b = e.targets
    s.lovers = (a, b)
    s.roles[a].partner, s.roles[b].partner = b, a
    ids = (s.roles[a].identity, s.roles[b].identity)
    s.double_wolf = ids == (WEREWOLF, WEREWOLF)
    specials = BIG_SPECIALS if s.flags.get("suitang.two_big_specials_only") else SPECIALS
    s.double_special = all(i in specials for i in ids) and s.roles[a].camp == s.roles[b].camp == VILLAGE
    if ids.count(WEREWOLF) == 1:
        s.roles[a if ids[0] == WEREWOLF else b].has_kill = False
    if e.result == "elope":
        s.camps = [WOLVES, VILLAGE, LOVERS]


def _hug(s: SuitangState, e: ev.Resolved) -> None:
    s.roles[e.targets[0]].hugged_before = True
    if e.result == "hug" and e.actor is not None:
        s.hug = (e.actor, e.targets[0])


def _shield(s: SuitangState, e: ev.Resolved) -> None:
    target = e.targets[0]
    s.roles[target].guarded_before = True
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
    if target == butterfly and s.roles[hugged].alive and s.flags.get("suitang.propagation_overrides_immunity", True):
        return [butterfly, hugged]
    return [target]


def _detect(s: SuitangState, e: ev.Resolved) -> None:
    if e.actor is not None:
        s.roles[e.actor].detect_used = True
        if e.result == "exchanged":
            s.detected.extend((e.actor, seat) for seat in e.targets)


def _kill(s: SuitangState, e: ev.Resolved) -> None:
    if e.result == "issued":
        s.kill_named.append(e.targets[0])


def _potion(s: SuitangState, e: ev.Resolved) -> None:
    if e.actor is None or e.result == "refunded":
        return
    witch = s.roles[e.actor]
    if e.skill == SAVE:
        witch.save_left, witch.tongling = False, False
    else:
        witch.poison_left = False


def _longevity(s: SuitangState, e: ev.Resolved) -> None:
    s.roles[e.targets[0]].elder_hit = True


def _penalty(s: SuitangState, e: ev.Resolved) -> None:
    for seat in e.targets:
        s.roles[seat].skills_lost = True


def _defeat(s: SuitangState, e: ev.Resolved) -> None:
    s.defeated.append(e.result)
    if e.result == WOLVES:
        for role in s.roles.values():
            if role.camp == WOLVES:
                role.has_kill = False


def _widow(s: SuitangState, e: ev.Resolved) -> None:
    s.widow = True
    for seat in e.targets:
        s.roles[seat].has_kill = True


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
    role = s.roles[e.seat]
    role.alive = False
    s.out_log.append((e.seat, e.cause))
    s.died_at[e.seat] = (e.day, e.seq, e.cause)
    s.since_dawn.append(e.seat)
    if e.seat in s.red_pending:
        s.red_pending.remove(e.seat)
    if e.cause != RED_CARD and s.last_words_left > 0:
        s.last_words_left -= 1
        s.granted.append(e.seat)
    reactions: list[Task] = []
    if role.identity == HUNTER and shot_allowed(s, e.seat, e.cause):
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
        s.roles[e.seats[0]].accelerate_asked = True
        s.accelerate_asks += 1
    elif e.topic == "accelerated":
        s.accelerated = True


def _last_words(s: SuitangState, e: ev.LastWords) -> None:
    if e.published:
        s.published.add(e.seat)
    else:
        s.last_words[e.seat] = e.text
        s.window.done.add(e.seat)


def _warned(s: SuitangState, e: ev.Warned) -> None:
    role = s.roles[e.seat]
    color = e.reason.split(":", 1)[0]
    if color == "blue":
        role.blue = e.count
    elif color == "yellow":
        role.yellow = e.count
        if e.reason == "yellow:low_activity_streak":
            role.low_days = 0
    elif color == "red":
        role.red = e.count
        s.red_by_camp[role.camp] = s.red_by_camp.get(role.camp, 0) + 1
        if role.alive and e.seat not in s.red_pending:
            s.red_pending.append(e.seat)


def _ended(s: SuitangState, e: ev.GameEnded) -> None:
    s.over, s.winners = True, list(e.winners)


def _nothing(s: SuitangState, e: Any) -> None:
    return None


HANDLERS: dict[str, Handler] = {
    "game_created": _game_created, "draw": _draw, "aliases": _aliases, "role_dealt": _dealt,
    "role_changed": _changed, "team_formed": _team_formed, "team_joined": _nothing,
    "phase_began": _phase_began, "awaiting": _awaiting, "posted": _posted, "post_withheld": _nothing,
    "team_posted": _team_posted, "passed": _passed, "vote_cast": _vote, "skill_submitted": _skill,
    "question": _question, "choice_made": _choice, "resolved": _resolved, "died": _died,
    "last_words": _last_words, "warned": _warned, "win_latched": _nothing, "game_ended": _ended,
    "announced": _announced, "feedback": _nothing, "notice": _nothing, "sheriff": _sheriff, "dawn": _dawn,
    "vote_result": _nothing, "seats_out": _nothing, "role_revealed": _nothing, "layer_listed": _nothing,
    "layer_assigned": _nothing,
}


def fold(state: SuitangState, event: ev.Event) -> None:
    """Apply one event to ``state``."""
    HANDLERS[event.kind](state, event)

