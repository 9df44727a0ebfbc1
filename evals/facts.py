"""What the evaluators read: each stored game's facts, loaded from the database alone.

This module is the one reader of event JSON for the evaluations: one pass of a few SQL queries per
database (not per game) fills a ``GameFacts`` per game — who played each seat (its label), the
truth over time, public ballots with their vote stage, deaths with their cause, what each seat was
privately told (``Clue``: its team chats and its skills' results), belief reports, LLM calls and
the runner's fallbacks — and ``facts_of_events`` does the same for a game held in memory (played
without a database). Evaluators are then pure functions of these facts, so each is tested
on small fixed transcripts written with the ordinary writer.

A game's ``fingerprint`` is a digest of its whole event log: two games with the same fingerprint
are byte-identical (two labels of one deterministic bot in rotations that deal them the same
seats), so the evaluators count them as one cluster, never as two independent games.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import duckdb

from engine.events import Event, to_json
from evals.truth import Truth

DECISION_KINDS = ("posted", "post_withheld", "team_posted", "passed", "vote_cast", "skill_submitted",
                  "choice_made", "last_words")
"""Events that each answer one decision of one seat (a choice the judge defaulted is not one)."""
CLUE_KINDS = ("team_formed", "team_joined", "feedback")
KINDS = (*DECISION_KINDS, *CLUE_KINDS, "role_dealt", "role_changed", "died", "notice", "layer_assigned", "phase_began",
         "vote_result")


EVALUATION_PURPOSES: tuple[str, ...] = ("beliefs", "persuasion")
"""Purposes of model calls the evaluation made, not the play (belief checkpoints, ``arena persuasion``'s
questions): no decision, so no figure of play quality or cost counts them."""


def label_of(config: dict[str, Any]) -> str:
    """Who played a seat, as leaderboards name it: a tournament's label, else the seat file's player."""
    for key in ("label", "player", "model", "kind"):
        if config.get(key):
            return str(config[key])
    return "unknown"


def player_of(config: dict[str, Any]) -> str:
    """The program behind a seat (``scripted``, ``random``, ``llm:…``), whatever its label."""
    kind = str(config.get("kind") or config.get("player") or "unknown")
    if kind == "llm":
        return f"llm:{config.get('base_url', '')}/{config.get('model', '')}"
    return kind


@dataclass(frozen=True, slots=True)
class Vote:
    """A public ballot (team-chat elections are not votes on the thread). ``stage`` is the seq of
    the phase that opened its vote (a day of qijian24 holds up to three)."""

    seq: int
    day: int
    voter: int
    target: int
    stage: int = 0
    phase: str = ""


@dataclass(frozen=True, slots=True)
class Clue:
    """Something the judge told some seats privately: a team chat's members, or a skill's result.

    ``kind`` ``team``: every seat of ``to`` learns that ``targets`` (the chat's members at that
    moment) share the chat ``name``; ``result``: seat ``to[0]`` learns ``result`` of its skill
    ``name`` on ``targets``."""

    seq: int
    kind: str
    to: tuple[int, ...]
    name: str
    targets: tuple[int, ...]
    result: str = ""


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
    cost_usd: float | None = None
    """Its billed cost at the prices stored with it (None: no price known)."""


@dataclass(frozen=True, slots=True)
class ClaimFact:
    """One row of the claims ledger (``evals.claims.ledger``): a role or result claim and its truth."""

    seq: int
    day: int
    seat: int
    kind: str
    role: str | None
    target: int | None
    result: str | None
    truth: bool | None
    source: str = "parsed"


@dataclass(frozen=True, slots=True)
class BotGuess:
    """A person's answer after the game: whether ``target`` was played by a human, and by which model."""

    guesser: int
    target: int
    human: bool
    model: str | None = None


