"""What the evaluators read: each stored game's facts, loaded from the database alone.

This module is the one reader of stored games for the evaluations: one pass of a few reads per
database, not per game (``transcripts.bulk``: typed rows and the engine's typed events), fills a
``GameFacts`` per game — who played each seat (its label), the truth over time, public ballots
with their vote stage, deaths with their cause, what each seat was privately told (``Clue``: its
team chats and its skills' results), belief reports, LLM calls and the runner's fallbacks — and
``facts_of_events`` does the same for a game held in memory (played without a database).
Evaluators are then pure functions of these facts, so each is tested on small fixed transcripts
written with the ordinary writer.

A game's ``fingerprint`` is a digest of its whole event log: two games with the same fingerprint
are byte-identical (two labels of one deterministic bot in rotations that deal them the same
seats), so the evaluators count them as one cluster, never as two independent games.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import duckdb

from engine import events as ev
from engine.events import Event, to_json
from evals.truth import Truth
from transcripts import bulk

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
    # forks share their origin's events: not games of their own
    ids = list(game_ids) if game_ids is not None else bulk.original_game_ids(con)
    games: dict[str, GameFacts] = {}
    for g in bulk.game_summaries(con, ids):
        games[g.game_id] = _game(g.game_id, g.ruleset, g.status, g.winners, g.created_at, g.seat_configs, g.seed,
                                 g.flags, g.git_commit)
    for gid, event in bulk.stored_events(con, ids, KINDS):
        game = games.get(gid)
        if game is not None:
            _fold(game, event)
            game.last_day = max(game.last_day, event.day)
    for gid, fingerprint in bulk.fingerprints(con, ids).items():
        if gid in games:
            games[gid].fingerprint = fingerprint
    _reports(games, bulk.stored_beliefs(con, ids))
    for c in bulk.call_summaries(con, ids):
        if c.game_id in games:
            tokens = None if c.tokens_in is None and c.tokens_out is None else (c.tokens_in or 0) + (c.tokens_out or 0)
            games[c.game_id].calls.append(Call(c.seat, tokens, c.latency_ms, c.error, c.purpose, c.cost_usd))
    for r in bulk.stored_claims(con, ids):
        if r.game_id in games:
            games[r.game_id].claims.append(ClaimFact(r.seq, r.day, r.seat, r.kind, r.role, r.target, r.result, r.truth,
                                                     r.source))
    for q in bulk.stored_guesses(con, ids):
        if q.game_id in games:
            games[q.game_id].guesses.append(BotGuess(q.guesser, q.target, q.guess == "human", q.model))
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
    for e in events:
        if e.kind in KINDS:
            _fold(game, e)
        game.last_day = max(game.last_day, e.day)
    game.fingerprint = digest(to_json(e) for e in events)
    return game


def digest(payloads: Iterable[str]) -> str:
    """The fingerprint of an event log: md5 of its payloads joined by newlines (as the store computes it,
    ``transcripts.bulk.fingerprints``)."""
    return hashlib.md5("\n".join(payloads).encode()).hexdigest()


def _game(gid: str, ruleset: str, status: str, winners: list[str] | None, created: datetime,
          configs: list[dict[str, Any]], seed: int, flags: dict[str, Any], commit: str) -> GameFacts:
    seats = {int(c.get("seat", i + 1)): c for i, c in enumerate(configs)}
    return GameFacts(gid, ruleset, status, winners, created, {s: label_of(c) for s, c in seats.items()},
                     seed=seed, flags=flags, git_commit=commit, players={s: player_of(c) for s, c in seats.items()})


def _fold(game: GameFacts, e: Event) -> None:
    """Fold one event of ``KINDS`` into the game's facts."""
    if isinstance(e, ev.RoleDealt | ev.RoleChanged):
        game.truth.add(e.seq, e.seat, e.faction, e.role or None)
    elif isinstance(e, ev.PhaseBegan):
        game.stage = e.seq
    elif isinstance(e, ev.VoteResult):
        for out in e.died:
            game.voted_out.setdefault(out, e.seq)
    elif isinstance(e, ev.Died):
        game.deaths.setdefault(e.seat, e.seq)
        game.causes.setdefault(e.seat, e.cause)
    elif isinstance(e, ev.LayerAssigned):
        if e.layer == "majia":
            game.majia[e.number] = e.seat
    elif isinstance(e, ev.Notice):  # stored by majiasha2 2.1 and earlier: the own 马甲 as a notice
        if e.topic == "majia_own" and e.seats:
            game.majia[int(e.data["majia"])] = e.seats[0]
    elif isinstance(e, ev.TeamFormed | ev.TeamJoined | ev.Feedback):
        game.clues.append(_clue(e))
    elif not (isinstance(e, ev.ChoiceMade) and e.default):
        _decision(game, e)


def _clue(e: ev.TeamFormed | ev.TeamJoined | ev.Feedback) -> Clue:
    to = tuple(e.to)
    if isinstance(e, ev.TeamFormed):
        return Clue(e.seq, "team", to, e.team, tuple(e.members))
    if isinstance(e, ev.TeamJoined):
        return Clue(e.seq, "team", to, e.team, to)
    return Clue(e.seq, "result", (e.seat,), e.skill, tuple(e.targets), e.result)


def _decision(game: GameFacts, e: Event) -> None:
    """One decision of a seat (``DECISION_KINDS``): counted, and a public ballot, a fallback or a post noted."""
    seat = int(getattr(e, "seat", 0))
    game.decisions[seat] += 1
    if isinstance(e, ev.VoteCast) and e.target is not None and e.vis == ev.PUBLIC:
        game.votes.append(Vote(e.seq, e.day, seat, game.majia.get(e.target, e.target), game.stage, e.phase))
    elif isinstance(e, ev.Passed) and e.fallback:
        game.fallbacks[seat] += 1
        if "TimeoutError" in e.reason or e.detail.get("detail") == "TimeoutError":
            game.timeouts[seat] += 1
    elif isinstance(e, ev.Posted):
        game.posts[seat] += 1
        if e.vis == ev.PUBLIC:
            game.post_texts.setdefault(seat, []).append(e.text)
    elif isinstance(e, ev.PostWithheld):
        game.posts[seat] += 1
        if e.reason == "blue_overflow":
            game.overflows[seat] += 1


def _reports(games: dict[str, GameFacts], rows: Iterable[bulk.StoredBelief]) -> None:
    """Group the stored probabilities into one report per (game, checkpoint, seat)."""
    grouped: dict[tuple[str, int, int, int], dict[int, dict[str, float]]] = {}
    for r in rows:
        grouped.setdefault((r.game_id, r.checkpoint, r.day, r.seat), {}).setdefault(r.target, {})[r.faction] = r.prob
    for (gid, checkpoint, day, seat), probs in grouped.items():
        if gid in games:
            games[gid].reports.append(Report(checkpoint, day, seat, probs))
