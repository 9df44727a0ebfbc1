"""What one server lets its host spend, and how long it keeps a finished game in memory.

Games at once bound the CPU and the model spend a host can start (a game of ``llm:NAME`` seats
spends the host's API key); humans per game bound the seats one link-holder can hand out; a
finished game stays in memory for its people to read the end and answer "who was a bot?" from the
live table, then is evicted — its replay, its grants and its answers are in the database, so the
table still ends cleanly for a person who comes back later (and the memory stays bounded).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Quotas:
    max_games: int = 4
    """Games being played at once (finished games do not count)."""
    max_humans: int = 8
    """Human seats in one game."""
    keep_finished_s: float = 1800.0
    """How long a finished game stays in memory."""
    max_finished: int = 16
    """Finished games kept in memory at most (the oldest go first)."""
    sweep_s: float = 30.0
    """How often finished games are looked at for eviction."""
