"""Seat tokens: the secret in a join link that lets one person play one seat of one game.

A token is a random secret (``secrets.token_urlsafe``), bound to exactly one (game, seat) and
valid until its expiry. The server looks up the grant by (game, seat) — never by the token — and
compares the secret in constant time (``secrets.compare_digest``), so a response time says
nothing about how much of a guess was right, and a token of another game or seat simply does not
match. Every refusal is a ``TokenError`` whose text says what to do, and never echoes a secret.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

TOKEN_BYTES = 24
DEFAULT_TTL_S = 12 * 3600.0


class TokenError(PermissionError):
    """A seat token that grants nothing here: missing, forged, expired, or for another seat or game."""


@dataclass(frozen=True, slots=True)
class Grant:
    """One seat of one game, to whoever holds ``secret`` until ``expires_at`` (epoch seconds)."""

    game_id: str
    seat: int
    secret: str
    expires_at: float


class SeatTokens:
    """The grants of a server process (kept in memory: a restart invalidates every join link)."""

    def __init__(self, ttl_s: float = DEFAULT_TTL_S, clock: Callable[[], float] = time.time) -> None:
        self.ttl_s = ttl_s
        self.clock = clock
        self._grants: dict[tuple[str, int], Grant] = {}

    def issue(self, game_id: str, seat: int, ttl_s: float | None = None) -> str:
        """A fresh secret for ``seat`` of ``game_id``; a seat's earlier token stops working."""
        secret = secrets.token_urlsafe(TOKEN_BYTES)
        expires = self.clock() + (self.ttl_s if ttl_s is None else ttl_s)
        self._grants[(game_id, seat)] = Grant(game_id, seat, secret, expires)
        return secret

    def verify(self, game_id: str, seat: int, token: str | None) -> Grant:
        """The grant ``token`` proves for (``game_id``, ``seat``), or ``TokenError`` saying why not."""
        if not token:
            raise TokenError("no seat token: open the join link the lobby gave for this seat")
        grant = self._grants.get((game_id, seat))
        # compare against a dummy when there is no grant, so both paths cost the same
        expected = grant.secret if grant is not None else secrets.token_urlsafe(TOKEN_BYTES)
        if not secrets.compare_digest(token.encode(), expected.encode()) or grant is None:
            raise TokenError(f"this token does not grant seat {seat} of game {game_id}: "
                             "use that seat's own join link")
        if self.clock() >= grant.expires_at:
            raise TokenError(f"the token for seat {seat} of game {game_id} has expired: ask the host for a new join link")
        return grant
