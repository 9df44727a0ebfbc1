"""What the evaluators read: each stored game's facts, loaded from the database alone.

One pass of a few SQL queries per database (not per game) fills a ``GameFacts`` per game: who played
each seat (its label), the truth over time, votes, deaths, belief reports, LLM calls and the
runner's fallbacks. Evaluators are then pure functions of these facts, so each is tested on small
fixed transcripts written with the ordinary writer.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import duckdb

from evals.truth import Truth

DECISION_KINDS = ("posted", "post_withheld", "team_posted", "passed", "vote_cast", "skill_submitted",
                  "choice_made", "last_words")
"""Events that each answer one decision of one seat (a choice the judge defaulted is not one)."""
KINDS = (*DECISION_KINDS, "role_dealt", "role_changed", "died", "notice")


def label_of(config: dict[str, Any]) -> str:
    """Who played a seat, as leaderboards name it: a tournament's label, else the seat file's player."""
    for key in ("label", "player", "model", "kind"):
        if config.get(key):
            return str(config[key])
    return "unknown"


@dataclass(frozen=True, slots=True)
class Vote:
    seq: int
    day: int
    voter: int
    target: int


@dataclass(frozen=True, slots=True)
class Report:
    """One seat's beliefs at one checkpoint: target -> faction -> probability."""

    checkpoint: int
    day: int
    seat: int
    probs: dict[int, dict[str, float]]


@dataclass(frozen=True, slots=True)
class Call:
    seat: int
    tokens: int | None
    latency_ms: float | None
    error: bool
    purpose: str | None = None
    """What the call was for (``action``, ``select``, ``compaction``, ``beliefs``…), from its record."""


@dataclass
class GameFacts:
    """One game as the evaluators see it."""

    game_id: str
    ruleset: str
    status: str
    winners: list[str] | None
    created_at: datetime
    labels: dict[int, str]
    truth: Truth = field(default_factory=Truth)
    votes: list[Vote] = field(default_factory=list)
    deaths: dict[int, int] = field(default_factory=dict)
    reports: list[Report] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    decisions: Counter[int] = field(default_factory=Counter)
    fallbacks: Counter[int] = field(default_factory=Counter)
    timeouts: Counter[int] = field(default_factory=Counter)
    posts: Counter[int] = field(default_factory=Counter)
    overflows: Counter[int] = field(default_factory=Counter)
    majia: dict[int, int] = field(default_factory=dict)
    """A second name layer's number → seat (majiasha2's 马甲, from each seat's own notice), so that a
    ballot naming a 马甲 is scored against the seat behind it."""

    @property
    def finished(self) -> bool:
        return self.status == "finished" and self.winners is not None

    def alive_at(self, seat: int, seq: int) -> bool:
        return self.deaths.get(seat, seq + 1) > seq


def load_facts(con: duckdb.DuckDBPyConnection, game_ids: Iterable[str] | None = None) -> list[GameFacts]:
    """Every game's facts (or those of ``game_ids``), oldest first."""
    ids = None if game_ids is None else list(game_ids)
    where, params = ("WHERE game_id IN (SELECT unnest(?))", [ids]) if ids is not None else ("", [])
    games: dict[str, GameFacts] = {}
    for gid, ruleset, status, winners, created, configs in con.execute(
            f"SELECT game_id, ruleset, status, winners, created_at, seat_configs FROM games {where} "
            "ORDER BY created_at, game_id", params).fetchall():
        seats = json.loads(configs) if configs else []
        labels = {int(c.get("seat", i + 1)): label_of(c) for i, c in enumerate(seats)}
        games[gid] = GameFacts(gid, ruleset, status, json.loads(winners) if winners else None, created, labels)
    _events(con, games, where, params)
    _reports(con, games, where, params)
    _calls(con, games, where, params)
    return list(games.values())


def _events(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]) -> None:
    kinds = ", ".join(f"'{k}'" for k in KINDS)
    clause = f"{where} AND" if where else "WHERE"
    for gid, seq, day, kind, payload in con.execute(
            f"SELECT game_id, seq, day, kind, payload FROM events {clause} kind IN ({kinds}) ORDER BY game_id, seq",
            params).fetchall():
        game = games.get(gid)
        if game is not None:
            _fold(game, seq, day, kind, json.loads(payload))


def _fold(game: GameFacts, seq: int, day: int, kind: str, e: dict[str, Any]) -> None:
    seat = int(e.get("seat", 0))
    if kind in ("role_dealt", "role_changed"):
        game.truth.add(seq, seat, str(e["faction"]))
        return
    if kind == "died":
        game.deaths.setdefault(seat, seq)
        return
    if kind == "notice":
        if e.get("topic") == "majia_own" and e.get("seats"):
            game.majia[int(e["data"]["majia"])] = int(e["seats"][0])
        return
    if kind == "choice_made" and e.get("default"):
        return
    game.decisions[seat] += 1
    if kind == "vote_cast" and e.get("target") is not None:
        target = int(e["target"])
        game.votes.append(Vote(seq, day, seat, game.majia.get(target, target)))
    elif kind == "passed" and e.get("fallback"):
        game.fallbacks[seat] += 1
        if "TimeoutError" in str(e.get("reason", "")):
            game.timeouts[seat] += 1
    elif kind == "posted":
        game.posts[seat] += 1
    elif kind == "post_withheld":
        game.posts[seat] += 1
        if e.get("reason") == "blue_overflow":
            game.overflows[seat] += 1


def _reports(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]) -> None:
    grouped: dict[tuple[str, int, int, int], dict[int, dict[str, float]]] = {}
    for gid, checkpoint, day, seat, target, faction, prob in con.execute(
            f"SELECT game_id, checkpoint, day, seat, target, faction, prob FROM beliefs {where} "
            "ORDER BY game_id, checkpoint, seat, target, faction", params).fetchall():
        grouped.setdefault((gid, checkpoint, day, seat), {}).setdefault(target, {})[faction] = prob
    for (gid, checkpoint, day, seat), probs in grouped.items():
        if gid in games:
            games[gid].reports.append(Report(checkpoint, day, seat, probs))


def _calls(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]) -> None:
    for gid, seat, tin, tout, latency, error, purpose in con.execute(
            "SELECT game_id, seat, tokens_in, tokens_out, latency_ms, error IS NOT NULL, "
            f"json_extract_string(response, '$.x_arena.purpose') FROM llm_calls {where} "
            "ORDER BY game_id, call_id", params).fetchall():
        if gid in games:
            tokens = None if tin is None and tout is None else (tin or 0) + (tout or 0)
            games[gid].calls.append(Call(seat, tokens, latency, bool(error), purpose))
