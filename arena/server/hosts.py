"""Which Host (and Origin) a request may name: the bind address, the machine's names, ``--public-url``.

A server on 127.0.0.1 must refuse a request whose Host is some other name: a web page whose
domain is made to resolve to 127.0.0.1 (DNS rebinding) would otherwise talk to it as its own
site. A server on a LAN must accept the address its friends type (``192.168.1.5:8000``). Both hold
when the allowed hosts are derived from how the server is reached:

* bound to a loopback address: the loopback names;
* bound to one address: that address, the machine's names, and loopback where it is loopback;
* bound to every address (``0.0.0.0``, ``::``): any IP literal — a rebinding page always sends
  its own domain name, never an IP — plus the machine's names and ``localhost``;
* ``--public-url`` (a reverse proxy's name, ``https://arena.example.org``): its host too.

A browser's ``Origin`` (sent with every WebSocket handshake and every POST) must name an allowed
host as well, so a page elsewhere can neither open a socket here nor post to the lobby; a request
without one (curl, a script) is judged by its Host alone.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from arena.server.texts import BadRequest

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
WILDCARDS = frozenset({"0.0.0.0", "::", ""})
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server to this machine."""
    if host in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def machine_names() -> set[str]:
    """This machine's own names (what a friend may type instead of its address)."""
    names = {socket.gethostname().lower()}
    try:
        names.add(socket.getfqdn().lower())
    except OSError:
        pass
    names |= {f"{n.split('.')[0]}.local" for n in list(names) if n}
    return {n for n in names if n}


def host_of(value: str) -> str:
    """The host part of a Host header or an Origin: no port, no brackets, lower case."""
    text = value.strip().lower()
    if "://" in text:
        return (urlsplit(text).hostname or "").lower()
    if text.startswith("["):
        return text[1:].split("]", 1)[0]
    if text.count(":") == 1:
        return text.split(":", 1)[0]
    return text


@dataclass(frozen=True)
class HostPolicy:
    """The hosts a request may name (see the module docstring)."""

    names: frozenset[str]
    any_ip: bool = False
    public_urls: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, bind: str, public_url: str | None = None, *, names: set[str] | None = None) -> HostPolicy:
        """The policy of a server bound to ``bind`` and reached as ``public_url`` (where given)."""
        allowed = set(LOOPBACK_NAMES) if is_loopback(bind) or bind in WILDCARDS else set()
        if bind not in WILDCARDS:
            allowed.add(host_of(bind))
        if not is_loopback(bind):
            allowed |= names if names is not None else machine_names()
        urls: tuple[str, ...] = ()
        if public_url:
            parts = urlsplit(public_url)
            host = (parts.hostname or "").lower()
            if parts.scheme not in ("http", "https") or not host:
                raise ValueError(f"--public-url {public_url!r} has no host: give it as https://NAME[:PORT]")
            allowed.add(host)
            urls = (public_url.rstrip("/"),)
        return cls(frozenset(allowed), any_ip=bind in WILDCARDS, public_urls=urls)

    def allows(self, value: str) -> bool:
        host = host_of(value)
        return bool(host) and (host in self.names or (self.any_ip and _ip(host)))


class HostCheck:
    """ASGI middleware: a request naming a Host (or an Origin) the policy does not allow gets 400
    (a WebSocket is refused before its handshake completes), before any route sees it."""

    def __init__(self, app: App, policy: HostPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", [])}
        problem = self._problem(headers)
        if problem is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            await _refuse(send, problem)

    def _problem(self, headers: dict[str, str]) -> BadRequest | None:
        host = headers.get("host", "")
        if not self.policy.allows(host):
            return BadRequest("bad_origin", origin=host_of(host) or "?")
        origin = headers.get("origin")
        if origin is not None and origin != "null" and not self.policy.allows(origin):
            return BadRequest("bad_origin", origin=host_of(origin) or "?")
        if origin == "null":
            return BadRequest("bad_origin", origin="null")
        return None


async def _refuse(send: Send, error: BadRequest) -> None:
    import json

    body = json.dumps(error.body(), ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": 400,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
