"""Turning what a browser sends into one typed action, or a refusal that says what was wrong.

A browser is not trusted: its JSON may name another seat, claim to be the runner's fallback,
carry a post far over the limit, or be no action at all. Each such case is refused here with a
message for the person; the engine then judges the rest (targets, phase, 蓝字 budget).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.actions import ACTION_ADAPTER, MAX_POST_CHARS, Action, Pass

KINDS = ("post", "team_post", "vote", "skill", "choose", "last_words", "pass")
MAX_MESSAGE_BYTES = 4 * MAX_POST_CHARS + 1024
"""Bound on one WebSocket or HTTP message (a post of ``MAX_POST_CHARS`` characters in UTF-8, and its frame)."""


class Refused(ValueError):
    """An action, message or request the server will not act on; the text is shown to the person."""


def parse_action(data: Any, seat: int) -> Action:
    """The action ``data`` asks ``seat`` to take; ``Refused`` names the bad field and its limit."""
    if not isinstance(data, dict):
        raise Refused(f"an action is a JSON object with a kind ({', '.join(KINDS)})")
    claimed = data.get("seat", seat)
    if claimed != seat:
        raise Refused(f"you hold seat {seat}; an action for seat {claimed!r} is refused")
    if data.get("kind") not in KINDS:
        raise Refused(f"unknown action kind {data.get('kind')!r}; one of: {', '.join(KINDS)}")
    try:
        action = ACTION_ADAPTER.validate_python({**data, "seat": seat})
    except ValidationError as exc:
        raise Refused(_explain(exc)) from None
    if isinstance(action, Pass) and (action.fallback or action.reason):
        raise Refused("a pass from a player carries no fallback or reason; send {\"kind\": \"pass\"}")
    return action


def _explain(exc: ValidationError) -> str:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first["loc"][1:]) or "action"
    if first["type"] == "string_too_long":
        return f"{field} is too long: at most {MAX_POST_CHARS} characters"
    if first["type"] == "string_too_short":
        return f"{field} is empty: write something first"
    if first["type"] == "extra_forbidden":
        return f"{field}: unknown field for this kind of action"
    return f"{field}: {first['msg']}"