@dataclass
class GameFacts:
    """One game as the evaluators see it."""

    game_id: str
    ruleset: str
    status: str
    winners: list[str] | None
    created_at: datetime
    labels: dict[int, str]
    seed: int = 0
    flags: dict[str, Any] = field(default_factory=dict)
    git_commit: str = ""
    players: dict[int, str] = field(default_factory=dict)
    """Each seat's program (``player_of``), for telling deterministic seatings apart."""
    fingerprint: str = ""
    truth: Truth = field(default_factory=Truth)
    votes: list[Vote] = field(default_factory=list)
    deaths: dict[int, int] = field(default_factory=dict)
    causes: dict[int, str] = field(default_factory=dict)
    clues: list[Clue] = field(default_factory=list)
    last_day: int = 0
    reports: list[Report] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    decisions: Counter[int] = field(default_factory=Counter)
    fallbacks: Counter[int] = field(default_factory=Counter)
    timeouts: Counter[int] = field(default_factory=Counter)
    posts: Counter[int] = field(default_factory=Counter)
    post_texts: dict[int, list[str]] = field(default_factory=dict)
    """Each seat's public posts, in thread order (``evals.style`` reads an alias's prose from them)."""
    overflows: Counter[int] = field(default_factory=Counter)
    majia: dict[int, int] = field(default_factory=dict)
    """A second name layer's number → seat (majiasha2's 马甲, from each seat's own notice), so that a
    ballot naming a 马甲 is scored against the seat behind it."""
    stage: int = 0
    """The seq of the phase being folded (the vote stage of the next ballot)."""
    voted_out: dict[int, int] = field(default_factory=dict)
    """Seat → the seq of the vote count that put it out (``VoteResult.died``)."""
    claims: list[ClaimFact] = field(default_factory=list)
    """The game's claims ledger, where it has been built (``evals.claims.ledger.ensure``)."""
    guesses: list[BotGuess] = field(default_factory=list)
    """The people's answers to "who was a bot?" (``bot_guesses``), read by ``evals.detectability``."""

    @property
    def finished(self) -> bool:
        return self.status == "finished" and self.winners is not None

    @property
    def cluster(self) -> str:
        """The independent unit this game belongs to: its fingerprint (byte-identical games are one)."""
        return self.fingerprint or self.game_id

    @property
    def deal(self) -> tuple[str, int]:
        return self.ruleset, self.seed

    def alive_at(self, seat: int, seq: int) -> bool:
        return self.deaths.get(seat, seq + 1) > seq


def load_facts(con: duckdb.DuckDBPyConnection, game_ids: Iterable[str] | None = None) -> list[GameFacts]:
    """Every game's facts (or those of ``game_ids``), oldest first; forks (``transcripts.forks``) only when named."""
    ids = list(game_ids) if game_ids is not None else [  # forks share their origin's events: not games of their own
        g for (g,) in con.execute("SELECT game_id FROM games WHERE origin_game IS NULL").fetchall()]
    where, params = ("WHERE game_id IN (SELECT unnest(?))", [ids]) if ids is not None else ("", [])
    games: dict[str, GameFacts] = {}
    for gid, ruleset, status, winners, created, configs, seed, flags, commit in con.execute(
            "SELECT game_id, ruleset, status, winners, created_at, seat_configs, seed, flags, git_commit "
            f"FROM games {where} ORDER BY created_at, game_id", params).fetchall():
        games[gid] = _game(gid, ruleset, status, json.loads(winners) if winners else None, created,
                           json.loads(configs) if configs else [], int(seed), json.loads(flags) if flags else {},
                           str(commit or ""))
    _events(con, games, where, params)
    _fingerprints(con, games, where, params)
    _reports(con, games, where, params)
    _calls(con, games, where, params)
    _claims(con, games, where, params)
    _guesses(con, games, where, params)
    return list(games.values())


def facts_of_events(game_id: str, events: Sequence[Event], configs: Sequence[dict[str, Any]],
                    winners: list[str] | None, *, created_at: datetime | None = None) -> GameFacts:
    """The facts of a game held in memory (its events as the engine emitted them)."""
    first = events[0] if events else None
    ruleset, seed, flags = "", 0, {}
    if first is not None and first.kind == "game_created":
        ruleset, seed, flags = first.ruleset, first.seed, dict(first.flags)
    game = _game(game_id, ruleset, "finished" if winners is not None else "running", winners,
                 created_at or datetime.min, list(configs), seed, flags, "")
    texts = [to_json(e) for e in events]
    for e, text in zip(events, texts, strict=True):
        if e.kind in KINDS:
            _fold(game, e.seq, e.day, e.kind, json.loads(text))
        game.last_day = max(game.last_day, e.day)
    game.fingerprint = digest(texts)
    return game


def digest(payloads: Iterable[str]) -> str:
    """The fingerprint of an event log: md5 of its payloads joined by newlines (as SQL computes it)."""
    return hashlib.md5("\n".join(payloads).encode()).hexdigest()


def _game(gid: str, ruleset: str, status: str, winners: list[str] | None, created: datetime,
          configs: list[dict[str, Any]], seed: int, flags: dict[str, Any], commit: str) -> GameFacts:
    seats = {int(c.get("seat", i + 1)): c for i, c in enumerate(configs)}
    return GameFacts(gid, ruleset, status, winners, created, {s: label_of(c) for s, c in seats.items()},
                     seed=seed, flags=flags, git_commit=commit, players={s: player_of(c) for s, c in seats.items()})


