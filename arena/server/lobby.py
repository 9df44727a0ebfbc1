"""The lobby: what a host asks for (rule set, who plays each seat, deadlines) and the game it starts.

A ``GameSpec`` is the lobby form, validated by pydantic so a bad field comes back as a clear
error. Each seat is ``human``, a bot (``scripted``, ``random``) or a model (``llm:NAME``, an
endpoint of the seat file given to ``arena serve --seats``). A human seat gets a stand-in bot for
when its person leaves, and a join link with its own secret token.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agents.base import Agent
from agents.human import HumanSeat
from agents.llm.agent import LLMAgent
from agents.llm.endpoint import Endpoint
from agents.llm.pool import ClientPool
from arena.players import KINDS, make_agent
from arena.seats import human_config, llm_config
from arena.server.live import LiveGame, Paced
from engine.rulesets import get_ruleset, ruleset_ids
from transcripts.records import GameHeader
from transcripts.writer import TranscriptWriter

HUMAN = "human"


class GameSpec(BaseModel):
    """The lobby's form."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = "umineko32"
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    players: list[str] = Field(min_length=1, description="one entry per seat: human, scripted, random or llm:NAME")
    deadline_s: float | None = Field(default=120.0, gt=0, le=24 * 3600, description="a human's time per decision")
    stand_in: str = Field(default="scripted", description="the bot that plays a human seat its person left")
    pace_s: float = Field(default=0.5, ge=0, le=30, description="a bot's pause before each answer")
    lang: str = Field(default="zh", pattern="^(zh|en)$")
    flags: dict[str, Any] = Field(default_factory=dict)


def player_choices(endpoints: Mapping[str, Endpoint]) -> list[str]:
    """What the lobby offers for a seat."""
    return [HUMAN, *KINDS, *(f"llm:{name}" for name in endpoints)]


def check_spec(spec: GameSpec, endpoints: Mapping[str, Endpoint]) -> None:
    """Refuse a spec the server cannot play, naming the field and the choices."""
    if spec.ruleset not in ruleset_ids():
        raise ValueError(f"unknown rule set {spec.ruleset!r}; one of: {', '.join(ruleset_ids())}")
    seats = get_ruleset(spec.ruleset).seats
    if len(spec.players) != seats:
        raise ValueError(f"{spec.ruleset} has {seats} seats; the lobby sent {len(spec.players)} players")
    choices = player_choices(endpoints)
    for seat, player in enumerate(spec.players, start=1):
        if player not in choices:
            raise ValueError(f"seat {seat}: unknown player {player!r}; one of: {', '.join(choices)}")
    if spec.stand_in not in KINDS:
        raise ValueError(f"stand_in must be one of {', '.join(KINDS)}, not {spec.stand_in!r}")


def start_game(spec: GameSpec, endpoints: Mapping[str, Endpoint], writer: TranscriptWriter | None,
               game_id: str) -> tuple[LiveGame, ClientPool | None]:
    """A new ``LiveGame`` for ``spec`` (not yet started), recorded under ``game_id`` when a writer is given."""
    check_spec(spec, endpoints)
    ruleset = get_ruleset(spec.ruleset)
    seed = spec.seed if spec.seed is not None else random.SystemRandom().randrange(2**31)
    pool = ClientPool(seed=seed) if any(p.startswith("llm:") for p in spec.players) else None
    agents: dict[int, Agent] = {}
    configs: list[dict[str, Any]] = []
    for seat, player in enumerate(spec.players, start=1):
        agent, config = _player(seat, player, spec, endpoints, pool)
        agents[seat] = agent
        configs.append(config)
    game = ruleset.new_game(seed, flags=spec.flags)
    if writer is not None:
        writer.begin_game(GameHeader.from_events(game.events, configs), game_id=game_id)
    return LiveGame(game_id, game, agents, configs, writer, lang=spec.lang), pool


def _player(seat: int, player: str, spec: GameSpec, endpoints: Mapping[str, Endpoint],
            pool: ClientPool | None) -> tuple[Agent, dict[str, Any]]:
    if player == HUMAN:
        stand_in = _paced(make_agent(spec.stand_in), spec.pace_s)
        return (HumanSeat(seat, stand_in, deadline_s=spec.deadline_s),
                human_config({"seat": seat, "kind": spec.stand_in}))
    if player.startswith("llm:"):
        ep = endpoints[player[4:]]
        return LLMAgent(ep, ep.lang, pool=pool), llm_config(seat, ep)
    return _paced(make_agent(player), spec.pace_s), {"seat": seat, "kind": player}


def _paced(agent: Agent, pace_s: float) -> Agent:
    return Paced(agent, pace_s) if pace_s > 0 else agent
