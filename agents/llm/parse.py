"""A model's tool call → a typed engine action, or an error the model can act on.

The parser is lenient where the meaning is clear (an alias in the other language, a seat number,
``"true"`` for true, arguments encoded twice, raw newlines inside strings) and strict where it is
not: an unknown tool, arguments that are not a JSON object, a target outside the enum, a missing
field each raise ``CallError`` with a message naming the fix. Legality proper is the engine's: with a
stable tool set (``Toolset.stable``) a target may be any seat's label, and a dead or otherwise
illegal one, or a tool not usable now, is refused by the engine (``Turn.check``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from agents.llm.texts import text
from agents.llm.tools import ABSTAIN, NOTES, PASS_TARGET, PASS_TOOL, READ_LOG, SELECT, Toolset, ToolSpec
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import EngineError
from engine.legal import LegalAction
from prompts.render import SeatNames

_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)
_ABSTAIN_WORDS = {ABSTAIN, "弃票", "弃权", "none", "null", "no one", "nobody", ""}
_YES = {"true", "yes", "y", "1", "是", "对", "好"}
_NO = {"false", "no", "n", "0", "否", "不", "不是"}


class CallError(ValueError):
    """A tool call that cannot be turned into an action; ``str(err)`` is the message for the model."""


@dataclass(frozen=True, slots=True)
class Note:
    """A ``write_notes`` call: text for the seat's private notebook."""

    text: str


@dataclass(frozen=True, slots=True)
class ReadLog:
    """A ``read_log`` call: the day of the seat's private log to show."""

    day: int


@dataclass(frozen=True, slots=True)
class Selected:
    """A ``select_action`` call (the forced mode's first step): the tool chosen."""

    tool: str


Parsed = Action | Note | ReadLog | Selected


def parse_call(tools: Toolset, seat: int, name: str, raw: str | None) -> Parsed:
    """The meaning of one call of ``name`` with ``raw`` arguments; raises ``CallError``."""
    lang = tools.lang
    if name == SELECT:
        return _select(tools, parse_arguments(raw, tools.selector(), tools))
    spec = tools.get(name)
    if spec is None:
        raise CallError(text(lang, "err.unknown_tool", name=name, tools=", ".join(tools.names())))
    args = parse_arguments(raw, spec, tools)
    if spec.name == NOTES:
        return Note(_text(args, "text", tools))
    if spec.name == READ_LOG:
        return ReadLog(_day(args, tools))
    template = tools.template(spec)
    assert template is not None
    if template.kind in ("skill", "choose") and PASS_TOOL in tools.current and args.get("target") == PASS_TARGET:
        return Pass(seat=seat)  # the direct mode's forced skill, declined where the rules allow passing
    try:
        return _ACTIONS[template.kind](tools, seat, template, args)
    except ValidationError as exc:
        first = exc.errors()[0]
        detail = f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
        raise CallError(text(lang, "err.invalid", detail=detail)) from None


def parse_arguments(raw: str | None, spec: ToolSpec, tools: Toolset) -> dict[str, Any]:
    """The arguments as a dict (raw newlines and one extra level of encoding tolerated)."""
    if raw is None or not raw.strip():
        return {}
    body = raw.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1)
    try:
        value: Any = json.loads(body, strict=False)
        if isinstance(value, str):
            value = json.loads(value, strict=False)
    except json.JSONDecodeError as exc:
        raise CallError(_json_error(f"{exc.msg} at char {exc.pos}", spec, tools)) from None
    if not isinstance(value, dict):
        raise CallError(_json_error(f"got {type(value).__name__}", spec, tools))
    return value


def _json_error(detail: str, spec: ToolSpec, tools: Toolset) -> str:
    example = json.dumps(example_arguments(spec.schema), ensure_ascii=False)
    return text(tools.lang, "err.json", detail=detail, example=example)


def example_arguments(schema: dict[str, Any]) -> dict[str, Any]:
    """Arguments of the right shape for a tool (first enum values), for error messages."""
    params = schema["function"]["parameters"]
    out: dict[str, Any] = {}
    for key in params.get("required", []):
        prop = params["properties"][key]
        if "enum" in prop:
            out[key] = prop["enum"][0]
        elif prop.get("type") == "boolean":
            out[key] = False
        elif prop.get("type") == "array":
            out[key] = prop["items"]["enum"][: prop.get("minItems", 1)]
        else:
            out[key] = "..."
    return out


# -- fields --------------------------------------------------------------------------------------


def _text(args: dict[str, Any], field: str, tools: Toolset) -> str:
    value = args.get(field)
    if not isinstance(value, str) or not value.strip():
        raise CallError(text(tools.lang, "err.text", field=field))
    return value.strip()


def _bool(args: dict[str, Any], field: str, tools: Toolset, default: bool | None = None) -> bool:
    value = args.get(field)
    if value is None:
        value = default
    if isinstance(value, bool):
        return value
    key = str(value).strip().casefold() if value is not None else ""
    if key in _YES:
        return True
    if key in _NO:
        return False
    if value is None:
        raise CallError(text(tools.lang, "err.missing", field=field))
    raise CallError(text(tools.lang, "err.bool", field=field))


