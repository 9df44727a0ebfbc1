"""Turning what a browser sends into one typed action, or a refusal that says what was wrong.

A browser is not trusted: its JSON may name another seat, claim to be the runner's fallback,
carry a post far over the limit, or be no action at all. Each such case is refused here with a
coded message for the person (``arena.server.texts``: said in their language); the engine then
judges the rest (targets, phase, 蓝字 budget).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from arena.server.texts import BadRequest, Refused
from engine.actions import ACTION_ADAPTER, MAX_POST_CHARS, Action, Pass

KINDS = ("post", "team_post", "vote", "skill", "choose", "last_words", "pass")
MAX_MESSAGE_BYTES = 4 * MAX_POST_CHARS + 1024
"""Bound on one WebSocket or HTTP message (a post of ``MAX_POST_CHARS`` characters in UTF-8, and its frame)."""
FIELDS = {"text": ("文字", "text"), "reason": ("理由", "reason"), "targets": ("目标", "targets"),
          "target": ("目标", "target"), "quote": ("引用楼层", "quote"), "team": ("群聊", "team"),
          "skill": ("技能", "skill"), "use": ("是/否", "use"), "blue": ("蓝字", "blue")}


def parse_action(data: Any, seat: int) -> Action:
    """The action ``data`` asks ``seat`` to take; ``Refused`` names the bad field and its limit."""
    if not isinstance(data, dict):
        raise BadRequest("action_shape", kinds=", ".join(KINDS))
    claimed = data.get("seat", seat)
    if claimed != seat:
        raise Refused("other_seat", seat=seat, other=repr(claimed))
    if data.get("kind") not in KINDS:
        raise BadRequest("unknown_kind", kind=repr(data.get("kind")), kinds=", ".join(KINDS))
    try:
        action = ACTION_ADAPTER.validate_python({**data, "seat": seat})
    except ValidationError as exc:
        raise _explain(exc) from None
    if isinstance(action, Pass) and (action.fallback or action.reason):
        raise BadRequest("pass_flags")
    return action


def _explain(exc: ValidationError) -> BadRequest:
    first = exc.errors()[0]
    name = ".".join(str(part) for part in first["loc"][1:]) or "action"
    zh, en = FIELDS.get(name.split(".")[0], (name, name))
    field = {"zh": zh, "en": en}
    if first["type"] == "string_too_long":
        return BadRequest("field_too_long", field=field, limit=MAX_POST_CHARS)
    if first["type"] == "string_too_short":
        return BadRequest("field_empty", field=field)
    if first["type"] == "extra_forbidden":
        return BadRequest("field_unknown", field=field)
    return BadRequest("field_bad", field=field, detail=first["msg"])
