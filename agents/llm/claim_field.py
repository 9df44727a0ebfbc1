"""The optional ``claims`` field of the ``post`` tool: an LLM seat may say what its post claims.

A post's text is what the table reads; this field is what the seat says the text claims — a role
(跳身份), a check or audition result, an alibi of the night — in a structured form, so the claims
ledger (``evals.claims.ledger``) does not rest on parsing alone. It is recorded with the call in
``llm_calls`` and never reaches the engine: the ``Post`` action carries the text only, so no other
seat ever sees it. Every property but ``kind`` is optional (OpenAI's strict mode makes them
nullable), and a malformed entry is dropped on reading, never an error of the post.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.narrate.names import Lang

if TYPE_CHECKING:
    from evals.claims.extract import Claim
    from evals.claims.vocab import Vocab

KINDS = ("role", "check", "audition", "alibi")
MAX_CLAIMS = 8
DESCRIPTION = {
    "zh": ("（可选，仅裁判记录，其他玩家看不到）本帖声明的身份或结果：kind=role 跳身份（role 写身份名）；kind=check 查验结果"
           "（target 座位号，result 结果如 黑/白）；kind=audition 试镜（target 与 other 两个座位号，result 同/异）；"
           "kind=alibi 昨夜行动（target 座位号，result 动作如 查/守，night 第几夜）"),
    "en": ("(optional, recorded by the judge only, never shown to other players) what this post claims: kind=role a "
           "role claim (role: the role's name); kind=check a check result (target: a seat number, result: e.g. 黑/白); "
           "kind=audition an audition (target and other: two seat numbers, result 同/异); kind=alibi what you did last "
           "night (target: a seat number, result: the act, night: which night)"),
}


def claims_property(lang: Lang) -> dict[str, Any]:
    """The JSON schema of the field (an array of claims)."""
    item = {"type": "object", "additionalProperties": False, "required": ["kind"], "properties": {
        "kind": {"type": "string", "enum": list(KINDS)},
        "role": {"type": "string"}, "target": {"type": "integer", "minimum": 1},
        "other": {"type": "integer", "minimum": 1}, "result": {"type": "string"},
        "night": {"type": "integer", "minimum": 0}}}
    return {"type": "array", "items": item, "minItems": 0, "maxItems": MAX_CLAIMS, "description": DESCRIPTION[lang]}


def read_declared(arguments: str | dict[str, Any], v: Vocab) -> list[Claim]:
    """The claims a recorded ``post`` call declared, in the ledger's terms (malformed entries dropped)."""
    from evals.claims.extract import Claim

    try:
        data = json.loads(arguments) if isinstance(arguments, str) else arguments
    except json.JSONDecodeError:
        return []
    items = data.get("claims") if isinstance(data, dict) else None
    out: list[Claim] = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict) or item.get("kind") not in KINDS:
            continue
        role = v.role_of(str(item["role"])) if isinstance(item.get("role"), str) else None
        result = item.get("result") if isinstance(item.get("result"), str) else None
        meaning = v.results.get(result or "")
        if item["kind"] == "check" and meaning is not None:
            role, result = role or meaning.role, meaning.result
        out.append(Claim(str(item["kind"]), role=role, target=_int(item.get("target")), other=_int(item.get("other")),
                         result=result, night=_int(item.get("night"))))
    return out


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
