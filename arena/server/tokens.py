"""Seat tokens: the secret in a join link that lets one person play one seat of one game.

A token is a random secret (``secrets.token_urlsafe``), bound to exactly one (game, seat) and
valid until its expiry. The server keeps only the secret's SHA-256 (in memory and, through
``store``, in the database so a link survives a restart), looks the grant up by (game, seat) —
never by the token — and compares digests in constant time (``secrets.compare_digest``), so a
response time says nothing about how much of a guess was right, and a token of another game or
seat simply does not match. A new token for a seat (the host re-issuing its link) revokes the old
one; ``on_revoke`` tells whoever holds sockets on the old grant to close them. Every refusal is a
``TokenError`` with a code, and never echoes a secret.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from arena.server.texts import TokenError
from transcripts.serving import StoredGrant

TOKEN_BYTES = 24
DEFAULT_TTL_S = 12 * 3600.0
GrantStore = Callable[[StoredGrant], None]


def digest(token: str) -> str:
    """The SHA-256 of a secret, hex: what is kept of a grant."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Grant:
    """One seat of one game, to whoever holds the secret whose digest is ``digest``, until ``expires_at``."""

    game_id: str
    seat: int
    digest: str
    expires_at: float


@dataclass
class SeatTokens:
    """The grants of a server (``store`` writes each new one through; ``load`` takes stored ones up)."""

    ttl_s: float = DEFAULT_TTL_S
    clock: Callable[[], float] = time.time
    store: GrantStore | None = None
    on_revoke: list[Callable[[Grant], None]] = field(default_factory=list)
    _grants: dict[tuple[str, int], Grant] = field(default_factory=dict)

    def issue(self, game_id: str, seat: int, ttl_s: float | None = None) -> str:
        """A fresh secret for ``seat`` of ``game_id``; a seat's earlier token stops working (and its
        sockets are told to close)."""
        secret = secrets.token_urlsafe(TOKEN_BYTES)
        grant = Grant(game_id, seat, digest(secret), self.clock() + (self.ttl_s if ttl_s is None else ttl_s))
        old = self._grants.get((game_id, seat))
        self._grants[(game_id, seat)] = grant
        if self.store is not None:
            self.store(StoredGrant(game_id, seat, grant.digest, grant.expires_at))
        if old is not None:
            for listener in self.on_revoke:
                listener(old)
        return secret

    def load(self, stored: list[StoredGrant]) -> None:
        """Grants kept from before a restart (their links work until they expire)."""
        for g in stored:
            self._grants[(g.game_id, g.seat)] = Grant(g.game_id, g.seat, g.digest, g.expires_at)

    def verify(self, game_id: str, seat: int, token: str | None) -> Grant:
        """The grant ``token`` proves for (``game_id``, ``seat``), or ``TokenError`` saying why not."""
        if not token:
            raise TokenError("no_token")
        grant = self._grants.get((game_id, seat))
        # compare against a dummy when there is no grant, so both paths cost the same
        expected = grant.digest if grant is not None else digest(secrets.token_urlsafe(TOKEN_BYTES))
        if not secrets.compare_digest(digest(token).encode(), expected.encode()) or grant is None:
            raise TokenError("wrong_token", seat=seat, game=game_id)
        if self.clock() >= grant.expires_at:
            raise TokenError("expired_token", seat=seat, game=game_id)
        return grant

    def current(self, game_id: str, seat: int) -> Grant | None:
        """The seat's grant now (None: none was issued)."""
        return self._grants.get((game_id, seat))

    def forget(self, game_id: str) -> None:
        """Drop a game's expired grants from memory (a bounded table over a long-running server)."""
        now = self.clock()
        for key in [k for k, g in self._grants.items() if k[0] == game_id and g.expires_at <= now]:
            del self._grants[key]
