"""Submitting an action on the table: which offered template it answers, and the shared refusals.

Every rule set did the same three things before its own checks: refuse a seat that does not exist,
find the seat's offered actions (or say why it has none: the game waits for someone else, it has
answered, it is out), and find among them the template of the action's kind. Written once here,
with coded refusals (``engine.narrate.messages.ERRORS``); a rule set's ``refuse_idle`` hook says why
a seat it does not wait for cannot act, where the rules give a more precise reason.

So are the handlers every rule set wrote alike (a pass, last words kept for the seat, a team
message to its recipients, a post that may quote a floor the thread has): a rule set lists them in
its ``handlers`` beside its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import IllegalAction, reason
from engine.events import PUBLIC, LastWords, Passed, Posted, TeamPosted, seat_vis, team_vis
from engine.legal import LegalAction
from engine.table.state import TableState

if TYPE_CHECKING:
    from engine.game import Game

KIND_OF: dict[type[Action], str] = {
    Post: "post", TeamPost: "team_post", Vote: "vote", UseSkill: "skill", Choose: "choose",
    SubmitLastWords: "last_words", Pass: "pass",
}
"""The ``LegalAction.kind`` each action type answers."""


def check_seat(s: TableState[Any], seat: int) -> None:
    """Refuse a seat number the table does not have (said in the game's rule set's words)."""
    if seat not in s.seats:
        raise IllegalAction("no_seat", ruleset=s.ruleset, target=seat, count=len(s.seats))


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


def described(kind: str, skill: str | None = None, team: str | None = None) -> dict[str, Any]:
    """An action as a refusal names it (a nested reason: ``act.<kind>`` with its skill or team), in
    the rule set's words for ``act.*``."""
    params = {"skill": skill} if skill else {"team": team} if team else {}
    return reason(f"act.{kind}", **params)


# -- the handlers every rule set wrote alike --------------------------------------------------------


def table(game: Game) -> TableState[Any]:
    """The game's state as the kernel's."""
    return cast(TableState[Any], game.state)


def post(game: Game, action: Post, legal: LegalAction) -> None:
    """A public post on the thread's next floor; a quote names a floor the thread has."""
    s = table(game)
    if action.quote is not None and action.quote > s.floor:
        raise IllegalAction("no_such_floor", ruleset=game.ruleset.id, floor=action.quote, floors=s.floor)
    game.emit(Posted, PUBLIC, seat=action.seat, text=action.text, floor=s.floor + 1, quote=action.quote)


def team_post(game: Game, action: TeamPost, legal: LegalAction) -> None:
    """A team message, to whom the state says receives one now (``TableState.recipients``)."""
    game.emit(TeamPosted, team_vis(action.team), table(game).recipients(action.team), team=action.team,
              seat=action.seat, text=action.text)


def last_words(game: Game, action: SubmitLastWords, legal: LegalAction) -> None:
    """Last words, kept for the seat until the rules publish them."""
    game.emit(LastWords, seat_vis(action.seat), seat=action.seat, text=action.text)


def passed(game: Game, action: Pass, legal: LegalAction) -> None:
    """A pass: the seat's part in the window is done (a fallback pass carries why it was taken)."""
    game.emit(Passed, seat_vis(action.seat), seat=action.seat, fallback=action.fallback, reason=action.reason,
              detail=dict(action.detail))
