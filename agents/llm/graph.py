"""The graph of one LLM decision (LangGraph): context → [compact] → instruct → [select] → call →
validate → done | notebook → call | retry → call | fallback.

* ``context``: the seat's prompt takes in the events it has not seen.
* ``compact``: when the history nears the endpoint's ``context_budget``, one call (no tools) asks
  the model to summarise the earlier days; the prompt replaces them with the summary (the
  notebook stays shown in full). The call is recorded; a failed compaction is recorded and skipped.
* ``instruct``: the decision's messages (the prompt's instruction with the legal actions) and its
  tools: by default the seat's stable set (``Decision.toolbox``: the same schemas from call to
  call, so a provider's prompt cache holds; what is legal now is in the instruction and judged by
  the parser and the engine), or (``Endpoint.tools = "per_call"``) generated from the engine's
  legal actions for this seat now.
* ``select`` (``tool_mode = "forced"`` only): a call forced by name to ``select_action``, whose
  enum holds the tools' names; ``call`` then forces the chosen tool. One forced call per request.
* ``call_only`` (``tool_mode = "direct"``): no selection; the main legal action (the first that
  ends the turn and is not a pass) is forced by name: one call per decision, for a tiny model;
  the instruction lists that action alone.
  Where that is the pass (nothing else ends the turn), ``instruct`` passes without a call.
* ``call``: the model, through the endpoint's pool (retries and backoff on transport errors).
* ``overflow``: the server answered that the prompt exceeds the model's context window (a 400 the
  profile recognises): the endpoint's budget is lowered for the rest of the game (``ClientPool.
  lower_budget``), the seat compacts, and the request is sent once more; a second overflow falls
  back. Both steps are on the call's record (``x_arena.context_exceeded``, ``budget``).
* ``validate``: the call parsed into a typed action (``parse``), its text checked against the
  speech limit (``check_post``) and the action dry-run by the engine (``Turn.check``). A legal
  action ends the decision; ``write_notes`` goes to the seat's notebook and asks again (at most
  ``max_notes`` times); anything else is answered with the error (as the tool's result, or as a
  new instruction when the model called no tool) and asked again, at most ``max_retries_illegal``
  times, after which ``fallback`` passes with the reason, recorded as ``fallback=True``.

A reply that is no chat completion (an HTML page, no choices; ``Reply.invalid``) counts as an
invalid answer: asked again, then the fallback. Every request is recorded (``records``), whatever
came of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, Protocol, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime

from agents.base import Turn
from agents.llm.aliases import AliasBook
from agents.llm.compaction import compact_prompt
from agents.llm.endpoint import Endpoint
from agents.llm.parse import CallError, Note, ReadLog, Selected, parse_call
from agents.llm.pool import ClientPool, Reply
from agents.llm.records import assistant_message, finish_reason, record_call, sendable
from agents.llm.texts import text
from agents.llm.tools import NOTES, PASS_TOOL, SELECT, Toolset, build_tools, direct_schema
from engine.actions import Action, Pass, Post, SubmitLastWords, TeamPost, Vote
from engine.errors import EngineError
from engine.events import Event, VoteCast
from engine.legal import LegalAction
from engine.observation import Observation
from transcripts.records import CallRecord

Message = dict[str, Any]


class SeatPromptLike(Protocol):
    """What the graph needs of ``prompts.SeatPrompt``."""

    def observe(self, events: Iterable[Event]) -> int: ...
    def request(self, day: int, phase: str, legal: tuple[LegalAction, ...], error: str | None = None, *,
                observation: Observation | None = None) -> list[Message]: ...
    def error_text(self, error: EngineError) -> str: ...
    def messages(self) -> list[Message]: ...
    def retry(self, error: str) -> list[Message]: ...
    def record_assistant(self, message: Mapping[str, Any]) -> None: ...
    def record_tool_result(self, tool_call_id: str, text: str) -> None: ...
    def needs_compaction(self, budget: int, *, ratio: float = 0.8) -> bool: ...
    def can_compact(self) -> bool: ...
    def tokens(self) -> int: ...
    def compaction_messages(self) -> list[Message]: ...
    def compact(self, summary: str) -> Any: ...
    def check_post(self, text: str, kind: str = "post") -> str | None: ...
    def private_log(self, day: int) -> str: ...
    @property
    def limits(self) -> dict[str, int]: ...


@dataclass
class Decision:
    """Run-scoped context of one decision: the turn, the seat's prompt and notebook, the endpoint."""

    turn: Turn
    endpoint: Endpoint
    pool: ClientPool
    prompt: SeatPromptLike
    book: AliasBook
    new_events: Sequence[Event]
    notebook: list[str]
    records: list[CallRecord] = field(default_factory=list)
    toolbox: Callable[[tuple[LegalAction, ...]], Toolset] | None = None
    """The seat's tools for the legal actions now (the agent's stable set); None: built per call."""


