"""The table's WebSockets: a seat's (after its token) and the public thread's, and how each one ends.

Every socket runs three things at once and stops at the first to finish: reading what the page
sends (so a closed tab is noticed at once, and its queue and handler are dropped), sending what the
game publishes to its viewer, and watching why it should end — its seat's grant expiring or being
revoked (the host re-issued the link), the game leaving memory, the server shutting down. Whoever
holds a socket is told why before it is closed, by a code the page acts on:

* 4401 the seat's token expired or was revoked: the page stops and says so;
* 4403 / 4404 refused at the start (no grant, unknown game);
* 4410 the game is over and gone from memory: the page shows the end and the replay;
* 1001 the server is going away (a restart): the page reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket, WebSocketDisconnect

from arena.server.payload import Json
from arena.server.submit import MAX_MESSAGE_BYTES
from arena.server.texts import BadRequest, GameGone, Refused, ServerError, TokenError, UnknownGame
from engine.views import Viewer

if TYPE_CHECKING:
    from arena.server.hub import Hub
    from arena.server.live import LiveGame

AUTH_TIMEOUT_S = 10.0
EXPIRED, REFUSED, UNKNOWN, GONE, GOING_AWAY = 4401, 4403, 4404, 4410, 1001


@dataclass(eq=False)
class Conn:
    """One open socket, and why it must end (set from outside: ``end``)."""

    ws: WebSocket
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    code: int = GOING_AWAY
    farewell: Json | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def end(self, code: int, farewell: Json | None = None) -> None:
        if not self.ended.is_set():
            self.code, self.farewell = code, farewell
            self.ended.set()

    async def send(self, message: Json) -> None:
        async with self.lock:
            await self.ws.send_json(message)


@dataclass
class Connections:
    """Every open socket of the server, by (game, seat) for seats and by game for watchers."""

    seats: dict[tuple[str, int], set[Conn]] = field(default_factory=dict)
    public: dict[str, set[Conn]] = field(default_factory=dict)

    def add(self, game_id: str, seat: int | None, conn: Conn) -> None:
        if seat is None:
            self.public.setdefault(game_id, set()).add(conn)
        else:
            self.seats.setdefault((game_id, seat), set()).add(conn)

    def remove(self, game_id: str, seat: int | None, conn: Conn) -> None:
        table: dict[Any, set[Conn]] = self.public if seat is None else self.seats
        key: Any = game_id if seat is None else (game_id, seat)
        found = table.get(key)
        if found is not None:
            found.discard(conn)
            if not found:
                del table[key]

    def present(self, game_id: str, seat: int) -> bool:
        return bool(self.seats.get((game_id, seat)))

    def count(self) -> int:
        return sum(len(c) for c in self.seats.values()) + sum(len(c) for c in self.public.values())

    def end_seat(self, game_id: str, seat: int, code: int, farewell: Json | None) -> None:
        for conn in list(self.seats.get((game_id, seat), ())):
            conn.end(code, farewell)

    def end_game(self, game_id: str, code: int, farewell: Json | None) -> None:
        for (gid, _), conns in list(self.seats.items()):
            if gid == game_id:
                for conn in list(conns):
                    conn.end(code, farewell)
        for conn in list(self.public.get(game_id, ())):
            conn.end(code, farewell)

    def end_all(self, code: int = GOING_AWAY) -> None:
        for conns in [*self.seats.values(), *self.public.values()]:
            for conn in list(conns):
                conn.end(code, None)


def refusal(error: ServerError) -> Json:
    return {"type": "refused", "code": error.code, "error": error.render("en"), "message": error.both()}


async def serve_seat(ws: WebSocket, hub: Hub, game_id: str, seat: int) -> None:
    """A seat's socket: the token first, then the seat's view and its questions (see the module docstring)."""
    await ws.accept()
    try:
        hello = _message(await asyncio.wait_for(ws.receive_text(), AUTH_TIMEOUT_S))
        token = hello.get("token")
        token = token if isinstance(token, str) else None
        live = hub.seat(game_id, seat, token)
    except TimeoutError:
        await _refuse(ws, TokenError("auth_timeout"), REFUSED)
        return
    except WebSocketDisconnect:
        return
    except ServerError as exc:
        await _refuse(ws, exc, _code(exc))
        return
    grant = hub.tokens.current(game_id, seat)
    conn = Conn(ws)
    hub.connections.add(game_id, seat, conn)
    live.returned(seat)
    viewer = Viewer.of_seat(seat)
    queue = live.watchers.add(viewer)
    try:
        await conn.send(live.snapshot(viewer))

        async def read() -> None:
            while True:
                await conn.send(_answer(hub, game_id, seat, token, await ws.receive_text()))

        async def watch() -> None:
            await _grant_ends(hub, conn, game_id, seat, grant.digest if grant else "")

        await _run(conn, read, _pump(conn, queue), watch())
    finally:
        live.watchers.remove(viewer, queue)
        hub.connections.remove(game_id, seat, conn)


async def serve_public(ws: WebSocket, hub: Hub, game_id: str) -> None:
    """The public thread of a game, to anyone."""
    await ws.accept()
    try:
        live = hub.live(game_id)
    except ServerError as exc:
        await _refuse(ws, exc, _code(exc))
        return
    conn = Conn(ws)
    hub.connections.add(game_id, None, conn)
    viewer = Viewer.spectator()
    queue = live.watchers.add(viewer)
    try:
        await conn.send(live.snapshot(viewer))

        async def read() -> None:
            while True:  # nothing is asked of a watcher; reading is how a closed tab is noticed
                text = await ws.receive_text()
                if len(text) <= MAX_MESSAGE_BYTES and _is_ping(text):
                    await conn.send({"type": "ack", "of": "ping"})

        await _run(conn, read, _pump(conn, queue))
    finally:
        live.watchers.remove(viewer, queue)
        hub.connections.remove(game_id, None, conn)


async def _run(conn: Conn, read: Callable[[], Awaitable[None]], *others: Awaitable[None]) -> None:
    """Run the socket's parts until one ends (the page left, the pump stopped, a reason came)."""
    tasks = [asyncio.ensure_future(read()), *(asyncio.ensure_future(o) for o in others),
             asyncio.ensure_future(conn.ended.wait())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError, Exception):
                await task
    if conn.ended.is_set():
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, Exception):
            if conn.farewell is not None:
                await conn.ws.send_json(conn.farewell)
            await conn.ws.close(code=conn.code)


