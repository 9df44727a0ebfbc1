"""Strict function calling: tool schemas in OpenAI's strict subset of JSON Schema.

https://platform.openai.com/docs/guides/structured-outputs#supported-schemas (and the function-calling
guide's "strict mode"): with ``"strict": true`` on a function, "all fields must be required" (an
optional one is made nullable: ``"type": ["string", "null"]``), ``additionalProperties: false`` must
be set on every object, and only a subset of keywords is supported (strings: ``pattern``, ``format``;
numbers: ``minimum``, ``maximum``, ``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``; arrays:
``minItems``, ``maxItems``; no ``uniqueItems``, ``minLength``/``maxLength``, ``minProperties``…).

``to_strict`` rewrites one tool (cached: the stable tool set sends the same schema objects every call),
``problems`` lists what keeps a schema out of the subset (the test of every rule set's tools uses it).
What the subset cannot say (distinct targets, a text's length) the parser and the engine still check.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

Schema = dict[str, Any]

SUPPORTED = frozenset({
    "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
    "description", "title", "$ref", "$defs", "definitions", "pattern", "format", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
})
"""Keywords the strict subset takes (anything else is refused by the API or ignored)."""


def to_strict(tool: Schema) -> Schema:
    """The tool with ``"strict": true`` and its parameters in the strict subset (a new dict)."""
    return json.loads(_strict_json(json.dumps(tool, ensure_ascii=False, sort_keys=True)))  # type: ignore[no-any-return]


@lru_cache(maxsize=4096)
def _strict_json(raw: str) -> str:
    tool = json.loads(raw)
    fn = dict(tool.get("function", {}))
    fn["parameters"] = strict_schema(fn.get("parameters") or {"type": "object", "properties": {}})
    fn["strict"] = True
    return json.dumps({**tool, "function": fn}, ensure_ascii=False)


def strict_schema(schema: Schema) -> Schema:
    """One schema node in the strict subset: unsupported keywords dropped, every object closed with
    each property required (the optional ones nullable)."""
    out: Schema = {k: v for k, v in schema.items() if k in SUPPORTED}
    if "items" in out and isinstance(out["items"], dict):
        out["items"] = strict_schema(out["items"])
    if "anyOf" in out:
        out["anyOf"] = [strict_schema(s) for s in out["anyOf"]]
    if out.get("type") == "object" or "properties" in out:
        props: Schema = out.get("properties", {})
        required = set(out.get("required", []))
        out["properties"] = {k: strict_schema(v) if k in required else nullable(strict_schema(v))
                             for k, v in props.items()}
        out["required"] = list(props)
        out["additionalProperties"] = False
    return out


def nullable(schema: Schema) -> Schema:
    """``schema`` that also takes null (how the strict subset says "optional")."""
    kind = schema.get("type")
    out = dict(schema)
    if isinstance(kind, str):
        out["type"] = [kind, "null"]
    elif isinstance(kind, list) and "null" not in kind:
        out["type"] = [*kind, "null"]
    if "enum" in out and None not in out["enum"]:
        out["enum"] = [*out["enum"], None]
    return out


def problems(schema: Schema, path: str = "$") -> list[str]:
    """What keeps ``schema`` (a function's parameters) out of the strict subset, one line each."""
    out = [f"{path}: unsupported keyword {k!r}" for k in schema if k not in SUPPORTED]
    if schema.get("type") == "object" or "properties" in schema:
        props = schema.get("properties", {})
        if schema.get("additionalProperties") is not False:
            out.append(f"{path}: additionalProperties is not false")
        missing = [k for k in props if k not in schema.get("required", [])]
        out += [f"{path}.{k}: not in required (make it required and nullable)" for k in missing]
        for key, sub in props.items():
            out += problems(sub, f"{path}.{key}")
    if isinstance(schema.get("items"), dict):
        out += problems(schema["items"], f"{path}[]")
    for i, sub in enumerate(schema.get("anyOf", [])):
        out += problems(sub, f"{path}.anyOf[{i}]")
    return out
