"""Submitting: what each action does once the kernel has found the template it answers.

The kernel (``engine.table.submit``) has refused a seat that does not exist, one the phase does not
wait for, and an action of a kind it is not offered; here each action's own values are checked
against its template with the shared codes (``skill_arity``, ``skill_target``, ``vote_target``) and
its events emitted. The seer is told her result at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine import actions as act
from engine import events as ev
from engine.errors import IllegalAction
from engine.legal import LegalAction
from engine.mechanics.last_words import WordsRule, check_words
from engine.mechanics.team_chat import recipients
from engine.rulesets.classic7.names import CHECK, GOOD, KILL, PACK, WEREWOLF, WOLF
from engine.rulesets.classic7.state import Classic7State
from engine.table.ruleset import SubmitHandler
from engine.table.submit import passed

if TYPE_CHECKING:
    from engine.game import Game

LAST_WORDS = WordsRule(low=1, high=300)
"""Last words: up to 300 characters."""


_state = Classic7State.of


def _targets(action: act.UseSkill | act.Choose, legal: LegalAction) -> None:
    """The targets of a skill or a choice against its template."""
    skill = legal.skill or ""
    if len(action.targets) != legal.arity:
        raise IllegalAction("skill_arity", seat=action.seat, skill=skill, n=legal.arity, got=len(action.targets))
    for target in action.targets:
        if target not in legal.targets:
            raise IllegalAction("skill_target", seat=action.seat, skill=skill, target=target, why="not_offered")


def skill(game: Game, action: act.UseSkill, legal: LegalAction) -> None:
    _targets(action, legal)
    s, seat, target = _state(game), action.seat, action.targets[0]
    wolves = s.holders(WEREWOLF)
    if legal.skill == KILL:
        game.emit(ev.SkillSubmitted, ev.team_vis(PACK), wolves, seat=seat, skill=KILL, targets=[target])
        return
    game.emit(ev.SkillSubmitted, ev.seat_vis(seat), seat=seat, skill=legal.skill or "", targets=[target])
    if legal.skill == CHECK:
        result = WOLF if s.seats[target].role == WEREWOLF else GOOD
        game.emit(ev.Feedback, ev.seat_vis(seat), seat=seat, skill=CHECK, targets=[target], result=result)


def vote(game: Game, action: act.Vote, legal: LegalAction) -> None:
    if action.target is not None and action.target not in legal.targets:
        raise IllegalAction("vote_target", seat=action.seat, target=action.target, why="not_offered",
                            targets=list(legal.targets))
    game.emit(ev.VoteCast, ev.PUBLIC, seat=action.seat, target=action.target, reason=action.reason)


def post(game: Game, action: act.Post, legal: LegalAction) -> None:
    game.emit(ev.Posted, ev.PUBLIC, seat=action.seat, text=action.text, floor=_state(game).floor + 1, quote=action.quote)


def team_post(game: Game, action: act.TeamPost, legal: LegalAction) -> None:
    s = _state(game)
    to = recipients(s.teams.get(PACK, []), lambda seat: s.seats[seat].alive)
    game.emit(ev.TeamPosted, ev.team_vis(PACK), to, team=PACK, seat=action.seat, text=action.text)


def choose(game: Game, action: act.Choose, legal: LegalAction) -> None:
    """The hunter's answer: a seat to shoot, or ``use`` false (no shot)."""
    if action.targets or action.use is not False:
        _targets(action, legal)
    game.emit(ev.ChoiceMade, ev.seat_vis(action.seat), seat=action.seat, skill=legal.skill or "", use=action.use,
              targets=list(action.targets))


def last_words(game: Game, action: act.SubmitLastWords, legal: LegalAction) -> None:
    check_words(LAST_WORDS, action.seat, action.text)
    game.emit(ev.LastWords, ev.PUBLIC, seat=action.seat, text=action.text, published=True)


HANDLERS: Mapping[type[act.Action], SubmitHandler] = {
    act.UseSkill: skill, act.Vote: vote, act.Post: post, act.TeamPost: team_post, act.Choose: choose,
    act.SubmitLastWords: last_words, act.Pass: passed,
}
