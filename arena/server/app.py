"""``arena serve``'s web application: lobby, table (HTTP + WebSocket), replays.

Routes, and who may use them:

* ``/`` lobby, ``POST /api/games`` start a game: anyone who reaches the server (it listens on
  127.0.0.1 by default; the host shares join links).
* ``/play/{game}/{seat}`` the table page; its data (``/api/games/{game}/seats/{seat}/…`` and the
  WebSocket ``/ws/games/{game}/seats/{seat}``) only for the seat's token, sent as a bearer header
  or as the WebSocket's first message — never in a URL, so it stays out of logs and histories.
* ``/watch/{game}`` and ``/api/games/{game}/public``: the public thread, to anyone.
* ``/replays`` and ``/replays/{game}``: stored games; a game still in progress shows only its
  public view, so a player cannot read hidden information of the game they are playing.

Every refusal is JSON ``{"error": …}`` with a status that says its kind (400 bad input, 403 no
grant, 404 unknown game, 409 not now), and never echoes a secret.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.middleware.trustedhost import TrustedHostMiddleware

from arena.server.hub import Hub, UnknownGame
from arena.server.lobby import GameSpec, player_choices
from arena.server.replay_routes import add_replay_routes
from arena.server.submit import MAX_MESSAGE_BYTES, Refused
from arena.server.tokens import TokenError
from engine.rulesets import get_ruleset, ruleset_ids
from engine.views import Viewer
from transcripts.errors import TranscriptError

STATIC = Path(str(resources.files("arena.server") / "static"))
AUTH_TIMEOUT_S = 10.0
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
"""No inline or foreign script may run on the table: even markup smuggled into a post could not execute."""


def create_app(hub: Hub, allowed_hosts: list[str] | None = None) -> FastAPI:
    """The application over ``hub`` (tests build their own hub; ``arena serve`` builds one from flags).

    ``allowed_hosts`` refuses requests naming any other Host, so a web page whose domain is made to
    resolve to 127.0.0.1 (DNS rebinding) cannot talk to the server as if it were the same site.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.open()
        yield
        await hub.close()

    app = FastAPI(title="Bansha Arena", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    if allowed_hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _add_errors(app)
    _add_security_headers(app)
    _add_lobby(app, hub)
    _add_table(app, hub)
    _add_socket(app, hub)
    add_replay_routes(app, hub)
    return app


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _add_errors(app: FastAPI) -> None:
    handlers: dict[type[Exception], int] = {Refused: 409, TokenError: 403, UnknownGame: 404, TranscriptError: 404,
                                            ValidationError: 400}
    for kind, status in handlers.items():
        def handler(request: Request, exc: Exception, status: int = status) -> JSONResponse:
            return _error(status, str(exc))
        app.add_exception_handler(kind, handler)


def _add_security_headers(app: FastAPI) -> None:
    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Cache-Control"] = "no-store"
        return response


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")


def _add_lobby(app: FastAPI, hub: Hub) -> None:
    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> FileResponse:
        return _page("lobby.html")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)  # none, on purpose: one request fewer, and no 404 in the console

    @app.get("/api/lobby")
    async def lobby_options() -> dict[str, Any]:
        ids = sorted(ruleset_ids(), key=lambda r: r != GameSpec.model_fields["ruleset"].default)  # the default first
        rulesets = [{"id": r, "title": get_ruleset(r).title, "seats": get_ruleset(r).seats} for r in ids]
        games = [{"game_id": g.game_id, "ruleset": g.game.ruleset.id, "over": g.over} for g in hub.games.values()]
        return {"rulesets": rulesets, "players": player_choices(hub.endpoints), "games": games}

    @app.post("/api/games")
    async def create(request: Request) -> JSONResponse:
        spec = GameSpec.model_validate(await _json_body(request))
        try:
            live, links = hub.create(spec)
        except ValueError as exc:
            return _error(400, str(exc))
        return JSONResponse({"game_id": live.game_id, "watch": f"/watch/{live.game_id}",
                             "links": [{"seat": link.seat, "url": f"{link.path}#{link.token}"} for link in links]})


