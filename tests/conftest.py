"""Test-wide guards: no test reaches the network; only loopback connections (the fake model
server on 127.0.0.1) and local sockets are allowed."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "0:0:0:0:0:0:0:1"})


class NetworkBlocked(RuntimeError):
    """A test tried to reach a host other than loopback."""


def _host(address: Any) -> str | None:
    if isinstance(address, tuple) and address:
        return str(address[0])
    return None  # AF_UNIX paths and the like are local


def _check(address: Any) -> None:
    host = _host(address)
    if host is not None and host not in LOOPBACK:
        raise NetworkBlocked(f"tests may not reach the network (tried {address!r}); use tests/fake_openai.py")


@pytest.fixture(autouse=True)
def block_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Refuse every connection that is not to loopback (socket.connect, connect_ex, create_connection)."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_create = socket.create_connection
    real_getaddrinfo = socket.getaddrinfo

    def connect(self: socket.socket, address: Any) -> None:
        _check(address)
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        _check(address)
        return real_connect_ex(self, address)

    def create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        _check(address)
        return real_create(address, *args, **kwargs)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host is not None and str(host if not isinstance(host, bytes) else host.decode()) not in LOOPBACK:
            raise NetworkBlocked(f"tests may not resolve {host!r}; use tests/fake_openai.py")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    yield
