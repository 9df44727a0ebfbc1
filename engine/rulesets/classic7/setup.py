"""The start: header, deal, aliases, the wolves' chat, then night 1.

A seating (the judge console, tests) fixes roles and aliases; without one the deal and the aliases
are drawn from the seed. Options: ``floor`` (``turns`` or ``open``, the kernel's) and ``rounds``
(speaking rounds of ``DAY``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import SetupError, UnknownName
from engine.events import PUBLIC, AliasesAssigned, GameCreated, RoleDealt, TeamFormed, seat_vis, team_vis
from engine.flags import resolve_flags
from engine.ruleset import SeatSetup
from engine.rulesets.classic7.aliases import ALIASES
from engine.rulesets.classic7.flags import FLAGS
from engine.rulesets.classic7.names import PACK, ROLE_NAMES, ROLES, WEREWOLF
from engine.rulesets.classic7.state import Classic7State

if TYPE_CHECKING:
    from engine.game import Game

SEATS = 7
DEAL = [r.id for r in ROLES for _ in range(r.count)]
OPTIONS = frozenset({"floor", "rounds", "discipline"})
"""Play options; ``discipline`` is accepted (the judge console passes it) and has no penalties here."""


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(given) - OPTIONS
    if unknown:
        raise SetupError(f"unknown option(s) {sorted(unknown)}; known: {sorted(OPTIONS)}")
    floor = given.get("floor", "turns")
    if floor not in ("turns", "open"):
        raise SetupError(f"floor: {floor!r} is not allowed; give turns or open")
    return {key: value for key, value in given.items() if key != "discipline"}


def start(game: Game, ruleset: str, version: str, seed: int, flags: Mapping[str, Any],
          seating: list[SeatSetup] | None, options: dict[str, Any]) -> None:
    """Emit the setup events; the caller opens night 1."""
    game.emit(GameCreated, PUBLIC, ruleset=ruleset, version=version, seed=seed, seats=SEATS,
              flags=resolve_flags(FLAGS, flags), options=options_of(options))
    roles = _roles(game, seating)
    game.emit(AliasesAssigned, PUBLIC, aliases=_aliases(game, seating))
    for seat, role in roles.items():
        faction = next(r.faction for r in ROLES if r.id == role)
        game.emit(RoleDealt, seat_vis(seat), seat=seat, role=role, faction=faction)
    state = game.state
    assert isinstance(state, Classic7State)
    pack = state.holders(WEREWOLF)
    game.emit(TeamFormed, team_vis(PACK), pack, team=PACK, members=pack)


def _roles(game: Game, seating: list[SeatSetup] | None) -> dict[int, str]:
    if not seating or all(item.role is None for item in seating):
        dealt = game.draw("发牌", lambda r: r.sample(DEAL, len(DEAL)))
        return dict(enumerate(dealt, start=1))
    return check_roster(seating)


def check_roster(seating: list[SeatSetup]) -> dict[int, str]:
    """The seating as {seat: role id}, or a ``SetupError`` naming what is missing or extra."""
    seats = [item.seat for item in seating]
    if sorted(seats) != list(range(1, SEATS + 1)):
        raise SetupError(f"classic7 needs seats 1..{SEATS} exactly once; got {sorted(seats)}")
    roles: dict[int, str] = {}
    for item in seating:
        if item.role is None:
            raise SetupError(f"seat {item.seat} has no role: give every seat a role, or none at all")
        try:
            roles[item.seat] = ROLE_NAMES.id(item.role)
        except UnknownName as err:
            raise SetupError(f"seat {item.seat}: {err}") from None
    if Counter(roles.values()) != Counter(DEAL):
        raise SetupError(f"the roster does not match classic7 ({', '.join(ROLE_NAMES.zh(r) for r in DEAL)})")
    return dict(sorted(roles.items()))


def _aliases(game: Game, seating: list[SeatSetup] | None) -> dict[int, str]:
    fixed = {item.seat: item.alias for item in seating or [] if item.alias}
    pool = [zh for zh, _ in ALIASES if zh not in fixed.values()]
    drawn = game.draw("马甲", lambda r: r.sample(pool, SEATS))
    return {seat: fixed.get(seat) or drawn[seat - 1] for seat in range(1, SEATS + 1)}
