"""The server's state: live games, seat tokens, the host key, the open sockets, the transcript writer.

One ``Hub`` per server process. It owns the one ``TranscriptWriter`` of the database file (DuckDB
lets one process write a file; replays read through the writer's cursor), starts games from the
lobby within its quotas, answers "which game, and may this token play that seat" for every
request, evicts finished games from memory, and on start takes up the games it was playing when it
stopped (``arena.server.resume``). Its own rows (the games it serves, each seat's grant) live in the
database beside the games (``transcripts.serving``), so a restart loses neither.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb

from agents.llm.endpoint import Endpoint
from agents.llm.pool import ClientPool
from arena.server.hostkey import HostKey
from arena.server.live import LiveGame
from arena.server.lobby import HUMAN, GameSpec, check_spec, new_game, pick_seed, seat_players
from arena.server.quotas import Quotas
from arena.server.sockets import GONE, Connections, refusal
from arena.server.texts import BadRequest, GameGone, OverQuota, Refused, UnknownGame
from arena.server.tokens import SeatTokens
from engine.errors import EngineError
from engine.narrate import Names
from engine.rulesets import get_ruleset
from transcripts.reader import load_header
from transcripts.records import GameHeader
from transcripts.serving import load_grants, save_grant, save_served, served_games
from transcripts.writer import TranscriptWriter, new_game_id


@dataclass(frozen=True, slots=True)
class JoinLink:
    """A human seat's link: the path, with the secret in its fragment (never sent to a server log)."""

    seat: int
    path: str
    token: str

    @property
    def url(self) -> str:
        return f"{self.path}#{self.token}"


def _random_key() -> HostKey:
    return HostKey(secrets.token_urlsafe(24))


