"""Folding events into the umineko32 state: the only code that changes it.

One small handler per event kind; ``fold`` dispatches on ``kind``. Replaying a stored game is
calling ``fold`` on each event in order, so every effect of the rules must pass through here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.rulesets.umineko32.names import DROWNED
from engine.rulesets.umineko32.state import TURN_PHASES, Piece, UminekoState, Window

Handler = Callable[[UminekoState, Any], None]


def _game_created(s: UminekoState, e: ev.GameCreated) -> None:
    s.ruleset, s.seed, s.flags, s.options = e.ruleset, e.seed, dict(e.flags), dict(e.options)
    s.pieces = {seat: Piece(seat) for seat in range(1, e.seats + 1)}


def _draw(s: UminekoState, e: ev.Draw) -> None:
    s.draws += 1


def _aliases(s: UminekoState, e: ev.AliasesAssigned) -> None:
    for seat, alias in e.aliases.items():
        s.pieces[int(seat)].alias = alias


def _role(s: UminekoState, e: ev.RoleDealt | ev.RoleChanged) -> None:
    piece = s.pieces[e.seat]
    piece.role, piece.faction = e.role, e.faction


def _team_formed(s: UminekoState, e: ev.TeamFormed) -> None:
    s.teams[e.team] = list(e.members)
    s.members_told[e.team] = {seat: list(e.members) for seat in e.members}


def _team_joined(s: UminekoState, e: ev.TeamJoined) -> None:
    s.teams.setdefault(e.team, []).append(e.seat)
    told = s.members_told.setdefault(e.team, {})
    for seat in e.to:
        told[seat] = list(e.to) if seat == e.seat else [*told.get(seat, []), e.seat]
    if e.seat == s.soul_pending:
        s.soul_pending = None


def _phase_began(s: UminekoState, e: ev.PhaseBegan) -> None:
    s.phase, s.day = e.name, e.number
    turns = e.name in TURN_PHASES and s.options.get("floor", "turns") == "turns"
    s.window = Window(eligible=list(e.order), rounds=e.rounds, turns=turns)
    if e.name in ("D1_FREE", "RESTRICTED"):
        for piece in s.pieces.values():
            piece.posts_today = piece.blue_today = piece.vote_changes = 0
            piece.voted_today = False
        s.name_today, s.died_by_vote, s.exits, s.exits_done = None, [], [], 0
        s.votes = {}
    elif e.name == "NIGHT":
        s.night = e.number
        s.protected, s.barrier_kill, s.dead_tonight, s.tonight = set(), None, [], []
        s.converted_tonight, s.castle_answer, s.skills = False, None, {}
    elif e.name == "VOTE":
        s.castle_answer = None


def _awaiting(s: UminekoState, e: ev.Awaiting) -> None:
    s.window.eligible = list(e.seats)


def _end_turn(s: UminekoState, seat: int) -> None:
    w = s.window
    if s.by_turns() and w.speaker == seat:
        w.turn += 1
        w.free_used = 0
    else:
        w.done.add(seat)


def _free(s: UminekoState, seat: int) -> None:
    if s.by_turns() and s.window.speaker == seat:
        s.window.free_used += 1


def _posted(s: UminekoState, e: ev.Posted) -> None:
    s.floor = e.floor
    piece = s.pieces[e.seat]
    piece.posts_today += 1
    if e.blue is not None:
        piece.blue_today = e.blue
    if s.by_turns():
        _end_turn(s, e.seat)
    else:
        s.window.posts[e.seat] = s.window.posts.get(e.seat, 0) + 1


def _withheld(s: UminekoState, e: ev.PostWithheld) -> None:
    if e.reason == "curfew":
        s.pieces[e.seat].curfew_attempts += 1
        return
    s.pieces[e.seat].blue_today += 1
    if s.by_turns():
        _end_turn(s, e.seat)


def _team_posted(s: UminekoState, e: ev.TeamPosted) -> None:
    s.window.team_posts[e.seat] = s.window.team_posts.get(e.seat, 0) + 1
    _free(s, e.seat)


def _passed(s: UminekoState, e: ev.Passed) -> None:
    _end_turn(s, e.seat)


def _vote(s: UminekoState, e: ev.VoteCast) -> None:
    piece = s.pieces[e.seat]
    if e.seat in s.votes:
        piece.vote_changes += 1
        del s.votes[e.seat]
    s.votes[e.seat] = e.target
    piece.voted_today = True
    s.window.done.add(e.seat)


def _skill(s: UminekoState, e: ev.SkillSubmitted) -> None:
    if e.skill == "tell_name":
        s.name_today = e.targets[0]
        if s.day == 1:
            s.day1_name = e.targets[0]
        _free(s, e.seat)
        return
    s.skills[skill_key(s, e.skill, e.seat)] = (e.seat, tuple(e.targets))
    s.window.done.add(e.seat)


def skill_key(s: UminekoState, skill: str, seat: int) -> str:
    """Where a night submission is buffered: one slot per team skill, else one per seat."""
    if skill == "blade" or (skill == "detect" and s.flags.get("umineko.detective_team_check")):
        return skill
    return f"{skill}:{seat}"


def _question(s: UminekoState, e: ev.Question) -> None:
    s.castle_form = str(e.data.get("form", ""))
    s.window.question = e.skill


def _choice(s: UminekoState, e: ev.ChoiceMade) -> None:
    if e.skill == "belief":
        s.pieces[e.seat].believes = bool(e.use)
    elif e.skill == "castling":
        s.castle_answer = bool(e.use)
        s.castling_used = s.castling_used or bool(e.use)
    s.window.done.add(e.seat)


def _resolved(s: UminekoState, e: ev.Resolved) -> None:
    handler = _RESOLVED.get(e.skill)
    if handler is not None:
        handler(s, e)
    if e.skill in ("mark", "detect", "audition"):
        s.tonight.append((e.skill, e.actor, tuple(e.targets), e.result))


def _barrier(s: UminekoState, e: ev.Resolved) -> None:
    target = e.targets[0]
    s.barrier_last = (s.night, target)
    if target != e.actor:
        s.pieces[target].barrier_uses += 1
    if e.result == "protect":
        s.protected.add(target)
    elif e.result == "kill":
        s.barrier_kill = target
        if s.flags.get("umineko.barrier_black_second_use_restricts"):
            s.inquisitor_restricted = True
    elif e.result == "void":
        s.inquisitor_restricted = True


def _mark(s: UminekoState, e: ev.Resolved) -> None:
    if e.result == "成功":
        s.pieces[e.targets[0]].marked = True


def _audition(s: UminekoState, e: ev.Resolved) -> None:
    a, b = e.targets
    s.theater.append((s.night, a, b, e.result))
    s.pieces[a].theater_selected = s.pieces[b].theater_selected = True
    if e.result == "异":
        s.pieces[a].yi_partners.add(b)
        s.pieces[b].yi_partners.add(a)


def _told(s: UminekoState, e: ev.Resolved) -> None:
    s.told.add(e.targets[0])


def _merge(s: UminekoState, e: ev.Resolved) -> None:
    s.pieces[e.targets[0]].merged = True


def _conversion(s: UminekoState, e: ev.Resolved) -> None:
    s.accomplice = e.targets[0]
    s.converted_tonight = True


def _vote_result(s: UminekoState, e: ev.Resolved) -> None:
    s.exits, s.exits_done = list(e.targets), 0


def _exit(s: UminekoState, e: ev.Resolved) -> None:
    s.exits_done += 1


def _privilege(s: UminekoState, e: ev.Resolved) -> None:
    for seat in e.targets:
        s.pieces[seat].immune_day = int(e.result)


def _inheritance(s: UminekoState, e: ev.Resolved) -> None:
    s.apprentice = e.targets[0]
    if e.result == "soul_pending":
        s.soul_pending = e.targets[0]


def _ascension(s: UminekoState, e: ev.Resolved) -> None:
    s.ascended = True


_RESOLVED: dict[str, Callable[[UminekoState, ev.Resolved], None]] = {
    "barrier": _barrier, "mark": _mark, "audition": _audition, "tell_name": _told, "merge": _merge,
    "conversion": _conversion, "vote": _vote_result, "exit": _exit, "stage_privilege": _privilege,
    "inheritance": _inheritance, "ascension": _ascension,
}


def _died(s: UminekoState, e: ev.Died) -> None:
    piece = s.pieces[e.seat]
    piece.alive, piece.cause, piece.died = False, e.cause, (e.day, e.seq)
    if e.cause == DROWNED:
        return
    if s.phase in ("SETTLEMENT", "DAWN") or (s.phase == "CASTLE" and s.castle_form == "night"):
        s.dead_tonight.append(e.seat)
    elif s.phase in ("VOTE_RESOLUTION", "CASTLE"):
        s.died_by_vote.append(e.seat)


def _last_words(s: UminekoState, e: ev.LastWords) -> None:
    if not e.published:
        s.last_words[e.seat] = e.text
        s.window.done.add(e.seat)


def _warned(s: UminekoState, e: ev.Warned) -> None:
    piece = s.pieces[e.seat]
    piece.warnings = e.count
    limit = int(s.flags.get("umineko.warnings_to_drown", 2))
    if piece.alive and e.count >= limit and e.seat not in s.to_drown:
        s.to_drown.append(e.seat)


def _latched(s: UminekoState, e: ev.WinLatched) -> None:
    s.witch_latched = True


def _ended(s: UminekoState, e: ev.GameEnded) -> None:
    s.over, s.winners = True, list(e.winners)


def _seats_out(s: UminekoState, e: ev.SeatsOut) -> None:
    if e.cause == DROWNED:
        s.to_drown = []


def _notice(s: UminekoState, e: ev.Notice) -> None:
    if e.topic == "promotion":
        s.promoted = True


def _nothing(s: UminekoState, e: Any) -> None:
    return None


HANDLERS: dict[str, Handler] = {
    "game_created": _game_created, "draw": _draw, "aliases": _aliases, "role_dealt": _role,
    "role_changed": _role, "team_formed": _team_formed, "team_joined": _team_joined,
    "phase_began": _phase_began, "awaiting": _awaiting, "posted": _posted, "post_withheld": _withheld,
    "team_posted": _team_posted, "passed": _passed, "vote_cast": _vote, "skill_submitted": _skill,
    "question": _question, "choice_made": _choice, "resolved": _resolved, "died": _died,
    "last_words": _last_words, "warned": _warned, "win_latched": _latched, "game_ended": _ended,
    "announced": _nothing, "feedback": _nothing, "notice": _notice, "seats_out": _seats_out,
    "dawn": _nothing, "vote_result": _nothing, "sheriff": _nothing, "role_revealed": _nothing,
    "layer_listed": _nothing, "layer_assigned": _nothing,
}


def fold(state: UminekoState, event: ev.Event) -> None:
    """Apply one event to ``state``."""
    HANDLERS[event.kind](state, event)



