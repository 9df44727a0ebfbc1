"""``LLMAgent``: a seat played by a model on an OpenAI-compatible endpoint.

Each decision is one run of the decision graph (``agents.llm.graph``); the seat's prompt (its whole
chat history, ``prompts.SeatPrompt``) and its private notebook live for the whole game. Every
request is kept as a ``CallRecord`` until the runner takes them (``take_calls``) and links them to
the event the decision produced. ``concurrent = True``: the runner asks LLM seats of one window in
parallel; the endpoint's pool bounds the requests in flight.

Nothing raises out of ``act``: a failing endpoint, a missing key or a bug in the graph ends in a
recorded fallback (a pass with ``fallback=True`` and the reason).

Caps (``Endpoint.caps``, ``tournament_caps``): the agent's ``meters`` (shared by the endpoint's seats)
are asked before each decision; once one is reached, the seat is played by the endpoint's declared
stand-in bot from then on, and each such hand-over goes to the ``on_control`` listeners (stored in
``seat_control``, counted in the report).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from agents.base import Agent, Turn
from agents.beliefs import BeliefRequest, Report
from agents.llm.aliases import AliasBook
from agents.llm.compaction import compact_prompt
from agents.llm.endpoint import Endpoint
from agents.llm.graph import Decision, SeatPromptLike, decision_graph, initial_state
from agents.llm.meter import Meter
from agents.llm.pool import ClientPool
from agents.llm.tools import Toolset, build_stable
from engine.actions import Action, Pass
from engine.events import Event
from engine.legal import LegalAction
from engine.narrate.names import Lang, Names
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset
from prompts import SeatPrompt, seat_label
from prompts.seat import RECENT_DAYS
from transcripts.records import CallRecord


def game_vocabulary(ruleset: Ruleset) -> tuple[LegalAction, ...]:
    """Every role's vocabulary of the rule set, in the roster's order (the same for every seat)."""
    return tuple(template for role in ruleset.roles for template in ruleset.vocabulary(role.id))


RECURSION_LIMIT = 200
"""Graph steps one decision may take (its loops are bounded by the endpoint's limits well before)."""


@dataclass
class SeatMemory:
    """What one seat's agent keeps between decisions."""

    prompt: SeatPromptLike
    book: AliasBook
    ruleset: str = ""
    notebook: list[str] = field(default_factory=list)
    decisions: int = 0
    last_day: int = 0
    """The day of the seat's latest decision."""
    tools: Toolset | None = None
    """The game's stable tool set (the same for every seat): rebuilt only if a legal action is new to it."""


class LLMAgent:
    """A model player (see the module docstring)."""

    concurrent = True
    belief_source = "llm"

    def __init__(self, endpoint: Endpoint, lang: Lang | None = None, *, pool: ClientPool | None = None,
                 name: str | None = None) -> None:
        self.endpoint = endpoint
        self.lang: Lang = lang or endpoint.policy.lang
        self.pool = pool or ClientPool()
        self.name = name or f"llm:{endpoint.name}"
        self.seats: dict[int, SeatMemory] = {}
        self._records: list[CallRecord] = []
        self.meters: list[Meter] = []
        """The endpoint's spending against its caps (the game's, the tournament's), shared by its seats."""
        self.stand_in: Agent | None = None
        """The bot that plays a seat once a cap is reached (made from ``Caps.stand_in`` when needed)."""
        self.on_control: list[Callable[[int, str, str], None]] = []
        """Told (seat, controller, reason) when a cap hands a seat to the stand-in."""
        self.handed: dict[int, str] = {}
        """Seats handed to the stand-in, with the reason."""

    def memory(self, turn: Turn) -> tuple[SeatMemory, list[Event]]:
        """The seat's memory (made at its first decision) and the events it has not taken in yet."""
        memory = self.seats.get(turn.seat)
        if memory is None:
            ruleset = get_ruleset(turn.ruleset)
            names = Names.from_events(ruleset, turn.events)
            # The direct mode forces the main action, so the seat can never call read_log: its
            # whole private log stays in the request (nothing it saw out of its reach).
            recent = None if self.endpoint.policy.tool_mode == "direct" else RECENT_DAYS
            prompt = SeatPrompt(ruleset, turn.seat, self.lang, names, limits=self.endpoint.policy.limits,
                                layout=self.endpoint.policy.layout, recent_days=recent)
            memory = SeatMemory(prompt, AliasBook(names, self.lang, seat_label), turn.ruleset,
                                notebook=prompt.notebook)
            self.seats[turn.seat] = memory
            return memory, list(turn.events)
        return memory, list(turn.events[turn.new_from:])

    def capped(self) -> str | None:
        """Why the endpoint may spend no more (a cap reached), or None."""
        return next((reason for reason in (m.reached() for m in self.meters) if reason), None)

    async def _stand_in(self, turn: Turn, reason: str) -> Action | None:
        """The stand-in bot's action; the first time for a seat, the hand-over is reported."""
        if self.stand_in is None:
            from agents.llm.stand_in import make_stand_in

            caps = next(m.caps for m in self.meters if m.reached())
            self.stand_in = make_stand_in(caps.stand_in)
        if turn.seat not in self.handed:
            self.handed[turn.seat] = reason
            for listener in self.on_control:
                listener(turn.seat, f"bot:{getattr(self.stand_in, 'name', 'stand-in')}", reason)
        return await self.stand_in.act(turn)

    async def act(self, turn: Turn) -> Action | None:
        reason = self.capped() if self.meters else None
        if reason is not None:
            return await self._stand_in(turn, reason)
        memory, new = self.memory(turn)
        memory.decisions += 1
        memory.last_day = turn.day
        decision = Decision(turn, self.endpoint, self.pool, memory.prompt, memory.book, new, memory.notebook,
                            toolbox=None if self.endpoint.policy.tools == "per_call" else
                            (lambda legal: self.toolset(memory, legal)))
        try:
            state = await decision_graph().ainvoke(initial_state(self.endpoint), context=decision,
                                                   config={"recursion_limit": RECURSION_LIMIT})
            action = state.get("action")
        except Exception as exc:  # a bug must not stop the game nor lose the records
            action = self._crashed(turn, decision, exc)
        finally:
            self._records.extend(decision.records)
            for meter in self.meters:
                meter.add(decision.records)
        return action if action is not None else Pass(seat=turn.seat, fallback=True, reason="no_answer")

    def toolset(self, memory: SeatMemory, legal: tuple[LegalAction, ...]) -> Toolset:
        """The game's stable tools with ``legal`` as the actions of now.

        Every seat gets the same tools: the whole vocabulary of the rule set (every role's
        actions; targets over every seat), so that the tools, which a provider renders ahead of
        the messages, do not end the prefix that all seats share (the rules and the public
        thread; see ``prompts.seat``). Knowing the tools tells a seat nothing: the rules list every
        skill. What is legal now is said in the instruction and judged by the parser and the
        engine. The schemas stay the same objects (byte-identical requests); a template the rule
        set did not list rebuilds the set once, as the union of the old tools and the new ones."""
        ruleset = get_ruleset(memory.ruleset)
        tools = memory.tools
        if tools is None or not tools.covers(legal):
            old = tuple(spec.template for spec in tools.specs if spec.template is not None) if tools else ()
            seats = sorted(memory.book.names.aliases) or list(range(1, ruleset.seats + 1))
            tools = build_stable((*old, *game_vocabulary(ruleset), *legal), memory.book, seats,
                                 notebook=self.endpoint.policy.max_notes > 0)
            memory.tools = tools
        return tools.with_legal(legal)

    def _crashed(self, turn: Turn, decision: Decision, exc: Exception) -> Action:
        error = f"agent error: {type(exc).__name__}: {exc}"[:480]
        decision.records.append(CallRecord(seat=turn.seat, day=turn.day, phase=turn.phase, decision=turn.decision,
                                           model=self.endpoint.transport.model, base_url=self.endpoint.transport.base_url,
                                           error=error, fallback=True))
        return Pass(seat=turn.seat, fallback=True, reason="player_failed",
                    detail={"detail": type(exc).__name__, "message": str(exc)[:300]})

    async def beliefs(self, request: BeliefRequest) -> Report | None:
        """A private report of the seat's beliefs, outside the game (``agents.llm.beliefs``)."""
        from agents.llm.beliefs import ask_beliefs

        if self.meters and self.capped():  # a capped endpoint spends nothing more, beliefs included
            return None
        return await ask_beliefs(self, request)

    def context_share(self, seat: int, events: Sequence[Event], *, active_since: int = 0) -> float | None:
        """How full the seat's next request would be, as a share of the endpoint's ``context_budget``,
        once it has taken in ``events`` (its view; events it has seen are skipped). None where the
        seat has no prompt yet (its first decision reads everything), has not decided since day
        ``active_since`` (a seat out of the game, or one that has stopped acting) or has no earlier day
        to summarise."""
        memory = self.seats.get(seat)
        if memory is None or memory.last_day < active_since or seat in self.handed:
            return None
        memory.prompt.observe(events)
        if not memory.prompt.can_compact():
            return None
        return memory.prompt.tokens() / self.pool.budget(self.endpoint)

    async def compact(self, seat: int, day: int, phase: str, at: int | None = None) -> CallRecord | None:
        """Summarise the seat's days before ``day`` into its notes now (``agents.llm.compaction``),
        outside any decision; the call is kept for the runner, linked to the event ``at``. None where
        the seat has no prompt or nothing to summarise."""
        memory = self.seats.get(seat)
        if memory is None or not memory.prompt.can_compact() or (self.meters and self.capped()):
            return None
        turn = Turn(ruleset=memory.ruleset, seed=0, seat=seat, day=day, phase=phase, events=(), new_from=0,
                    legal=())
        record = await compact_prompt(memory.prompt, self.endpoint, self.pool, turn)
        record.event_seq = at
        self.keep(record)
        return record

    def keep(self, record: CallRecord) -> None:
        """Keep a record made outside a decision until the runner takes the calls (it counts against
        the caps too)."""
        self._records.append(record)
        for meter in self.meters:
            meter.add((record,))

    def take_calls(self) -> list[CallRecord]:
        records, self._records = self._records, []
        return records

    def notes(self, seat: int) -> list[str]:
        """The seat's private notebook so far."""
        memory = self.seats.get(seat)
        return list(memory.notebook) if memory else []
