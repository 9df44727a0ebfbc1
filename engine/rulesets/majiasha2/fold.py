"""majiasha2's own fold handlers, run after the kernel's (``engine.table.fold``): the only code
besides the kernel's that changes its state (replay = fold in order).

The kernel keeps seats, aliases, chats, the window, posts, ballots, outs, warnings (the penalty
points), last words and the end. A seat's identity reaches it in stages, each a ``RoleDealt`` to that
seat: its faction letter (or 爱神/吹笛) at the start, then its identity at the end of night 0, and a
lover's new faction; the first one fixes the origin faction (D-23), so these two kinds replace the
kernel's handler.

The state's kept answers are emptied here, by every handler that moves what they read: ``listed_memo``
(the 马甲 list) by the seat table, a 马甲 assigned, a status set and a reveal; ``role_memo`` (who holds
what) by the seat table and an identity dealt or changed; a seat's ``told_memo`` entry (what it was told
of the 马甲) by ``_knows``; the table's ``team_index`` (``team_of``) by a death, which leaves the chats
(``TableState.leave_teams``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import events as ev
from engine.audience import audience
from engine.rulesets.majiasha2.names import (
    CONFIRM,
    CUPID,
    ELDER,
    FACTION_NAMES,
    FATE,
    KILL,
    LOVERS,
    PIPE,
    POTION,
    PROPHECY,
    REDACT,
    ROLE_NAMES,
    SHELTER,
    SHIELD,
    SOUNDPROOF,
    SUCCESSOR,
    Ph,
)
from engine.rulesets.majiasha2.state import ALIVE, DYING, OUT, Known, MajiaSeat, MajiaState, Submission
from engine.rulesets.majiasha2.table import row
from engine.table.fold import by_skill


def _game_created(s: MajiaState, e: ev.GameCreated) -> None:
    s.size = e.seats
    s.listed_memo = s.role_memo = None


def _role(s: MajiaState, e: ev.RoleDealt | ev.RoleChanged) -> None:
    actor = s.seats[e.seat]
    first = actor.role == ""
    if first or actor.role != e.role:
        actor.hp = actor.max_hp = row(s.size).hp(e.role) if e.role != "member" else 0
    actor.role, actor.faction = e.role, e.faction
    s.role_memo = None
    if first:
        actor.origin = e.faction if e.faction in ("A", "B", "C") else ""
    if e.faction == LOVERS and e.role != CUPID:
        s.lovers_formed = True


def _phase_began(s: MajiaState, e: ev.PhaseBegan) -> None:
    """A phase's resets; the morning's outs are cleared by its announcement (``_dawn``)."""
    s.submissions, s.submits, s.answer = [], {}, None
    if e.name == Ph.DAY:
        for actor in s.seats.values():
            actor.posts_today, actor.voted_today, actor.vote_changes = 0, False, 0
        s.shortened = set()
    elif e.name in Ph.VOTES:
        s.ballots, s.votes, s.outs_today = [], {}, []
    elif e.name == Ph.GUARD:
        s.night = e.number
        s.shielded, s.soundproofed, s.dying_order, s.last_hit = set(), set(), [], {}
        s.outs_tonight, s.redactors, s.last_words = [], {}, {}


def _posted(s: MajiaState, e: ev.Posted) -> None:
    """A day's posts count against the seat's quota; the quota spent ends its part of the window."""
    s.seats[e.seat].posts_today += 1
    if s.window.posts[e.seat] >= int(s.options.get("rounds", {}).get(Ph.DAY, 1)):
        s.window.done.add(e.seat)


def _vote(s: MajiaState, e: ev.VoteCast) -> None:
    s.seats[e.seat].voted_today = True
    s.window.done.add(e.seat)


def _skill(s: MajiaState, e: ev.SkillSubmitted) -> None:
    w = s.window
    if e.skill == CONFIRM:
        for sub in s.submissions:
            if sub.seat == e.seat and sub.confirmed is None:
                sub.confirmed = e.seq
        w.done.add(e.seat)
        return
    s.submissions = [x for x in s.submissions if not (x.seat == e.seat and x.skill == e.skill)]
    s.submissions.append(Submission(e.seat, e.skill, tuple(e.targets), e.seq))
    s.submits[e.seat] = s.submits.get(e.seat, 0) + 1
    if s.phase not in Ph.NIGHT_STEPS:
        w.done.add(e.seat)


def _choice(s: MajiaState, e: ev.ChoiceMade) -> None:
    if e.skill == SUCCESSOR and e.targets:
        s.answer = e.targets[0]
    s.window.done.add(e.seat)


def _shield(s: MajiaState, e: ev.Resolved) -> None:
    guard, target = s.seats[e.actor or 0], e.targets[0]
    if e.skill == SHIELD:
        s.shielded.add(target)
        guard.guard_last = (s.night, target)
    else:
        s.soundproofed.add(target)
        guard.soundproof_used = True


def _pipe(s: MajiaState, e: ev.Resolved) -> None:
    if e.result == "frenzied":
        s.seats[e.targets[0]].frenzied = True


def _dying(s: MajiaState, actor: MajiaSeat) -> None:
    actor.status = DYING
    s.listed_memo = None
    if actor.seat in s.dying_order:
        s.dying_order.remove(actor.seat)
    s.dying_order.append(actor.seat)


def _kill(s: MajiaState, e: ev.Resolved) -> None:
    if e.result != "hit":
        return
    target = s.seats[e.targets[0]]
    target.hp = max(0, target.hp - 1)
    if target.hp == 0 and target.status == ALIVE:
        _dying(s, target)
        s.last_hit[target.seat] = e.actor or 0


def _potion(s: MajiaState, e: ev.Resolved) -> None:
    witch, target = s.seats[e.actor or 0], s.seats[e.targets[0]]
    witch.potion_used = True
    if e.result == "heal":
        target.status, target.hp = ALIVE, target.max_hp
        s.listed_memo = None
        s.dying_order.remove(target.seat)
        s.last_hit.pop(target.seat, None)
    elif e.result == "misfire" and target.status == ALIVE:
        _dying(s, target)


def _shelter(s: MajiaState, e: ev.Resolved) -> None:
    lover = s.seats[e.targets[0]]
    lover.hp += int(e.result)
    lover.status = ALIVE
    s.listed_memo = None


def _arrow(s: MajiaState, e: ev.Resolved) -> None:
    a, b = e.targets
    s.seats[a].lover, s.seats[b].lover = b, a


def _lift(s: MajiaState, e: ev.Resolved) -> None:
    for actor in s.seats.values():
        actor.frenzied = False


def _grace(s: MajiaState, e: ev.Resolved) -> None:
    actor = s.seats[e.targets[0]]
    actor.marked, actor.status = True, ALIVE
    s.listed_memo = None


def _sheriff(s: MajiaState, e: ev.Resolved) -> None:
    s.sheriff = e.targets[0] if e.targets else None
    s.pending_successor = None


def _successor(s: MajiaState, e: ev.Resolved) -> None:
    s.pending_successor = e.actor


def _pin(s: MajiaState, e: ev.Resolved) -> None:
    s.seats[e.actor or 0].pinned = e.result


def _redactor(s: MajiaState, e: ev.Resolved) -> None:
    s.redactors[e.targets[0]] = e.actor or 0


def _redact(s: MajiaState, e: ev.Resolved) -> None:
    victim = e.targets[0]
    s.last_words[victim] = e.result
    del s.redactors[victim]
    if not any(k == e.actor for k in s.redactors.values()):
        s.window.done.add(e.actor or 0)


def _defeat(s: MajiaState, e: ev.Resolved) -> None:
    s.defeated.append(e.result)


_RESOLVED: dict[str, Callable[[MajiaState, ev.Resolved], None]] = {
    SHIELD: _shield, SOUNDPROOF: _shield, PIPE: _pipe, KILL: _kill, POTION: _potion, SHELTER: _shelter,
    "arrow": _arrow, "lift": _lift, "grace": _grace, "sheriff": _sheriff, SUCCESSOR: _successor, "pin": _pin,
    "redactor": _redactor, REDACT: _redact, "defeat": _defeat,
}


def _died(s: MajiaState, e: ev.Died) -> None:
    actor = s.seats[e.seat]
    actor.status = OUT
    s.listed_memo = None
    actor.sent_off = e.cause == "sent_off"
    s.leave_teams(e.seat)  # (the dead read no chat here)
    if s.phase in (Ph.VOTE, Ph.DAY):
        s.outs_today.append(e.seat)
    else:
        s.outs_tonight.append(e.seat)


def _announced(s: MajiaState, e: ev.Announced) -> None:
    """Agreements to shorten the day."""
    if e.topic == "majia_shorten":
        s.shortened.update(e.seats)


def _listed(s: MajiaState, e: ev.LayerListed) -> None:
    """The public 马甲 list."""
    s.majia_names = dict(e.names)


def _reveals(s: MajiaState, e: ev.Dawn | ev.VoteResult | ev.SeatsOut) -> None:
    """Reveals: seat → 马甲 made public with an out."""
    s.revealed.update(e.majia)
    s.listed_memo = None


def _dawn(s: MajiaState, e: ev.Dawn) -> None:
    """The morning's announcement: its reveals; yesterday's and last night's outs are told."""
    _reveals(s, e)
    s.outs_tonight, s.outs_today = [], []


