"""The claims ledger as stored (``claims``): each role or result claim of a game's public text, with
its truth. ``evals.claims.ledger`` builds the rows; this module stores and reads them, and finds the
games whose ledger is missing or was built by another extractor.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass, fields
from typing import Any

import duckdb


@dataclass(frozen=True, slots=True)
class ClaimRow:
    """One claim of a game's ledger (``evals.claims.ledger`` says what each field means)."""

    claim: int
    seq: int
    day: int
    phase: str
    floor: int | None
    seat: int
    kind: str
    role: str | None
    target: int | None
    other: int | None
    result: str | None
    night: int | None
    source: str
    truth: bool | None
    truth_role: str | None
    truth_result: str | None


ROW_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(ClaimRow))
"""A ledger row's columns, in ``ClaimRow`` order."""
CLAIM_COLUMNS: tuple[str, ...] = ("game_id", *ROW_COLUMNS, "extractor")
"""The ``claims`` columns in insertion order."""


def store_claims(con: duckdb.DuckDBPyConnection, game_id: str, rows: Iterable[ClaimRow], extractor: str) -> int:
    """Replace ``game_id``'s ledger with ``rows`` built by ``extractor`` (one transaction); returns how many."""
    values = [(game_id, *astuple(r), extractor) for r in rows]
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute("DELETE FROM claims WHERE game_id = ?", [game_id])
        if values:
            con.executemany(f"INSERT INTO claims ({', '.join(CLAIM_COLUMNS)}) "
                            f"VALUES ({', '.join('?' * len(CLAIM_COLUMNS))})", values)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return len(values)


def load_claims(con: duckdb.DuckDBPyConnection, game_id: str) -> list[ClaimRow]:
    """A game's stored ledger, in order."""
    return [ClaimRow(*r) for r in con.execute(f"SELECT {', '.join(ROW_COLUMNS)} FROM claims WHERE game_id = ? "
                                              "ORDER BY claim", [game_id]).fetchall()]


def games_to_build(con: duckdb.DuckDBPyConnection, extractor: str, rulesets: Sequence[str],
                   game_ids: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """(game id, rule set) of every finished game of ``rulesets`` (or of ``game_ids`` among them) whose
    ledger ``extractor`` has not built, by id."""
    where = "" if game_ids is None else " AND game_id IN (SELECT unnest(?))"
    rows = con.execute(
        "SELECT game_id, ruleset FROM games WHERE status = 'finished' AND ruleset IN (SELECT unnest(?)) AND "
        f"game_id NOT IN (SELECT game_id FROM claims WHERE extractor = ?){where} ORDER BY game_id",
        [list(rulesets), extractor, *([] if game_ids is None else [list(game_ids)])]).fetchall()
    return [(str(g), str(r)) for g, r in rows]


def stored_ruleset(con: duckdb.DuckDBPyConnection, game_id: str) -> str | None:
    """The rule set a stored game plays (None: no such game)."""
    row = con.execute("SELECT ruleset FROM games WHERE game_id = ?", [game_id]).fetchone()
    return None if row is None else str(row[0])


def post_tool_calls(con: duckdb.DuckDBPyConnection, game_id: str) -> list[tuple[int, list[dict[str, Any]]]]:
    """(event seq, tool calls) of every model call of a game that led to an event, in call order (the
    calls decoded; where a seat declared claims with its post, ``evals.claims.ledger`` reads them)."""
    rows = con.execute("SELECT event_seq, tool_calls FROM llm_calls WHERE game_id = ? AND event_seq IS NOT NULL "
                       "AND tool_calls IS NOT NULL ORDER BY call_id", [game_id]).fetchall()
    return [(int(seq), json.loads(calls) if isinstance(calls, str) else calls or []) for seq, calls in rows]
