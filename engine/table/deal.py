"""The header, the deal and the aliases, written once: who holds which role, and which 马甲 each seat wears.

Each rule set before the kernel drew its deal and aliases and checked a fixed seating with its own
copy of the same lines. Here a rule set passes itself (its roster is ``Ruleset.roles``, its names
``role_names``); a seating from the judge console or a test fixes roles and aliases, the rest is drawn
from the game's seed under the draw names ``发牌`` and ``马甲``. A rule set words the refusals of a
seating that does not match its roster in its own codes (``RosterRefusals``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import SetupError, UnknownName
from engine.events import PUBLIC, AliasesAssigned, GameCreated, RoleDealt, seat_vis
from engine.flags import resolve_flags
from engine.ruleset import Ruleset, SeatSetup

if TYPE_CHECKING:
    from engine.game import Game


def header(game: Game, ruleset: Ruleset, seed: int, flags: Mapping[str, Any], options: dict[str, Any],
           seats: int | None = None) -> None:
    """The game's header (``GameCreated``): the rule set and its version, the seed, the seats (the rule
    set's, or ``seats`` where its size varies), the flags over its defaults, the options as checked."""
    game.emit(GameCreated, PUBLIC, ruleset=ruleset.id, version=ruleset.version, seed=seed,
              seats=ruleset.seats if seats is None else seats, flags=resolve_flags(ruleset.flags, flags),
              options=options)


def cards(ruleset: Ruleset) -> list[str]:
    """The roster as one card per seat, in the order the rule set lists its roles."""
    return [role.id for role in ruleset.roles for _ in range(role.count)]


@dataclass(frozen=True, slots=True)
class RosterRefusals:
    """How a rule set words the refusals of a fixed seating (each returns the ``SetupError`` to
    raise): seat numbers that are not 1..n exactly once (``seats``: the count and the numbers given),
    a seat without a role (``no_role``), a role name the rule set does not know (``unknown_role``:
    the seat, the name given, the lookup's error), a roster that does not match (``roster``: each
    role whose count is off, as (role, got, want), in role order)."""

    seats: Callable[[int, list[int]], SetupError]
    no_role: Callable[[int], SetupError]
    unknown_role: Callable[[int, str, UnknownName], SetupError]
    roster: Callable[[list[tuple[str, int, int]]], SetupError]


def coded(setup: Callable[..., SetupError], nested: Callable[..., dict[str, Any]], *, seats: str, no_role: str,
          unknown_role: str, roster: str, count: str, none_if_empty: bool = False) -> RosterRefusals:
    """The refusals as a rule set's codes with the usual parameters: ``seats`` (``count``, ``missing``,
    ``extra``; an empty list given as None where ``none_if_empty``: said as "none"), ``no_role``
    (``seat``), ``unknown_role`` (``seat``, ``name``), ``roster`` (``diff``: a nested ``count`` code
    per role, with ``role``, ``got``, ``want``)."""
    def misseated(n: int, numbers: list[int]) -> SetupError:
        found = gaps(n, numbers)
        return setup(seats, count=n, **({k: v or None for k, v in found.items()} if none_if_empty else found))

    return RosterRefusals(
        seats=misseated,
        no_role=lambda seat: setup(no_role, seat=seat),
        unknown_role=lambda seat, name, err: setup(unknown_role, seat=seat, name=name),
        roster=lambda wrong: setup(roster, diff=[nested(count, role=role, got=got, want=want)
                                                 for role, got, want in wrong]),
    )


def gaps(count: int, numbers: Sequence[int]) -> dict[str, list[int]]:
    """``missing``: the seats of 1..``count`` that ``numbers`` lacks; ``extra``: those it has out of
    range or more than once (a refusal's parameters)."""
    missing = sorted(set(range(1, count + 1)) - set(numbers))
    extra = sorted({n for n in numbers if not 1 <= n <= count} | {n for n in numbers if numbers.count(n) > 1})
    return {"missing": missing, "extra": extra}


