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
from arena.run.players import KINDS, make_agent
from arena.run.seats import human_config, llm_config
from arena.server.live import Paced
from arena.server.texts import BadRequest
from engine.game import Game
from engine.rulesets import get_ruleset, ruleset_ids

HUMAN = "human"
PLAYER_NAMES: dict[str, tuple[str, str]] = {HUMAN: ("人类玩家", "a person"), "scripted": ("脚本机器人", "scripted bot"),
                                            "random": ("随机机器人", "random bot")}


class GameSpec(BaseModel):
    """The lobby's form."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str = "umineko32"
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    players: list[str] = Field(min_length=1, max_length=64, description="one entry per seat: human, scripted, random or llm:NAME")
    deadline_s: float | None = Field(default=120.0, gt=0, le=24 * 3600, description="a human's time per decision")
    stand_in: str = Field(default="scripted", description="the bot that plays a human seat its person left")
    pace_s: float = Field(default=0.5, ge=0, le=30, description="a bot's pause before each answer")
    lang: str = Field(default="zh", pattern="^(zh|en)$")
    flags: dict[str, Any] = Field(default_factory=dict)


def player_choices(endpoints: Mapping[str, Endpoint]) -> list[str]:
    """What the lobby offers for a seat."""
    return [HUMAN, *KINDS, *(f"llm:{name}" for name in endpoints)]


def player_label(player: str) -> dict[str, str]:
    """A lobby choice in both languages (a model by its endpoint's name)."""
    if player.startswith("llm:"):
        return {"zh": f"模型 {player[4:]}", "en": f"model {player[4:]}"}
    zh, en = PLAYER_NAMES.get(player, (player, player))
    return {"zh": zh, "en": en}


def check_spec(spec: GameSpec, endpoints: Mapping[str, Endpoint]) -> None:
    """Refuse a spec the server cannot play, naming the field and the choices."""
    if spec.ruleset not in ruleset_ids():
        raise BadRequest("spec", detail=f"unknown rule set {spec.ruleset!r}; one of: {', '.join(ruleset_ids())}",
                         texts={"zh": f"没有规则 {spec.ruleset!r}；可选：{'、'.join(ruleset_ids())}",
                                "en": f"unknown rule set {spec.ruleset!r}; one of: {', '.join(ruleset_ids())}"})
    seats = get_ruleset(spec.ruleset).seats
    if len(spec.players) != seats:
        raise BadRequest("spec", texts={"zh": f"{spec.ruleset} 有 {seats} 个座位；大厅发来 {len(spec.players)} 个玩家",
                                        "en": f"{spec.ruleset} has {seats} seats; the lobby sent {len(spec.players)} players"})
    choices = player_choices(endpoints)
    for seat, player in enumerate(spec.players, start=1):
        if player not in choices:
            raise BadRequest("spec", texts={"zh": f"{seat} 号座位：没有玩家 {player!r}；可选：{'、'.join(choices)}",
                                            "en": f"seat {seat}: unknown player {player!r}; one of: {', '.join(choices)}"})
    if spec.stand_in not in KINDS:
        raise BadRequest("spec", texts={"zh": f"stand_in（替补）只能是 {'、'.join(KINDS)}，不能是 {spec.stand_in!r}",
                                        "en": f"stand_in must be one of {', '.join(KINDS)}, not {spec.stand_in!r}"})


def new_game(spec: GameSpec, seed: int) -> Game:
    """The game ``spec`` asks for (a bad flag is the engine's error, said by the caller)."""
    return get_ruleset(spec.ruleset).new_game(seed, flags=spec.flags)


def seat_players(spec: GameSpec, endpoints: Mapping[str, Endpoint], seed: int
                 ) -> tuple[dict[int, Agent], list[dict[str, Any]], ClientPool | None]:
    """Every seat's player and stored config, and the model client pool where a seat plays a model."""
    check_spec(spec, endpoints)
    pool = ClientPool(seed=seed) if any(p.startswith("llm:") for p in spec.players) else None
    agents: dict[int, Agent] = {}
    configs: list[dict[str, Any]] = []
    for seat, player in enumerate(spec.players, start=1):
        agent, config = _player(seat, player, spec, endpoints, pool)
        agents[seat] = agent
        configs.append(config)
    return agents, configs, pool


def pick_seed(spec: GameSpec) -> int:
    return spec.seed if spec.seed is not None else random.SystemRandom().randrange(2**31)


def _player(seat: int, player: str, spec: GameSpec, endpoints: Mapping[str, Endpoint],
            pool: ClientPool | None) -> tuple[Agent, dict[str, Any]]:
    if player == HUMAN:
        return (human_seat(seat, spec.stand_in, spec.pace_s), human_config({"seat": seat, "kind": spec.stand_in}))
    if player.startswith("llm:"):
        ep = endpoints[player[4:]]
        return LLMAgent(ep, ep.policy.lang, pool=pool), llm_config(seat, ep)
    return paced(make_agent(player), spec.pace_s), {"seat": seat, "kind": player}


def human_seat(seat: int, stand_in: str, pace_s: float) -> HumanSeat:
    """A person's seat with its stand-in bot (its deadline is kept by the game: ``LiveGame``)."""
    return HumanSeat(seat, paced(make_agent(stand_in), pace_s), deadline_s=None)


def paced(agent: Agent, pace_s: float) -> Agent:
    return Paced(agent, pace_s) if pace_s > 0 else agent
