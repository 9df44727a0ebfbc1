"""Counterfactual persuasion: which post moved the vote, measured by asking the voters again.

For each public post of a day and each of that day's voters who had seen it when casting its (final)
ballot of a vote stage, the voter is asked its vote again on copies of its view at that moment: the
view as it was (``factual``), the view without the post (``removed``) and, with ``neutral``, the view
with the post's text replaced by a neutral line (``neutral``) — ``K`` samples each, the sample's seed
shared by the conditions (common random numbers), so a ballot that changes changed because of the post.
The questions are never events: no seat sees them and the game is unchanged. LLM seats are asked
through their endpoints (``agents.llm.persuasion``; calls stored in ``llm_calls``, purpose
``persuasion``); scripted seats, and every voter with the scripted stand-in (``stand_in``), by a
fresh scripted bot given the same view, which makes the whole measurement testable without a model.
Where the game elicited beliefs from a voter (rows of ``beliefs`` for its seat: ``believers``), the
same seat is also asked its beliefs on the same copies and samples (``persuasion_beliefs``), so a post's
pull on what the voter thinks is measured beside its pull on the vote.
Everything is computed first and stored in one transaction (``persuasion_votes``,
``persuasion_beliefs``, ``llm_calls``).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import duckdb

from agents.base import Turn
from agents.beliefs import BeliefRequest, Report, normalise
from agents.bots.rand import key_of
from agents.scripted import ScriptedAgent
from arena.run.beliefs import aliases_of, factions_of, living
from engine import events as ev
from engine.actions import Vote
from engine.events import Event
from engine.game import Game
from engine.legal import LegalAction
from engine.rulesets import get_ruleset
from engine.views import Viewer, view
from transcripts.records import CallRecord, GameRow, utcnow
from transcripts.writer import call_row, insert_columnar

CONDITIONS = ("factual", "removed", "neutral")
NEUTRAL = {"zh": "（本楼内容从略）", "en": "(nothing to add)"}
"""The neutral replacement of a post: says nothing, takes the floor (so floors and counts stay)."""
VOTE_COLUMNS = ("game_id", "run", "post_seq", "ballot_seq", "voter", "sample", "condition", "target", "answered",
                "source", "call_id")
BELIEF_COLUMNS = ("game_id", "run", "post_seq", "ballot_seq", "voter", "sample", "condition", "target", "faction",
                  "prob", "source", "call_id")


class PersuasionError(ValueError):
    """A persuasion run that cannot be made as asked (a code with parameters, rendered per language)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code, self.params = code, params


@dataclass(frozen=True, slots=True)
class Ballot:
    """A voter's final ballot of one vote stage of the day (``stage``: the seq of the phase that opened it)."""

    seq: int
    voter: int
    target: int | None
    phase: str
    day: int
    stage: int


@dataclass(frozen=True, slots=True)
class Answer:
    post: int
    ballot: int
    voter: int
    sample: int
    condition: str
    target: int | None
    answered: bool
    source: str
    call: CallRecord | None = None
    beliefs: Report | None = None
    belief_call: CallRecord | None = None


@dataclass
class Run:
    """One persuasion run: what was asked and answered."""

    game_id: str
    run: str
    day: int | None
    samples: int
    answers: list[Answer] = field(default_factory=list)
    posts: list[ev.Posted] = field(default_factory=list)
    ballots: list[Ballot] = field(default_factory=list)


def run_name(samples: int) -> str:
    """A new run's id: when it began, and its samples."""
    return f"{utcnow():%Y%m%d-%H%M%S}-k{samples}"


def final_ballots(events: Sequence[Event], day: int | None) -> list[Ballot]:
    """Each voter's last public ballot of each vote stage of ``day`` (None: every day)."""
    stage, last = 0, {}
    for e in events:
        if isinstance(e, ev.PhaseBegan):
            stage = e.seq
        elif isinstance(e, ev.VoteCast) and e.vis == ev.PUBLIC and (day is None or e.day == day):
            last[(stage, e.seat)] = Ballot(e.seq, e.seat, e.target, e.phase, e.day, stage)
    return sorted(last.values(), key=lambda b: b.seq)


def day_posts(events: Sequence[Event], day: int | None) -> list[ev.Posted]:
    return [e for e in events if isinstance(e, ev.Posted) and e.vis == ev.PUBLIC and (day is None or e.day == day)]


def counterfactual(seen: Sequence[Event], post: ev.Posted, condition: str, lang: str) -> list[Event]:
    """The view ``seen`` with ``post`` as ``condition`` has it (removed, neutral, or as it was)."""
    if condition == "removed":
        return [e for e in seen if e.seq != post.seq]
    if condition == "neutral":
        neutral = dataclasses.replace(post, text=NEUTRAL.get(lang, NEUTRAL["zh"]))
        return [neutral if e.seq == post.seq else e for e in seen]
    return list(seen)


