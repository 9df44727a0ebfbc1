"""The start: header, deal, aliases, the wolves' chat (night 1 is opened by the ``Ruleset``).

A seating (the judge console, tests) fixes roles and aliases; without one the deal and the aliases
are drawn from the seed (the kernel's ``engine.table.deal``). Options: ``floor`` (``turns`` or
``open``, the kernel's) and ``rounds`` (speaking rounds of ``DAY``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine import events as ev
from engine.errors import SetupError
from engine.ruleset import Ruleset, SeatSetup
from engine.rulesets.classic7.aliases import ALIASES
from engine.rulesets.classic7.names import PACK, WEREWOLF
from engine.rulesets.classic7.night import open_night
from engine.rulesets.classic7.state import Classic7State
from engine.table import Next
from engine.table.deal import header, seat_table

if TYPE_CHECKING:
    from engine.game import Game

OPTIONS = frozenset({"floor", "rounds", "discipline"})
"""Play options; ``discipline`` is accepted (the judge console passes it) and has no penalties here."""

OPTIONS_DOC: dict[str, str] = {
    "floor": "turns (default: one speech each, in seat order) or open (everyone posts until it passes)",
    "rounds": "speaking rounds of the day, {\"DAY\": n} (default 1)",
    "scenario: actions": "arena judge: night skills (杀人, 查验; the witch's 解药/毒药 wait for her window); "
                         "day posts",
    "scenario: choices": "arena judge: the hunter's answer, {\"seat\", \"skill\": \"开枪\", \"targets\": [n]} "
                         "or \"use\": false",
}
"""What each option and each scenario field means for classic7 (``arena rules``)."""


def options_of(given: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(given) - OPTIONS
    if unknown:
        raise SetupError(f"unknown option(s) {sorted(unknown)}; known: {sorted(OPTIONS)}")
    if given.get("floor", "turns") not in ("turns", "open"):
        raise SetupError(f"floor: {given['floor']!r} is not allowed; give turns or open")
    return {key: value for key, value in given.items() if key != "discipline"}


def start(game: Game, rules: Ruleset, seed: int, flags: Mapping[str, Any], seating: list[SeatSetup] | None,
          options: dict[str, Any]) -> Next:
    """Emit the setup events: the header, the deal, the aliases, each seat's role, the pack's chat; night 1
    follows."""
    header(game, rules, seed, flags, options_of(options))
    roles = seat_table(game, rules, seating, ALIASES)
    pack = sorted(seat for seat, role in roles.items() if role == WEREWOLF)
    game.emit(ev.TeamFormed, ev.team_vis(PACK), pack, team=PACK, members=pack)
    return open_night(Classic7State.of(game), 1)
