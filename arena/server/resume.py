"""The server's side of a restart: take up, from the database, every game it was playing.

On start (``Hub.open``) every game of ``served_games`` still stored as ``running`` is played on: its
stored events are folded back into the game (the engine's resume: same seed and same decisions
give the same end), its bots and models are built again from the stored seat configs, and each
human seat is a person's seat again — with the lobby's deadline and stand-in, held by whoever held
it last (a person who had left finds the stand-in still playing). The people's join links still
work (their grants are stored), so their pages reconnect by themselves; a person who does not come
back is handed to the stand-in at their first deadline (``LiveGame``). The host may also resume,
from the replays page, an interrupted game this server did not start (``resume_stored``).

This module is the one place that knows how a stored game is taken up: when the arena's resume API
(``arena.run.resume``) gives more (stored answers replayed, a model's memory rebuilt), only it changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agents.base import Agent
from arena.run.seats import plan_from_configs
from arena.server.live import GONE
from arena.server.lobby import HUMAN, GameSpec, human_seat, paced
from arena.server.texts import Refused
from engine.game import Game
from engine.rulesets import get_ruleset
from transcripts.errors import TranscriptError
from transcripts.reader import load_calls, load_control, load_events, load_header, resolve_game_id
from transcripts.serving import save_served, served_games

if TYPE_CHECKING:
    from arena.server.hub import Hub
    from arena.server.live import LiveGame


def resume_served(hub: Hub) -> list[str]:
    """Take up every game this server was playing when it stopped; the ids taken up."""
    with hub.reader() as con:
        running = served_games(con, "running")
    taken = []
    for game_id, spec in running.items():
        try:
            resume_game(hub, game_id, GameSpec.model_validate(spec)).start()
        except (TranscriptError, ValueError) as exc:  # one bad game must not keep the server down
            print(f"arena serve: game {game_id} was not resumed: {exc}")
            continue
        taken.append(game_id)
    return taken


def resume_stored(hub: Hub, game_id: str) -> LiveGame:
    """The host takes up an interrupted stored game (any, not only this server's); started."""
    with hub.reader() as con:
        gid = resolve_game_id(con, game_id)
        row = load_header(con, gid)
        spec = served_games(con).get(gid)
    if gid in hub.games:
        raise Refused("resume_running", game=gid)
    if row.status == "finished":
        raise Refused("not_resumable", game=gid, why={"zh": "已经结束", "en": "it is finished"})
    chosen = GameSpec.model_validate(spec) if spec is not None else _spec_of(row.header.ruleset, row.header.seat_configs)
    live = resume_game(hub, gid, chosen)
    if spec is None:
        with hub.reader() as con:
            save_served(con, gid, chosen.model_dump())
    live.start()
    return live


def resume_game(hub: Hub, game_id: str, spec: GameSpec) -> LiveGame:
    """The stored game ``game_id`` folded back and seated again (not yet started)."""
    assert hub.writer is not None
    with hub.reader() as con:
        header = load_header(con, game_id).header
        events = load_events(con, game_id)
        control = load_control(con, game_id)
        calls = len(load_calls(con, game_id))
    hub.writer.resume(game_id)
    game = Game.replay(get_ruleset(header.ruleset), events)
    configs = list(header.seat_configs)
    agents = _players(configs, spec, header.seed)
    last = {c.seat: c for c in control}
    live = hub.adopt(game_id, game, agents, configs, spec, resumed=True, calls_stored=calls)
    for seat, human in live.humans.items():
        held = last.get(seat)
        if held is not None and held.controller == "bot":
            human.controller = "bot"
            if held.reason == GONE:  # handed over because its person was gone: theirs again when they return
                live.gone.add(seat)
    return live


def _players(configs: list[dict[str, Any]], spec: GameSpec, seed: int) -> dict[int, Agent]:
    """Bots and models from their stored configs (paced as the lobby asked), people's seats again."""
    plan = plan_from_configs(configs, seed=seed)
    agents: dict[int, Agent] = {}
    for config in configs:
        seat = int(config["seat"])
        if config.get("kind") == HUMAN:
            agents[seat] = human_seat(seat, spec.stand_in, spec.pace_s)
        elif config.get("kind") == "llm":
            agents[seat] = plan.agents[seat]
        else:
            agents[seat] = paced(plan.agents[seat], spec.pace_s)
    return agents


def _spec_of(ruleset: str, configs: list[dict[str, Any]]) -> GameSpec:
    """A lobby form for a game the lobby did not start (``arena play``): its players as stored."""
    players = [HUMAN if c.get("kind") == HUMAN else str(c.get("player") or c.get("kind")) for c in configs]
    stand_in = next((str(c["bot"]["kind"]) for c in configs if c.get("kind") == HUMAN and "bot" in c), "scripted")
    return GameSpec(ruleset=ruleset, players=players, stand_in=stand_in if stand_in in ("scripted", "random") else "scripted",
                    pace_s=0.5 if HUMAN in players else 0.0)  # bots alone: nobody to follow the thread
