"""What a seat the open phase waits for may do, with which targets, and the vocabulary of each role.

The targets come from ``skills``, which ``submit`` validates against, so what is offered is exactly
what is accepted. Posts, team posts and day privileges are free actions (they do not end a seat's
part in a window); a ballot, the last night skill, last words and a pass do.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.legal import PASS, LegalAction
from engine.rulesets.qijian24.names import (
    ALLEGIANCE_SKILLS,
    KILLER_TEAM,
    ROLE,
    STAGES,
    TEAM,
)
from engine.rulesets.qijian24.skills import arity, day_skills, open_skills, targets
from engine.rulesets.qijian24.state import QijianState

POSTS_PER_WINDOW = 12
"""Posts (public and team together) one seat may make in one vote stage or night: free actions need a
bound, or a player that only ever posts would hold the window open for good. Above the lurking bar
of 5 (C-36)."""

POST = LegalAction("post", free=True)
TEAM_POST = LegalAction("team_post", team=TEAM)
LAST_WORDS = LegalAction("last_words")


def actions(s: QijianState, seat: int) -> tuple[LegalAction, ...]:
    """The legal actions of a seat the phase waits for (the kernel derives who that is)."""
    piece = s.seats[seat]
    talk = s.talked(seat) < POSTS_PER_WINDOW
    chat = (TEAM_POST,) if talk and piece.alive and piece.role in KILLER_TEAM else ()
    if s.phase in STAGES:
        return (*((POST,) if talk else ()), _ballot(s), *day_actions(s, seat), *chat, PASS)
    if not piece.alive:
        return (LAST_WORDS, PASS)
    skills = [_skill(sk, targets(s, seat, sk)) for sk in open_skills(s, seat)]
    return (*skills, *chat, PASS)


def _ballot(s: QijianState) -> LegalAction:
    """The open stage's ballot: its candidates, or an abstention."""
    if s.ballot is None:
        s.ballot = LegalAction("vote", targets=tuple(s.eligible_targets()), arity=1, abstain=True)
    return s.ballot


def day_actions(s: QijianState, seat: int) -> tuple[LegalAction, ...]:
    """The day privileges and the ranger choice open to ``seat`` in this stage (free actions). Most seats
    have none, answered before a generator is made for them."""
    skills = day_skills(s, seat)
    if not skills:
        return ()
    return tuple([_skill(sk, targets(s, seat, sk) if arity(sk) else (), free=True) for sk in skills])


@lru_cache(maxsize=4096)
def _skill(skill: str, chosen: tuple[int, ...], free: bool = False) -> LegalAction:
    """The template of ``skill`` with its targets: one object for the same values, as the other rule
    sets keep theirs. The frozen ``__init__`` sets its fifteen fields one ``object.__setattr__`` at a
    time (about 2 µs), and a seat's skills are offered again at every step of the night, mostly with
    the same targets."""
    return LegalAction("skill", skill=skill, targets=chosen, arity=arity(skill), free=free)


@cache
def vocabulary(role: str | None) -> tuple[LegalAction, ...]:
    """Every action a holder of ``role`` may ever be offered (targets empty: any seat)."""
    base: list[LegalAction] = [POST, LegalAction("vote", arity=1, abstain=True), LAST_WORDS, PASS]
    if role is None or role not in ROLE:
        return tuple(base)
    for skill in ROLE[role].skills:
        base.append(LegalAction("skill", skill=skill, arity=arity(skill), free=skill in ("immunity", "exempt")))
    if ROLE[role].faction == "rangers":
        base += [LegalAction("skill", skill=sk, free=True) for sk in ALLEGIANCE_SKILLS]
    if role in KILLER_TEAM:
        base.append(TEAM_POST)
    return tuple(base)
