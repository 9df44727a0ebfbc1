"""``arena serve``'s own rows: the games it plays (with the lobby's form) and each human seat's grant.

A server that stops (a restart, a crash) takes its games up again on start: ``served_games`` says
which games were its own and how the lobby asked for them (deadlines, pace, stand-in, language), and
``seat_tokens`` keeps each join link's grant so that the person's link still works afterwards. A
grant is stored as the SHA-256 of its secret, never the secret: whoever reads the file cannot take
a seat.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from transcripts.reader import Db, connect
from transcripts.records import utcnow


@dataclass(frozen=True, slots=True)
class StoredGrant:
    game_id: str
    seat: int
    digest: str
    expires_at: float


def save_served(db: Db, game_id: str, spec: dict[str, Any]) -> None:
    """Record that this server plays ``game_id``, asked for by the lobby form ``spec``."""
    with connect(db) as con:
        con.execute("INSERT OR REPLACE INTO served_games VALUES (?, ?, ?)",
                    [game_id, json.dumps(spec, ensure_ascii=False), utcnow()])


def served_games(db: Db, status: str | None = None) -> dict[str, dict[str, Any]]:
    """The games a server played here (of one status of ``games``, or any), with their lobby forms."""
    where, params = ("WHERE g.status = ?", [status]) if status is not None else ("", [])
    with connect(db) as con:
        rows = con.execute("SELECT s.game_id, s.spec FROM served_games s JOIN games g USING (game_id) "
                           f"{where} ORDER BY s.created_at, s.game_id", params).fetchall()
    return {str(gid): json.loads(spec) for gid, spec in rows}


def save_grant(db: Db, grant: StoredGrant) -> None:
    """A seat's grant (a new one replaces the seat's earlier grant: its old link stops working)."""
    with connect(db) as con:
        con.execute("INSERT OR REPLACE INTO seat_tokens VALUES (?, ?, ?, ?, ?)",
                    [grant.game_id, grant.seat, grant.digest, grant.expires_at, utcnow()])


def load_grants(db: Db, now: float) -> list[StoredGrant]:
    """The grants that have not expired by ``now`` (epoch seconds)."""
    with connect(db) as con:
        rows = con.execute("SELECT game_id, seat, digest, expires_at FROM seat_tokens WHERE expires_at > ? "
                           "ORDER BY game_id, seat", [now]).fetchall()
    return [StoredGrant(str(g), int(s), str(d), float(e)) for g, s, d, e in rows]
