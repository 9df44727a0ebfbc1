"""A tournament's design: every game it holds, each with its seed, seats and id, fixed by the file.

The plan is a pure function of the tournament file, so a tournament run again (after an
interruption, or on another machine) plans the very same games under the same ids, and the
database tells which of them are finished, which were cut short and which never started.

Deterministic players (``DETERMINISTIC``: the scripted and random bots draw every choice from
the seed, their seat and what they saw, never from their label) make two games with the same
rule set, seed and program at every seat byte-identical, whatever the labels: two labels of one
bot in rotations r and r+1 of a two-model design, or r and r+2 of a four-model one. Such a game
adds nothing a reviewer may count as evidence, so the plan marks it ``twin_of`` the first game it
repeats and the tournament does not play it (the evaluators also count byte-identical games as
one, for databases played before, and the report says how many games are distinct).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, replace
from typing import Any

from arena.run.seats import llm_config
from arena.tournament.file import Tournament
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
    twin_of: str | None = None
    """The earlier planned game this one would repeat byte for byte (deterministic players), if any."""


DETERMINISTIC = ("scripted", "random")
"""Players whose choices depend on the seed, the seat and the view alone (agents/scripted.py,
agents/random_legal.py): not on their label, the clock, or a model's sampling."""


def deal_seed(base: int, ruleset: str, deal: int) -> int:
    """The seed of one deal: stable across runs, machines and Python versions (no ``hash()``)."""
    digest = hashlib.sha256(f"{base}:{ruleset}:{deal}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def deals_needed(tournament: Tournament) -> int:
    """Deals per rule set: enough whole rotations to hold the games asked for."""
    return math.ceil(tournament.games / len(tournament.models))


def plan(tournament: Tournament) -> list[GameSpec]:
    """Every game, rule set by rule set, deal by deal, rotation by rotation; a game that would
    repeat an earlier one byte for byte is marked ``twin_of`` it."""
    return _twins(_games(tournament), tournament)


def play_key(spec: GameSpec, tournament: Tournament) -> tuple[object, ...] | None:
    """What decides every event of ``spec`` when all its players are deterministic (else None)."""
    programs = []
    for config in spec.configs:
        player = next(c.player for c in tournament.models if c.name == config["label"])
        if player not in DETERMINISTIC:
            return None
        programs.append(player)
    return spec.ruleset, spec.seed, spec.beliefs_at, tuple(programs)


def _twins(specs: list[GameSpec], tournament: Tournament) -> list[GameSpec]:
    first: dict[tuple[object, ...], str] = {}
    out = []
    for spec in specs:
        key = play_key(spec, tournament)
        if key is not None and key in first:
            spec = replace(spec, twin_of=first[key])
        elif key is not None:
            first[key] = spec.game_id
        out.append(spec)
    return out


def _games(tournament: Tournament) -> list[GameSpec]:
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
