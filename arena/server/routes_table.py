"""The table's routes: a seat's state and actions over HTTP, the sockets, "who was a bot?", the public view.

A seat's routes take its token as a bearer header (the page keeps it from the join link's
fragment); the public view is anyone's. Each refusal is a ``ServerError`` answered by ``app``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request, WebSocket

from arena.server.guesses import guess_form, save_answers
from arena.server.hub import Hub
from arena.server.routes_host import read_json
from arena.server.sockets import serve_public, serve_seat
from arena.server.texts import BadRequest, Refused
from engine.views import Viewer


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def add_table_routes(app: FastAPI, hub: Hub) -> None:
    @app.get("/api/games/{game_id}/public")
    async def public(game_id: str) -> dict[str, Any]:
        return hub.live(game_id).snapshot(Viewer.spectator())

    @app.get("/api/games/{game_id}/seats/{seat}/state")
    async def state(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        return hub.seat(game_id, seat, bearer(request)).snapshot(Viewer.of_seat(seat))

    @app.post("/api/games/{game_id}/seats/{seat}/action")
    async def act(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        live = hub.seat(game_id, seat, bearer(request))
        body = await read_json(request)
        if not isinstance(body, dict):
            raise BadRequest("act_shape")
        live.submit(seat, body.get("action"), body.get("decision"))
        return {"ok": True}

    @app.post("/api/games/{game_id}/seats/{seat}/leave")
    async def leave(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub.seat(game_id, seat, bearer(request)).leave(seat)
        return {"ok": True, "controller": "bot"}

    @app.post("/api/games/{game_id}/seats/{seat}/back")
    async def back(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub.seat(game_id, seat, bearer(request)).take_back(seat)
        return {"ok": True, "controller": "human"}

    @app.get("/api/games/{game_id}/seats/{seat}/guesses")
    async def guesses(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub.tokens.verify(game_id, seat, bearer(request))
        _not_running(hub, game_id)
        with hub.reader() as con:
            return guess_form(con, game_id, seat)

    @app.post("/api/games/{game_id}/seats/{seat}/guesses")
    async def answer(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub.tokens.verify(game_id, seat, bearer(request))
        body = await read_json(request)
        _not_running(hub, game_id)
        with hub.reader() as con:
            return save_answers(con, game_id, seat, body)

    @app.websocket("/ws/games/{game_id}/seats/{seat}")
    async def seat_socket(ws: WebSocket, game_id: str, seat: int) -> None:
        await serve_seat(ws, hub, game_id, seat)

    @app.websocket("/ws/games/{game_id}/public")
    async def public_socket(ws: WebSocket, game_id: str) -> None:
        await serve_public(ws, hub, game_id)


def _not_running(hub: Hub, game_id: str) -> None:
    """A game still being played (or not yet recorded as finished) is asked nothing yet."""
    live = hub.games.get(game_id)
    if live is not None and not live.done:
        raise Refused("guess_not_over")
