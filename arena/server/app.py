"""``arena serve``'s web application: lobby, table (HTTP + WebSocket), replays.

Routes, and who may use them:

* ``/`` the lobby page; its data and every host action (``/api/lobby``, ``POST /api/games``, a
  seat's new join link, resuming a stored game): the host only, by the ``X-Host-Key`` header
  (``routes_host``).
* ``/play/{game}/{seat}`` the table page; its data (``/api/games/{game}/seats/{seat}/…`` and the
  WebSocket ``/ws/games/{game}/seats/{seat}``) only for the seat's token, sent as a bearer header
  or as the WebSocket's first message — never in a URL, so it stays out of logs and histories
  (``routes_table``, ``sockets``).
* ``/watch/{game}`` and ``/api/games/{game}/public``: the public thread, to anyone.
* ``/replays`` and ``/replays/{game}``: stored games; a game still in progress shows only its
  public view, so a player cannot read hidden information of the game they are playing.

Around every route: the Host and Origin a request names must be this server's (``hosts``), a
request body is bounded as it streams in (``limits``), and every page forbids any script but its
own (``CSP``). Every refusal is JSON ``{"error", "code", "message": {"zh", "en"}}`` with a status
that says its kind (``texts``), and never echoes a secret.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from arena.server.hosts import HostCheck, HostPolicy
from arena.server.hub import Hub
from arena.server.limits import BodyLimit, BodyTooLarge
from arena.server.replay_routes import add_replay_routes
from arena.server.routes_host import add_host_routes
from arena.server.routes_table import add_table_routes
from arena.server.submit import MAX_MESSAGE_BYTES
from arena.server.texts import BadRequest, ServerError, TooLarge, UnknownGame
from transcripts.errors import TranscriptError

STATIC = Path(str(resources.files("arena.server") / "static"))
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
"""No inline or foreign script may run on the table: even markup smuggled into a post could not execute."""


def create_app(hub: Hub, allowed_hosts: list[str] | None = None, *, policy: HostPolicy | None = None) -> Any:
    """The application over ``hub`` (tests build their own hub; ``arena serve`` builds one from flags).

    ``policy`` (or, simpler, ``allowed_hosts``: names) refuses requests naming any other Host or
    Origin, so a web page whose domain is made to resolve to this server (DNS rebinding) cannot talk
    to it as if it were the same site. Without either, the application is for in-process tests.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.open()
        yield
        await hub.close()

    app = FastAPI(title="Bansha Arena", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    _add_errors(app)
    _add_pages(app)
    add_host_routes(app, hub)
    add_table_routes(app, hub)
    add_replay_routes(app, hub)
    if policy is None and allowed_hosts is not None:
        policy = HostPolicy(frozenset(allowed_hosts))
    wrapped: Any = BodyLimit(SecurityHeaders(app), MAX_MESSAGE_BYTES)
    if policy is not None:
        wrapped = HostCheck(wrapped, policy)
    return wrapped


def error_response(exc: ServerError, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


def _add_errors(app: FastAPI) -> None:
    async def server_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ServerError)
        return error_response(exc)

    async def too_large(request: Request, exc: Exception) -> JSONResponse:
        return error_response(TooLarge("too_large", limit=MAX_MESSAGE_BYTES), headers={"Connection": "close"})

    async def invalid(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ValidationError)
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "body"
        return error_response(BadRequest("spec", texts={"zh": f"{field}：取值不合规（{first['type']}）",
                                                        "en": f"{field}: {first['msg']}"}))

    async def transcript(request: Request, exc: Exception) -> JSONResponse:
        return error_response(UnknownGame("spec", texts={"zh": f"找不到：{exc}", "en": str(exc)}))

    app.add_exception_handler(ServerError, server_error)
    app.add_exception_handler(BodyTooLarge, too_large)
    app.add_exception_handler(ValidationError, invalid)
    app.add_exception_handler(TranscriptError, transcript)


class SecurityHeaders:
    """ASGI middleware: every response forbids foreign scripts (unless a route set its own policy),
    sniffing, referrers and caching (a page may hold a seat's view)."""

    FIXED = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"), (b"cache-control", b"no-store"))

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in dict(self.FIXED)]
                headers += list(self.FIXED)
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", CSP.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")


def _add_pages(app: FastAPI) -> None:
    @app.get("/")
    async def lobby() -> FileResponse:
        return page("lobby.html")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)  # none, on purpose: one request fewer, and no 404 in the console

    @app.get("/play/{game_id}/{seat}")
    async def table_page(game_id: str, seat: int) -> FileResponse:
        return page("table.html")

    @app.get("/watch/{game_id}")
    async def watch_page(game_id: str) -> FileResponse:
        return page("table.html")
