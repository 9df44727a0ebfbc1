"""Compaction together (``arena.run.compaction``): the LLM seats of one endpoint summarise their earlier
days back to back when a phase begins, so that they go on sharing one short thread; against the
fake OpenAI-compatible server, whole games of 18 seats in the demo's settings."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pytest

from agents.llm import ClientPool, Endpoint, LLMAgent
from arena.run.runner import GameRunner, RunnerConfig
from engine.events import PhaseBegan
from engine.game import Game
from engine.rulesets import get_ruleset
from tests.fake_openai import Answer, FakeOpenAI
from transcripts.records import CallRecord

RULESET = get_ruleset("umineko32")
SEED = 5
BUDGET = 6_000


@dataclass
class Played:
    game: Game
    runner: GameRunner
    records: list[CallRecord]
    agents: dict[int, LLMAgent]
    requests: list[dict[str, Any]]


def play(together: float | None, server: type[FakeOpenAI] = FakeOpenAI) -> Played:
    """A whole game of 18 LLM seats on one fake endpoint (the demo's direct mode and brief layout)."""
    with server() as fake:
        endpoint = Endpoint(name="fake", base_url=fake.base_url, model="fake-model", timeout_s=5.0,
                            tool_mode="direct", layout="brief", lang="en", context_budget=BUDGET,
                            limits={"notes": 60})
        pool = ClientPool()
        agents = {s: LLMAgent(endpoint, pool=pool) for s in range(1, RULESET.seats + 1)}
        records: list[CallRecord] = []
        game = RULESET.new_game(SEED)
        runner = GameRunner(game, dict(agents), call_listeners=[records.extend],
                            config=RunnerConfig(compact_together=together))

        async def go() -> None:
            try:
                await runner.run()
            finally:
                await pool.aclose()

        asyncio.run(go())
        return Played(game, runner, records, agents, list(fake.requests))


def purpose(record: CallRecord) -> str:
    return str((record.response or {}).get("x_arena", {}).get("purpose"))


@pytest.fixture(scope="module")
def together() -> Played:
    return play(0.6)


@pytest.fixture(scope="module")
def alone() -> Played:
    return play(None)


def runs(records: list[CallRecord]) -> list[list[CallRecord]]:
    """The compaction calls in runs of consecutive requests."""
    out: list[list[CallRecord]] = []
    previous = False
    for record in records:
        is_compaction = purpose(record) == "compaction"
        if is_compaction:
            if previous:
                out[-1].append(record)
            else:
                out.append([record])
        previous = is_compaction
    return out


def test_the_seats_compact_back_to_back_when_a_phase_begins(together: Played) -> None:
    game, records = together.game, together.records
    assert game.over and together.runner.fallbacks == 0
    rounds = runs(records)
    assert rounds, "a budget this small must compact"
    for batch in rounds:
        at = {r.event_seq for r in batch}
        assert len(at) == 1  # one round, linked to one event: the start of a phase
        [seq] = at
        assert seq is not None and isinstance(game.events[seq], PhaseBegan)
        assert len(batch) == len({r.seat for r in batch}) > 1  # each seat once, several seats together
        assert all(not r.error for r in batch)
    # every seat still acting (it called the model today or yesterday) took part: nobody was left on
    # the long thread; and only seats that had played (a seat's first decision reads everything)
    first = rounds[0]
    seq, day = first[0].event_seq, first[0].day
    assert seq is not None
    before = [r for r in records if r.event_seq is not None and r.event_seq < seq and purpose(r) == "action"]
    acting = {r.seat for r in before if r.day >= day - 1}
    assert acting <= {r.seat for r in first} <= {r.seat for r in before}
    # no seat compacted alone inside a decision
    assert len(records) == len([r for r in records if purpose(r) != "compaction"]) + sum(map(len, rounds))
    assert sum(map(len, rounds)) == sum(len(a.seats[s].prompt.compactions) for s, a in together.agents.items()
                                        if s in a.seats)


def test_after_a_round_the_seats_share_one_thread(together: Played) -> None:
    """The requests after a round share the thread: each one's is the start of the next one's (a
    post may have joined it), and it opens on the round's day (the summarised days left it)."""
    requests, records = together.requests, together.records
    batch = runs(records)[0]
    after = records.index(batch[-1]) + 1
    following = [i for i in range(after, min(after + 12, len(records))) if purpose(records[i]) == "action"]
    threads = [requests[i]["messages"][1]["content"].split("\n\n")[0] for i in following]
    assert len(following) > 1 and all(b.startswith(a) for a, b in pairwise(threads))
    day = batch[0].day
    assert f"Day {day} ·" in threads[0].splitlines()[1] and f"Day {day - 1} ·" not in threads[0]
    before = requests[records.index(batch[0]) - 1]["messages"][1]["content"].split("\n\n")[0]
    assert len(threads[0]) < len(before)


def test_alone_the_seats_compact_inside_their_own_decisions(alone: Played, together: Played) -> None:
    """Without the checkpoint the same budget compacts each seat inside one of its decisions, as its
    turn comes: in more, smaller runs between other seats' decisions."""
    compactions = [r for r in alone.records if purpose(r) == "compaction"]
    assert compactions and all(r.decision > 0 for r in compactions)  # a decision's, numbered by the runner
    assert not any(isinstance(alone.game.events[r.event_seq or 0], PhaseBegan) for r in compactions)
    assert len(runs(alone.records)) > 2 * len(runs(together.records))
    assert all(r.decision == 0 for r in together.records if purpose(r) == "compaction")


class NoSummaries(FakeOpenAI):
    """A server that refuses every compaction (a request without tools) with HTTP 400, as one does a
    request over its context. (A 5xx would count toward the pool's breaker, as a server down does.)"""

    def next_answer(self, body: dict[str, Any], headers: dict[str, str]) -> Answer:
        answer = super().next_answer(body, headers)
        return Answer.error(400) if "tools" not in body else answer


def test_a_failing_round_is_on_record_and_not_asked_again_that_day() -> None:
    played = play(0.6, NoSummaries)
    game, runner, records = played.game, played.runner, played.records
    assert game.over and runner.fallbacks == 0  # the game goes on, uncompacted where it must
    asked = [r for r in records if purpose(r) == "compaction" and r.decision == 0]  # by the checkpoint
    assert asked and all(r.error and "400" in r.error for r in asked)
    days = {r.event_seq: r.day for r in asked}
    assert len(days) == len(set(days.values())) < RULESET.seats  # one failed round a day at most
