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
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from openai.types.chat import ChatCompletion

from agents.base import CallRecord, Turn
from agents.llm.endpoint import Endpoint
from agents.llm.pool import Reply
from prompts import count_message, count_tokens
from prompts.tokens import REPLY_PRIMING

Message = dict[str, Any]


def record_call(turn: Turn, ep: Endpoint, purpose: str, request: dict[str, Any], reply: Reply) -> CallRecord:
    """The record of one request and what came of it."""
    messages: list[Message] = request.get("messages", [])
    tools: list[Message] = request.get("tools", [])
    extra = {"purpose": purpose, "tool_choice": request.get("tool_choice"),
             "retry_errors": list(reply.retry_errors), "waits": [round(w, 4) for w in reply.waits]}
    record = CallRecord(seat=turn.seat, day=turn.day, phase=turn.phase, decision=turn.decision, model=ep.model,
                        base_url=ep.base_url, messages=messages, tools=tools,
                        tokens_in=tokens_in(messages, tools), latency_ms=reply.latency_ms,
                        retries=reply.retries, error=reply.error)
    response = reply.response
    if response is None:
        record.response = {"x_arena": extra}
        return record
    record.response = {**response.model_dump(mode="json", exclude_none=True), "x_arena": extra}
    message = assistant_message(response)
    record.tool_calls = [{"id": c["id"], "name": c["function"]["name"], "arguments": c["function"]["arguments"]}
                         for c in message.get("tool_calls", [])]
    record.tokens_out = count_tokens(message.get("content") or "") + sum(
        count_tokens(c["name"]) + count_tokens(c["arguments"]) for c in record.tool_calls)
    usage = response.usage
    if usage is not None:
        record.tokens_in_reported = usage.prompt_tokens
        record.tokens_out_reported = usage.completion_tokens
        details = usage.prompt_tokens_details
        if details is not None and details.cached_tokens is not None:
            record.cached_tokens = details.cached_tokens
    return record


def assistant_message(response: ChatCompletion, call_prefix: str = "call") -> Message:
    """The first choice as an assistant message to send back: ``content`` never null (some servers
    reject null beside tool calls), every tool call with an id."""
    if not response.choices:
        return {"role": "assistant", "content": ""}
    message = response.choices[0].message
    out: Message = {"role": "assistant", "content": message.content or ""}
    calls = []
    for i, call in enumerate(message.tool_calls or ()):
        fn = getattr(call, "function", None)
        if fn is None:
            continue
        calls.append({"id": call.id or f"{call_prefix}_{i}", "type": "function",
                      "function": {"name": fn.name or "", "arguments": fn.arguments or ""}})
    if calls:
        out["tool_calls"] = calls
    return out


def finish_reason(response: ChatCompletion | None) -> str | None:
    if response is None or not response.choices:
        return None
    return response.choices[0].finish_reason


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