class State(TypedDict, total=False):
    forced: bool
    direct: bool
    max_illegal: int
    compact: bool
    tools: Toolset
    messages: list[Message]
    selected: str | None
    reply: Reply | None
    action: Action | None
    error: str | None
    illegal: int
    notes: int
    reads: int
    overflowed: bool
    legal: tuple[LegalAction, ...]
    voted: bool


Route = Literal["compact", "instruct", "select", "call", "call_only", "overflow", "fallback", "__end__"]


# -- nodes ---------------------------------------------------------------------------------------


async def context(state: State, runtime: Runtime[Decision]) -> State:
    d = runtime.context
    d.prompt.observe(d.new_events)
    return {"compact": d.prompt.needs_compaction(d.pool.budget(d.endpoint))}


async def compact(state: State, runtime: Runtime[Decision]) -> State:
    d = runtime.context
    d.records.append(await compact_prompt(d.prompt, d.endpoint, d.pool, d.turn))
    return {}


async def instruct(state: State, runtime: Runtime[Decision]) -> State:
    d = runtime.context
    turn = d.turn
    if d.toolbox is not None:
        tools = d.toolbox(turn.legal)
    else:
        tools = build_tools(turn.legal, d.book, notebook=d.endpoint.policy.max_notes > 0)
    legal = turn.legal
    if state.get("direct"):
        voted = voted_today(turn)
        forced = forced_legal(tools, voted=voted)
        if forced and forced[0].kind == "pass":  # nothing the model could choose (a night with no
            return {"tools": tools, "action": Pass(seat=turn.seat)}  # skill of one's own): no call
        legal = forced or legal
        error = d.prompt.error_text(turn.refusal) if turn.refusal is not None else turn.error
        return {"tools": tools, "legal": legal, "voted": voted,
                "messages": d.prompt.request(turn.day, turn.phase, legal, error, observation=turn.observation)}
    error = d.prompt.error_text(turn.refusal) if turn.refusal is not None else turn.error
    return {"tools": tools, "legal": legal, "messages": d.prompt.request(turn.day, turn.phase, legal, error,
                                                                         observation=turn.observation)}


async def select(state: State, runtime: Runtime[Decision]) -> State:
    d = runtime.context
    selector = state["tools"].selector()
    reply = await _ask(d, "select", state["messages"], [selector.schema], _named(SELECT))
    return {"reply": reply, "selected": None}


async def call(state: State, runtime: Runtime[Decision]) -> State:
    d = runtime.context
    tools: Toolset = state["tools"]
    selected = state.get("selected")
    if selected is not None:
        spec = tools.get(selected)
        assert spec is not None
        schema = direct_schema(tools, selected, d.prompt.limits, d.book.lang) if state.get("direct") else spec.schema
        reply = await _ask(d, "action", state["messages"], [schema], _named(selected))
    else:
        reply = await _ask(d, "action", state["messages"], tools.schemas(), "auto")
    return {"reply": reply}


async def _ask(d: Decision, purpose: str, messages: list[Message], tools: list[Message],
               tool_choice: str | dict[str, Any]) -> Reply:
    request = {"messages": sendable(messages), "tools": tools, "tool_choice": tool_choice}
    reply = await d.pool.complete(d.endpoint, request)
    d.records.append(record_call(d.turn, d.endpoint, purpose, request, reply))
    return reply


