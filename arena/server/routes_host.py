"""The host's routes: the lobby's data, starting a game, a seat's new join link, resuming a stored game.

Each one asks for the host's key (``hostkey``: the ``X-Host-Key`` header, never a URL), and reads
a request body only through ``read_json``: JSON by content type — which no page of another site can
send without the browser asking this server first, and it never says yes — and bounded as it
streams in.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request

from arena.server.hostkey import HEADER
from arena.server.hub import Hub
from arena.server.live import LiveGame
from arena.server.lobby import GameSpec, player_choices, player_label
from arena.server.payload import both
from arena.server.resume import resume_stored
from arena.server.submit import MAX_MESSAGE_BYTES
from arena.server.texts import BadRequest, TooLarge
from engine.rulesets import get_ruleset, ruleset_ids


async def read_json(request: Request, limit: int = MAX_MESSAGE_BYTES) -> Any:
    """The request's JSON, read chunk by chunk and refused as soon as it passes ``limit`` bytes."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise BadRequest("not_json_type")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLarge("too_large", limit=limit)
        chunks.append(chunk)
    body = b"".join(chunks)
    try:
        return json.loads(body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest("not_json", detail=getattr(exc, "msg", str(exc))) from None


def host(hub: Hub, request: Request) -> None:
    """Nothing, or ``HostKeyError``: the request is the host's."""
    if hub.host_key is not None:
        hub.host_key.verify(request.headers.get(HEADER))


def add_host_routes(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/lobby")
    async def lobby(request: Request) -> dict[str, Any]:
        host(hub, request)
        default = GameSpec.model_fields["ruleset"].default
        ids = sorted(ruleset_ids(), key=lambda r: r != default)  # the default first
        rulesets = [{"id": r, "title": get_ruleset(r).title, "seats": get_ruleset(r).seats} for r in ids]
        players = player_choices(hub.endpoints)
        return {"rulesets": rulesets, "players": players, "player_names": {p: player_label(p) for p in players},
                "games": [game_item(hub, live) for live in hub.games.values()],
                "quotas": {"max_games": hub.quotas.max_games, "max_humans": hub.quotas.max_humans,
                           "playing": hub.playing()}}

    @app.post("/api/games")
    async def create(request: Request) -> dict[str, Any]:
        host(hub, request)
        spec = GameSpec.model_validate(await read_json(request))
        live, links = hub.create(spec)
        return {"game_id": live.game_id, "watch": f"/watch/{live.game_id}",
                "links": [{"seat": link.seat, "url": link.url} for link in links]}

    @app.post("/api/games/{game_id}/seats/{seat}/link")
    async def reissue(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        host(hub, request)
        link = hub.reissue(game_id, seat)
        return {"seat": seat, "url": link.url}

    @app.post("/api/games/{game_id}/resume")
    async def resume(game_id: str, request: Request) -> dict[str, Any]:
        host(hub, request)
        live = resume_stored(hub, game_id)
        return {"game_id": live.game_id, "watch": f"/watch/{live.game_id}", "host": "/"}


def game_item(hub: Hub, live: LiveGame) -> dict[str, Any]:
    """A game as the host's page lists it: where it is, and each human seat's state."""
    state = live.game.state
    humans = []
    for seat, human in sorted(live.humans.items()):
        grant = hub.tokens.current(live.game_id, seat)
        humans.append({"seat": seat, "name": both(live.names, lambda lang, s=seat: live.names.seat(s, lang)),
                       "controller": human.controller, "connected": hub.connections.present(live.game_id, seat),
                       "asked": human.asked is not None,
                       "expires_ms": int(grant.expires_at * 1000) if grant is not None else None})
    return {"game_id": live.game_id, "ruleset": live.game.ruleset.id, "title": live.names.title,
            "over": live.over, "done": live.done, "day": state.day,
            "phase_name": both(live.names, lambda lang: live.names.phase(state.phase, lang)),
            "watch": f"/watch/{live.game_id}", "replay": f"/replays/{live.game_id}", "humans": humans,
            "watchers": live.watchers.count()}
