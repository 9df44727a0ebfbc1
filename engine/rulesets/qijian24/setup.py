"""Game start (spec §1.1): header, deal, aliases, the sword chain's knowledge, the 杀手团 chat, day 1."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import UnknownName
from engine.events import (
    PUBLIC,
    AliasesAssigned,
    Feedback,
    GameCreated,
    RoleDealt,
    TeamFormed,
    seat_vis,
    team_vis,
)
from engine.flags import resolve_flags
from engine.ruleset import SeatSetup
from engine.rulesets.qijian24.aliases import ALIASES
from engine.rulesets.qijian24.discipline import normalise
from engine.rulesets.qijian24.errors import setup_error, why
from engine.rulesets.qijian24.flags import FLAGS
from engine.rulesets.qijian24.flow import begin_day, st
from engine.rulesets.qijian24.names import CHAIN, IDENTITY, ROLE, ROLE_NAMES, ROLES, SWORDS, TEAM

if TYPE_CHECKING:
    from engine.game import Game

SEATS = 24
DEAL = [r.id for r in ROLES for _ in range(r.count)]


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    """Play options with defaults: the discipline categories. The day has no speaking turns (posts are
    free in every vote stage), so ``rounds`` must be empty and ``floor`` is always open."""
    unknown = set(given) - {"discipline", "floor", "rounds"}
    if unknown:
        raise setup_error("unknown_options", names=sorted(unknown))
    if given.get("rounds"):
        raise setup_error("no_rounds", rounds=sorted(given["rounds"]))
    return {"discipline": normalise(given.get("discipline", True))}


def start(game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> None:
    """Emit the setup and open day 1's first vote stage."""
    from engine.rulesets.qijian24 import Qijian24

    game.emit(GameCreated, PUBLIC, ruleset=Qijian24.id, version=Qijian24.version, seed=seed, seats=SEATS,
              flags=resolve_flags(FLAGS, flags), options=options_of(options))
    roles = _roles(game, seating)
    game.emit(AliasesAssigned, PUBLIC, aliases=_aliases(game, seating))
    for seat, role in roles.items():
        game.emit(RoleDealt, seat_vis(seat), seat=seat, role=role, faction=ROLE[role].faction)
    s = st(game)
    team = s.team()
    game.emit(TeamFormed, team_vis(TEAM), team, team=TEAM, members=team)
    _chain(game, roles)
    begin_day(game, 1)


def _chain(game: Game, roles: dict[int, str]) -> None:
    """七剑: sword k learns the seat and name of sword k+1 (mod 7), one way (C-03)."""
    seat_of = {role: seat for seat, role in roles.items()}
    for k, sword in enumerate(SWORDS):
        nxt = SWORDS[(k + 1) % len(SWORDS)]
        me, other = seat_of[sword], seat_of[nxt]
        game.emit(Feedback, seat_vis(me), seat=me, skill=CHAIN, targets=[other], result=IDENTITY[nxt])


def _roles(game: Game, seating: list[SeatSetup] | None) -> dict[int, str]:
    if not seating or all(item.role is None for item in seating):
        dealt = game.draw("发牌", lambda r: r.sample(DEAL, len(DEAL)))
        return {seat: role for seat, role in enumerate(dealt, start=1)}
    return check_roster(seating)


def check_roster(seating: list[SeatSetup]) -> dict[int, str]:
    """The seating as {seat: role id}, or a ``SetupError`` naming what is missing or extra."""
    seats = [item.seat for item in seating]
    missing = sorted(set(range(1, SEATS + 1)) - set(seats))
    extra = sorted({s for s in seats if not 1 <= s <= SEATS} | {s for s in seats if seats.count(s) > 1})
    if missing or extra:
        raise setup_error("seats_mismatch", count=SEATS, missing=missing or None, extra=extra or None)
    roles: dict[int, str] = {}
    for item in seating:
        if item.role is None:
            raise setup_error("seat_without_role", seat=item.seat)
        try:
            roles[item.seat] = ROLE_NAMES.id(item.role)
        except UnknownName:
            raise setup_error("seat_unknown_role", seat=item.seat, name=item.role) from None
    want, got = Counter(DEAL), Counter(roles.values())
    if want != got:
        diff = [why("roster_count", role=r, got=got[r], want=want[r]) for r in sorted(set(want) | set(got))
                if got[r] != want[r]]
        raise setup_error("roster_mismatch", diff=diff)
    return roles


def _aliases(game: Game, seating: list[SeatSetup] | None) -> dict[int, str]:
    fixed = {item.seat: item.alias for item in seating or [] if item.alias}
    pool = [zh for zh, _ in ALIASES if zh not in fixed.values()]
    drawn = game.draw("马甲", lambda r: r.sample(pool, SEATS))
    return {seat: fixed.get(seat) or drawn[seat - 1] for seat in range(1, SEATS + 1)}
