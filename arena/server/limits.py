"""Bounded request bodies: a body is counted as it streams in, and refused the moment it passes the limit.

Reading a body whole before looking at its size lets one request grow the server by its size (a
300 MB chunked POST cost 590 MB of memory). ``BodyLimit`` wraps the ASGI ``receive`` of every HTTP
request: a declared ``Content-Length`` over the limit is refused before a byte is read, and a
chunked body is counted chunk by chunk and refused with 413 as soon as the count passes the limit —
the rest is never read into memory (the server stops reading and closes the connection). The
application reads bodies only through ``read_json`` (``routes``), which stops at the same limit.
"""

from __future__ import annotations

import json
from typing import Any

from arena.server.hosts import App, Receive, Scope, Send
from arena.server.texts import TooLarge


class BodyTooLarge(Exception):
    """Raised from ``receive`` when a body passes its limit (answered 413 by the application)."""


class BodyLimit:
    """ASGI middleware bounding every HTTP request body to ``limit`` bytes (see the module docstring)."""

    def __init__(self, app: App, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await refuse(send, self.limit)
            return
        seen = 0

        async def counted() -> dict[str, Any]:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        started = False

        async def watched(message: dict[str, Any]) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLarge:
            if not started:
                await refuse(send, self.limit)


async def refuse(send: Send, limit: int) -> None:
    """413, with the refusal's JSON, and ``Connection: close`` (the rest of the body is not read)."""
    body = json.dumps(TooLarge("too_large", limit=limit).body(), ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
