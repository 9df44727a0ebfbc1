"""Reading many stored games at once: what the evaluations read (``evals.facts``), one query per
table and database rather than one per game, as typed rows and the engine's typed events.

The store's schema is known here, in ``transcripts``, and nowhere else: the evaluations ask for
the games of some ids and get back records, never SQL rows or event JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import duckdb

from engine.events import Event, from_json
from transcripts.guesses import Guess

_IN_GAMES = "WHERE game_id IN (SELECT unnest(?))"


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A stored game's header as the evaluations use it (JSON columns decoded)."""

    game_id: str
    ruleset: str
    status: str
    winners: list[str] | None
    created_at: datetime
    seat_configs: list[dict[str, Any]]
    seed: int
    flags: dict[str, Any]
    git_commit: str


@dataclass(frozen=True, slots=True)
class StoredBelief:
    """One stored probability of a belief report (a row of ``beliefs``), with its game."""

    game_id: str
    checkpoint: int
    day: int
    seat: int
    target: int
    faction: str
    prob: float


@dataclass(frozen=True, slots=True)
class CallSummary:
    """One stored model call reduced to what the cost and quality figures read."""

    game_id: str
    seat: int
    tokens_in: int | None
    tokens_out: int | None
    latency_ms: float | None
    error: bool
    purpose: str | None
    """``response.x_arena.purpose`` (``action``, ``beliefs``, ``persuasion``…)."""
    cost_usd: float | None


@dataclass(frozen=True, slots=True)
class StoredClaim:
    """One row of the claims ledger (``claims``) as the evaluations read it, with its game."""

    game_id: str
    seq: int
    day: int
    seat: int
    kind: str
    role: str | None
    target: int | None
    result: str | None
    truth: bool | None
    source: str


@dataclass(frozen=True, slots=True)
class StoredGuess:
    """One person's stored answer to "who was a bot?" (``bot_guesses``), with its game."""

    game_id: str
    guesser: int
    target: int
    guess: Guess
    model: str | None


def original_game_ids(con: duckdb.DuckDBPyConnection) -> list[str]:
    """Every stored game that is not a fork (``transcripts.forks``: a fork shares its origin's events)."""
    return [str(g) for (g,) in con.execute("SELECT game_id FROM games WHERE origin_game IS NULL").fetchall()]


def game_summaries(con: duckdb.DuckDBPyConnection, ids: Sequence[str]) -> list[GameSummary]:
    """The headers of games ``ids``, oldest first."""
    rows = con.execute("SELECT game_id, ruleset, status, winners, created_at, seat_configs, seed, flags, git_commit "
                       f"FROM games {_IN_GAMES} ORDER BY created_at, game_id", [list(ids)]).fetchall()
    return [GameSummary(str(gid), str(ruleset), str(status), _loads(winners), created, _loads(configs) or [],
                        int(seed), _loads(flags) or {}, str(commit or ""))
            for gid, ruleset, status, winners, created, configs, seed, flags, commit in rows]


def stored_events(con: duckdb.DuckDBPyConnection, ids: Sequence[str], kinds: Iterable[str]
                  ) -> Iterator[tuple[str, Event]]:
    """The events of ``kinds`` of games ``ids``, by game and seq, as stored (no rule-set upgrade: an
    evaluation of an old game reads what was played)."""
    rows = con.execute(f"SELECT game_id, payload FROM events {_IN_GAMES} AND kind IN (SELECT unnest(?)) "
                       "ORDER BY game_id, seq", [list(ids), list(kinds)]).fetchall()
    for gid, payload in rows:
        yield str(gid), from_json(payload)


def fingerprints(con: duckdb.DuckDBPyConnection, ids: Sequence[str]) -> dict[str, str]:
    """Each game's fingerprint: the md5 of its stored event payloads joined by newlines, in seq order
    (``evals.facts.digest`` computes the same of a game held in memory)."""
    rows = con.execute(f"SELECT game_id, md5(string_agg(CAST(payload AS VARCHAR), chr(10) ORDER BY seq)) FROM events "
                       f"{_IN_GAMES} GROUP BY game_id", [list(ids)]).fetchall()
    return {str(gid): str(text) for gid, text in rows}


def stored_beliefs(con: duckdb.DuckDBPyConnection, ids: Sequence[str]) -> list[StoredBelief]:
    """Every belief probability of games ``ids``, by game, checkpoint, believer, target and faction."""
    rows = con.execute(f"SELECT game_id, checkpoint, day, seat, target, faction, prob FROM beliefs {_IN_GAMES} "
                       "ORDER BY game_id, checkpoint, seat, target, faction", [list(ids)]).fetchall()
    return [StoredBelief(*row) for row in rows]


def call_summaries(con: duckdb.DuckDBPyConnection, ids: Sequence[str]) -> list[CallSummary]:
    """Every model call of games ``ids``, by game and call order."""
    rows = con.execute("SELECT game_id, seat, tokens_in, tokens_out, latency_ms, error IS NOT NULL, "
                       f"json_extract_string(response, '$.x_arena.purpose'), cost_usd FROM llm_calls {_IN_GAMES} "
                       "ORDER BY game_id, call_id", [list(ids)]).fetchall()
    return [CallSummary(gid, seat, tin, tout, latency, bool(error), purpose, cost)
            for gid, seat, tin, tout, latency, error, purpose, cost in rows]


def stored_claims(con: duckdb.DuckDBPyConnection, ids: Sequence[str]) -> list[StoredClaim]:
    """The claims ledgers of games ``ids`` (where built), by game and claim."""
    rows = con.execute(f"SELECT game_id, seq, day, seat, kind, role, target, result, truth, source FROM claims "
                       f"{_IN_GAMES} ORDER BY game_id, claim", [list(ids)]).fetchall()
    return [StoredClaim(*row) for row in rows]


def stored_guesses(con: duckdb.DuckDBPyConnection, ids: Sequence[str]) -> list[StoredGuess]:
    """The answers to "who was a bot?" of games ``ids``, by game, guesser and target."""
    rows = con.execute(f"SELECT game_id, guesser, target, guess, model FROM bot_guesses {_IN_GAMES} "
                       "ORDER BY game_id, guesser, target", [list(ids)]).fetchall()
    return [StoredGuess(str(gid), int(guesser), int(target), guess, model) for gid, guesser, target, guess, model in rows]


def _loads(value: str | None) -> Any:
    return json.loads(value) if value else None
