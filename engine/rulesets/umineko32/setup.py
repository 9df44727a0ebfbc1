"""Game start (spec §1.3): header, deal, aliases, belief choices, the witch prophecy, team chats."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine import events as ev
from engine.ruleset import Ruleset, SeatSetup
from engine.rulesets.umineko32.aliases import ALIASES
from engine.rulesets.umineko32.discipline import normalise
from engine.rulesets.umineko32.errors import because, setup_error
from engine.rulesets.umineko32.flow import st, turns
from engine.rulesets.umineko32.names import (
    COMMONER,
    DETECTIVE,
    DETECTIVES,
    KILLER,
    KILLERS,
    PROPHECY,
    ROLES,
    WITCH,
    WITCHES,
    Ph,
)
from engine.table.deal import RosterRefusals, gaps, header, seat_table
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game

SEATS = sum(role.count for role in ROLES)
DEFAULT_ROUNDS = {Ph.D1_FREE: 1, Ph.RESTRICTED: 2, Ph.FREE: 1}
"""Speaking rounds per turn phase (option ``rounds``); the forum's clock becomes turns."""

OPTIONS_DOC: dict[str, str] = {
    "rounds": "speaking rounds per turn phase, e.g. {\"D1_FREE\": 1, \"RESTRICTED\": 2, \"FREE\": 1}",
    "discipline": "true (all), false (none), or a list of silence/no_vote/blue/curfew",
    "floor": "\"turns\" (one speaker at a time, the default) or \"open\" (any living seat posts in any order)",
}
"""What each option means for umineko32 (``arena rules``)."""

ROSTER = RosterRefusals(
    seats=lambda count, numbers: setup_error("seating", count=count, **gaps(count, numbers)),
    no_role=lambda seat: setup_error("seat_no_role", number=seat),
    unknown_role=lambda seat, name, err: setup_error("seat_role", number=seat, error=err.to_dict()),
    roster=lambda wrong: setup_error("roster", diff=[because("roster.count", role=role, count=got, needs=want)
                                                    for role, got, want in wrong]),
)
"""A fixed seating's refusals (``engine.table.deal``), in umineko32's codes."""


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    """Play options with defaults: speaking rounds per phase, discipline categories, the floor."""
    known = {"rounds", "discipline", "floor"}
    unknown = set(given) - known
    if unknown:
        raise setup_error("unknown_options", unknown=sorted(unknown), known=sorted(known))
    rounds = dict(DEFAULT_ROUNDS)
    for phase, n in dict(given.get("rounds", {})).items():
        if phase not in rounds or not isinstance(n, int) or not 0 <= n <= 50:
            raise setup_error("rounds_value", phase=phase, value=repr(n))
        rounds[phase] = n
    floor = given.get("floor", "turns")
    if floor not in ("turns", "open"):
        raise setup_error("floor_value", value=repr(floor))
    return {"rounds": rounds, "discipline": normalise(given.get("discipline", True)), "floor": floor}


def start(game: Game, rules: Ruleset, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> Next:
    """Emit the setup; the belief window (SETUP) opens next, and the seating's beliefs are its answers."""
    header(game, rules, seed, flags, options_of(options))
    roles = seat_table(game, rules, seating, ALIASES, ROSTER)
    return Next(Ph.SETUP, 0, tuple(sorted(seat for seat, role in roles.items() if role == COMMONER)))


def believed(game: Game, seating: list[SeatSetup] | None) -> None:
    """The beliefs a seating fixes, answered as the belief window opens."""
    s = st(game)
    for item in seating or []:
        if "believes" in item.options and s.seats[item.seat].role == COMMONER:
            game.emit(ev.ChoiceMade, ev.seat_vis(item.seat), seat=item.seat, skill="belief",
                      use=bool(item.options["believes"]))


def close_setup(game: Game) -> Next:
    """Default beliefs (A-30, flag ``default_belief``), the witch prophecy (A-28), the team chats, then day 1."""
    s = st(game)
    believe = bool(s.flags.get("umineko.default_belief"))
    for seat in s.window.eligible:
        if seat not in s.window.done:
            game.emit(ev.ChoiceMade, ev.seat_vis(seat), seat=seat, skill="belief", use=believe, default=True)
    witch = s.holder(WITCH)
    believers = sum(1 for p in s.seats.values() if p.role == COMMONER and p.believes)
    k = min(max(believers, 3), 6)
    pool = [seat for seat, p in s.seats.items() if p.role != COMMONER and seat != witch]
    listed = game.draw("魔女预言", lambda r: sorted(r.sample(pool, k)),
                       pin_ok=lambda v: isinstance(v, list) and len(set(v)) == len(v) == k and set(v) <= set(pool))
    for team, role in ((KILLERS, KILLER), (DETECTIVES, DETECTIVE), (WITCHES, WITCH)):
        members = s.holders(role)
        game.emit(ev.TeamFormed, ev.team_vis(team), members, team=team, members=members)
    if witch is not None:
        game.emit(ev.Feedback, ev.seat_vis(witch), seat=witch, skill=PROPHECY, targets=list(listed), result="非平民")
    return turns(game, Ph.D1_FREE, 1)