@dataclass
class Hub:
    """Everything the routes share."""

    db: Path | None
    endpoints: dict[str, Endpoint] = field(default_factory=dict)
    tokens: SeatTokens = field(default_factory=SeatTokens)
    host_key: HostKey | None = field(default_factory=_random_key)
    """The host's key (a random one nobody knows unless given: the lobby is closed by default; None:
    open to whoever reaches the server, which ``arena serve`` allows on loopback only)."""
    quotas: Quotas = field(default_factory=Quotas)
    resume: bool = True
    """Take up, on start, the games this server was playing when it stopped."""
    clock: Callable[[], float] = time.time
    games: dict[str, LiveGame] = field(default_factory=dict)
    pools: list[ClientPool] = field(default_factory=list)
    writer: TranscriptWriter | None = None
    connections: Connections = field(default_factory=Connections)
    resumed: list[str] = field(default_factory=list)
    """The games taken up on start (what ``arena serve`` says it resumed)."""
    log: Callable[[str], None] | None = None
    """Where the server says what it took up and where it stopped (``arena serve``: its output)."""
    _sweeper: asyncio.Task[None] | None = None

    # -- life -----------------------------------------------------------------------------------

    def open(self) -> None:
        """Open the database for writing (the server's whole life), take up its grants and its games."""
        if self.db is not None and self.writer is None:
            self.writer = TranscriptWriter(self.db)
            with self.reader() as con:
                self.tokens.load(load_grants(con, self.tokens.clock()))
            self.tokens.store = self._store_grant
        self.tokens.on_revoke.append(lambda g: self.connections.end_seat(
            g.game_id, g.seat, 4401, refusal(_revoked(g.seat, g.game_id))))
        if self.resume and self.writer is not None:
            from arena.server.resume import resume_served

            self.resumed = resume_served(self)
            for gid in self.resumed:
                self._say(f"game {gid} resumed from event {len(self.games[gid].game.events)}")
        with contextlib.suppress(RuntimeError):  # no running loop: a hub opened outside the server
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="evict finished games")

    async def close(self) -> None:
        """Close every socket, stop the games (their stored prefixes stay resumable: a restarted server
        takes them up), close the endpoints, write what is buffered and close the file."""
        self.connections.end_all()
        if self._sweeper is not None:
            self._sweeper.cancel()
        await asyncio.gather(*(live.stop() for live in self.games.values()))
        for pool in self.pools:
            await pool.aclose()
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        for gid, live in self.games.items():
            if not live.done:
                self._say(f"game {gid} stopped at event {len(live.game.events)}, every event written; "
                          "it resumes on the next start")

    def _say(self, line: str) -> None:
        if self.log is not None:
            self.log(f"arena serve: {line}")

    def _store_grant(self, grant: Any) -> None:
        with self.reader() as con:
            save_grant(con, grant)

    # -- games ----------------------------------------------------------------------------------

    def create(self, spec: GameSpec) -> tuple[LiveGame, list[JoinLink]]:
        """Start a game from the lobby (within the quotas); a join link per human seat."""
        check_spec(spec, self.endpoints)
        seed = pick_seed(spec)
        try:
            game = new_game(spec, seed)
        except EngineError as exc:
            raise BadRequest.of_engine(exc, Names.from_ruleset(get_ruleset(spec.ruleset))) from None
        if self.playing() >= self.quotas.max_games:
            raise OverQuota("too_many_games", limit=self.quotas.max_games)
        humans = sum(1 for p in spec.players if p == HUMAN)
        if humans > self.quotas.max_humans:
            raise OverQuota("too_many_humans", limit=self.quotas.max_humans, count=humans)
        agents, configs, pool = seat_players(spec, self.endpoints, seed)
        game_id = new_game_id()
        if self.writer is not None:
            self.writer.begin_game(GameHeader.from_events(game.events, configs), game_id=game_id)
            with self.reader() as con:
                save_served(con, game_id, spec.model_dump())
        if pool is not None:
            self.pools.append(pool)
        live = self.adopt(game_id, game, agents, configs, spec)
        links = [self.issue(game_id, seat) for seat in sorted(live.humans)]
        live.start()
        self.evict()
        return live, links

    def adopt(self, game_id: str, game: Any, agents: Any, configs: list[dict[str, Any]], spec: GameSpec, *,
              resumed: bool = False, calls_stored: int = 0) -> LiveGame:
        """A ``LiveGame`` of this hub (not yet started): new from the lobby, or taken up after a restart."""
        live = LiveGame(game_id, game, agents, configs, self.writer, lang=spec.lang, deadline_s=spec.deadline_s,
                        present=lambda seat: self.connections.present(game_id, seat), clock=self.clock,
                        resumed=resumed, calls_stored=calls_stored)
        self.games[game_id] = live
        return live

    def issue(self, game_id: str, seat: int) -> JoinLink:
        """A (new) join link for a human seat; the seat's earlier link stops working."""
        return JoinLink(seat, f"/play/{game_id}/{seat}", self.tokens.issue(game_id, seat))

    def reissue(self, game_id: str, seat: int) -> JoinLink:
        """The host hands a seat a new link (a person lost theirs, or the old one leaked)."""
        live = self.live(game_id)
        if seat not in live.humans:
            raise Refused("not_human", seat=seat, game=game_id)
        return self.issue(game_id, seat)

    def live(self, game_id: str) -> LiveGame:
        """The running (or just finished) game ``game_id`` of this server."""
        found = self.games.get(game_id)
        if found is not None:
            return found
        if self.writer is not None:
            with self.reader() as con:
                served = served_games(con, "finished")
            if game_id in served:
                raise GameGone("game_gone", game=game_id)
        raise UnknownGame("unknown_game", game=game_id)

    def seat(self, game_id: str, seat: int, token: str | None) -> LiveGame:
        """The game, once ``token`` is proved to grant ``seat`` of it (``TokenError`` otherwise)."""
        live = self.live(game_id)
        self.tokens.verify(game_id, seat, token)
        if seat not in live.humans:
            raise Refused("not_human", seat=seat, game=game_id)
        return live

    def in_progress(self, game_id: str) -> bool:
        """Whether ``game_id`` is still being played here."""
        live = self.games.get(game_id)
        return live is not None and not live.done

    def playing(self) -> int:
        return sum(1 for g in self.games.values() if not g.done)

    # -- memory ---------------------------------------------------------------------------------

    def evict(self) -> list[str]:
        """Drop finished games kept longer than the quotas allow; their pages are told to read the replay."""
        now = self.clock()
        done = sorted((g.ended_at or now, gid) for gid, g in self.games.items() if g.done)
        excess = len(done) - self.quotas.max_finished
        gone = [gid for i, (ended, gid) in enumerate(done) if i < excess or now - ended >= self.quotas.keep_finished_s]
        for gid in gone:
            del self.games[gid]
            self.connections.end_game(gid, GONE, refusal(GameGone("game_gone", game=gid)))
            self.tokens.forget(gid)
        return gone

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.quotas.sweep_s)
            self.evict()

    # -- reading --------------------------------------------------------------------------------

    @contextmanager
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A connection next to the writer (closed after use, so the file is not held open)."""
        if self.writer is None:
            raise UnknownGame("no_db")
        cursor = self.writer.cursor()
        try:
            yield cursor
        finally:
            cursor.close()

    def header(self, game_id: str) -> GameHeader:
        with self.reader() as con:
            return load_header(con, game_id).header


def _revoked(seat: int, game_id: str) -> Any:
    from arena.server.texts import TokenError

    return TokenError("revoked_token", seat=seat, game=game_id)