def _knows(s: MajiaState, seat: int, majia: int) -> Known:
    """The record of what ``seat`` was told of ``majia``, about to be written: the one way to ``known``,
    so the seat's kept ``told`` goes here (the others' stay)."""
    s.told_memo.pop(seat, None)
    mine = s.known.get(seat)
    if mine is None:
        mine = s.known[seat] = {}
    found = mine.get(majia)
    if found is None:  # (not ``setdefault``, which would build a record at every notice)
        found = mine[majia] = Known()
    return found


def _notice(s: MajiaState, e: ev.Notice) -> None:
    """What a notice tells its recipients of 马甲: their chat's members, their elder, a lover's partner."""
    if e.topic == "majia_team":
        given = e.data.get("majia", {})
        listed = {int(m) for m in (given.values() if isinstance(given, dict) else given)}
        for seat in e.to:
            s.chat_majia.setdefault(seat, {})[str(e.data.get("team", ""))] = set(listed)
            for majia in listed:
                _knows(s, seat, majia).marks.add("mate")
    elif e.topic == "majia_elder" and e.data.get("majia") is not None:
        for seat in e.to:
            known = _knows(s, seat, int(e.data["majia"]))
            known.role = ELDER
            known.marks.add("elder")
    elif e.topic == "majia_lover" and e.data.get("majia") is not None:
        lover, partner = audience(e).seat or 0, int(e.data["majia"])
        _knows(s, lover, partner).marks.add("partner")
        s.chat_majia.setdefault(lover, {})[LOVERS] = {s.seats[lover].majia, partner}