async def validate(state: State, runtime: Runtime[Decision]) -> State:
    """Judge the last reply: an action, a note, a selection, or an error to answer."""
    d = runtime.context
    reply = state.get("reply")
    assert reply is not None
    if reply.invalid:  # an answer that is no chat completion: on record, asked again like an invalid call
        return {"error": reply.error or "unreadable answer", "action": None, "illegal": state.get("illegal", 0) + 1}
    if reply.response is None:
        return {"error": reply.error or "no response", "action": None}
    offered = (reply.body or {}).get("tools") or []
    message = assistant_message(reply.response, d.endpoint, offered, f"call_{d.turn.decision}_{len(d.records)}")
    d.prompt.record_assistant(message)
    calls = message.get("tool_calls", [])
    if not calls:
        return _invalid(state, d, None, text(d.book.lang, "err.no_call"), "no tool call")
    first, extra = calls[0], calls[1:]
    for other in extra:
        d.prompt.record_tool_result(other["id"], text(d.book.lang, "ignored"))
    try:
        parsed = parse_call(state["tools"], d.turn.seat, first["function"]["name"], first["function"]["arguments"])
    except CallError as exc:
        return _invalid(state, d, first["id"], str(exc), "invalid call", note=_cut_hint(d.endpoint, reply, first))
    if isinstance(parsed, Selected):
        return _selected(state, d, first["id"], parsed.tool)
    if isinstance(parsed, ReadLog):
        return _read(state, d, first["id"], parsed.day)
    if isinstance(parsed, Note):
        if state.get("notes", 0) >= d.endpoint.policy.max_notes:  # a stable set keeps the notebook tool
            return _invalid(state, d, first["id"], text(d.book.lang, "notes_full"), "notes limit")
        too_long = d.prompt.check_post(parsed.text, "notes")
        if too_long is not None:
            return _invalid(state, d, first["id"], too_long, "notes limit")
        return _noted(state, d, first["id"], parsed.text)
    problem = speech_problem(d.prompt, parsed)
    if problem is not None:
        return _invalid(state, d, first["id"], problem, "speech limit")
    refused = _refusal(d, parsed)
    if refused is not None:
        return _invalid(state, d, first["id"], text(d.book.lang, "err.engine", detail=refused), "illegal",
                        reselect=True)
    d.prompt.record_tool_result(first["id"], text(d.book.lang, "ok"))
    return {"action": parsed, "error": None}


def _refusal(d: Decision, action: Action) -> str | None:
    """The engine's refusal of ``action``, in the seat's language (its code rendered with the prompt's
    names), or the runner's English text where it gave only ``check``."""
    if d.turn.refuse is not None:
        refused = d.turn.refuse(action)
        return None if refused is None else d.prompt.error_text(refused)
    return d.turn.check(action) if d.turn.check is not None else None


def _cut_hint(ep: Endpoint, reply: Reply, call: Message) -> str:
    """A note for the record when the arguments look cut off (llama.cpp still says "tool_calls")."""
    raw = str(call["function"]["arguments"]).rstrip()
    if finish_reason(reply.response) == "length" or (raw and not raw.endswith(("}", "```"))):
        return f" (cut off at max_tokens={ep.policy.max_tokens}? raise max_tokens)"
    return ""


def _invalid(state: State, d: Decision, call_id: str | None, error: str, what: str, *,
             reselect: bool = False, note: str = "") -> State:
    """Answer an invalid or illegal call with ``error`` and mark the last record (``note``: for the
    record only)."""
    if d.records:
        d.records[-1].error = f"{what}: {error}{note}"
    if call_id is not None:
        d.prompt.record_tool_result(call_id, error)
        messages = d.prompt.messages()
    else:
        messages = d.prompt.retry(error)
    out: State = {"error": f"{what}: {error}", "action": None, "illegal": state.get("illegal", 0) + 1,
                  "messages": messages}
    if reselect or call_id is None:
        out["selected"] = None
    return out


def _selected(state: State, d: Decision, call_id: str, tool: str) -> State:
    spec = state["tools"].get(tool)
    assert spec is not None
    if spec.template is not None and spec.template.kind == "pass":
        d.prompt.record_tool_result(call_id, text(d.book.lang, "ok"))
        return {"action": Pass(seat=d.turn.seat), "error": None}
    d.prompt.record_tool_result(call_id, text(d.book.lang, "selected", tool=tool))
    return {"selected": tool, "messages": d.prompt.messages(), "error": None}


MAX_READS = 3
"""``read_log`` calls per decision: a model that only reads never acts."""


def _read(state: State, d: Decision, call_id: str, day: int) -> State:
    """Answer ``read_log`` with that day's private log, then ask for the action again."""
    reads = state.get("reads", 0) + 1
    if reads > MAX_READS:
        return _invalid(state, d, call_id, text(d.book.lang, "reads_full"), "reads limit")
    d.prompt.record_tool_result(call_id, d.prompt.private_log(day))
    return {"reads": reads, "messages": d.prompt.messages(), "selected": None, "error": None}


