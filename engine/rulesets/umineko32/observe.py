"""What an umineko32 seat knows of its own skills and allowances now (``Ruleset.observe``).

The shared observation (``engine.observation``) gives the public record and what the seat was told
of its identity; this adds the rule set's own: each skill of the seat's role with what is left of
it (王车易位 once, 红字结界 restricted after its second use on a 白 piece, 演员试镜 blocked the night
after a 同), the 蓝字 left in the restricted phase, the posts and team messages left in the turn or
window, the vote changes left, last words still granted, and the seat's own status (its belief).
"""

from __future__ import annotations

from engine.observation import BudgetState, SkillState
from engine.rulesets.umineko32 import legal
from engine.rulesets.umineko32.names import (
    AUDITION,
    BARRIER,
    BELIEF,
    BLADE,
    CASTLING,
    DETECT,
    MARK,
    ROLES,
    SAME,
    TELL_NAME,
)
from engine.rulesets.umineko32.state import TURN_PHASES, UminekoState

SKILLS_OF = {role.id: role.skills for role in ROLES}
"""Each role's skills as its card lists them."""


def skills(s: UminekoState, seat: int, role: str | None) -> tuple[SkillState, ...]:
    """The skills of ``role`` (the role the seat knows it has) with what is left of each."""
    return tuple(_skill(s, seat, skill) for skill in SKILLS_OF.get(role or "", ())
                 if skill != BELIEF or s.phase == "SETUP")


def _skill(s: UminekoState, seat: int, skill: str) -> SkillState:
    piece = s.pieces[seat]
    if skill == CASTLING:
        left = 0 if s.castling_used else 1
        return SkillState(skill, left=left, total=1, usable=left > 0 and legal.witch_skills_open(s))
    if skill == MARK:
        return SkillState(skill, usable=legal.witch_skills_open(s), note="" if legal.witch_skills_open(s) else "latched")
    if skill == BARRIER:
        return SkillState(skill, usable=piece.alive, note="restricted" if s.inquisitor_restricted else "")
    if skill == AUDITION:
        blocked = bool(s.theater) and s.theater[-1][3] == SAME and s.theater[-1][0] == legal.tonight(s) - 1
        return SkillState(skill, usable=piece.alive, note="blocked_tonight" if blocked else "")
    if skill == BELIEF:
        chosen = seat in s.window.done
        return SkillState(skill, left=0 if chosen else 1, total=1, usable=not chosen)
    if skill == TELL_NAME:
        return SkillState(skill, usable=piece.alive and seat in s.teams.get("killers", ()))
    if skill in (BLADE, DETECT):
        return SkillState(skill, usable=piece.alive)
    return SkillState(skill, usable=piece.alive)


def budgets(s: UminekoState, seat: int) -> tuple[BudgetState, ...]:
    """What the seat may still post, message and change now, where the rules count it."""
    piece, w, out = s.pieces[seat], s.window, []
    if s.phase == "RESTRICTED":
        limit = int(s.flags["umineko.blue_limit"])
        out.append(BudgetState("blue", max(0, limit - piece.blue_today), limit))
    if s.phase == "VOTE":
        out.append(BudgetState("posts", max(0, legal.VOTE_PHASE_POSTS - w.posts.get(seat, 0)), legal.VOTE_PHASE_POSTS))
        limit = int(s.flags["umineko.vote_change_limit"])
        if limit >= 0:
            out.append(BudgetState("vote_changes", max(0, limit - piece.vote_changes), limit))
    used = w.free_used if s.phase in TURN_PHASES else w.team_posts.get(seat, 0)
    for team in legal.postable_teams(s, seat):
        out.append(BudgetState("team_posts", max(0, legal.FREE_PER_TURN - used), legal.FREE_PER_TURN, team=team))
    if s.phase in ("LAST_WORDS", "VOTE_LAST_WORDS") and seat in w.eligible:
        out.append(BudgetState("last_words", 0 if seat in w.done else 1, 1))
    return tuple(out)


def statuses(s: UminekoState, seat: int, role: str | None) -> tuple[str, ...]:
    """What the seat knows of its own standing: its belief (a 平民 chose to believe in the witch)."""
    return ("believer",) if role == "commoner" and s.pieces[seat].believes else ()
