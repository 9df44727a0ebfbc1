"""Night 0 (spec §1.5 steps 3–6): cupid's arrow, each faction's elder election, the appointments,
and the knowledge every elder gets.

The arrow names two 角色 (seats); ballots and appointments name 马甲, mapped here to seats; the
lovers and a cupid who joins a chat learn the 马甲 the rules tell them (§3.5). Each closer returns the
phase that follows (``Next``), or None when the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.rulesets.majiasha2.day import first_to_top
from engine.rulesets.majiasha2.names import (
    ARROW,
    CUPID,
    DOWNSTREAM,
    ELDER,
    ELECT,
    FATE,
    GENERAL,
    KILLER,
    LOVERS,
    MEMBER,
    PIPER,
    Ph,
)
from engine.rulesets.majiasha2.setup import tell_team
from engine.rulesets.majiasha2.state import MajiaState, st
from engine.rulesets.majiasha2.table import row
from engine.rulesets.majiasha2.win import check_win
from engine.table.phases import Next

if TYPE_CHECKING:
    from engine.game import Game


def open_night0(s: MajiaState) -> Next:
    """The first window of night 0: cupid's arrow where the row has a cupid, else the elections."""
    cupid = s.cupid()
    return Next(Ph.CUPID, day=0, order=(cupid.seat,)) if cupid is not None else open_election(s)


def arrow_pool(s: MajiaState, cupid: int) -> list[int]:
    """The 角色 (seats) cupid may link: any other (flag D-40 may exclude the piper's)."""
    no_piper = s.flags.get("majia.cupid_may_not_link_piper", False)
    return [a.seat for a in s.seats.values() if a.seat != cupid and not (no_piper and a.role == PIPER)]


def close_cupid(game: Game) -> Next:
    """The arrow as submitted, else drawn (forced skill); lovers told, chats joined (D-39, D-40)."""
    s = st(game)
    cupid = s.window.eligible[0]
    chosen = next((sub.targets for sub in s.submissions if sub.skill == ARROW), None)
    if chosen is None:
        pool = arrow_pool(s, cupid)
        chosen = tuple(game.draw("爱神之箭", lambda r: sorted(r.sample(pool, 2)),
                                 pin_ok=lambda v: isinstance(v, list) and len(set(v)) == 2 and set(v) <= set(pool)))
    a, b = chosen
    same = s.seats[a].origin == s.seats[b].origin
    game.emit(ev.Resolved, ev.JUDGE, skill=ARROW, actor=cupid, targets=[a, b], result="same" if same else "cross")
    game.emit(ev.TeamFormed, ev.team_vis(LOVERS), [a, b], team=LOVERS, members=[a, b])
    for lover, partner in ((a, b), (b, a)):
        game.emit(ev.Notice, ev.seat_vis(lover), topic="majia_lover", seats=[partner],
                  data={"lovers_faction": not same, "majia": s.seats[partner].majia})
        if not same:
            game.emit(ev.RoleDealt, ev.seat_vis(lover), seat=lover, role=s.seats[lover].role, faction=LOVERS)
    faction = s.seats[a].origin if same else LOVERS
    game.emit(ev.RoleDealt, ev.seat_vis(cupid), seat=cupid, role=CUPID, faction=faction)
    game.emit(ev.Feedback, ev.seat_vis(cupid), seat=cupid, skill=ARROW, targets=list(chosen), result=faction)
    if same:
        game.emit(ev.TeamJoined, ev.team_vis(faction), [*s.teams[faction], cupid], team=faction, seat=cupid,
                  majia=s.seats[cupid].majia)
        tell_team(game, faction)
    return open_election(s)


def voters(s: MajiaState, faction: str) -> list[int]:
    """D-22: members by origin (eloped lovers included) and a 爱神 who joined."""
    return [seat for seat, a in s.seats.items() if a.origin == faction or (a.role == CUPID and a.faction == faction)]


def candidates(s: MajiaState, faction: str) -> list[int]:
    return [seat for seat in voters(s, faction) if s.seats[seat].role != CUPID]


def open_election(s: MajiaState) -> Next:
    return Next(Ph.ELECT, day=0, order=tuple(seat for f in GENERAL for seat in voters(s, f)))


def close_election(game: Game) -> Next | None:
    """Each faction's elder: first to reach the top count (D-24), else the judge's seating, else drawn."""
    s = st(game)
    for faction in GENERAL:
        pool = candidates(s, faction)
        electorate, named = voters(s, faction), s.majia_of(pool)
        best = first_to_top([(v, t, 1) for v, t in s.ballots if v in electorate and t in named])
        elder = s.seat_of(best) if best is not None else None
        if elder is None:
            elder = _pinned(s, pool, ELDER) or pick(game, f"长老{faction}", pool)
        game.emit(ev.Resolved, ev.JUDGE, skill=ELECT, actor=None, targets=[elder], result=faction)
        game.emit(ev.RoleDealt, ev.seat_vis(elder), seat=elder, role=ELDER, faction=s.seats[elder].faction)
        game.emit(ev.Notice, ev.team_vis(faction), s.teams[faction], topic="majia_elder", seats=[elder],
                  data={"faction": faction, "majia": s.seats[elder].majia})
    if row(s.size).appointed():
        return Next(Ph.APPOINT, day=0, order=tuple(s.holders(ELDER)))
    return finish_night0(game)


def pick(game: Game, name: str, pool: list[int]) -> int:
    """A uniform draw among ``pool`` (a scenario may pin it by ``name``)."""
    chosen: int = game.draw(name, lambda r: r.choice(pool), pin_ok=lambda v: v in pool)
    return chosen


def _pinned(s: MajiaState, pool: list[int], role: str) -> int | None:
    return next((seat for seat in pool if s.seats[seat].pinned == role), None)


def close_appoint(game: Game) -> Next | None:
    """The appointments as submitted; unnamed posts go to the seating's holder, else drawn (§1.5.5)."""
    s = st(game)
    wanted = row(s.size).appointed()
    for faction in GENERAL:
        elder = s.elder_of(faction)
        assert elder is not None
        named = [s.seat_of(m) for m in next((sub.targets for sub in s.submissions if sub.seat == elder.seat), ())]
        taken: list[int] = []
        for i, role in enumerate(wanted):
            pool = [m for m in candidates(s, faction) if m != elder.seat and m not in taken]
            seat = named[i] if i < len(named) else _pinned(s, pool, role) or pick(game, f"任命{faction}", pool)
            taken.append(seat)
            game.emit(ev.RoleDealt, ev.seat_vis(seat), seat=seat, role=role, faction=s.seats[seat].faction)
    return finish_night0(game)


def finish_night0(game: Game) -> Next | None:
    """Everyone else becomes 杀手; every elder learns the downstream 马甲 list (D-25, 马甲 numbers only:
    not their 角色); day 1 opens."""
    s = st(game)
    for seat, actor in s.seats.items():
        if actor.role == MEMBER:
            game.emit(ev.RoleDealt, ev.seat_vis(seat), seat=seat, role=KILLER, faction=actor.faction)
    for faction in GENERAL:
        elder = s.elder_of(faction)
        if elder is not None:
            listed = sorted(s.majia_of(s.members(DOWNSTREAM[faction])))
            game.emit(ev.Feedback, ev.seat_vis(elder.seat), seat=elder.seat, skill=FATE, targets=listed,
                      result=DOWNSTREAM[faction])
    return None if check_win(game) else Next(Ph.DAY, day=1)
