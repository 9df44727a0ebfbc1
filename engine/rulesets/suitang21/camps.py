"""Camps: loss conditions, defeat (判负, not death), 寡妇刀, and the win check of spec §4."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import JUDGE, PUBLIC, GameEnded, Notice, Resolved, seat_vis, team_vis
from engine.rulesets.suitang21.names import (
    BIG_SPECIALS,
    CUPID,
    DEFEAT,
    LOVER_TEAM,
    LOVERS,
    VILLAGE,
    VILLAGER,
    WEREWOLF,
    WIDOW,
    WOLVES,
)
from engine.rulesets.suitang21.state import SuitangState, st

if TYPE_CHECKING:
    from engine.game import Game


def loses(s: SuitangState, camp: str) -> bool:
    """Whether ``camp``'s loss condition holds now (spec §1.1, B-01, B-10, B-11)."""
    if camp == WOLVES:
        return not any(r.alive and s.wolf_counts(seat) for seat, r in s.seats.items())
    if camp == LOVERS:
        return any(not s.seats[seat].alive for seat in s.lovers)
    return _village_loses(s)


def big_specials(s: SuitangState) -> list[int]:
    """The village-camp big specials (B-10), with 丘比特 under 双特 (B-07)."""
    out = [seat for seat, r in s.seats.items() if r.faction == VILLAGE and r.role in BIG_SPECIALS]
    cupid = s.holder(CUPID)
    if s.double_special and cupid is not None and s.seats[cupid].faction == VILLAGE:
        out.append(cupid)
    return out


def _village_loses(s: SuitangState) -> bool:
    if all(not s.seats[seat].alive for seat in big_specials(s)):
        return True
    return all(not r.alive for r in s.seats.values() if r.faction == VILLAGE and r.role == VILLAGER)


def check_win(game: Game) -> bool:
    """Defeat every camp whose loss holds (or with 2 red cards), then end the game if one camp wins.

    Returns True when the game is over. A win stops every pending resolution (the callers stop).
    """
    s = st(game)
    if s.over:
        return True
    newly = []
    for camp in list(s.camps):
        if camp not in s.defeated and (loses(s, camp) or s.red_by_camp.get(camp, 0) >= 2):
            defeat(game, camp)
            newly.append(camp)
    _widow_knife(game)
    alive = s.alive()
    if WOLVES not in s.defeated and 2 * sum(1 for seat in alive if s.wolf_counts(seat)) >= len(alive):
        game.emit(GameEnded, PUBLIC, winners=[WOLVES], reason="wolf camp holds half of the living")
        return True
    remaining = [camp for camp in s.camps if camp not in s.defeated]
    if len(remaining) == 1:
        game.emit(GameEnded, PUBLIC, winners=remaining, reason="the only camp not defeated")
    elif not remaining:
        last = newly[-1] if newly else s.defeated[-1]
        game.emit(GameEnded, PUBLIC, winners=[last], reason="every camp defeated: the last one defeated wins (B-38)")
    return s.over


def defeat(game: Game, camp: str) -> None:
    """判负: not announced; the wolves lose 杀人 and each wolf-camp role is told."""
    s = st(game)
    game.emit(Resolved, JUDGE, skill=DEFEAT, actor=None, targets=[], result=camp)
    if camp == WOLVES:
        for seat, role in s.seats.items():
            if role.faction == WOLVES and role.alive:
                game.emit(Notice, seat_vis(seat), topic="camp_defeated", seats=[seat], data={"camp": camp})


def _widow_knife(game: Game) -> None:
    """寡妇刀: the black lovers gain 杀人 once the wolf camp is defeated (B-03; flag: once every wolf-camp 狼人
    is out)."""
    s = st(game)
    if s.widow or LOVERS not in s.camps or LOVERS in s.defeated:
        return
    if s.flags.get("suitang.widow_needs_camp_defeat", True):
        if WOLVES not in s.defeated:
            return
    elif any(s.seats[seat].faction == WOLVES for seat in s.living(WEREWOLF)):
        return
    lovers = [seat for seat in s.lovers if s.seats[seat].alive]
    game.emit(Resolved, JUDGE, skill=WIDOW, actor=None, targets=lovers, result="granted")
    game.emit(Notice, team_vis(LOVER_TEAM), s.recipients(LOVER_TEAM), topic="widow_knife", seats=lovers)
