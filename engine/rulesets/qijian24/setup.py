"""Game start (spec §1.1): header, deal, aliases, the sword chain's knowledge, the 杀手团 chat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.events import (
    Feedback,
    TeamFormed,
    seat_vis,
    team_vis,
)
from engine.ruleset import Ruleset, SeatSetup
from engine.rulesets.qijian24.aliases import ALIASES
from engine.rulesets.qijian24.discipline import normalise
from engine.rulesets.qijian24.errors import ROSTER, setup_error
from engine.rulesets.qijian24.names import CHAIN, IDENTITY, SWORDS, TEAM
from engine.rulesets.qijian24.night import dawn
from engine.rulesets.qijian24.state import table
from engine.table import Next
from engine.table.deal import header, seat_table

if TYPE_CHECKING:
    from engine.game import Game

SEATS = 24

OPTIONS_DOC: dict[str, str] = {
    "discipline": "true (all), false (none), or a list of no_vote/lurk",
    "judge: votes": "a day step's votes are Stage 1 (试探性投票) ballots, in the order cast",
    "judge: stage_votes": "{\"1\": [...], \"2\": [...], \"3\": [...]}: the ballots of each vote stage "
                          "(试探性投票, 可疑者辩论投票, 高票对决投票) of the day, in the order cast",
    "judge: stage_actions": "{\"2\": [{\"seat\": 14, \"skill\": \"免最高票\"}]}: day privileges (免投杀, "
                            "免最高票) used in a given stage, before its ballots",
    "judge: ranger choice": "a day-2 action with skill 选择独立, 帮助杀手方 or 帮助武庄方 (no targets), in "
                            "submission order; one over the limit is refused with a notice",
}
"""The options and the judge scenario fields qijian24 reads (``arena rules qijian24``)."""


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    """Play options with defaults: the discipline categories. The day has no speaking turns (posts are
    free in every vote stage), so ``rounds`` must be empty and ``floor`` is always open."""
    unknown = set(given) - {"discipline", "floor", "rounds"}
    if unknown:
        raise setup_error("unknown_options", names=sorted(unknown))
    if given.get("rounds"):
        raise setup_error("no_rounds", rounds=sorted(given["rounds"]))
    return {"discipline": normalise(given.get("discipline", True))}


def start(game: Game, ruleset: Ruleset, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> Next:
    """Emit the setup: header, deal, aliases, the roles, the 杀手团 chat, the sword chain; day 1's dawn follows."""
    header(game, ruleset, seed, flags, options_of(options))
    roles = seat_table(game, ruleset, seating, ALIASES, ROSTER)
    team = table(game).team()
    game.emit(TeamFormed, team_vis(TEAM), team, team=TEAM, members=team)
    _chain(game, roles)
    return dawn(table(game))


def _chain(game: Game, roles: dict[int, str]) -> None:
    """七剑: sword k learns the seat and name of sword k+1 (mod 7), one way (C-03)."""
    seat_of = {role: seat for seat, role in roles.items()}
    for k, sword in enumerate(SWORDS):
        nxt = SWORDS[(k + 1) % len(SWORDS)]
        me, other = seat_of[sword], seat_of[nxt]
        game.emit(Feedback, seat_vis(me), seat=me, skill=CHAIN, targets=[other], result=IDENTITY[nxt])