async def _grant_ends(hub: Hub, conn: Conn, game_id: str, seat: int, digest: str) -> None:
    """Wait until the seat's grant that opened this socket expires or is replaced; then end the socket."""
    while True:
        grant = hub.tokens.current(game_id, seat)
        if grant is None or grant.digest != digest:
            conn.end(EXPIRED, refusal(TokenError("revoked_token", seat=seat, game=game_id)))
            return
        left = grant.expires_at - hub.tokens.clock()
        if left <= 0:
            conn.end(EXPIRED, refusal(TokenError("expired_token", seat=seat, game=game_id)))
            return
        await asyncio.sleep(min(left, 1.0))


async def _pump(conn: Conn, queue: asyncio.Queue[Json]) -> None:
    while True:
        message = await queue.get()
        await conn.send(message)
        if message.get("type") == "reload":
            return


def _code(exc: ServerError) -> int:
    if isinstance(exc, UnknownGame):
        return UNKNOWN
    if isinstance(exc, GameGone):
        return GONE
    return REFUSED


async def _refuse(ws: WebSocket, exc: ServerError, code: int) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await ws.send_json(refusal(exc))
        await ws.close(code=code)


def _is_ping(text: str) -> bool:
    with contextlib.suppress(json.JSONDecodeError):
        data = json.loads(text)
        return isinstance(data, dict) and data.get("type") == "ping"
    return False


def _message(text: str) -> dict[str, Any]:
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise BadRequest("message_too_large", limit=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRequest("not_json", detail=exc.msg) from None
    if not isinstance(data, dict):
        raise BadRequest("not_object")
    return data


def _answer(hub: Hub, game_id: str, seat: int, token: str | None, text: str) -> Json:
    """One client message (act, leave, back, ping) answered; every refusal is a message, not a hang-up."""
    try:
        data = _message(text)
        live: LiveGame = hub.seat(game_id, seat, token)  # again: an expired token stops acting at once
        kind = data.get("type")
        if kind == "act":
            live.submit(seat, data.get("action"), data.get("decision"))
            return {"type": "ack", "of": "act", "decision": data.get("decision")}
        if kind == "leave":
            live.leave(seat)
        elif kind == "back":
            live.take_back(seat)
        elif kind != "ping":
            raise BadRequest("unknown_message", kind=repr(kind))
        return {"type": "ack", "of": kind}
    except ServerError as exc:
        return refusal(exc)


__all__ = ["Connections", "Refused", "serve_public", "serve_seat"]