async def _json_body(request: Request) -> Any:
    """The request's JSON, bounded in size; only as ``application/json``, which no other site can
    send without the browser asking this server first (and it never says yes), so a page elsewhere
    cannot start games here."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused("send the body as JSON with Content-Type: application/json")
    declared = request.headers.get("content-length", "0")
    if declared.isdigit() and int(declared) > MAX_MESSAGE_BYTES:
        raise Refused(f"request too large: at most {MAX_MESSAGE_BYTES} bytes")
    body = await request.body()
    if len(body) > MAX_MESSAGE_BYTES:
        raise Refused(f"request too large: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return json.loads(body or b"null")
    except json.JSONDecodeError as exc:
        raise Refused(f"the body is not JSON: {exc.msg}") from None


def _bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    scheme, _, token = auth.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def _add_table(app: FastAPI, hub: Hub) -> None:
    @app.get("/play/{game_id}/{seat}", response_class=HTMLResponse)
    async def table_page(game_id: str, seat: int) -> FileResponse:
        return _page("table.html")

    @app.get("/watch/{game_id}", response_class=HTMLResponse)
    async def watch_page(game_id: str) -> FileResponse:
        return _page("table.html")

    @app.get("/api/games/{game_id}/public")
    async def public(game_id: str) -> dict[str, Any]:
        return hub.live(game_id).snapshot(Viewer.spectator())

    @app.get("/api/games/{game_id}/seats/{seat}/state")
    async def state(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        return hub.seat(game_id, seat, _bearer(request)).snapshot(Viewer.of_seat(seat))

    @app.post("/api/games/{game_id}/seats/{seat}/action")
    async def act(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        live = hub.seat(game_id, seat, _bearer(request))
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise Refused('send {"action": {...}, "decision": N}')
        live.submit(seat, body.get("action"), body.get("decision"))
        return {"ok": True}

    @app.post("/api/games/{game_id}/seats/{seat}/leave")
    async def leave(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub.seat(game_id, seat, _bearer(request)).leave(seat)
        return {"ok": True, "controller": "bot"}

    @app.post("/api/games/{game_id}/seats/{seat}/back")
    async def back(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        hub.seat(game_id, seat, _bearer(request)).take_back(seat)
        return {"ok": True, "controller": "human"}


def _add_socket(app: FastAPI, hub: Hub) -> None:
    @app.websocket("/ws/games/{game_id}/seats/{seat}")
    async def seat_socket(ws: WebSocket, game_id: str, seat: int) -> None:
        await ws.accept()
        try:
            hello = _message(await asyncio.wait_for(ws.receive_text(), AUTH_TIMEOUT_S))
            token = hello.get("token")
            live = hub.seat(game_id, seat, token if isinstance(token, str) else None)
        except (TokenError, Refused, UnknownGame, TimeoutError, WebSocketDisconnect) as exc:
            await _refuse_socket(ws, exc)
            return
        viewer = Viewer.of_seat(seat)
        queue = live.watchers.add(viewer)
        pump = asyncio.create_task(_pump(ws, queue))
        try:
            await ws.send_json(live.snapshot(viewer))
            while True:
                reply = _answer(hub, game_id, seat, token, await ws.receive_text())
                await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            pump.cancel()
            live.watchers.remove(viewer, queue)

    @app.websocket("/ws/games/{game_id}/public")
    async def public_socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        try:
            live = hub.live(game_id)
        except UnknownGame as exc:
            await _refuse_socket(ws, exc)
            return
        viewer = Viewer.spectator()
        queue = live.watchers.add(viewer)
        try:
            await ws.send_json(live.snapshot(viewer))
            await _pump(ws, queue)
        except WebSocketDisconnect:
            pass
        finally:
            live.watchers.remove(viewer, queue)


async def _refuse_socket(ws: WebSocket, exc: BaseException) -> None:
    text = str(exc) if not isinstance(exc, TimeoutError) else "no token within 10 s: send {\"token\": …} first"
    code = 4404 if isinstance(exc, UnknownGame) else 4403
    try:
        await ws.send_json({"type": "refused", "error": text})
        await ws.close(code=code)
    except (WebSocketDisconnect, RuntimeError):
        pass


async def _pump(ws: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
    while True:
        message = await queue.get()
        await ws.send_json(message)
        if message.get("type") == "reload":
            return


def _message(text: str) -> dict[str, Any]:
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise Refused(f"message too large: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Refused(f"a message is JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise Refused("a message is a JSON object with a type")
    return data


def _answer(hub: Hub, game_id: str, seat: int, token: Any, text: str) -> dict[str, Any]:
    """One client message (act, leave, back, ping) answered; every refusal is a message, not a hang-up."""
    try:
        data = _message(text)
        live = hub.seat(game_id, seat, token)  # again: an expired token stops acting at once
        kind = data.get("type")
        if kind == "act":
            live.submit(seat, data.get("action"), data.get("decision"))
            return {"type": "ack", "decision": data.get("decision")}
        if kind == "leave":
            live.leave(seat)
        elif kind == "back":
            live.take_back(seat)
        elif kind != "ping":
            raise Refused(f"unknown message type {kind!r}; one of: act, leave, back, ping")
        return {"type": "ack", "of": kind}
    except (Refused, TokenError, UnknownGame) as exc:
        return {"type": "refused", "error": str(exc)}
