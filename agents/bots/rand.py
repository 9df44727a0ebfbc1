"""A cheap, seeded ``random.Random`` for the scripted bot: one per decision, keyed by the turn.

``random.Random(key)`` spends ~5 µs initialising a Mersenne Twister, more than a whole scripted
decision should cost; this subclass keeps a 64-bit splitmix state instead and overrides
``random`` and ``getrandbits``, so ``choice``, ``sample`` and ``shuffle`` all work unchanged.
The key is mixed with integer arithmetic only (``zlib.crc32`` for text), never ``hash()``, so the
same key gives the same draws in every process and Python version.
"""

from __future__ import annotations

import random
import zlib

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """The splitmix64 finaliser: a well-spread 64-bit value from a 64-bit input."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def key_of(*parts: int | str) -> int:
    """A 64-bit key from ints and strings (deterministic across processes)."""
    z = _GOLDEN
    for part in parts:
        value = _label(part) if isinstance(part, str) else part
        z = (z * 0x100000001B3 + value) & _MASK
    return _mix(z)


_LABELS: dict[str, int] = {}


def _label(text: str) -> int:
    found = _LABELS.get(text)
    if found is None:
        found = _LABELS[text] = zlib.crc32(text.encode())
    return found


class DecisionRandom(random.Random):
    """A ``random.Random`` whose whole state is one 64-bit integer derived from a key."""

    _state: int

    def __init__(self, *parts: int | str) -> None:
        self._state = key_of(*parts)
        self.gauss_next = None

    def seed(self, a: object = None, version: int = 2) -> None:
        self._state = key_of(str(a))

    def _next(self) -> int:
        self._state = (self._state + _GOLDEN) & _MASK
        return _mix(self._state)

    def getrandbits(self, k: int) -> int:
        out, bits = 0, 0
        while bits < k:
            out = (out << 64) | self._next()
            bits += 64
        return out >> (bits - k)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))


def unit(*parts: int | str) -> float:
    """One uniform float in [0, 1) from a key, without building a generator."""
    return (key_of(*parts) >> 11) * (1.0 / (1 << 53))
