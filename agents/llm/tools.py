"""The engine's legal actions for one seat, now, as OpenAI tool schemas.

One tool per ``LegalAction`` template, so that a well-formed call is nearly always a legal one:
targets are enums of the aliases the engine allows (living pieces, or as the skill says), a vote
adds ``"abstain"``, a post in a phase with a 蓝字 budget must declare ``blue``, a two-target skill
whose first target is constrained (演员试镜, ``first_from``) takes ``first`` and ``second`` from
separate enums. Beside the game actions, ``write_notes`` (a private notebook, not a game action).
In the two-step ``forced`` mode, ``select_action`` picks the tool first.

Tool names: ``post``, ``team_post_<team>``, ``vote``, ``skill_<skill>``, ``answer_<skill>``,
``last_words``, ``pass``, ``write_notes``, ``select_action``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from agents.llm.aliases import AliasBook
from agents.llm.claim_field import claims_property
from agents.llm.texts import text
from engine.legal import LegalAction
from engine.narrate.context import Ctx
from engine.narrate.messages import note_text
from engine.narrate.names import Lang
from prompts.actions import LIMIT_OF, safe_name, tool_name

NOTES = "write_notes"
READ_LOG = "read_log"
MEMORY = (NOTES, READ_LOG)
"""Tools beside the game actions: the seat's notebook and its older private log (neither acts)."""
SELECT = "select_action"
ABSTAIN = "abstain"
PASS_TOOL = "pass"
PASS_TARGET = "pass"
"""The target the direct mode's forced skill offers where the rules allow passing (read as a pass)."""

Schema = dict[str, Any]
DIRECT_DROPS = ("quote", "claims")
"""Optional post fields the direct mode leaves out (a grammar-forced tiny model fills what it is offered)."""


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """One tool: its name, its OpenAI schema, and the template it stands for (None: not a game action)."""

    name: str
    schema: Schema
    template: LegalAction | None = None


@dataclass(frozen=True)
class Toolset:
    """The tools of one decision, the notebook last.

    Per call (``current`` empty): one tool per legal template, in the engine's order, each spec's
    template the legal one. Stable (``stable``): a seat's whole vocabulary, its targets any seat;
    ``current`` holds the templates legal now by tool name (``with_legal``), which the parser reads
    for the constraints of the moment (蓝字 left, 异 pair) while the engine judges the targets."""

    specs: tuple[ToolSpec, ...]
    book: AliasBook
    stable: bool = False
    current: Mapping[str, LegalAction] = field(default_factory=dict)

    @property
    def lang(self) -> Lang:
        return self.book.lang

    def names(self) -> list[str]:
        return [spec.name for spec in self.specs]

    def schemas(self) -> list[Schema]:
        return [spec.schema for spec in self.specs]

    def get(self, name: str) -> ToolSpec | None:
        for spec in self.specs:
            if spec.name == name:
                return spec
        return None

    def without(self, name: str) -> Toolset:
        """The same tools less ``name`` (the notebook, once its bound is reached)."""
        return Toolset(tuple(s for s in self.specs if s.name != name), self.book, self.stable, self.current)

    def with_legal(self, legal: Iterable[LegalAction]) -> Toolset:
        """The same schemas, with the templates legal now (a stable set)."""
        return Toolset(self.specs, self.book, self.stable, {tool_name(t): t for t in legal})

    def covers(self, legal: Iterable[LegalAction]) -> bool:
        """Whether every legal template has its tool here."""
        names = set(self.names())
        return all(tool_name(t) in names for t in legal)

    def template(self, spec: ToolSpec) -> LegalAction | None:
        """The template a call of ``spec`` is read with: the legal one now with the spec's targets (a
        stable set: any seat, so that the engine judges them), else the spec's own."""
        now = self.current.get(spec.name)
        if spec.template is None or now is None:
            return spec.template
        return replace(now, targets=spec.template.targets) if self.stable else now

    def selector(self) -> ToolSpec:
        """The first step of the forced mode: which tool to call."""
        return select_tool(self.specs, self.lang)