def _day(args: dict[str, Any], tools: Toolset) -> int:
    try:
        return max(0, int(args["day"]))
    except (KeyError, TypeError, ValueError):
        raise CallError(text(tools.lang, "err.day")) from None


def _seat(value: object, allowed: tuple[int, ...], field: str, tools: Toolset, layer: str = "") -> int:
    """The number an answer names in the template's ``layer`` (a seat, or a 马甲 for ``"majia"``)."""
    try:
        seat = tools.book.number_of(value, layer, allowed)
    except EngineError as err:  # a form that reads as two persons (majiasha2's 角色 and 马甲): never guessed
        raise CallError(err.render(tools.lang, SeatNames.of(tools.book.names))) from None
    if seat is None or seat not in allowed:
        options = ", ".join(tools.book.labels(allowed, layer))
        raise CallError(text(tools.lang, "err.alias", field=field, value=value, options=options))
    return seat


def _quote(args: dict[str, Any], tools: Toolset) -> int | None:
    value = args.get("quote")
    if value is None or value == "" or value == 0:
        return None
    if isinstance(value, bool) or not str(value).strip().isdigit():
        raise CallError(text(tools.lang, "err.invalid", detail="quote: a floor number (or leave it out)"))
    return int(str(value).strip())


def targets_of(tools: Toolset, template: LegalAction, args: dict[str, Any]) -> tuple[int, ...]:
    """The seats a skill call names, checked against the template's enums."""
    if template.arity <= 0:
        return ()
    if template.first_from and template.arity == 2 and ("first" in args or "targets" not in args):
        rest = tuple(t for t in template.targets if t not in template.first_from)
        first_allowed = tuple(t for t in template.targets if t in template.first_from)
        for field in ("first", "second"):
            if field not in args:
                raise CallError(text(tools.lang, "err.missing", field=field))
        return (_seat(args["first"], first_allowed, "first", tools, template.layer),
                _seat(args["second"], rest, "second", tools, template.layer))
    if template.arity == 1 and "target" in args:
        return (_seat(args["target"], template.targets, "target", tools, template.layer),)
    raw = args.get("targets", args.get("target"))
    if raw is None:
        raise CallError(text(tools.lang, "err.missing", field="target" if template.arity == 1 else "targets"))
    items = [p for p in re.split(r"[,，、\s]+", raw) if p] if isinstance(raw, str) else raw
    if not isinstance(items, list):
        items = [items]
    seats = tuple(_seat(item, template.targets, "targets", tools, template.layer) for item in items)
    if len(seats) != template.arity or len(set(seats)) != len(seats):
        raise CallError(text(tools.lang, "err.distinct", field="targets", n=template.arity))
    return seats


# -- one action builder per kind -----------------------------------------------------------------


def _post(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    blue = False
    if template.blue_left is not None:
        blue = _bool(args, "blue", tools, default=False)
        if blue and template.blue_left <= 0:
            raise CallError(text(tools.lang, "err.no_blue"))
    return Post(seat=seat, text=_text(args, "text", tools), blue=blue, quote=_quote(args, tools))


def _team_post(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    return TeamPost(seat=seat, team=template.team or "", text=_text(args, "text", tools))


def _vote(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    if "target" not in args:
        raise CallError(text(tools.lang, "err.missing", field="target"))
    value = args["target"]
    reason = args.get("reason") if isinstance(args.get("reason"), str) else ""
    if template.abstain and (value is None or (isinstance(value, str) and value.strip().casefold() in _ABSTAIN_WORDS)):
        return Vote(seat=seat, target=None, reason=reason or "")
    target = _seat(value, template.targets, "target", tools, template.layer)
    if template.needs_reason and not (reason or "").strip():  # the rules require it (LegalAction.needs_reason)
        raise CallError(text(tools.lang, "err.missing", field="reason"))
    return Vote(seat=seat, target=target, reason=(reason or "").strip())


def _skill(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    return UseSkill(seat=seat, skill=template.skill or "", targets=targets_of(tools, template, args))


def _choose(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    if template.yes_no:
        return Choose(seat=seat, skill=template.skill or "", use=_bool(args, "use", tools))
    return Choose(seat=seat, skill=template.skill or "", targets=targets_of(tools, template, args))


def _last_words(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    return SubmitLastWords(seat=seat, text=_text(args, "text", tools))


def _pass(tools: Toolset, seat: int, template: LegalAction, args: dict[str, Any]) -> Action:
    return Pass(seat=seat)


_ACTIONS: dict[str, Callable[[Toolset, int, LegalAction, dict[str, Any]], Action]] = {
    "post": _post, "team_post": _team_post, "vote": _vote, "skill": _skill, "choose": _choose,
    "last_words": _last_words, "pass": _pass,
}


def _select(tools: Toolset, args: dict[str, Any]) -> Selected:
    choice = args.get("action")
    names = tools.names()
    if isinstance(choice, str) and choice.strip() in names:
        return Selected(choice.strip())
    raise CallError(text(tools.lang, "err.unknown_tool", name=choice, tools=", ".join(names)))
