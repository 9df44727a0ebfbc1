"""An LLM seat's private belief report: one forced tool call outside the game.

At a checkpoint the seat is shown what it has seen (its own prompt history, plus the events since
its last decision) and one question: for each other living seat, the probability of each faction,
answered with the ``report_beliefs`` tool (forced by name). The exchange happens on a copy of the
seat's prompt, so it never enters the seat's history: it cannot change what the seat says or does
next, and no other seat ever sees it. The call is recorded like any other (purpose ``beliefs``,
linked to the checkpoint event); an answer that cannot be read is recorded with its error and
gives no report (never a made-up one).
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

from agents.base import Turn
from agents.beliefs import BeliefError, BeliefRequest, Report, normalise
from agents.llm.aliases import AliasBook
from agents.llm.records import assistant_message, record_call
from engine.rulesets import get_ruleset
from transcripts.records import CallRecord

if TYPE_CHECKING:
    from agents.llm.agent import LLMAgent

TOOL = "report_beliefs"
PURPOSE = "beliefs"
QUESTION = {
    "zh": ("【场外私下提问，不属于游戏，其他人看不到你的回答，也不影响你的游戏】请对除你之外的每位存活玩家，"
           "给出其属于各阵营的概率（每人的概率之和为 1）：{factions}。请调用 report_beliefs。"),
    "en": ("[A private question outside the game: nobody else sees your answer and it does not affect your "
           "play] For every other living player, give the probability that they belong to each faction (summing "
           "to 1 per player): {factions}. Call report_beliefs."),
}


def belief_tool(request: BeliefRequest, book: AliasBook, faction_names: dict[str, str]) -> dict[str, Any]:
    """The tool's schema: one entry per target (by the seat label the prompts use), a number per faction."""
    probability = {"type": "number", "minimum": 0, "maximum": 1}
    item = {
        "type": "object",
        "properties": {"player": {"type": "string", "enum": book.aliases(sorted(request.targets))},
                       **{f: {**probability, "description": faction_names[f]} for f in request.factions}},
        "required": ["player", *request.factions],
        "additionalProperties": False,
    }
    return {"type": "function", "function": {
        "name": TOOL, "description": QUESTION[book.lang].format(factions=_listed(faction_names)),
        "parameters": {"type": "object", "properties": {"beliefs": {"type": "array", "items": item}},
                       "required": ["beliefs"], "additionalProperties": False}}}


def parse_report(arguments: str, book: AliasBook, request: BeliefRequest) -> Report:
    """The tool call's arguments as a clean report; a ``BeliefError`` says what could not be read."""
    try:
        data = json.loads(arguments or "{}")
    except json.JSONDecodeError as exc:
        raise BeliefError(f"the arguments are not valid JSON: {exc}") from None
    items = data.get("beliefs") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise BeliefError("expected {\"beliefs\": [{\"player\": ..., <faction>: p, ...}]}")
    raw: dict[int, dict[str, float]] = {}
    for item in items:
        seat = book.seat_of(item.get("player")) if isinstance(item, dict) else None
        if seat is None:
            raise BeliefError(f"cannot tell which player {item!r} is about")
        raw[seat] = {f: _number(item.get(f), f) for f in request.factions if item.get(f) is not None}
    return normalise(raw, request)


async def ask_beliefs(agent: LLMAgent, request: BeliefRequest) -> Report | None:
    """Ask the seat's model; its report, or None (the failure is on record) when none can be read."""
    turn = Turn(ruleset=request.ruleset, seed=request.seed, seat=request.seat, day=request.day,
                phase=request.phase, events=request.events, new_from=0, legal=())
    memory, _ = agent.memory(turn)
    prompt = copy.deepcopy(memory.prompt)  # the exchange stays out of the seat's own history
    prompt.observe(request.events)
    names = _faction_names(request, agent.lang)
    tool = belief_tool(request, memory.book, names)
    messages = list(prompt.request(request.day, request.phase, ()))
    last = messages[-1]
    messages[-1] = {**last, "content": f"{last['content']}\n\n{QUESTION[agent.lang].format(factions=_listed(names))}"}
    body = {"messages": messages, "tools": [tool], "tool_choice": {"type": "function", "function": {"name": TOOL}}}
    reply = await agent.pool.complete(agent.endpoint, body)
    record = record_call(turn, agent.endpoint, PURPOSE, body, reply)
    record.event_seq = request.checkpoint
    agent.keep(record)
    if reply.response is None:
        return None
    return _read(record, assistant_message(reply.response, agent.endpoint, [tool]), memory.book, request)


def _read(record: CallRecord, message: dict[str, Any], book: AliasBook, request: BeliefRequest) -> Report | None:
    calls = [c for c in message.get("tool_calls", []) if c["function"]["name"] == TOOL]
    try:
        if not calls:
            raise BeliefError("no report_beliefs call in the answer")
        return parse_report(calls[0]["function"]["arguments"], book, request)
    except BeliefError as exc:
        record.error = f"beliefs: {exc}"
        return None


def _number(value: Any, faction: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BeliefError(f"{faction}: {value!r} is not a probability")
    return float(value)


def _faction_names(request: BeliefRequest, lang: str) -> dict[str, str]:
    table = get_ruleset(request.ruleset).faction_names
    return {f: (table.zh(f) if lang == "zh" else table.en(f)) for f in request.factions}


def _listed(names: dict[str, str]) -> str:
    return ", ".join(f"{fid} = {name}" for fid, name in names.items())
