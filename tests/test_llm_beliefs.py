"""An LLM seat's private belief report, through the fake OpenAI server (no model)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from agents.beliefs import BeliefRequest
from agents.llm import LLMAgent
from agents.llm.beliefs import PURPOSE, QUESTION, TOOL
from arena.run.beliefs import BeliefCheckpoints, aliases_of, factions_of, living
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine.game import Game
from engine.views import Viewer, view
from tests.fake_openai import Answer, FakeOpenAI
from tests.test_llm_agent import RULESET, endpoint, game_until, turn_for
from transcripts.beliefs import BeliefRow
from transcripts.records import CallRecord

SEAT = 3


def _nightfall(seed: int = 4) -> tuple[Game, BeliefRequest]:
    game = game_until(seed, lambda g: any(e.kind == "phase_began" and e.name == "NIGHTFALL" for e in g.events))
    at = next(e for e in game.events if e.kind == "phase_began" and e.name == "NIGHTFALL")
    cut = game.events[:at.seq + 1]
    aliases = aliases_of(cut)
    targets = {t: aliases[t] for t in living(cut, RULESET.seats) if t != SEAT}
    return game, BeliefRequest(ruleset=RULESET.id, seed=game.state.seed, seat=SEAT, day=at.day, phase=at.phase,
                               checkpoint=at.seq, events=view(cut, Viewer.of_seat(SEAT)), targets=targets,
                               factions=factions_of(RULESET))


def _report(body: dict[str, Any]) -> Answer:
    """A well-formed report over every player the tool offers."""
    tool = body["tools"][0]["function"]
    players = tool["parameters"]["properties"]["beliefs"]["items"]["properties"]["player"]["enum"]
    return Answer.call(TOOL, {"beliefs": [{"player": p, "white": 2, "black": 1, "witch": 1} for p in players]})


def _ask(script: list[Any], request: BeliefRequest, game: Game) -> tuple[Any, list[CallRecord], FakeOpenAI]:
    async def go(agent: LLMAgent) -> tuple[Any, Any, Any]:
        await agent.act(turn_for(game, SEAT))  # the seat has a history of its own
        before = list(agent.seats[SEAT].prompt.messages())
        agent.take_calls()
        report = await agent.beliefs(request)
        await agent.pool.aclose()
        return report, before, agent.seats[SEAT].prompt.messages()

    with FakeOpenAI(script) as fake:
        agent = LLMAgent(endpoint(fake))
        report, before, after = asyncio.run(go(agent))
    assert before == after  # the question never enters the seat's own history
    return report, agent.take_calls(), fake


def test_a_report_is_one_forced_private_call_read_into_probabilities() -> None:
    game, request = _nightfall()
    report, [record], fake = _ask([Answer.policy(), _report], request, game)
    assert set(report) == set(request.targets)
    assert all(p == {"white": 0.5, "black": 0.25, "witch": 0.25} for p in report.values())
    body = fake.requests[-1]
    assert [t["function"]["name"] for t in body["tools"]] == [TOOL]
    assert body["tool_choice"] == {"type": "function", "function": {"name": TOOL}}
    assert QUESTION["zh"].split("】")[0] in body["messages"][-1]["content"]
    assert record.response is not None and record.response["x_arena"]["purpose"] == PURPOSE
    assert record.event_seq == request.checkpoint and record.error is None


def test_an_unreadable_report_is_on_record_and_gives_none() -> None:
    game, request = _nightfall()
    cases = [
        (Answer.call(TOOL, "{oops"), "not valid JSON"),
        (Answer.call(TOOL, {"beliefs": [{"player": "nobody at all", "white": 1, "black": 0, "witch": 0}]}),
         "cannot tell which player"),
        (Answer.call(TOOL, {"beliefs": [{"player": 1, "white": "high"}]}), "not a probability"),
        (Answer.text("I'd rather not say."), "no report_beliefs call"),
    ]
    for answer, message in cases:
        report, [record], _ = _ask([Answer.policy(), answer], request, game)
        assert report is None and record.error is not None and message in record.error, (message, record.error)
    report, [record], _ = _ask([Answer.policy(), *[Answer.error(500)] * 3], request, game)
    assert report is None and record.error is not None and "500" in record.error


def test_an_llm_seat_reports_at_every_checkpoint_of_a_whole_game_and_the_calls_are_stored() -> None:
    def answer(body: dict[str, Any]) -> Answer:
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and choice.get("function", {}).get("name") == TOOL:
            return _report(body)
        return Answer.policy()

    rows: list[BeliefRow] = []
    calls: list[CallRecord] = []
    with FakeOpenAI([answer] * 5000) as fake:
        agents = agents_for(parse_players("scripted", RULESET.seats))
        agents[SEAT] = LLMAgent(endpoint(fake))
        game = RULESET.new_game(11)
        checkpoints = BeliefCheckpoints(RULESET, agents, rows.extend, calls=calls.extend)
        runner = GameRunner(game, agents, checkpoints=[checkpoints], call_listeners=[calls.extend])
        asyncio.run(runner.run())
        asyncio.run(agents[SEAT].pool.aclose())  # type: ignore[attr-defined]
    nightfalls = [e.seq for e in game.events if e.kind == "phase_began" and e.name == "NIGHTFALL"
                  and SEAT not in {d.seat for d in game.events if d.kind == "died" and d.seq < e.seq}]
    llm_rows = [r for r in rows if r.seat == SEAT]
    assert sorted({r.checkpoint for r in llm_rows}) == nightfalls and {r.source for r in llm_rows} == {"llm"}
    asked = [c for c in calls if c.response and c.response["x_arena"]["purpose"] == PURPOSE]
    assert [c.event_seq for c in asked] == nightfalls
    question = QUESTION["zh"].split("】")[0]
    for body in fake.requests:  # the question never reaches any request but its own
        mentions = question in json.dumps(body, ensure_ascii=False)
        named = isinstance(body.get("tool_choice"), dict) and body["tool_choice"]["function"]["name"] == TOOL
        assert mentions == named
    assert checkpoints.failures == []
