"""The server's state: live games, seat tokens, the transcript writer, the model endpoints.

One ``Hub`` per server process. It owns the one ``TranscriptWriter`` of the database file (DuckDB
lets one process write a file; replays read through the writer's cursor), starts games from the
lobby, and answers "which game, and may this token play that seat" for every request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from agents.llm.endpoint import Endpoint
from agents.llm.pool import ClientPool
from arena.server.live import LiveGame
from arena.server.lobby import GameSpec, start_game
from arena.server.submit import Refused
from arena.server.tokens import SeatTokens
from transcripts.writer import TranscriptWriter, new_game_id


class UnknownGame(LookupError):
    """A game id this server does not have; the text says where to look instead."""


@dataclass(frozen=True, slots=True)
class JoinLink:
    """A human seat's link: the path, with the secret in its fragment (never sent to a server log)."""

    seat: int
    path: str
    token: str


@dataclass
class Hub:
    """Everything the routes share."""

    db: Path | None
    endpoints: dict[str, Endpoint] = field(default_factory=dict)
    tokens: SeatTokens = field(default_factory=SeatTokens)
    games: dict[str, LiveGame] = field(default_factory=dict)
    pools: list[ClientPool] = field(default_factory=list)
    writer: TranscriptWriter | None = None

    def open(self) -> None:
        """Open the database for writing (the server's whole life)."""
        if self.db is not None and self.writer is None:
            self.writer = TranscriptWriter(self.db)

    async def close(self) -> None:
        """Stop the games (their stored prefixes stay resumable), close the endpoints and the file."""
        for live in self.games.values():
            await live.stop()
        for pool in self.pools:
            await pool.aclose()
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def create(self, spec: GameSpec) -> tuple[LiveGame, list[JoinLink]]:
        """Start a game from the lobby; a join link per human seat."""
        game_id = new_game_id()
        live, pool = start_game(spec, self.endpoints, self.writer, game_id)
        if pool is not None:
            self.pools.append(pool)
        self.games[game_id] = live
        links = []
        for seat in sorted(live.humans):
            token = self.tokens.issue(game_id, seat)
            links.append(JoinLink(seat, f"/play/{game_id}/{seat}", token))
        live.start()
        return live, links

    def live(self, game_id: str) -> LiveGame:
        """The running (or just finished) game ``game_id`` of this server."""
        found = self.games.get(game_id)
        if found is None:
            raise UnknownGame(f"no game {game_id!r} is being played on this server; start one in the lobby (/)")
        return found

    def seat(self, game_id: str, seat: int, token: str | None) -> LiveGame:
        """The game, once ``token`` is proved to grant ``seat`` of it (``TokenError`` otherwise)."""
        live = self.live(game_id)
        self.tokens.verify(game_id, seat, token)
        if seat not in live.humans:
            raise Refused(f"seat {seat} is not a human seat of game {game_id}")
        return live

    def in_progress(self, game_id: str) -> bool:
        """Whether ``game_id`` is still being played (here, or by a process that has not finished it)."""
        live = self.games.get(game_id)
        return live is not None and not live.over

    @contextmanager
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read connection next to the writer (closed after use, so the file is not held open)."""
        if self.writer is None:
            raise UnknownGame("this server records no games (no --db): there is nothing to replay")
        cursor = self.writer.cursor()
        try:
            yield cursor
        finally:
            cursor.close()
