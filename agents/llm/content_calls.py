"""Tool calls a model wrote into its content instead of ``tool_calls``: a recorded fallback path.

A Qwen model on a vLLM or SGLang server without the right tool parser writes the Hermes format,
``<tool_call>{"name": …, "arguments": {…}}</tool_call>`` (Qwen's chat template; vLLM's ``hermes``
parser reads exactly this); an Ollama model without a tools template answers with a fenced JSON
block (```` ```json {"name": …, "arguments": …}``` ````, sometimes ``"parameters"``). Where the
profile allows it (``content_tool_calls``), those are read as calls of the offered tools, and the
record says so (``parsed_from: "content"``). Text that names no offered tool is left as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCED = re.compile(r"```(?:json|tool_call)?\s*(\{.*?\})\s*```", re.DOTALL)

PARSED_FROM = "content"


def calls_in_content(content: str, tools: Collection[str]) -> list[dict[str, Any]]:
    """The tool calls written in ``content`` that name one of ``tools``, as ``{"name", "arguments"}``
    (arguments a JSON string); the tagged form first, then fenced blocks, then the whole text."""
    if not content or not tools:
        return []
    found = [_call(m) for m in _TAGGED.findall(content)]
    if not any(found):
        found = [_call(m) for m in _FENCED.findall(content)]
    if not any(found):
        found = [_call(content.strip())]
    return [c for c in found if c is not None and c["name"] in tools]


def _call(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError:
        return None
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("function"), dict):  # {"type": "function", "function": {...}}
        value = value["function"]
    name = value.get("name")
    args = value.get("arguments", value.get("parameters", {}))
    if not isinstance(name, str):
        return None
    raw = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
    return {"name": name, "arguments": raw}
