"""An LLM seat asked its vote again, on a view of the game that is not the one it saw.

``arena persuasion`` asks a day's voters whom they vote for on copies of their prompt in which one
post is removed (or replaced by a neutral one). The copy is built the way every prompt is: a fresh
``SeatPrompt`` of the seat fed the *view* (the seat's events up to its ballot, with the post taken out
or replaced) and asked for the decision of that moment, with the vote tool forced — never by editing
message text. The factual condition is built the same way from the unchanged view, so the two differ
by the post alone. The call is recorded with purpose ``persuasion`` (and the post, the condition and
the sample in ``x_arena``); nothing of it enters any seat's history or any view.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from agents.base import Turn
from agents.beliefs import BeliefError, BeliefRequest, Report
from agents.llm.agent import LLMAgent
from agents.llm.aliases import AliasBook
from agents.llm.parse import CallError, parse_call
from agents.llm.records import assistant_message, record_call
from agents.llm.tools import Toolset, tool_for
from engine.actions import Vote
from engine.events import Event
from engine.legal import LegalAction
from engine.narrate import Names
from engine.observation import Observation
from engine.rulesets import get_ruleset
from prompts import SeatPrompt, seat_label
from transcripts.records import CallRecord

PURPOSE = "persuasion"
TOOL = "vote"


async def ask_vote(agent: LLMAgent, turn: Turn, vote: LegalAction, *, sample: int, tag: dict[str, Any],
                   observation: Observation | None = None) -> tuple[int | None, bool, CallRecord | None]:
    """(target, answered, the call's record) of the seat's vote on ``turn.events``; ``target`` None with
    ``answered`` True is an abstention. An endpoint past its cap (``agents.llm.meter``) is not asked: no
    answer, no call (as for belief questions)."""
    if agent.meters and agent.capped():
        return None, False, None
    ruleset = get_ruleset(turn.ruleset)
    names = Names.from_events(ruleset, turn.events)
    prompt = SeatPrompt(ruleset, turn.seat, agent.lang, names, limits=agent.endpoint.policy.limits,
                        layout=agent.endpoint.policy.layout, recent_days=None)
    prompt.observe(turn.events)
    messages = prompt.request(turn.day, turn.phase, (vote,), observation=observation)
    book = AliasBook(names, agent.lang, seat_label)
    spec = tool_for(vote, book)
    assert spec is not None
    body: dict[str, Any] = {"messages": messages, "tools": [spec.schema],
                            "tool_choice": {"type": "function", "function": {"name": TOOL}}}
    if "seed" in agent.endpoint.api.sampling:
        body["seed"] = (agent.endpoint.policy.seed or 0) + sample
    reply = await agent.pool.complete(agent.endpoint, body)
    record = record_call(turn, agent.endpoint, PURPOSE, body, reply)
    if record.response is not None:
        record.response["x_arena"].update(tag)
    message = assistant_message(reply.response, agent.endpoint, [spec.schema]) if reply.response is not None else None
    target, answered = _read(message, Toolset((spec,), book), turn.seat, record)
    return target, answered, record


async def ask_beliefs(agent: LLMAgent, request: BeliefRequest, *, sample: int, tag: dict[str, Any]
                      ) -> tuple[Report | None, CallRecord | None]:
    """(the report, the call's record) of the seat's beliefs on ``request.events``: the belief question of
    ``agents.llm.beliefs`` (its tool and reading) on a fresh prompt of the copy, as ``ask_vote`` builds it,
    recorded with purpose ``persuasion`` (``question``: ``beliefs``) and kept by no seat."""
    from agents.llm.beliefs import QUESTION, _faction_names, _listed, belief_tool, parse_report
    from agents.llm.beliefs import TOOL as BELIEF_TOOL

    if agent.meters and agent.capped():
        return None, None
    ruleset = get_ruleset(request.ruleset)
    names = Names.from_events(ruleset, request.events)
    prompt = SeatPrompt(ruleset, request.seat, agent.lang, names, limits=agent.endpoint.policy.limits,
                        layout=agent.endpoint.policy.layout, recent_days=None)
    prompt.observe(request.events)
    book = AliasBook(names, agent.lang, seat_label)
    factions = _faction_names(request, agent.lang)
    tool = belief_tool(request, book, factions)
    messages = list(prompt.request(request.day, request.phase, (), observation=request.observation))
    last = messages[-1]
    messages[-1] = {**last, "content": f"{last['content']}\n\n{QUESTION[agent.lang].format(factions=_listed(factions))}"}
    body: dict[str, Any] = {"messages": messages, "tools": [tool],
                            "tool_choice": {"type": "function", "function": {"name": BELIEF_TOOL}}}
    if "seed" in agent.endpoint.api.sampling:
        body["seed"] = (agent.endpoint.policy.seed or 0) + sample
    turn = Turn(ruleset=request.ruleset, seed=request.seed, seat=request.seat, day=request.day, phase=request.phase,
                events=request.events, new_from=0, legal=())
    reply = await agent.pool.complete(agent.endpoint, body)
    record = record_call(turn, agent.endpoint, PURPOSE, body, reply)
    if record.response is not None:
        record.response["x_arena"].update({**tag, "question": "beliefs"})
    message = assistant_message(reply.response, agent.endpoint, [tool]) if reply.response is not None else None
    calls = [c for c in (message or {}).get("tool_calls", []) if c["function"]["name"] == BELIEF_TOOL]
    if message is None:
        return None, record
    try:
        if not calls:
            raise BeliefError("no report_beliefs call in the answer")
        return parse_report(calls[0]["function"]["arguments"], book, request), record
    except BeliefError as exc:
        record.error = f"persuasion beliefs: {exc}"
        return None, record


def _read(message: dict[str, Any] | None, tools: Toolset, seat: int, record: CallRecord) -> tuple[int | None, bool]:
    if message is None:
        return None, False
    calls = [c for c in message.get("tool_calls", []) if c["function"]["name"] == TOOL]
    if not calls:
        record.error = "persuasion: no vote call in the answer"
        return None, False
    try:
        action = parse_call(tools, seat, TOOL, calls[0]["function"]["arguments"])
    except CallError as exc:
        record.error = f"persuasion: {exc}"
        return None, False
    if not isinstance(action, Vote):
        record.error = f"persuasion: not a vote: {json.dumps(str(action))[:200]}"
        return None, False
    return action.target, True


def turn_for(ruleset: str, seed: int, seat: int, day: int, phase: str, events: Sequence[Event],
             vote: LegalAction, observation: Observation | None) -> Turn:
    """The decision the question stands for (no engine behind it: nothing is submitted)."""
    return Turn(ruleset=ruleset, seed=seed, seat=seat, day=day, phase=phase, events=events, new_from=0,
                legal=(vote,), observation=observation)
