"""This machine's own IPv4 addresses, read from its interfaces (no packet sent, no name resolved).

A test that serves a LAN (``arena serve --host <address>``) reaches this machine by one of them;
``conftest`` lets tests connect to them as to loopback, since such a connection never leaves the
machine, and refuses every other address as before.
"""

from __future__ import annotations

import fcntl
import socket
import struct
from functools import cache

SIOCGIFADDR = 0x8915
"""Linux's ioctl that reads an interface's IPv4 address."""


@cache
def own_addresses() -> frozenset[str]:
    found: set[str] = set()
    try:
        interfaces = socket.if_nameindex()
    except OSError:
        return frozenset()
    for _, name in interfaces:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
        found.add(socket.inet_ntoa(packed[20:24]))
    return frozenset(found)


def lan_addresses() -> list[str]:
    """The non-loopback ones, sorted."""
    return sorted(a for a in own_addresses() if not a.startswith("127."))
