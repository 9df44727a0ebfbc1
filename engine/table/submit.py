"""Submitting an action on the table: which offered template it answers, and the shared refusals.

Every rule set did the same three things before its own checks: refuse a seat that does not exist,
find the seat's offered actions (or say why it has none: the game waits for someone else, it has
answered, it is out), and find among them the template of the action's kind. Written once here,
with coded refusals (``engine.narrate.messages.ERRORS``); a rule set's ``refuse_idle`` hook says why
a seat it does not wait for cannot act, where the rules give a more precise reason.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import IllegalAction
from engine.legal import LegalAction
from engine.table.state import TableState

KIND_OF: dict[type[Action], str] = {
    Post: "post", TeamPost: "team_post", Vote: "vote", UseSkill: "skill", Choose: "choose",
    SubmitLastWords: "last_words", Pass: "pass",
}
"""The ``LegalAction.kind`` each action type answers."""


def check_seat(s: TableState[Any], seat: int) -> None:
    """Refuse a seat number the table does not have."""
    if seat not in s.seats:
        raise IllegalAction("no_seat", target=seat, count=len(s.seats))


def idle_refusal(s: TableState[Any], seat: int) -> IllegalAction:
    """Why a seat the open phase does not wait for cannot act: the speaker holds the floor, it has
    answered, it is out, or it simply has nothing to do now."""
    speaker = s.window.speaker
    if speaker is not None and speaker != seat:
        return IllegalAction("not_your_turn", seat=seat, speaker=speaker)
    if seat in s.window.done:
        return IllegalAction("already_answered", seat=seat)
    if not s.seats[seat].alive:
        return IllegalAction("dead_cannot_act", seat=seat)
    return IllegalAction("nothing_to_do", seat=seat)


def match(offered: tuple[LegalAction, ...], kind: str, skill: str | None = None,
          team: str | None = None) -> LegalAction | None:
    """The first offered template of ``kind`` (and ``skill``, ``team`` where given), or None."""
    for legal in offered:
        if legal.kind == kind and (skill is None or legal.skill == skill) and (team is None or legal.team == team):
            return legal
    return None


def find(offered: tuple[LegalAction, ...], action: Action) -> LegalAction:
    """The offered template ``action`` answers (by kind, skill and team), or a refusal listing what
    the seat may do."""
    kind = KIND_OF[type(action)]
    skill = action.skill if isinstance(action, UseSkill | Choose) else None
    team = action.team if isinstance(action, TeamPost) else None
    found = match(offered, kind, skill, team)
    if found is not None:
        return found
    can = sorted({lg.kind if lg.skill is None else f"{lg.kind}:{lg.skill}" for lg in offered})
    what = kind if skill is None else f"{kind}:{skill}"
    raise IllegalAction("cannot_do", seat=action.seat, what=what, can=", ".join(can))
