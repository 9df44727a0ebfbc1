"""Game start (spec §1.3): header, deal, aliases, Cupid's arrow, camp resolution, chats, notices."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import UnknownName
from engine.events import (
    JUDGE,
    PUBLIC,
    AliasesAssigned,
    Feedback,
    GameCreated,
    Notice,
    Resolved,
    RoleChanged,
    RoleDealt,
    TeamFormed,
    seat_vis,
    team_vis,
)
from engine.flags import resolve_flags
from engine.ruleset import SeatSetup
from engine.rulesets.suitang21.aliases import ALIASES
from engine.rulesets.suitang21.errors import setup_error, why
from engine.rulesets.suitang21.flags import FLAGS
from engine.rulesets.suitang21.flow import begin, st
from engine.rulesets.suitang21.legal import DEFAULT_DAY_POSTS
from engine.rulesets.suitang21.names import (
    ARROW,
    CUPID,
    LOVER_TEAM,
    LOVERS,
    ROLE_NAMES,
    ROLES,
    WEREWOLF,
    WOLF_TEAM,
)

if TYPE_CHECKING:
    from engine.game import Game

SEATS = 21
DEAL = [r.id for r in ROLES for _ in range(r.count)]
DISCIPLINE = ("posts", "streak", "no_vote", "timeout")
"""Penalties the engine enforces (§5): <5 posts a day, 3 days under 10, no valid vote, a required
night or reactive answer missing."""


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    """Play options with defaults: discipline categories, the daily post bound, the post minimum."""
    known = {"discipline", "day_posts", "min_posts", "floor", "rounds"}
    unknown = set(given) - known
    if unknown:
        raise setup_error("unknown_options", given=sorted(unknown), known=sorted(known))
    if given.get("rounds"):
        raise setup_error("no_rounds")
    day_posts, min_posts = given.get("day_posts", DEFAULT_DAY_POSTS), given.get("min_posts", 5)
    for name, value in (("day_posts", day_posts), ("min_posts", min_posts)):
        if not isinstance(value, int) or not 0 <= value <= 200:
            raise setup_error("option_range", option=name, value=repr(value))
    return {"discipline": _discipline(given.get("discipline", True)), "day_posts": day_posts, "min_posts": min_posts}


def _discipline(value: Any) -> list[str]:
    if value is True:
        return list(DISCIPLINE)
    if value is False or value is None:
        return []
    wrong = [item for item in value if item not in DISCIPLINE]
    if wrong:
        raise setup_error("unknown_discipline", given=wrong, known=list(DISCIPLINE))
    return list(value)


def start(game: Game, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> None:
    """Emit the setup and open Cupid's window (SETUP, night 0)."""
    from engine.rulesets.suitang21 import Suitang21

    game.emit(GameCreated, PUBLIC, ruleset=Suitang21.id, version=Suitang21.version, seed=seed, seats=SEATS,
              flags=resolve_flags(FLAGS, flags), options=options_of(options))
    roles = _roles(game, seating)
    game.emit(AliasesAssigned, PUBLIC, aliases=_aliases(game, seating))
    for seat, role in roles.items():
        faction = next(r.faction for r in ROLES if r.id == role)
        game.emit(RoleDealt, seat_vis(seat), seat=seat, role=role, faction=faction)
    cupid = st(game).holder(CUPID)
    begin(game, "SETUP", 0, [cupid] if cupid is not None else [], secret=True)


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
        raise setup_error("roster_seats", count=SEATS, missing=missing, extra=extra)
    roles: dict[int, str] = {}
    for item in seating:
        if item.role is None:
            raise setup_error("seat_no_role", seat=item.seat)
        try:
            roles[item.seat] = ROLE_NAMES.id(item.role)
        except UnknownName:
            raise setup_error("seat_unknown_role", seat=item.seat, name=item.role) from None
    want, got = Counter(DEAL), Counter(roles.values())
    if want != got:
        diff = [why("roster_count", role=r, got=got[r], want=want[r]) for r in sorted(set(want) | set(got))
                if got[r] != want[r]]
        raise setup_error("roster_counts", diff=diff)
    return roles


def _aliases(game: Game, seating: list[SeatSetup] | None) -> dict[int, str]:
    fixed = {item.seat: item.alias for item in seating or [] if item.alias}
    pool = [zh for zh, _ in ALIASES if zh not in fixed.values()]
    drawn = game.draw("马甲", lambda r: r.sample(pool, SEATS))
    return {seat: fixed.get(seat) or drawn[seat - 1] for seat in range(1, SEATS + 1)}


def close_setup(game: Game) -> None:
    """Cupid's arrow (a random pair when silent, B-44), camps, chats, notices; then day 1."""
    s = st(game)
    cupid = s.holder(CUPID)
    assert cupid is not None
    pair = list(s.cupid_choice)
    if not pair:
        others = [seat for seat in s.roles if seat != cupid]
        pair = game.draw("丘比特之箭", lambda r: sorted(r.sample(others, 2)),
                         pin_ok=lambda v: isinstance(v, list) and len(set(v)) == len(v) == 2 and set(v) <= set(others))
    a, b = pair
    elope = s.roles[a].camp != s.roles[b].camp
    game.emit(Resolved, JUDGE, skill=ARROW, actor=cupid, targets=[a, b], result="elope" if elope else "same")
    camp = LOVERS if elope else s.roles[a].camp
    for seat in dict.fromkeys((a, b, cupid)):
        if s.roles[seat].camp != camp:
            game.emit(RoleChanged, JUDGE, seat=seat, role=s.roles[seat].identity, faction=camp)
    _chats(game, a, b)
    _notify(game, cupid, a, b, camp)
    begin(game, "DAY", 1, s.alive())


def _chats(game: Game, a: int, b: int) -> None:
    """狼群: every 狼人 that kept 杀人; 情侣群: the lovers, unless both are 狼人 (B-45)."""
    s = st(game)
    pack = [seat for seat, r in s.roles.items() if r.identity == WEREWOLF and r.has_kill]
    game.emit(TeamFormed, team_vis(WOLF_TEAM), pack, team=WOLF_TEAM, members=pack)
    if not s.double_wolf:
        game.emit(TeamFormed, team_vis(LOVER_TEAM), [a, b], team=LOVER_TEAM, members=[a, b])


def _notify(game: Game, cupid: int, a: int, b: int, camp: str) -> None:
    """Each lover learns its partner and their camp (B-09); an excluded wolf learns it lost 杀人;
    Cupid hears only its own choice."""
    s = st(game)
    for lover, partner in ((a, b), (b, a)):
        data: dict[str, Any] = {"camp": camp}
        if s.flags.get("suitang.lovers_learn_identity"):
            data["identity"] = s.roles[partner].identity
        game.emit(Notice, seat_vis(lover), topic="lover", seats=[partner], data=data)
    for seat in (a, b):
        role = s.roles[seat]
        if role.identity == WEREWOLF and not role.has_kill:
            game.emit(Notice, seat_vis(seat), topic="no_kill", seats=[seat])
    game.emit(Feedback, seat_vis(cupid), seat=cupid, skill=ARROW, targets=[a, b], result="已连接")
