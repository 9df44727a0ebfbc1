"""The games the conformance harness plays, once per rule set and process (tests/test_conformance.py:
its shared checks and each rule set's own, tests/conformance_rules.py, share them).

``SAMPLE_OPTIONS`` spreads a rule set's seeds over the options that make random play reach its rare
paths (discipline on for short games, off for long ones; every size of a variable-size rule set); a
rule set it does not name plays its defaults, so a new rule set needs no entry here.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from typing import Any

from engine.game import Game
from engine.rulesets import get_ruleset
from tests.conformance import play

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))
"""Random-legal games per rule set (``CONFORMANCE_GAMES`` lowers it for a quick local run)."""

_SUITANG21_DISCIPLINE: tuple[bool | list[str], ...] = (True, False, ["no_vote"])

SAMPLE_OPTIONS: dict[str, Callable[[int], dict[str, Any]]] = {
    # even seeds with every discipline rule (random players skip ballots, so seats drown and games are
    # short), odd seeds without, so that games run many nights deep and reach every skill
    "qijian24": lambda seed: {"discipline": seed % 2 == 0},
    # every penalty, none (long games: hugs, 通灵, shots, successions, 寡妇刀), the no-vote card alone
    "suitang21": lambda seed: {"discipline": _SUITANG21_DISCIPLINE[seed % 3]},
    # every size 9..26; penalty points on for even seeds, off for odd ones
    "majiasha2": lambda seed: {"size": 9 + seed % 18, "discipline": seed % 2 == 0},
}


def options_of(ruleset_id: str, seed: int) -> dict[str, Any] | None:
    """The options seed ``seed`` of ``ruleset_id`` plays with (None: the rule set's defaults)."""
    sample = SAMPLE_OPTIONS.get(ruleset_id)
    return None if sample is None else sample(seed)


def played(ruleset_id: str, seed: int, game: Game | None = None, boundaries: list[int] | None = None) -> Game:
    """A whole random-legal game of ``ruleset_id`` (or the rest of ``game``)."""
    return play(get_ruleset(ruleset_id), seed, game, boundaries, options=options_of(ruleset_id, seed))


@cache
def games_of(ruleset_id: str) -> tuple[Game, ...]:
    """``GAMES`` random-legal games of ``ruleset_id``, seeds 0.., played once per process."""
    return tuple(played(ruleset_id, seed) for seed in range(GAMES))
