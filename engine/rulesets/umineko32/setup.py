"""Game start (spec §1.3): header, deal, aliases, belief choices, the witch prophecy, team chats."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import UnknownName
from engine.events import (
    PUBLIC,
    AliasesAssigned,
    ChoiceMade,
    Feedback,
    GameCreated,
    RoleDealt,
    TeamFormed,
    seat_vis,
    team_vis,
)
from engine.flags import resolve_flags
from engine.ruleset import SeatSetup
from engine.rulesets.umineko32.aliases import ALIASES
from engine.rulesets.umineko32.discipline import normalise
from engine.rulesets.umineko32.errors import because, setup_error
from engine.rulesets.umineko32.flags import FLAGS
from engine.rulesets.umineko32.flow import DEFAULT_ROUNDS, begin, begin_turns, st
from engine.rulesets.umineko32.legal import needs_commoner
from engine.rulesets.umineko32.names import (
    COMMONER,
    DETECTIVE,
    DETECTIVES,
    KILLER,
    KILLERS,
    PROPHECY,
    ROLE_NAMES,
    ROLES,
    WITCH,
    WITCHES,
)

if TYPE_CHECKING:
    from engine.game import Game

SEATS = 18
DEAL = [r.id for r in ROLES for _ in range(r.count)]


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


def start(game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> None:
    """Emit the setup and open the belief window (SETUP)."""
    from engine.rulesets.umineko32 import Umineko32

    game.emit(GameCreated, PUBLIC, ruleset=Umineko32.id, version=Umineko32.version, seed=seed, seats=SEATS,
              flags=resolve_flags(FLAGS, flags), options=options_of(options))
    roles = _roles(game, seating)
    aliases = _aliases(game, seating)
    game.emit(AliasesAssigned, PUBLIC, aliases=aliases)
    for seat, role in roles.items():
        faction = next(r.faction for r in ROLES if r.id == role)
        game.emit(RoleDealt, seat_vis(seat), seat=seat, role=role, faction=faction)
    s = st(game)
    begin(game, "SETUP", 0, needs_commoner(s), secret=True)
    for item in seating or []:
        if "believes" in item.options and roles[item.seat] == COMMONER:
            game.emit(ChoiceMade, seat_vis(item.seat), seat=item.seat, skill="belief",
                      use=bool(item.options["believes"]))


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
        raise setup_error("seating", count=SEATS, missing=missing, extra=extra)
    roles: dict[int, str] = {}
    for item in seating:
        if item.role is None:
            raise setup_error("seat_no_role", number=item.seat)
        try:
            roles[item.seat] = ROLE_NAMES.id(item.role)
        except UnknownName as err:
            raise setup_error("seat_role", number=item.seat, error=err.to_dict()) from None
    want, got = Counter(DEAL), Counter(roles.values())
    if want != got:
        diff = [because("roster.count", role=r, count=got[r], needs=want[r])
                for r in sorted(set(want) | set(got)) if got[r] != want[r]]
        raise setup_error("roster", diff=diff)
    return roles


def _aliases(game: Game, seating: list[SeatSetup] | None) -> dict[int, str]:
    fixed = {item.seat: item.alias for item in seating or [] if item.alias}
    pool = [zh for zh, _ in ALIASES if zh not in fixed.values()]
    drawn = game.draw("马甲", lambda r: r.sample(pool, SEATS))
    return {seat: fixed.get(seat) or drawn[seat - 1] for seat in range(1, SEATS + 1)}


def close_setup(game: Game) -> None:
    """Default beliefs (A-30, flag ``default_belief``), the witch prophecy (A-28), the team chats, then day 1."""
    s = st(game)
    believe = bool(s.flags.get("umineko.default_belief"))
    for seat in s.window.eligible:
        if seat not in s.window.done:
            game.emit(ChoiceMade, seat_vis(seat), seat=seat, skill="belief", use=believe, default=True)
    witch = s.witch()
    believers = sum(1 for p in s.pieces.values() if p.role == COMMONER and p.believes)
    k = min(max(believers, 3), 6)
    pool = [seat for seat, p in s.pieces.items() if p.role != COMMONER and seat != witch]
    listed = game.draw("魔女预言", lambda r: sorted(r.sample(pool, k)),
                       pin_ok=lambda v: isinstance(v, list) and len(set(v)) == len(v) == k and set(v) <= set(pool))
    for team, role in ((KILLERS, KILLER), (DETECTIVES, DETECTIVE), (WITCHES, WITCH)):
        members = s.holders(role)
        game.emit(TeamFormed, team_vis(team), members, team=team, members=members)
    if witch is not None:
        game.emit(Feedback, seat_vis(witch), seat=witch, skill=PROPHECY, targets=list(listed), result="非平民")
    begin_turns(game, "D1_FREE", 1)