class Moment:
    """A voter at its ballot: its view, its legal vote, its observation (from the state before the ballot)."""

    def __init__(self, game: Game, ballot: Ballot) -> None:
        self.ballot = ballot
        self.view = view(game.events, Viewer.of_seat(ballot.voter), game.ruleset)
        legal = game.legal(ballot.voter) or ()
        self.vote: LegalAction | None = next((t for t in legal if t.kind == "vote"), None)
        self.observation = game.observe(Viewer.of_seat(ballot.voter))
        self.seed = game.state.seed
        self.alive = living(game.events, game.ruleset.seats)
        self.aliases = aliases_of(game.events)
        self.factions = factions_of(game.ruleset)

    def belief_request(self, ruleset: str, seen: list[Event], seed: int) -> BeliefRequest:
        """The belief question of this moment on the view ``seen`` (the other living seats, by alias)."""
        b = self.ballot
        return BeliefRequest(ruleset=ruleset, seed=seed, seat=b.voter, day=b.day, phase=b.phase, checkpoint=b.seq,
                             events=seen, targets={t: self.aliases.get(t, "") for t in self.alive if t != b.voter},
                             factions=self.factions, observation=self.observation)


def moments(ruleset: str, events: Sequence[Event], ballots: Sequence[Ballot]) -> list[Moment]:
    """Each ballot's moment, folding the log once."""
    game = Game.replay(get_ruleset(ruleset), [])
    out, at = [], 0
    rules = get_ruleset(ruleset)
    for ballot in ballots:
        for e in events[at:ballot.seq]:
            rules.apply(game.state, e)
            game.events.append(e)
        at = ballot.seq
        moment = Moment(game, ballot)
        if moment.vote is not None:
            out.append(moment)
    return out


class Asker:
    """Asks one voter's vote on a view: its LLM agent, or a fresh scripted bot."""

    def __init__(self, ruleset: str, agents: dict[int, Any], stand_in: bool, lang: str) -> None:
        self.ruleset, self.agents, self.stand_in, self.lang = ruleset, agents, stand_in, lang

    def source(self, seat: int) -> str | None:
        """How ``seat`` is asked (``llm``, ``scripted``), None when it is not (a random bot)."""
        agent = self.agents.get(seat)
        if self.stand_in or isinstance(agent, ScriptedAgent):
            return "scripted"
        from agents.llm.agent import LLMAgent

        return "llm" if isinstance(agent, LLMAgent) else None

    async def ask_beliefs(self, m: Moment, seen: list[Event], sample: int, tag: dict[str, Any]
                          ) -> tuple[Report | None, CallRecord | None]:
        """The voter's beliefs on ``seen`` (None where it has none to give or its answer cannot be read)."""
        seed = m.seed if sample == 0 else key_of(m.seed, sample, "persuasion") & 0x7FFFFFFF
        request = m.belief_request(self.ruleset, seen, seed)
        if self.source(m.ballot.voter) == "scripted":
            raw = await ScriptedAgent().beliefs(request)
            return (None if raw is None else normalise(raw, request)), None
        from agents.llm.persuasion import ask_beliefs

        return await ask_beliefs(self.agents[m.ballot.voter], request, sample=sample, tag=tag)

    async def ask(self, m: Moment, seen: list[Event], sample: int, tag: dict[str, Any]
                  ) -> tuple[int | None, bool, CallRecord | None]:
        b = m.ballot
        assert m.vote is not None
        if self.source(b.voter) == "scripted":
            seed = m.seed if sample == 0 else key_of(m.seed, sample, "persuasion") & 0x7FFFFFFF
            turn = Turn(ruleset=self.ruleset, seed=seed, seat=b.voter, day=b.day, phase=b.phase, events=seen,
                        new_from=0, legal=(m.vote,), observation=m.observation)
            action = ScriptedAgent().decide(turn)
            return (action.target, True, None) if isinstance(action, Vote) else (None, False, None)
        from agents.llm.persuasion import ask_vote, turn_for

        turn = turn_for(self.ruleset, m.seed, b.voter, b.day, b.phase, seen, m.vote, m.observation)
        return await ask_vote(self.agents[b.voter], turn, m.vote, sample=sample, tag=tag, observation=m.observation)