def build_tools(legal: Sequence[LegalAction], book: AliasBook, *, notebook: bool = True) -> Toolset:
    """The tools for ``legal`` (templates that cannot be called legally, such as a skill with no
    target left, are dropped), plus the notebook when ``notebook``."""
    specs = [spec for spec in (tool_for(t, book) for t in legal) if spec is not None]
    if notebook:
        specs += [notes_tool(book.lang), log_tool(book.lang)]
    return Toolset(tuple(specs), book)


KIND_ORDER = ("post", "team_post", "vote", "skill", "choose", "last_words", "pass")


def build_stable(templates: Iterable[LegalAction], book: AliasBook, seats: Sequence[int], *,
                 notebook: bool = True) -> Toolset:
    """A seat's tools for the whole game: one per tool name among ``templates`` (its vocabulary),
    every target enum over all ``seats`` (alive or dead, in seat order), no count that changes
    (蓝字 left, 异 pair) in a schema, in a fixed order (kind, then name), the notebook last. What is
    legal now is said in the instruction and judged by the parser and the engine."""
    everyone = tuple(sorted(seats))
    chosen: dict[str, LegalAction] = {}
    for template in templates:
        chosen.setdefault(tool_name(template), template)
    order = sorted(chosen, key=lambda n: (KIND_ORDER.index(chosen[n].kind), n))
    specs = [spec for spec in (_stable_spec(chosen[n], book, everyone) for n in order) if spec is not None]
    if notebook:
        specs += [notes_tool(book.lang), log_tool(book.lang)]
    return Toolset(tuple(specs), book, stable=True)


def _stable_spec(template: LegalAction, book: AliasBook, seats: tuple[int, ...]) -> ToolSpec | None:
    lang = book.lang
    if template.kind == "post":
        general = replace(template, blue_left=None)
        props: dict[str, Schema] = {"text": _text_prop(lang, "post.text"),
                                    "blue": {"type": "boolean", "description": text(lang, "post.blue_any")},
                                    "quote": {"type": "integer", "minimum": 1, "description": text(lang, "post.quote")},
                                    "claims": claims_property(lang)}
        return ToolSpec("post", function("post", text(lang, "post"), props, ["text"]), general)
    # A last-words template's note is its rule (majiasha2's vocabulary: one line, its bounds in the
    # instruction), the same all game; other notes change with the moment and stay in the instruction.
    note = template.note if template.kind == "last_words" else ""
    wide = replace(template, targets=seats if template.arity > 0 else (), first_from=(), note=note,
                   blue_left=None)
    return tool_for(wide, book)


def tool_for(template: LegalAction, book: AliasBook) -> ToolSpec | None:
    """The tool of one template, or None when no call of it could be legal."""
    builder = _BUILDERS.get(template.kind)
    return None if builder is None else builder(template, book)


def function(name: str, description: str, properties: dict[str, Schema], required: Sequence[str] = ()) -> Schema:
    """An OpenAI function tool with a closed object of parameters."""
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": list(required),
                       "additionalProperties": False}}}


CHARS_PER_TOKEN = {"en": 3, "zh": 1}
"""Characters an o200k token holds, at the least a small model's text gives (English prose ~4, but a
135M model's posts of 128 characters came to 35-37 tokens, over a limit of 32, in 50 of 265 demo
calls; Chinese ~1.3)."""


def bounded(spec: ToolSpec, limits: Mapping[str, int], lang: Lang) -> Schema:
    """The spec's schema with a ``maxLength`` on the text its action carries, from the seat's token
    limit for that kind (``prompts.actions.LIMIT_OF``): with constrained decoding (the direct mode of a
    small local model) the server's grammar then stops a text at about the limit, where a tiny model
    would otherwise ramble for hundreds of tokens, be told it is over and ramble again. Other modes
    send the schema as it is (the engine's limit check and the model's retry stand)."""
    kind = spec.template.kind if spec.template is not None else ""
    key, field_name = LIMIT_OF.get(kind), "reason" if kind == "vote" else "text"
    fn = spec.schema["function"]
    props = fn["parameters"].get("properties", {})
    if key is None or key not in limits or field_name not in props:
        return spec.schema
    props = {**props, field_name: {**props[field_name], "maxLength": limits[key] * CHARS_PER_TOKEN.get(lang, 1)}}
    return {**spec.schema, "function": {**fn, "parameters": {**fn["parameters"], "properties": props}}}