def _noted(state: State, d: Decision, call_id: str, note: str) -> State:
    d.notebook.append(note)
    notes = state.get("notes", 0) + 1
    tools: Toolset = state["tools"]
    full = notes >= d.endpoint.policy.max_notes
    d.prompt.record_tool_result(call_id, text(d.book.lang, "notes_full" if full else "noted"))
    out: State = {"notes": notes, "messages": d.prompt.messages(), "selected": None, "error": None}
    if full and not tools.stable:
        out["tools"] = tools.without(NOTES)
    return out


def speech_problem(prompt: SeatPromptLike, action: Action) -> str | None:
    """The prompt's message when the text an action carries is over its token limit."""
    if isinstance(action, Post):
        return prompt.check_post(action.text, "post")
    if isinstance(action, TeamPost):
        return prompt.check_post(action.text, "team_post")
    if isinstance(action, SubmitLastWords):
        return prompt.check_post(action.text, "last_words")
    if isinstance(action, Vote) and action.reason:
        return prompt.check_post(action.reason, "vote_reason")
    return None


async def overflow(state: State, runtime: Runtime[Decision]) -> State:
    """The prompt exceeded the model's context: lower the endpoint's budget below what was sent, compact
    the seat, and ask once more (the graph's ``overflow`` step)."""
    d = runtime.context
    failed = d.records[-1]
    sent = failed.tokens_in_reported or failed.tokens_in or d.prompt.tokens()
    before, after = d.pool.lower_budget(d.endpoint, sent)
    if failed.response is not None:
        failed.response["x_arena"]["budget"] = {"before": before, "after": after}
    if d.prompt.can_compact():
        d.records.append(await compact_prompt(d.prompt, d.endpoint, d.pool, d.turn))
    turn = d.turn
    error = d.prompt.error_text(turn.refusal) if turn.refusal is not None else turn.error
    messages = d.prompt.request(turn.day, turn.phase, state.get("legal") or turn.legal, error,
                                observation=turn.observation)
    return {"overflowed": True, "messages": messages, "selected": None, "error": None}


async def fallback(state: State, runtime: Runtime[Decision]) -> State:
    d = runtime.context
    reply = state.get("reply")
    if reply is not None and reply.response is None:  # no answer came: keep user and assistant turns alternating
        d.prompt.record_assistant({"role": "assistant", "content": ""})
    error = state.get("error") or "no valid answer"
    tries = state.get("illegal", 0)
    reason = "invalid_answers" if tries else "no_answer"
    detail: dict[str, Any] = {"tries": tries, "error": error[:400]} if tries else {"message": error[:400]}
    if d.records:
        d.records[-1].fallback = True
    else:
        d.records.append(CallRecord(seat=d.turn.seat, day=d.turn.day, phase=d.turn.phase, decision=d.turn.decision,
                                    model=d.endpoint.transport.model, base_url=d.endpoint.transport.base_url, error=error,
                                    fallback=True))
    return {"action": Pass(seat=d.turn.seat, fallback=True, reason=reason, detail=detail)}


# -- edges ---------------------------------------------------------------------------------------


async def after_context(state: State) -> Route:
    return "compact" if state.get("compact") else "instruct"


def next_ask(state: State) -> Route:
    """Where a fresh attempt starts: ``select`` in the forced mode (unless a tool is chosen, or
    only one tool is offered), ``call_only`` in the direct mode, else ``call``."""
    if state.get("direct") and state.get("selected") is None:
        return "call_only"
    if state.get("forced") and state.get("selected") is None:
        return "call_only" if len(state["tools"].specs) == 1 else "select"
    return "call"


async def after_instruct(state: State) -> Route:
    return "__end__" if state.get("action") is not None else next_ask(state)


async def after_validate(state: State) -> Route:
    if state.get("action") is not None:
        return "__end__"
    reply = state.get("reply")
    if reply is not None and reply.context_exceeded and not state.get("overflowed"):
        return "overflow"
    if reply is not None and reply.response is None and not reply.invalid:
        return "fallback"
    if state.get("error") is not None and state.get("illegal", 0) > state.get("max_illegal", 0):
        return "fallback"
    return next_ask(state)  # a note, a selection, or a retry after an error


