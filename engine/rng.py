"""Seeded, replayable randomness.

Every draw is derived from ``(seed, index, name)`` alone, so the generator's state is just the
number of draws made so far: a game folded back from its events can resume drawing exactly where
the interrupted game stopped, with no pickled generator state. ``random.Random`` seeded with a
``str`` hashes it with SHA-512, which is independent of ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def generator(seed: int, index: int, name: str) -> random.Random:
    """The generator for draw number ``index`` (named ``name``) of the game seeded ``seed``."""
    return random.Random(f"{seed}/{index}/{name}")


def choice(seed: int, index: int, name: str, options: Sequence[T]) -> T:
    """One uniform pick among ``options`` (which must not be empty)."""
    return generator(seed, index, name).choice(list(options))


def shuffled(seed: int, index: int, name: str, items: Sequence[T]) -> list[T]:
    """A uniformly shuffled copy of ``items``."""
    out = list(items)
    generator(seed, index, name).shuffle(out)
    return out


def sample(seed: int, index: int, name: str, items: Sequence[T], k: int) -> list[T]:
    """``k`` distinct items drawn uniformly, in draw order."""
    return generator(seed, index, name).sample(list(items), k)