def direct_schema(tools: Toolset, name: str, limits: Mapping[str, int], lang: Lang) -> Schema:
    """The schema of the one tool the direct mode forces: the legal template's own (targets legal
    now, not the stable set's every seat; the 蓝字 field only while some are left), its free text
    ``bounded``, and no optional floor to quote. A grammar-forced tiny model picks from whatever the
    enum offers: over the stable enums it voted for the dead and quoted floors that do not exist in
    58 of 265 demo calls, each answered with the judge's error and asked again."""
    spec = tools.get(name)
    assert spec is not None
    now = tools.current.get(name)
    narrow = tool_for(now, tools.book) if now is not None else None
    schema = with_pass(bounded(narrow or spec, limits, lang), tools, now)
    fn = schema["function"]
    params = fn["parameters"]
    if "quote" not in params.get("properties", {}):
        return schema
    props = {k: v for k, v in params["properties"].items() if k not in DIRECT_DROPS}
    required = [k for k in params.get("required", []) if k not in DIRECT_DROPS]
    return {**schema, "function": {**fn, "parameters": {**params, "properties": props, "required": required}}}


def with_pass(schema: Schema, tools: Toolset, template: LegalAction | None) -> Schema:
    """A forced one-target skill or choice with ``pass`` among its targets where the pass is legal
    too (the direct mode forces one tool: without it a witch had to use a potion)."""
    if template is None or template.kind not in ("skill", "choose") or template.arity != 1 or template.yes_no \
            or template.first_from or PASS_TOOL not in tools.current:
        return schema
    fn = schema["function"]
    props = fn["parameters"].get("properties", {})
    target = props.get("target")
    if not isinstance(target, dict) or "enum" not in target:
        return schema
    props = {**props, "target": {**target, "enum": [*target["enum"], PASS_TARGET],
                                 "description": f"{target.get('description', '')} {PASS_TARGET} = "
                                                f"{text(tools.lang, 'pass_option')}".strip()}}
    return {**schema, "function": {**fn, "parameters": {**fn["parameters"], "properties": props}}}


def _text_prop(lang: Lang, key: str) -> Schema:
    return {"type": "string", "description": text(lang, key)}


def _enum(values: Sequence[str], description: str) -> Schema:
    return {"type": "string", "enum": list(values), "description": description}


# -- one builder per kind ------------------------------------------------------------------------


def _post(template: LegalAction, book: AliasBook) -> ToolSpec:
    lang = book.lang
    props: dict[str, Schema] = {"text": _text_prop(lang, "post.text")}
    required = ["text"]
    description = text(lang, "post")
    if template.blue_left is not None and template.blue_left > 0:
        props["blue"] = {"type": "boolean", "description": text(lang, "post.blue", left=template.blue_left)}
        required.append("blue")
    elif template.blue_left is not None:
        description += " " + text(lang, "post.no_blue")
    props["quote"] = {"type": "integer", "minimum": 1, "description": text(lang, "post.quote")}
    props["claims"] = claims_property(lang)
    return ToolSpec("post", function("post", description, props, required), template)


def _team_post(template: LegalAction, book: AliasBook) -> ToolSpec:
    team = template.team or ""
    name = f"team_post_{safe_name(team)}"
    description = text(book.lang, "team_post", team=book.names.team(team, book.lang))
    return ToolSpec(name, function(name, description, {"text": _text_prop(book.lang, "team_post.text")}, ["text"]),
                    template)


def _vote(template: LegalAction, book: AliasBook) -> ToolSpec:
    options = book.labels(template.targets, template.layer) + ([ABSTAIN] if template.abstain else [])
    reason = "vote.reason_required" if template.needs_reason else "vote.reason"
    props = {"target": _enum(options, text(book.lang, "vote")), "reason": _text_prop(book.lang, reason)}
    required = ["target", "reason"] if template.needs_reason else ["target"]
    return ToolSpec("vote", function("vote", text(book.lang, "vote"), props, required), template)