async def next_ask_async(state: State) -> Route:
    return next_ask(state)


async def call_only(state: State, runtime: Runtime[Decision]) -> State:
    """No selection call: the direct mode's main action, or the forced mode's single tool."""
    tools: Toolset = state["tools"]
    return {"selected": main_tool(tools, voted=state.get("voted", False)) if state.get("direct")
            else tools.specs[0].name}


def voted_today(turn: Turn) -> bool:
    """Whether the seat's own vote of today is in its view (a free vote, as suitang21's, stays legal
    after it is cast: the direct mode forces it once)."""
    return any(isinstance(e, VoteCast) and e.seat == turn.seat and e.day == turn.day for e in turn.events)


def main_tool(tools: Toolset, *, voted: bool = False) -> str:
    """The tool of the decision's main legal action: a vote not cast yet today (a free vote, as
    suitang21's day vote, ends no turn, so forcing only what ends the turn never voted: forced posts,
    then the pass); else the first, in the engine's order, that ends the turn and is not a pass
    (``LegalAction.decisive``: a team post or another free action is never forced: forced, a team
    post left the seat's turn open, so it was asked again and forced to post again); else the pass;
    else the first tool."""
    legal = list(tools.current.items()) or [(s.name, s.template) for s in tools.specs if s.template is not None]
    if not voted:
        for name, template in legal:
            if template is not None and template.kind == "vote":
                return name
    for name, template in legal:
        if template is not None and template.kind != "pass" and template.decisive:
            return name
    passes = [name for name, template in legal if template is not None and template.kind == "pass"]
    return passes[0] if passes else legal[0][0] if legal else tools.specs[0].name


def forced_legal(tools: Toolset, *, voted: bool = False) -> tuple[LegalAction, ...]:
    """The legal action the direct mode's call is forced to, as the instruction lists it: the only
    option the model can take (every other legal action listed cost a tiny model ~100 prompt
    tokens a call, ~0.7 s on 2 cores, for words it could not act on), and the pass beside a skill or
    a choice where the rules allow passing (the witch need not use a potion): the forced schema then
    offers ``pass`` among its targets (``tools.direct_schema``)."""
    name = main_tool(tools, voted=voted)
    spec = tools.get(name)
    template = tools.current.get(name) or (spec.template if spec is not None else None)
    if template is None:
        return ()
    if template.kind in ("skill", "choose") and template.arity == 1 and not template.first_from \
            and not template.yes_no and PASS_TOOL in tools.current:
        return (template, tools.current[PASS_TOOL])
    return (template,)


def _named(tool: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": tool}}


@cache
def decision_graph() -> CompiledStateGraph[State, Decision, State, State]:
    """The compiled graph (one for the process; each decision is one run with its own context).

    Every node and edge is ``async``: LangGraph runs a sync one in a worker thread, and the thread
    hops cost more than the nodes themselves."""
    g: StateGraph[State, Decision, State, State] = StateGraph(State, context_schema=Decision)
    g.add_node("context", context)
    g.add_node("compact", compact)
    g.add_node("instruct", instruct)
    g.add_node("select", select)
    g.add_node("call_only", call_only)
    g.add_node("call", call)
    g.add_node("validate", validate)
    g.add_node("overflow", overflow)
    g.add_node("fallback", fallback)
    g.add_edge(START, "context")
    g.add_conditional_edges("context", after_context, ["compact", "instruct"])
    g.add_edge("compact", "instruct")
    g.add_conditional_edges("instruct", after_instruct, ["select", "call", "call_only", END])
    g.add_edge("call_only", "call")
    g.add_edge("select", "validate")
    g.add_edge("call", "validate")
    g.add_conditional_edges("validate", after_validate, ["select", "call", "call_only", "overflow", "fallback", END])
    g.add_conditional_edges("overflow", next_ask_async, ["select", "call", "call_only"])
    g.add_edge("fallback", END)
    return g.compile()



def initial_state(endpoint: Endpoint) -> State:
    """The input of one run."""
    return {"forced": endpoint.policy.tool_mode == "forced", "direct": endpoint.policy.tool_mode == "direct",
            "max_illegal": endpoint.policy.max_retries_illegal, "compact": False, "selected": None, "reply": None,
            "action": None, "error": None, "illegal": 0, "notes": 0, "reads": 0, "overflowed": False}
