"""Game start (spec §1.5 step 1): header, 角色 and 马甲, faction letters, chats; option checks; the
judge's fixed seating.

Seat n posts as 角色 n, so the seats' public names (``AliasesAssigned``) are the 角色 names. The 马甲
are a second public list (``Announced`` topic ``majia_list``), dealt to the seats by a drawn
permutation that only the judge and each seat (its own, ``Notice`` topic ``majia_own``) learn;
faction members learn each other's 马甲 (``majia_team``), spec §1.5.2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine import events as ev
from engine.errors import UnknownName
from engine.mechanics.discipline import categories
from engine.ruleset import Ruleset, SeatSetup
from engine.rulesets.majiasha2.aliases import ACCOUNTS, MAJIA
from engine.rulesets.majiasha2.names import (
    CUPID,
    GENERAL,
    MAJIA_LAYER,
    MEMBER,
    PIPER,
    PIPER_SIDE,
    ROLE_NAMES,
    Ph,
)
from engine.rulesets.majiasha2.refusals import bad_setup, why
from engine.rulesets.majiasha2.state import st
from engine.rulesets.majiasha2.table import DEFAULT_SIZE, Row, row
from engine.table.deal import aliases, header

if TYPE_CHECKING:
    from engine.game import Game

DISCIPLINE = ("no_vote", "silence")


def options_of(given: Mapping[str, Any], size: int | None) -> dict[str, Any]:
    """Play options with defaults: ``size`` (9..26), posts per day, discipline categories."""
    known = {"size", "rounds", "discipline", "floor"}
    unknown = set(given) - known
    if unknown:
        raise bad_setup("unknown_options", names=sorted(unknown), known=sorted(known))
    n = int(given.get("size", size or DEFAULT_SIZE))
    row(n)
    posts = int(dict(given.get("rounds") or {}).get(Ph.DAY, 1))
    if not 0 <= posts <= 20:
        raise bad_setup("rounds_range", posts=posts)
    discipline = categories(given.get("discipline", True), DISCIPLINE,
                            lambda wrong: bad_setup("discipline_unknown", names=wrong, known=list(DISCIPLINE)))
    return {"size": n, "rounds": {Ph.DAY: posts}, "discipline": discipline}


def start(game: Game, ruleset: Ruleset, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> None:
    """Emit the setup: header, 角色 names, the 马甲 list, each actor's 马甲, faction letters, faction chats."""
    opts = options_of(options, len(seating) if seating else None)
    n = opts["size"]
    header(game, ruleset, seed, flags, opts, seats=n)
    fixed = check_seating(seating, row(n)) if seating else None
    accounts = aliases(game, [zh for zh, _ in ACCOUNTS], n, seating, draw="角色名")
    game.emit(ev.AliasesAssigned, ev.PUBLIC, aliases=accounts)
    names = game.draw("马甲名", lambda r: r.sample([zh for zh, _ in MAJIA], n))
    game.emit(ev.LayerListed, ev.PUBLIC, layer=MAJIA_LAYER, names={i + 1: v for i, v in enumerate(names)})
    mapping = _mapping(game, n, seating)
    for seat in range(1, n + 1):
        game.emit(ev.LayerAssigned, ev.seat_vis(seat), seat=seat, layer=MAJIA_LAYER, number=mapping[seat])
    deal = fixed or _deal(game, row(n))
    for seat, (role, faction) in sorted(deal.items()):
        dealt = role if role in (CUPID, PIPER) else MEMBER
        game.emit(ev.RoleDealt, ev.seat_vis(seat), seat=seat, role=dealt, faction=faction)
        if fixed and role not in (CUPID, PIPER):
            game.emit(ev.Resolved, ev.JUDGE, skill="pin", actor=seat, targets=[], result=role)
    for faction in GENERAL:
        members = st(game).members(faction)
        game.emit(ev.TeamFormed, ev.team_vis(faction), members, team=faction, members=members)
        tell_team(game, faction)


def tell_team(game: Game, team: str) -> None:
    """The chat's members learn each other's 马甲 (\"互相知道彼此的马甲\", spec §0 and §1.5.2)."""
    s = st(game)
    members = s.teams[team]
    game.emit(ev.Notice, ev.team_vis(team), members, topic="majia_team", seats=list(members),
              data={"team": team, "majia": {str(seat): s.seats[seat].majia for seat in members}})


def _mapping(game: Game, n: int, seating: list[SeatSetup] | None) -> dict[int, int]:
    """Each seat's 马甲 number: a drawn permutation, or the judge's (``majia``; by default the seat's
    own number, the spec's test mapping Mi↔Ri)."""
    if seating:
        given = {item.seat: int(item.options.get("majia", item.seat)) for item in seating}
        if sorted(given.values()) != list(range(1, n + 1)):
            raise bad_setup("majia_numbers", count=n, numbers=sorted(given.values()))
        return given
    drawn = game.draw("马甲", lambda r: r.sample(range(1, n + 1), n))
    return {seat: drawn[seat - 1] for seat in range(1, n + 1)}


def _deal(game: Game, table: Row) -> dict[int, tuple[str, str]]:
    """Spec §1.5.1: 爱神 and 吹笛 (when the row has them), and a faction letter for everyone else."""
    cards = [(CUPID, "lovers")] * table.cupid + [(PIPER, PIPER_SIDE)] * table.piper
    cards += [(MEMBER, f) for f in GENERAL for _ in range(table.per_faction)]
    dealt = game.draw("发牌", lambda r: r.sample(range(len(cards)), len(cards)))
    return {seat: cards[i] for seat, i in enumerate(dealt, start=1)}


def check_seating(seating: list[SeatSetup], table: Row) -> dict[int, tuple[str, str]]:
    """A judge's seating as {seat: (final identity, faction)}, or a ``SetupError`` naming what is wrong."""
    n = table.n
    seats = [item.seat for item in seating]
    if sorted(seats) != list(range(1, n + 1)):
        raise bad_setup("seating_seats", count=n, numbers=sorted(seats))
    out: dict[int, tuple[str, str]] = {}
    for item in seating:
        out[item.seat] = _seat_entry(item)
    got = Counter(role for role, _ in out.values())
    want = Counter(table.counts())
    if got != want:
        diff = [why("roster_count", role=r, got=got[r], want=want[r]) for r in sorted(set(got) | set(want))
                if got[r] != want[r]]
        raise bad_setup("roster_mismatch", count=n, diff=diff)
    for faction in GENERAL:
        roles = Counter(role for role, f in out.values() if f == faction)
        per = Counter({"elder": 1, "killer": table.killers, **{r: 1 for r in table.appointed()}})
        if roles != per:
            extra = "".join(f", {ROLE_NAMES.zh(r)} ×1" for r in table.appointed())
            got_text = ", ".join(f"{ROLE_NAMES.zh(r)} ×{k}" for r, k in sorted(roles.items()))
            raise bad_setup("faction_roster", faction=faction, killers=table.killers, extra=extra, got=got_text)
    return out


def _seat_entry(item: SeatSetup) -> tuple[str, str]:
    if item.role is None:
        raise bad_setup("seat_no_role", seat=item.seat)
    try:
        role = ROLE_NAMES.id(item.role)
    except UnknownName as err:
        raise bad_setup("seat_role", seat=item.seat, error=err.to_dict()) from None
    if role in (CUPID, PIPER):
        return role, "lovers" if role == CUPID else PIPER_SIDE
    faction = str(item.options.get("faction", "")).replace("阵营", "").strip("〖〗").upper()
    if faction not in GENERAL:
        raise bad_setup("seat_faction", seat=item.seat, role=role)
    return role, faction