def _skill(template: LegalAction, book: AliasBook) -> ToolSpec | None:
    lang, skill = book.lang, template.skill or ""
    name = f"skill_{safe_name(skill)}"
    description = text(lang, "skill", skill=book.names.skill(skill, lang))
    if template.note:
        description += f" ({note_text(template.note, template.note_params, Ctx(book.names, lang))})"
    if not template.decisive:
        description += text(lang, "skill.free")
    props = target_props(template, book)
    if props is None:
        return None
    return ToolSpec(name, function(name, description, props, list(props)), template)


def target_props(template: LegalAction, book: AliasBook) -> dict[str, Schema] | None:
    """The target parameters of a skill: ``target``, ``targets`` or ``first`` + ``second``; None
    when the enums would be empty (no legal call)."""
    lang = book.lang
    if template.arity <= 0:
        return {}
    if template.first_from and template.arity == 2:
        first = [t for t in template.targets if t in template.first_from]
        second = [t for t in template.targets if t not in template.first_from]
        if not first or not second:
            return None
        return {"first": _enum(book.labels(first, template.layer), text(lang, "skill.first")),
                "second": _enum(book.labels(second, template.layer), text(lang, "skill.second"))}
    if len(template.targets) < template.arity:
        return None
    options = book.labels(template.targets, template.layer)
    if template.arity == 1:
        return {"target": _enum(options, text(lang, "skill.target"))}
    return {"targets": {"type": "array", "items": {"type": "string", "enum": options},
                        "minItems": template.arity, "maxItems": template.arity, "uniqueItems": True,
                        "description": text(lang, "skill.targets", n=template.arity)}}


def _choose(template: LegalAction, book: AliasBook) -> ToolSpec | None:
    lang, skill = book.lang, template.skill or ""
    name = f"answer_{safe_name(skill)}"
    description = text(lang, "answer" if template.yes_no else "answer.targets", skill=book.names.skill(skill, lang))
    if template.yes_no:
        props: dict[str, Schema] | None = {"use": {"type": "boolean", "description": description}}
    else:
        props = target_props(template, book)
    if props is None:
        return None
    return ToolSpec(name, function(name, description, props, list(props)), template)


def _last_words(template: LegalAction, book: AliasBook) -> ToolSpec:
    props = {"text": _text_prop(book.lang, "post.text")}
    description = text(book.lang, "last_words")
    if template.note:  # the rule set's own rule (majiasha2: one line of 10–200 characters)
        description += f" ({note_text(template.note, template.note_params, Ctx(book.names, book.lang))})"
    return ToolSpec("last_words", function("last_words", description, props, ["text"]), template)


def _pass(template: LegalAction, book: AliasBook) -> ToolSpec:
    return ToolSpec("pass", function("pass", text(book.lang, "pass"), {}), template)


_BUILDERS = {"post": _post, "team_post": _team_post, "vote": _vote, "skill": _skill, "choose": _choose,
             "last_words": _last_words, "pass": _pass}


def notes_tool(lang: Lang) -> ToolSpec:
    """The private notebook."""
    props = {"text": _text_prop(lang, "write_notes.text")}
    return ToolSpec(NOTES, function(NOTES, text(lang, "write_notes"), props, ["text"]))


def log_tool(lang: Lang) -> ToolSpec:
    """The seat's whole private log of one day (older days leave the request; see ``SeatPrompt``)."""
    props: dict[str, Schema] = {"day": {"type": "integer", "minimum": 0, "description": text(lang, "read_log.day")}}
    return ToolSpec(READ_LOG, function(READ_LOG, text(lang, "read_log"), props, ["day"]))


def select_tool(specs: Sequence[ToolSpec], lang: Lang) -> ToolSpec:
    """``select_action``: an enum of the tools' names, each explained in the description."""
    names = [spec.name for spec in specs]
    options = "\n".join(f"- {spec.name}: {spec.schema['function']['description']}" for spec in specs)
    props = {"action": _enum(names, text(lang, "select_action.action"))}
    return ToolSpec(SELECT, function(SELECT, text(lang, "select_action", options=options), props, ["action"]))
