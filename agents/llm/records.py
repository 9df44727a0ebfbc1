"""Model calls on record: a ``CallRecord`` for every request a seat sends, answered or not.

The record keeps the messages and tools sent, the response as the server gave it (a dict), its
tool calls, tokens counted here (tiktoken, ``prompts.tokens``) and as the server reports them,
cached-prefix tokens where the server reports them, latency, transport retries and the error.
What the record's fields do not hold rides in ``response["x_arena"]``: the purpose of the call
(``action``, ``select``, ``compaction``), the ``tool_choice`` sent, and the transport errors that
were retried (``retry_errors``) with the waits before each retry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from agents.base import Turn
from agents.llm import wire
from agents.llm.endpoint import Endpoint
from agents.llm.pool import Reply
from agents.llm.profiles import cached_tokens
from prompts import count_message, count_tokens
from prompts.tokens import REPLY_PRIMING
from transcripts.records import CallRecord

Message = dict[str, Any]


def record_call(turn: Turn, ep: Endpoint, purpose: str, request: dict[str, Any], reply: Reply) -> CallRecord:
    """The record of one request and what came of it: the body as sent (tools and tool choice in the
    profile's form), the answer as it came (or, unreadable, whole under ``x_arena.raw_body``), the
    reasoning, the tokens, the cost at the endpoint's prices and the prices used."""
    sent = reply.body or request
    messages: list[Message] = request.get("messages", [])
    tools: list[Message] = sent.get("tools", [])
    extra: dict[str, Any] = {"purpose": purpose, "tool_choice": sent.get("tool_choice"),
                             "retry_errors": list(reply.retry_errors), "waits": [round(w, 4) for w in reply.waits]}
    if reply.notes:
        extra["adapted"] = list(reply.notes)
    if reply.context_exceeded:
        extra["context_exceeded"] = True
    record = CallRecord(seat=turn.seat, day=turn.day, phase=turn.phase, decision=turn.decision, model=ep.transport.model,
                        base_url=ep.transport.base_url, messages=messages, tools=tools,
                        tokens_in=tokens_in(messages, tools), latency_ms=reply.latency_ms,
                        retries=reply.retries, error=reply.error, profile=ep.transport.profile)
    response = reply.response
    if response is None:
        if reply.raw is not None:
            extra.update(status=reply.status, raw_body=reply.raw)
        record.response = {"x_arena": extra}
        return record
    record.response = {**response, "x_arena": extra}
    message = assistant_message(response, ep, tools)
    record.tool_calls = [{"id": c["id"], "name": c["function"]["name"], "arguments": c["function"]["arguments"],
                          **({"parsed_from": c["parsed_from"]} if "parsed_from" in c else {})}
                         for c in message.get("tool_calls", [])]
    if any("parsed_from" in c for c in record.tool_calls):
        extra["parsed_from"] = "content"
    record.reasoning = message.get(wire.REASONING)
    record.tokens_out = count_tokens(message.get("content") or "") + sum(
        count_tokens(c["name"]) + count_tokens(c["arguments"]) for c in record.tool_calls)
    usage = response.get("usage")
    if isinstance(usage, Mapping):
        record.tokens_in_reported = _int(usage.get("prompt_tokens"))
        record.tokens_out_reported = _int(usage.get("completion_tokens"))
    record.cached_tokens = cached_tokens(response, ep.api)
    price_call(record, ep)
    return record


def price_call(record: CallRecord, ep: Endpoint) -> None:
    """The call's cost at the endpoint's prices (the server's token counts where it gives them), and
    the prices used; no price, no cost (None, not zero)."""
    price = ep.price
    if price is None:
        return
    prompt = record.tokens_in_reported if record.tokens_in_reported is not None else record.tokens_in or 0
    completion = record.tokens_out_reported if record.tokens_out_reported is not None else record.tokens_out or 0
    record.cost_usd = round(price.cost(prompt, record.cached_tokens or 0, completion), 8)
    source = "endpoint" if ep.transport.prices is not None else f"profile {ep.transport.profile} ({ep.api.prices_as_of or 'listed'})"
    record.prices = {**price.model_dump(), "source": source}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def assistant_message(response: Mapping[str, Any], ep: Endpoint, tools: Sequence[Message] = (),
                      call_prefix: str = "call") -> Message:
    """The first choice as an assistant message to keep (``wire.assistant`` for the endpoint's profile;
    ``tools``: the offered ones, whose calls written in the content are read)."""
    return wire.assistant(response, ep.api, wire.tool_names(tools), call_prefix)


def finish_reason(response: Mapping[str, Any] | None) -> str | None:
    return wire.finish_reason(response)


def tokens_in(messages: Sequence[Message], tools: Sequence[Message]) -> int:
    """``prompts.count_messages`` of a request, each message counted once per process (a seat's
    history is resent whole at every call, so counting it afresh each time grows quadratically)."""
    overhead = REPLY_PRIMING + (_count_json(json.dumps(list(tools), ensure_ascii=False, separators=(",", ":")))
                                if tools else 0)
    return overhead + sum(_count(_key(m)) for m in messages)


def _key(message: Message) -> tuple[Any, ...]:
    """A hashable key of a message's content: string fields as they are (a string caches its hash,
    and the history shares its strings from call to call), anything else as JSON in a 1-tuple."""
    return tuple(sorted((k, v) if isinstance(v, str) or v is None else
                        (k, (json.dumps(v, ensure_ascii=False, sort_keys=True),)) for k, v in message.items()))


@lru_cache(maxsize=65_536)
def _count(key: tuple[Any, ...]) -> int:
    return count_message({k: json.loads(v[0]) if isinstance(v, tuple) else v for k, v in key})


@lru_cache(maxsize=1024)
def _count_json(text: str) -> int:
    return count_tokens(text)


def sendable(messages: list[Message]) -> list[Message]:
    """Messages as a server takes them: an assistant's null content becomes "" (llama.cpp refuses null)."""
    out = []
    for message in messages:
        if message.get("role") == "assistant" and message.get("content") is None:
            message = {**message, "content": ""}
        out.append(message)
    return out
