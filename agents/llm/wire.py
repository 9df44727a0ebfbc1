"""A request as the endpoint's API takes it, and its answer as plain data, per the provider profile.

``body`` builds what is sent: the model and sampling in the profile's names, the completion limit as
``max_tokens`` or ``max_completion_tokens``, the tool choice the API honours (a named one as
"required" over one tool on llama-server, as "auto" on Ollama), strict schemas where asked, and the
history with reasoning kept only where the API wants it back (DeepSeek's tool-call turns).
``read`` turns the HTTP answer into a JSON object, or says why it cannot (an HTML page, a body with
no choices): such a body is kept whole for the record, never raised as a ``TypeError``.
``assistant`` reads the first choice as the assistant message to keep in the seat's history.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from agents.llm.content_calls import PARSED_FROM, calls_in_content
from agents.llm.endpoint import Endpoint
from agents.llm.profiles import Profile
from agents.llm.strict import to_strict

Message = dict[str, Any]
REASONING = "reasoning_content"
"""The key a kept reasoning rides under in an assistant message of the history (DeepSeek's name)."""
RAW_LIMIT = 100_000
"""Characters of an unparseable body kept with the call."""


def body(ep: Endpoint, request: Mapping[str, Any], *, auto_refused: bool = False) -> dict[str, Any]:
    """The request body for ``ep``'s API (``auto_refused``: this endpoint answered 400 to "auto")."""
    prof = ep.api
    out: dict[str, Any] = {"model": ep.transport.model, **ep.sampling(), **ep.transport.extra_body, **request}
    if "max_tokens" in request and prof.token_limit != "max_tokens":
        out[prof.token_limit] = out.pop("max_tokens")
    out["messages"] = history(request.get("messages", []), prof)
    tools: list[Message] = list(request.get("tools") or [])
    if tools:
        if ep.policy.strict:
            out["tools"] = [to_strict(t) for t in tools]
        choice = prof.tool_choice(request.get("tool_choice", "auto"), len(tools))
        if choice == "auto" and auto_refused and prof.tool_choice_required:
            choice = "required"
        out["tool_choice"] = choice
    return out


def history(messages: Sequence[Message], prof: Profile) -> list[Message]:
    """Messages as the API takes them: an assistant's null content as "" (llama.cpp refuses null);
    reasoning kept on assistant turns with tool calls where the profile passes it back, else dropped
    (DeepSeek's older reasoner answered 400 to a reasoning_content in the input)."""
    out = []
    for message in messages:
        if message.get("role") == "assistant":
            keep = prof.pass_back_reasoning == "tool_calls" and bool(message.get("tool_calls"))
            if message.get("content") is None or (REASONING in message and not keep):
                message = {k: v for k, v in message.items() if k != REASONING or keep}
                message.setdefault("content", "")
                if message["content"] is None:
                    message["content"] = ""
        out.append(message)
    return out


def read(status: int, text: str) -> tuple[dict[str, Any] | None, str | None]:
    """The answer of a 2xx response as a JSON object with choices, else None and why."""
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, ValueError):
        kind = "an HTML page" if text.lstrip()[:1] == "<" else "not JSON"
        return None, f"unparseable body (HTTP {status}, {kind}, {len(text)} chars)"
    if not isinstance(value, dict):
        return None, f"unparseable body (HTTP {status}, a JSON {type(value).__name__}, not an object)"
    if "error" in value and not value.get("choices"):
        return None, f"error in a {status} body: {str(value['error'])[:300]}"
    choices = value.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict) \
            or not isinstance(choices[0].get("message"), dict):
        return None, f"unparseable body (HTTP {status}, no choices[0].message)"
    return value, None


def assistant(response: Mapping[str, Any], prof: Profile, tools: Sequence[str] = (),
              call_prefix: str = "call") -> Message:
    """The first choice as an assistant message to send back: content never null, every tool call
    with an id and its arguments a JSON string (a server that sends an object is read too), the
    reasoning under ``reasoning_content`` where the profile has one, and tool calls written in the
    content read where the profile allows it (marked ``parsed_from``)."""
    choices = response.get("choices") or [{}]
    message: Mapping[str, Any] = choices[0].get("message") or {}
    content = message.get("content")
    out: Message = {"role": "assistant", "content": content if isinstance(content, str) else ""}
    calls = []
    for i, call in enumerate(message.get("tool_calls") or ()):
        fn = call.get("function") if isinstance(call, Mapping) else None
        if not isinstance(fn, Mapping):
            continue
        calls.append({"id": str(call.get("id") or f"{call_prefix}_{i}"), "type": "function",
                      "function": {"name": str(fn.get("name") or ""), "arguments": arguments(fn.get("arguments"))}})
    if not calls and prof.content_tool_calls:
        for i, found in enumerate(calls_in_content(out["content"], tools)):
            calls.append({"id": f"{call_prefix}_c{i}", "type": "function", "function": found,
                          "parsed_from": PARSED_FROM})
    if calls:
        out["tool_calls"] = calls
    reasoning = message.get(prof.reasoning_field) if prof.reasoning_field else None
    if isinstance(reasoning, str) and reasoning:
        out[REASONING] = reasoning
    return out


def arguments(value: Any) -> str:
    """Tool-call arguments as the JSON string the API defines (an object is encoded; None is "")."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def finish_reason(response: Mapping[str, Any] | None) -> str | None:
    if not response:
        return None
    choices = response.get("choices") or [{}]
    reason = choices[0].get("finish_reason")
    return reason if isinstance(reason, str) else None


def tool_names(tools: Sequence[Message]) -> list[str]:
    return [str(t.get("function", {}).get("name", "")) for t in tools]