def _events(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]) -> None:
    kinds = ", ".join(f"'{k}'" for k in KINDS)
    clause = f"{where} AND" if where else "WHERE"
    for gid, seq, day, kind, payload in con.execute(
            f"SELECT game_id, seq, day, kind, payload FROM events {clause} kind IN ({kinds}) ORDER BY game_id, seq",
            params).fetchall():
        game = games.get(gid)
        if game is not None:
            _fold(game, seq, day, kind, json.loads(payload))
            game.last_day = max(game.last_day, day)


def _fingerprints(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]
                  ) -> None:
    for gid, text in con.execute(
            f"SELECT game_id, md5(string_agg(CAST(payload AS VARCHAR), chr(10) ORDER BY seq)) FROM events {where} "
            "GROUP BY game_id", params).fetchall():
        if gid in games:
            games[gid].fingerprint = str(text)


def _fold(game: GameFacts, seq: int, day: int, kind: str, e: dict[str, Any]) -> None:
    seat = int(e.get("seat", 0))
    if kind in ("role_dealt", "role_changed"):
        game.truth.add(seq, seat, str(e["faction"]), str(e.get("role", "")) or None)
    elif kind == "phase_began":
        game.stage = seq
    elif kind == "vote_result":
        for out in e.get("died") or ():
            game.voted_out.setdefault(int(out), seq)
    elif kind == "died":
        game.deaths.setdefault(seat, seq)
        game.causes.setdefault(seat, str(e.get("cause", "")))
    elif kind == "layer_assigned":
        if e.get("layer") == "majia":
            game.majia[int(e["number"])] = seat
    elif kind == "notice":  # stored by majiasha2 2.1 and earlier: the own 马甲 as a notice
        if e.get("topic") == "majia_own" and e.get("seats"):
            game.majia[int(e["data"]["majia"])] = int(e["seats"][0])
    elif kind in CLUE_KINDS:
        game.clues.append(_clue(seq, kind, e))
    elif not (kind == "choice_made" and e.get("default")):
        _decision(game, seq, day, kind, seat, e)


def _clue(seq: int, kind: str, e: dict[str, Any]) -> Clue:
    to = tuple(int(s) for s in e.get("to", ()))
    if kind == "team_formed":
        return Clue(seq, "team", to, str(e["team"]), tuple(int(s) for s in e.get("members", ())))
    if kind == "team_joined":
        return Clue(seq, "team", to, str(e["team"]), to)
    return Clue(seq, "result", (int(e["seat"]),), str(e["skill"]), tuple(int(t) for t in e.get("targets", ())),
                str(e.get("result", "")))


def _decision(game: GameFacts, seq: int, day: int, kind: str, seat: int, e: dict[str, Any]) -> None:
    game.decisions[seat] += 1
    if kind == "vote_cast" and e.get("target") is not None and e.get("vis", "public") == "public":
        target = int(e["target"])
        game.votes.append(Vote(seq, day, seat, game.majia.get(target, target), game.stage, str(e.get("phase", ""))))
    elif kind == "passed" and e.get("fallback"):
        game.fallbacks[seat] += 1
        if "TimeoutError" in str(e.get("reason", "")) or (e.get("detail") or {}).get("detail") == "TimeoutError":
            game.timeouts[seat] += 1
    elif kind == "posted":
        game.posts[seat] += 1
        if e.get("vis", "public") == "public":
            game.post_texts.setdefault(seat, []).append(str(e.get("text", "")))
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
    for gid, seat, tin, tout, latency, error, purpose, cost in con.execute(
            "SELECT game_id, seat, tokens_in, tokens_out, latency_ms, error IS NOT NULL, "
            f"json_extract_string(response, '$.x_arena.purpose'), cost_usd FROM llm_calls {where} "
            "ORDER BY game_id, call_id", params).fetchall():
        if gid in games:
            tokens = None if tin is None and tout is None else (tin or 0) + (tout or 0)
            games[gid].calls.append(Call(seat, tokens, latency, bool(error), purpose, cost))


def _claims(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]) -> None:
    for gid, seq, day, seat, kind, role, target, result, truth, source in con.execute(
            f"SELECT game_id, seq, day, seat, kind, role, target, result, truth, source FROM claims {where} "
            "ORDER BY game_id, claim", params).fetchall():
        if gid in games:
            games[gid].claims.append(ClaimFact(seq, day, seat, kind, role, target, result, truth, source))


def _guesses(con: duckdb.DuckDBPyConnection, games: dict[str, GameFacts], where: str, params: list[Any]) -> None:
    for gid, guesser, target, guess, model in con.execute(
            f"SELECT game_id, guesser, target, guess, model FROM bot_guesses {where} ORDER BY game_id, guesser, target",
            params).fetchall():
        if gid in games:
            games[gid].guesses.append(BotGuess(int(guesser), int(target), guess == "human", model))