def plain(ruleset: Ruleset) -> RosterRefusals:
    """The kernel's own sentences, for a rule set that has no codes of its own for them."""
    def off(wrong: list[tuple[str, int, int]]) -> SetupError:
        said = "; ".join(f"{ruleset.role_names.zh(role)} {got - want:+d}" for role, got, want in wrong)
        return SetupError(f"the roster does not match {ruleset.id} (seats too many or too few): {said}")

    return RosterRefusals(
        seats=lambda count, numbers: SetupError(
            f"{ruleset.id} needs seats 1..{count} exactly once; got {sorted(numbers)}"),
        no_role=lambda seat: SetupError(f"seat {seat} has no role: give every seat a role, or none at all"),
        unknown_role=lambda seat, name, err: SetupError(f"seat {seat}: {err}"),
        roster=off,
    )


def deal(game: Game, ruleset: Ruleset, seating: Sequence[SeatSetup] | None,
         refusals: RosterRefusals | None = None) -> dict[int, str]:
    """Seat → role id: the seating's roles where it gives any (checked against the roster, refused in
    the words of ``refusals``), else drawn."""
    deck = cards(ruleset)
    if not any(item.role is not None for item in seating or ()):
        drawn = game.draw("发牌", lambda r: r.sample(deck, len(deck)))
        return dict(zip(range(1, len(deck) + 1), drawn, strict=True))
    return seated(ruleset, seating or (), deck, refusals or plain(ruleset))


def seated(ruleset: Ruleset, seating: Sequence[SeatSetup], deck: list[str], refusals: RosterRefusals) -> dict[int, str]:
    """A fixed seating as seat → role id (in the seating's order), or the ``SetupError`` of ``refusals``
    saying what does not match the roster."""
    numbers = [item.seat for item in seating]
    if sorted(numbers) != list(range(1, len(deck) + 1)):
        raise refusals.seats(len(deck), numbers)
    held: dict[int, str] = {}
    for item in seating:
        if item.role is None:
            raise refusals.no_role(item.seat)
        try:
            held[item.seat] = ruleset.role_names.id(item.role)
        except UnknownName as err:
            raise refusals.unknown_role(item.seat, item.role, err) from None
    want, got = Counter(deck), Counter(held.values())
    if want != got:
        raise refusals.roster([(role, got[role], want[role]) for role in sorted(set(want) | set(got))
                               if got[role] != want[role]])
    return held


def seat_table(game: Game, ruleset: Ruleset, seating: Sequence[SeatSetup] | None, pool: Sequence[tuple[str, str]],
               refusals: RosterRefusals | None = None) -> dict[int, str]:
    """The deal, the aliases drawn from ``pool`` ((zh, en) names) and each seat told its role and
    faction: every rule set with one alias per seat opens its game so. Seat → role id."""
    roles = deal(game, ruleset, seating, refusals)
    game.emit(AliasesAssigned, PUBLIC, aliases=aliases(game, [zh for zh, _ in pool], ruleset.seats, seating))
    side = {role.id: role.faction for role in ruleset.roles}
    for seat, role in roles.items():
        game.emit(RoleDealt, seat_vis(seat), seat=seat, role=role, faction=side[role])
    return roles


def aliases(game: Game, pool: Sequence[str], count: int, seating: Sequence[SeatSetup] | None, *,
            draw: str = "马甲") -> dict[int, str]:
    """Seat → alias: the seating's where it gives one, the others drawn from what is left of ``pool``
    (under the draw name ``draw``: majiasha2's seats are 角色, its 马甲 a second name layer)."""
    given = {item.seat: item.alias for item in seating or () if item.alias}
    free = [name for name in pool if name not in given.values()]
    drawn = game.draw(draw, lambda r: r.sample(free, count))
    return {seat: given.get(seat) or drawn[seat - 1] for seat in range(1, count + 1)}
