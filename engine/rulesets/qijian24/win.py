"""The win conditions of the three sides (spec §4), checked after every out, stage and choice (C-32)."""

from __future__ import annotations

from engine.mechanics import win
from engine.mechanics.win import Condition
from engine.rulesets.qijian24.names import (
    ENVOY,
    HELPER,
    KILLER_PRIVILEGED,
    KILLER_TEAM,
    KILLERS,
    LONE,
    PRAYER,
    RANGER_SIDE,
    RANGERS,
    SWORDS,
    VILLAGER,
    WUZHUANG,
    WUZHUANG_PRIVILEGED,
)
from engine.rulesets.qijian24.state import QijianState


def _all_out(s: QijianState, *roles: str) -> bool:
    """No living seat holds any of ``roles``. A loop that stops at the first living holder instead of the
    list of them: the conditions are asked after every out and stage, and most fail at once."""
    for p in s.seats.values():
        if p.alive and p.role in roles:
            return False
    return True


def _any_alive(s: QijianState, *roles: str) -> bool:
    return not _all_out(s, *roles)


def _rangers_not(s: QijianState, allegiance: str) -> bool:
    """Every ranger-side member whose allegiance is not ``allegiance`` is out."""
    for p in s.seats.values():
        if p.alive and p.role in RANGER_SIDE and p.allegiance != allegiance:
            return False
    return True


def _independent_alive(s: QijianState) -> bool:
    """本方至少有1人存活: an independent ranger alive (C-28), or any ranger-side member under the flag's
    alternative."""
    anyone = not s.flags.get("qijian.rangers_need_independent", True)
    for p in s.seats.values():
        if p.alive and p.role in RANGER_SIDE and (anyone or p.allegiance == RANGERS):
            return True
    return False


def killers_win(s: QijianState) -> bool:
    """A: every sword and 绿珠 out. B: every 庄民 and non-helping ranger out, ≥3 swords out, a killer alive."""
    return _all_out(s, *SWORDS, PRAYER) or (
        _all_out(s, VILLAGER) and _rangers_not(s, KILLERS) and s.is_out(*SWORDS) >= 3
        and _any_alive(s, *KILLER_TEAM, LONE))


def wuzhuang_wins(s: QijianState) -> bool:
    """A: 杀手团, 独杀 and 禁武 all out, a sword alive. B: every 帮手 and non-helping ranger out, ≥2 killers
    out (C-29), a sword alive."""
    if not _any_alive(s, *SWORDS):
        return False
    if _all_out(s, *KILLER_TEAM, LONE, ENVOY):
        return True
    killers = (*KILLER_TEAM, LONE) if s.flags.get("qijian.two_killers_without_envoy", True) else KILLER_PRIVILEGED
    return _all_out(s, HELPER) and _rangers_not(s, WUZHUANG) and s.is_out(*killers) >= 2


def rangers_win(s: QijianState) -> bool:
    """1: ≥3 killer-side and ≥4 Wuzhuang-side privileged out. 2: every 帮手 and 庄民 out and ≥2 of each
    side's privileged out (C-30). Both need an independent ranger alive (C-28), and both two killer-side
    out: fewer is answered before the Wuzhuang side is counted."""
    if not _independent_alive(s):
        return False
    k = s.is_out(*KILLER_PRIVILEGED)
    if k < 2:
        return False
    w = s.is_out(*WUZHUANG_PRIVILEGED)
    return (k >= 3 and w >= 4) or (w >= 2 and _all_out(s, HELPER, VILLAGER))


CONDITIONS = (Condition(KILLERS, killers_win), Condition(WUZHUANG, wuzhuang_wins), Condition(RANGERS, rangers_win))
"""The three sides' conditions in table order (the order of precedence when only one may win)."""


def winners(s: QijianState) -> list[str]:
    """The sides whose condition holds now; one only (the first in table order) under C-31 false."""
    return win.winners(s, CONDITIONS, exclusive=not s.flags.get("qijian.co_victory", True))


def winning_seats(s: QijianState, sides: list[str]) -> list[int]:
    """The seats that share the win: a side's members, and the rangers whose allegiance is that side."""
    return [seat for seat, p in s.seats.items()
            if (p.role in RANGER_SIDE and p.allegiance in sides) or (p.role not in RANGER_SIDE and p.faction in sides)]
