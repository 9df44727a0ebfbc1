"""A tournament's design: every game it holds, each with its seed, seats and id, fixed by the file.

The plan is a pure function of the tournament file, so a tournament run again (after an
interruption, or on another machine) plans the very same games under the same ids, and the
database tells which of them are finished, which were cut short and which never started.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from arena.seats import llm_config
from arena.tournament_file import Tournament
from engine.rulesets import get_ruleset


@dataclass(frozen=True)
class GameSpec:
    """One planned game: where it sits in the design, its seed and who plays each seat."""

    tournament: str
    game_id: str
    ruleset: str
    deal: int
    rotation: int
    seed: int
    configs: tuple[dict[str, Any], ...]
    beliefs_at: tuple[str, ...]


def deal_seed(base: int, ruleset: str, deal: int) -> int:
    """The seed of one deal: stable across runs, machines and Python versions (no ``hash()``)."""
    digest = hashlib.sha256(f"{base}:{ruleset}:{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def deals_needed(tournament: Tournament) -> int:
    """Deals per rule set: enough whole rotations to hold the games asked for."""
    return math.ceil(tournament.games / len(tournament.models))


def plan(tournament: Tournament) -> list[GameSpec]:
    """Every game, rule set by rule set, deal by deal, rotation by rotation."""
    out = []
    rotations = len(tournament.models)
    for ruleset in tournament.rulesets:
        seats = get_ruleset(ruleset).seats
        for deal in range(deals_needed(tournament)):
            seed = deal_seed(tournament.seed, ruleset, deal)
            for rotation in range(rotations):
                configs = tuple(_config(tournament, seat, (seat - 1 + rotation) % rotations) for seat in range(1, seats + 1))
                game_id = f"{tournament.name}-{ruleset}-d{deal:03d}-r{rotation:02d}"
                out.append(GameSpec(tournament.name, game_id, ruleset, deal, rotation, seed, configs,
                                    tournament.beliefs_at))
    return out


def _config(tournament: Tournament, seat: int, model: int) -> dict[str, Any]:
    """The stored seat config (secrets never in it: an endpoint keeps only its key's variable name)."""
    contestant = tournament.models[model]
    if contestant.player.startswith("llm:"):
        config = llm_config(seat, tournament.endpoints[contestant.player[4:]])
    else:
        config = {"seat": seat, "kind": contestant.player}
    return {**config, "label": contestant.name}
