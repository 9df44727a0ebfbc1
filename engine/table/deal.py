"""The deal and the aliases, written once: who holds which role, and which 马甲 each seat wears.

Each rule set before the kernel drew its deal and aliases and checked a fixed seating with its own
copy of the same lines. Here a rule set passes itself (its roster is ``Ruleset.roles``, its names
``role_names``); a seating from the judge console or a test fixes roles and aliases, the rest is drawn
from the game's seed under the draw names ``发牌`` and ``马甲``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.errors import SetupError, UnknownName
from engine.ruleset import Ruleset, SeatSetup

if TYPE_CHECKING:
    from engine.game import Game


def cards(ruleset: Ruleset) -> list[str]:
    """The roster as one card per seat, in the order the rule set lists its roles."""
    return [role.id for role in ruleset.roles for _ in range(role.count)]


def deal(game: Game, ruleset: Ruleset, seating: Sequence[SeatSetup] | None) -> dict[int, str]:
    """Seat → role id: the seating's roles where it gives any (checked against the roster), else drawn."""
    deck = cards(ruleset)
    if not any(item.role is not None for item in seating or ()):
        drawn = game.draw("发牌", lambda r: r.sample(deck, len(deck)))
        return dict(zip(range(1, len(deck) + 1), drawn, strict=True))
    return seated(ruleset, seating or (), deck)


def seated(ruleset: Ruleset, seating: Sequence[SeatSetup], deck: list[str]) -> dict[int, str]:
    """A fixed seating as seat → role id, or a ``SetupError`` saying what does not match the roster."""
    numbers = sorted(item.seat for item in seating)
    if numbers != list(range(1, len(deck) + 1)):
        raise SetupError(f"{ruleset.id} needs seats 1..{len(deck)} exactly once; got {numbers}")
    held: dict[int, str] = {}
    for item in sorted(seating, key=lambda item: item.seat):
        if item.role is None:
            raise SetupError(f"seat {item.seat} has no role: give every seat a role, or none at all")
        try:
            held[item.seat] = ruleset.role_names.id(item.role)
        except UnknownName as err:
            raise SetupError(f"seat {item.seat}: {err}") from None
    gap = Counter(deck)
    gap.subtract(held.values())
    if any(gap.values()):
        wrong = "; ".join(f"{ruleset.role_names.zh(r)} {-n:+d}" for r, n in sorted(gap.items()) if n)
        raise SetupError(f"the roster does not match {ruleset.id} (seats too many or too few): {wrong}")
    return held


def aliases(game: Game, pool: Sequence[str], count: int, seating: Sequence[SeatSetup] | None, *,
            draw: str = "马甲") -> dict[int, str]:
    """Seat → alias: the seating's where it gives one, the others drawn from what is left of ``pool``
    (under the draw name ``draw``: majiasha2's seats are 角色, its 马甲 a second name layer)."""
    given = {item.seat: item.alias for item in seating or () if item.alias}
    free = [name for name in pool if name not in given.values()]
    drawn = game.draw(draw, lambda r: r.sample(free, count))
    return {seat: given.get(seat) or drawn[seat - 1] for seat in range(1, count + 1)}
