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
    return not s.living(*roles)


def _any_alive(s: QijianState, *roles: str) -> bool:
    return bool(s.living(*roles))


def _rangers_not(s: QijianState, allegiance: str) -> bool:
    """Every ranger-side member whose allegiance is not ``allegiance`` is out."""
    return all(not p.alive for p in s.seats.values() if p.role in RANGER_SIDE and p.allegiance != allegiance)


def _independent_alive(s: QijianState) -> bool:
    """本方至少有1人存活: an independent ranger alive (C-28), or any ranger-side member under the flag's
    alternative."""
    anyone = not s.flags.get("qijian.rangers_need_independent", True)
    return any(p.alive and (anyone or p.allegiance == RANGERS) for p in s.seats.values() if p.role in RANGER_SIDE)


def killers_win(s: QijianState) -> bool:
    """A: every sword and 绿珠 out. B: every 庄民 and non-helping ranger out, ≥3 swords out, a killer alive."""
    a = _all_out(s, *SWORDS, PRAYER)
    b = (_all_out(s, VILLAGER) and _rangers_not(s, KILLERS) and s.is_out(*SWORDS) >= 3
         and _any_alive(s, *KILLER_TEAM, LONE))
    return a or b


def wuzhuang_wins(s: QijianState) -> bool:
    """A: 杀手团, 独杀 and 禁武 all out, a sword alive. B: every 帮手 and non-helping ranger out, ≥2 killers
    out (C-29), a sword alive."""
    sword = _any_alive(s, *SWORDS)
    a = _all_out(s, *KILLER_TEAM, LONE, ENVOY) and sword
    killers = (*KILLER_TEAM, LONE) if s.flags.get("qijian.two_killers_without_envoy", True) else KILLER_PRIVILEGED
    b = _all_out(s, HELPER) and _rangers_not(s, WUZHUANG) and s.is_out(*killers) >= 2 and sword
    return a or b


def rangers_win(s: QijianState) -> bool:
    """1: ≥3 killer-side and ≥4 Wuzhuang-side privileged out. 2: every 帮手 and 庄民 out and ≥2 of each
    side's privileged out (C-30). Both need an independent ranger alive (C-28)."""
    if not _independent_alive(s):
        return False
    k, w = s.is_out(*KILLER_PRIVILEGED), s.is_out(*WUZHUANG_PRIVILEGED)
    return (k >= 3 and w >= 4) or (_all_out(s, HELPER, VILLAGER) and k >= 2 and w >= 2)


CONDITIONS = (Condition(KILLERS, killers_win), Condition(WUZHUANG, wuzhuang_wins), Condition(RANGERS, rangers_win))
"""The three sides' conditions in table order (the order of precedence when only one may win)."""


def winners(s: QijianState) -> list[str]:
    """The sides whose condition holds now; one only (the first in table order) under C-31 false."""
    return win.winners(s, CONDITIONS, exclusive=not s.flags.get("qijian.co_victory", True))


def winning_seats(s: QijianState, sides: list[str]) -> list[int]:
    """The seats that share the win: a side's members, and the rangers whose allegiance is that side."""
    return [seat for seat, p in s.seats.items()
            if (p.role in RANGER_SIDE and p.allegiance in sides) or (p.role not in RANGER_SIDE and p.faction in sides)]