async def persuade(row: GameRow, events: list[Event], agents: dict[int, Any], *, day: int | None, samples: int,
                   neutral: bool, stand_in: bool, lang: str, run_id: str | None = None,
                   believers: frozenset[int] = frozenset()) -> Run:
    """Ask every (post, voter, condition, sample) of ``day`` (see the module docstring); ``run_id`` names
    the run (one id for every game of a tournament's run; default: now and ``K``); the seats of
    ``believers`` are asked their beliefs too."""
    ruleset = row.header.ruleset
    ballots, posts = final_ballots(events, day), day_posts(events, day)
    if not ballots:
        raise PersuasionError("persuasion_no_ballots", game=row.game_id, day=day)
    asker = Asker(ruleset, agents, stand_in, lang)
    if not stand_in and not any(asker.source(b.voter) == "llm" for b in ballots):
        raise PersuasionError("persuasion_no_llm", game=row.game_id)
    run = Run(row.game_id, run_id or run_name(samples), day, samples, posts=posts, ballots=ballots)
    conditions = ("removed", "neutral") if neutral else ("removed",)
    jobs = []
    for m in moments(ruleset, events, ballots):
        source = asker.source(m.ballot.voter)
        if source is None:
            continue
        seen_posts = [p for p in posts if p.seq < m.ballot.seq and p.seat != m.ballot.voter and
                      p.day == m.ballot.day and any(e.seq == p.seq for e in m.view)]
        for k in range(samples):
            asks = m.ballot.voter in believers
            jobs.append(_job(asker, m, m.view, None, "factual", k, source, asks))
            for post in seen_posts:
                for condition in conditions:
                    jobs.append(_job(asker, m, counterfactual(m.view, post, condition, lang), post, condition, k,
                                     source, asks))
    run.answers = list(await asyncio.gather(*jobs))
    return run


async def _job(asker: Asker, m: Moment, seen: list[Event], post: ev.Posted | None, condition: str, sample: int,
               source: str, asks_beliefs: bool) -> Answer:
    tag = {"post_seq": None if post is None else post.seq, "ballot_seq": m.ballot.seq, "condition": condition,
           "sample": sample}
    target, answered, call = await asker.ask(m, seen, sample, tag)
    beliefs, belief_call = await asker.ask_beliefs(m, seen, sample, tag) if asks_beliefs else (None, None)
    for record in (call, belief_call):
        if record is not None:
            record.event_seq = m.ballot.seq
    return Answer(-1 if post is None else post.seq, m.ballot.seq, m.ballot.voter, sample, condition, target,
                  answered, source, call, beliefs, belief_call)


def believers(con: duckdb.DuckDBPyConnection, game_id: str) -> frozenset[int]:
    """The seats the game elicited beliefs from (rows of ``beliefs``): the voters asked them again."""
    return frozenset(int(s) for (s,) in con.execute("SELECT DISTINCT seat FROM beliefs WHERE game_id = ?",
                                                     [game_id]).fetchall())


def store(con: duckdb.DuckDBPyConnection, runs: Sequence[Run]) -> int:
    """Write the runs' ballots and model calls in one transaction (all of them or none); returns the
    ballots written."""
    from transcripts.writer import CALL_COLUMNS

    votes, calls, beliefs = [], [], []
    for run in runs:
        row = con.execute("SELECT coalesce(max(call_id) + 1, 0) FROM llm_calls WHERE game_id = ?",
                          [run.game_id]).fetchone()
        next_id = int(row[0]) if row else 0
        for a in run.answers:
            call_id = None
            if a.call is not None:
                call_id, next_id = next_id, next_id + 1
                calls.append(_call_row(run.game_id, call_id, a.call))
            votes.append((run.game_id, run.run, a.post, a.ballot, a.voter, a.sample, a.condition, a.target,
                          a.answered, a.source, call_id))
            belief_id = None
            if a.belief_call is not None:
                belief_id, next_id = next_id, next_id + 1
                calls.append(_call_row(run.game_id, belief_id, a.belief_call))
            beliefs += [(run.game_id, run.run, a.post, a.ballot, a.voter, a.sample, a.condition, target, faction,
                         float(p), a.source, belief_id)
                        for target, probs in sorted((a.beliefs or {}).items()) for faction, p in sorted(probs.items())]
    con.execute("BEGIN TRANSACTION")
    try:
        insert_columnar(con, "llm_calls", CALL_COLUMNS, calls)
        insert_columnar(con, "persuasion_votes", VOTE_COLUMNS, votes)
        insert_columnar(con, "persuasion_beliefs", BELIEF_COLUMNS, beliefs)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return len(votes)


def _call_row(game_id: str, call_id: int, call: CallRecord) -> tuple[Any, ...]:
    """A persuasion call as a row of ``llm_calls``, with no decision: it is not the game's own, so a
    resumed seat's pool leaves it out."""
    row = call.numbered(call_id)
    row.decision = None
    return call_row(game_id, row)