def _feedback(s: MajiaState, e: ev.Feedback) -> None:
    """What a result tells its seat: the elder's downstream 马甲 and its HP, the seer's identity."""
    if e.skill == FATE and e.targets:
        for majia in e.targets:
            known = _knows(s, e.seat, majia)
            known.faction = e.result
            known.marks.add("downstream")
    elif e.skill == FATE:
        s.told_hp[e.seat] = int(e.result.removeprefix("HP "))
    elif e.skill == PROPHECY and e.targets:
        role, _, faction = e.result.partition("/")
        known = _knows(s, e.seat, e.targets[0])
        known.role = ROLE_NAMES.id(role) if role in ROLE_NAMES else role
        if faction:
            known.faction = FACTION_NAMES.id(faction) if faction in FACTION_NAMES else faction


def _assigned(s: MajiaState, e: ev.LayerAssigned) -> None:
    """A seat's own 马甲 (the secret mapping)."""
    s.seats[e.seat].majia = e.number
    s.by_majia[e.number] = e.seat
    s.listed_memo = None


FOLDS: Mapping[str, Callable[[MajiaState, Any], None]] = {
    "game_created": _game_created, "role_dealt": _role, "role_changed": _role, "phase_began": _phase_began,
    "posted": _posted, "vote_cast": _vote, "skill_submitted": _skill, "choice_made": _choice,
    "resolved": by_skill(_RESOLVED), "died": _died, "announced": _announced, "feedback": _feedback, "notice": _notice,
    "layer_listed": _listed, "layer_assigned": _assigned, "dawn": _dawn, "vote_result": _reveals,
    "seats_out": _reveals,
}
"""majiasha2's handlers by event kind (after the kernel's, except the two it replaces: ``REPLACES``)."""
REPLACES = frozenset({"role_dealt", "role_changed"})
