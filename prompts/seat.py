"""One seat's prompt for a whole game: what its model reads, laid out so prefix caches hit.

A request is ``[system][user][assistant, tool …]``, in the order of what changes least to what
changes most, so that the part every seat shares comes first:

1. the system message: the rules as every player must know them, the flags changed for this game,
   every role's card, what to do in each phase (for everyone and per role), the roster of aliases
   — the same for every seat of the game;
2. the user message opens with the public thread (every public event, one line each, in the
   order they happened) — also the same for every seat, and only ever appended to;
3. then the seat's own part: its seat, alias and role (whose card is in the system message), its
   notes (compactions), its private log (judge's DMs, its team chats, each under the day and phase
   it happened; older team chat and receipts behind ``read_log``), its notebook;
4. then the instruction of this decision (day and phase — the system message says to follow the
   guide's entry for it — the legal actions in words, and on a retry the judge's error); the
   model's calls and the tools' results of this decision follow as assistant and tool turns.

The ``brief`` layout (``layout="brief"``, for a small local model) keeps the rules (in brief, where
the rule set has ``rules_brief.md``) and the roster in the system message but moves the cards and
the guide out: the seat's own card follows its identity, and this phase's guide entry (for
everyone and for its role) opens the instruction, both in brief where the rule set has
``roles_brief.toml`` and ``phases_brief.toml`` (they are read anew in every request). The
context is then some 3,000 o200k tokens shorter, which a 135M model on 2 cores pays for in every
token it reads or writes (attention over the whole context dominates its time); a prefix-caching server computes the card and the guide
anew in each request, a smaller cost there.

So one seat's request is an exact prefix of its next up to where the thread stopped last time,
and every seat's request shares the rules and the thread with every other's: a prefix-caching
server (vLLM, SGLang, llama.cpp, the hosted APIs) processes the public thread about once per game
instead of once per seat. Only the seat's own part and the instruction are new in each request.
Nothing a seat saw is left out: its own earlier actions are in the thread (public) or its private
log (a DM or a team chat records them), its notebook is shown in full, and when the context nears
its budget the days before the current one are summarised by the model into the seat's notes
(each compaction recorded in ``compactions``), not dropped.

What the seat knows comes only from the events in its view (``engine.views``): its role from
``RoleDealt``, a derived role (共犯, 见习魔女) from the judge's notice. ``observe`` ignores any event
the seat may not see, so a caller that hands it the god view leaks nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine import events as ev
from engine.errors import EngineError
from engine.events import PUBLIC
from engine.layers import second_layer
from engine.legal import LegalAction
from engine.narrate import Lang, Names
from engine.narrate.context import Ctx, quote
from engine.narrate.observed import status_lines
from engine.narrate.thread import flag_text
from engine.observation import Observation
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset
from engine.views import Viewer, can_see, shown
from prompts.actions import describe_all
from prompts.render import SeatNames, quoted, render_event, seat_label
from prompts.texts import Texts, load
from prompts.tokens import PER_MESSAGE, count_message, count_messages, count_text, count_tokens

Message = dict[str, Any]

RECENT_DAYS = 2
"""Days of a seat's private log shown in full in each request (today and yesterday). The own part
follows the public thread, so a prefix cache computes it anew in every request: older team chat
and receipts are one ``read_log`` call away instead of re-read every time."""

WINDOWED = (ev.TeamPosted, ev.SkillSubmitted, ev.Passed, ev.PostWithheld, ev.LastWords, ev.ChoiceMade,
            ev.Question, ev.Awaiting, ev.VoteCast)
"""Private lines that leave the request after ``RECENT_DAYS``: team chatter and the seat's receipts.
What the judge told the seat (results, role and team changes, warnings) stays on every day."""

LIMIT_KINDS = ("post", "team_post", "last_words", "vote_reason")
"""Texts an action may carry, each with its own token limit (``SeatPrompt.limits``)."""

Layout = Literal["shared", "brief"]
LAYOUTS: tuple[Layout, ...] = ("shared", "brief")
"""Where the role cards and the phase guide go (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class Compaction:
    """The record of one compaction: which days, which events, the notes that replaced them."""

    first_day: int
    last_day: int
    summary: str
    messages: int
    first_seq: int | None
    last_seq: int | None
    tokens_before: int
    tokens_after: int

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True)
class _Line:
    """One rendered line of the log, with when it happened and the event it shows."""

    day: int
    phase: str
    seq: int
    text: str
    tokens: int
    kept: bool = False
    """Not in ``WINDOWED`` (a result, a role change, a team formed or joined, a warning): shown on
    every day."""
    group: tuple[Any, ...] | None = None
    """Team submissions of the same skill on the same targets share a group: consecutive ones are
    shown as one line naming every submitter (``who`` is this line's submitter as written in it)."""
    who: str = ""


class SeatPrompt:
    """The prompt of one seat for one whole game (see the module docstring)."""

    def __init__(self, ruleset: Ruleset | str, seat: int, lang: Lang = "zh", names: Names | None = None, *,
                 post_limit: int | None = None, limits: Mapping[str, int] | None = None,
                 recent_days: int | None = RECENT_DAYS, layout: Layout = "shared") -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
        self.layout: Layout = layout
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.seat = seat
        self.lang: Lang = lang
        self.texts: Texts = load(self.ruleset.id, lang)
        self.limits: dict[str, int] = {**self.texts.limits, **dict(limits or {})}
        if post_limit is not None:
            self.limits["post"] = post_limit
        self.names: Names = SeatNames.of(names or Names.from_ruleset(self.ruleset))
        self.viewer = Viewer.of_seat(seat)
        self.recent_days = recent_days
        """Days of the private log shown in full (today and the ones before); older team-chat lines
        and action receipts are reached with ``private_log(day)`` (the ``read_log`` tool), while the
        judge's notices stay. None: every day in full."""
        self.flags: dict[str, Any] = {f.name: f.default for f in self.ruleset.flags}
        self.dealt: str | None = None
        """The role dealt at the start (from ``RoleDealt``)."""
        self.role: str | None = None
        """The role the seat knows it has now (a derived role once the judge says so)."""
        self.faction: str | None = None
        self.majia: int | None = None
        """The seat's own 马甲 number, where the rule set has a second name layer (majiasha2)."""
        self.alive = True
        self.standing: list[str] = []
        """The seat's standing from its last observation (``engine.narrate.observed``): who is out, its
        skills left, its allowances."""
        self.day = 0
        self.compactions: list[Compaction] = []
        self.notebook: list[str] = []
        """The seat's private notebook (``write_notes``), shown in full in every request."""
        self._seen: set[int] = set()
        self._thread: list[_Line] = []
        self._private: list[_Line] = []
        self._notes: list[str] = []
        self._from_day = 0
        """Lines of days before this one are in the notes (compacted), not in the request."""
        self._system: Message | None = None
        self._base: list[Message] = []
        self._turn: list[Message] = []
        self._compact_day: int | None = None
        self._options = ""

    # -- limits ----------------------------------------------------------------------------------

    @property
    def post_limit(self) -> int:
        """Tokens one public post may have (the rule set's config, or the constructor's)."""
        return self.limits["post"]

    def check_post(self, text: str, kind: str = "post") -> str | None:
        """None if ``text`` fits the limit of ``kind``; else what to tell the model (over by N tokens)."""
        limit = self.limits.get(kind, self.post_limit)
        tokens = count_tokens(text)
        if tokens <= limit:
            return None
        what = self.texts.word(f"limit.what.{kind}") if kind in LIMIT_KINDS else kind
        return self.texts.word("limit.over", what=what, tokens=tokens, limit=limit, over=tokens - limit)

    # -- events ----------------------------------------------------------------------------------

    def observe(self, events: Iterable[ev.Event]) -> int:
        """Take in the seat's newly visible events (seen seqs and events outside its view are skipped).

        Returns how many were new. Their lines join the next ``request``: public events in the
        thread, the others in the seat's private log.
        """
        new = 0
        for given in events:
            if given.seq in self._seen or not can_see(self.viewer, given):
                continue
            event = shown(self.ruleset, given, self.viewer)
            self._seen.add(event.seq)
            new += 1
            self.day = max(self.day, event.day)
            if self._learn(event):
                continue
            text = render_event(event, self.names, self.lang, quiet=self.texts.quiet_phases)
            if text is not None:
                line = _Line(event.day, event.phase, event.seq, text, count_tokens(text) + 1,
                             not isinstance(event, WINDOWED), *self._group(event, text))
                (self._thread if event.vis == PUBLIC else self._private).append(line)
        return new

    def _group(self, event: ev.Event, text: str) -> tuple[tuple[Any, ...] | None, str]:
        """The group of a team's skill submission and its submitter's label (else no group)."""
        if not isinstance(event, ev.SkillSubmitted) or not event.vis.startswith("team:"):
            return None, ""
        who = seat_label(self.names, event.seat, self.lang)
        if who not in text:
            return None, ""
        return (event.day, event.phase, event.vis, event.skill, tuple(event.targets)), who

    def _learn(self, event: ev.Event) -> bool:
        """Update what the seat knows from ``event``; True when the prompt holds it elsewhere (the
        system message or the seat's identity), so it gets no line of its own."""
        if isinstance(event, ev.GameCreated):
            self.flags.update(event.flags)
            self._system = None
            return True
        if isinstance(event, ev.AliasesAssigned):
            aliases = {**self.names.aliases, **{int(s): a for s, a in event.aliases.items()}}
            self.names = dataclasses.replace(self.names, aliases=aliases)
            self._system = None
            return True
        if isinstance(event, ev.LayerListed) and second_layer(event.layer):
            self.names = dataclasses.replace(self.names, majia=dict(event.names))
            self._system = None
            return True
        if isinstance(event, ev.RoleDealt) and event.seat == self.seat:
            self.dealt = self.role = event.role
            self.faction = event.faction
            return True
        if isinstance(event, ev.LayerAssigned) and event.seat == self.seat:
            self.majia = event.number
        elif isinstance(event, ev.Notice) and event.role is not None and event.seats[:1] == [self.seat]:
            self.role = event.role
            self.faction = event.faction or self.faction
        return False

    def know(self, observation: Observation) -> None:
        """Take the seat's identity and whether it is alive from the engine's observation (what the
        seat was told, computed by the rule set), not from re-reading announcements."""
        if observation.seat != self.seat:
            return
        self.role = observation.role or self.role
        self.dealt = observation.dealt or self.dealt
        self.faction = observation.faction or self.faction
        self.majia = observation.majia if observation.majia is not None else self.majia
        self.alive = observation.alive
        self.standing = status_lines(observation, self.names, self.lang)

    # -- the system message: the same for every seat ---------------------------------------------

    def _system_text(self) -> str:
        t, names = self.texts, self.names
        parts = [
            t.word("frame.intro", title=quote(names.title or self.ruleset.title),
                   seats=len(names.aliases) or self.ruleset.seats),
            t.word("frame.reading"),
            t.word("frame.rules_heading"),
            t.fill_rules(self.flags, brief=self.layout == "brief"),
        ]
        changed = self._changed_flags()
        if changed:
            parts.append(t.word("frame.flags", flags=changed))
        if self.layout == "shared":
            parts += [self._cards_text(), self._guide_text()]
        if names.aliases:
            roster = t.word("sep").join(seat_label(names, s, self.lang) for s in sorted(names.aliases))
            parts.append(t.word("frame.roster", roster=roster))
        if names.majia:
            listed = t.word("sep").join(quote(names.majia_label(n, self.lang)) for n in sorted(names.majia))
            parts.append(t.word("frame.majia_roster", roster=listed))
        guide = "frame.conduct_guide" if self.layout == "shared" else "frame.conduct_guide_brief"
        parts.append(t.word("frame.conduct", post=self.limits["post"]) + "\n" + t.word(guide))
        return "\n\n".join(p for p in parts if p)

    def _cards_text(self) -> str:
        """Every role's card. They sit in the system message, shared by all seats, rather than in
        each seat's own part: a role's card is public rules text, and in the own part it was read
        anew in every request (the bulk of what a prefix cache cannot reuse)."""
        t, names = self.texts, self.names
        cards = [t.word("frame.card", role=names.role(role, self.lang), card=card) for role, card in t.cards()]
        return "\n".join([t.word("frame.cards_heading"), *cards]) if cards else ""

    def _guide_text(self) -> str:
        """What to do in each phase, for everyone and per role: the same for every seat, so it is
        read once per game instead of once per decision; the instruction points to it."""
        t = self.texts
        lines = [t.word("frame.guide_heading")]
        for phase, text, own in t.guide():
            lines += self._guide_entry(phase, text, own)
        return "\n".join(lines) if len(lines) > 1 else ""

    def _phase_guide(self, phase: str) -> list[str]:
        """The guide's entry for ``phase``, for everyone and for the seat's role (the brief layout)."""
        for name, text, own in self.texts.guide(brief=True):
            if name == phase:
                return self._guide_entry(phase, text, [(role, line) for role, line in own if role == self.role])
        return []

    def _guide_entry(self, phase: str, text: str, own: list[tuple[str, str]]) -> list[str]:
        """One phase's guide lines: the text for everyone, then each listed role's own."""
        t, names = self.texts, self.names
        return [t.word("frame.guide_phase", phase=names.phase(phase, self.lang), text=text),
                *(t.word("frame.guide_role", role=names.role(role, self.lang), text=line) for role, line in own)]

    def _changed_flags(self) -> str:
        """The adjudications this game changes, each in words (the rule set's ``Narration.flags``)."""
        defaults = {f.name: f for f in self.ruleset.flags}
        ctx = Ctx(self.names, self.lang)
        out = [flag_text(ctx, name, value) for name, value in sorted(self.flags.items())
               if name in defaults and defaults[name].default != value]
        return self.texts.word("sep").join(out)

    def _system_message(self) -> Message:
        if self._system is None:
            self._system = {"role": "system", "content": self._system_text()}
        return self._system

    # -- the user message: thread, the seat's own part, the instruction ---------------------------

    def thread_text(self) -> str:
        """The public thread as the request shows it: the same text for every seat that has seen
        the same public events (until a seat compacts)."""
        lines = [line.text for line in self._thread if line.day >= self._from_day]
        return "\n".join([self.texts.word("frame.thread_heading"), *lines]) if lines else ""

    def _seat_text(self) -> str:
        t, names = self.texts, self.names
        alias = names.aliases.get(self.seat, "")
        shown = alias if self.lang == "zh" else names.english.get(alias, alias)
        role = names.role(self.role, self.lang) if self.role else t.word("unknown")
        label = seat_label(names, self.seat, self.lang)
        if self.majia is not None:
            identity = t.word("frame.identity_layers", seat=self.seat, label=label, alias=quote(shown), role=role,
                              majia=quote(names.majia_label(self.majia, self.lang)))
        else:
            identity = t.word("frame.identity", seat=self.seat, label=label, alias=quote(shown), role=role)
        if self.role:
            if self.layout == "shared":
                identity += t.word("frame.card_ref", role=role)
            else:
                identity += "\n" + t.word("frame.card", role=role, card=t.role_card(self.role, brief=True))
            if self.dealt and self.dealt != self.role:
                identity += t.word("frame.dealt", role=names.role(self.dealt, self.lang))
        parts = [t.word("frame.seat_heading"), identity + ("" if self.alive else t.word("frame.dead"))]
        if self.standing:
            parts.append("\n".join(self.standing))
        parts += self._notes
        private = self._private_lines()
        if private:
            parts.append("\n".join([t.word("frame.private_heading"), *private]))
        if self.notebook:
            parts.append("\n".join([t.word("frame.notebook"), *("> " + quote(n) for n in self.notebook)]))
        return "\n\n".join(parts)

    def _private_lines(self) -> list[str]:
        """The seat's private log, each day and phase under its own heading (the thread has the
        public banners; these lines would otherwise lose their place in time)."""
        lines = [line for line in self._private if line.day >= self._from_day]
        hidden: list[int] = []
        if self.recent_days is not None:
            first = self.day - self.recent_days + 1
            hidden = sorted({line.day for line in lines if line.day < first and not line.kept})
            lines = [line for line in lines if line.day >= first or line.kept]
        out = [self.texts.word("frame.older", days=_days(hidden))] if hidden else []
        out += self._grouped(lines)
        return out

    def private_log(self, day: int) -> str:
        """Every line of the seat's private log of ``day``, in full (for the ``read_log`` tool)."""
        lines = self._grouped([line for line in self._private if line.day == day])
        return "\n".join(lines) if lines else self.texts.word("frame.no_log", day=day)

    def _grouped(self, lines: list[_Line]) -> list[str]:
        """``lines`` under their day-and-phase headings, a team's identical submissions merged."""
        out: list[str] = []
        where: tuple[int, str] | None = None
        i = 0
        while i < len(lines):
            line = lines[i]
            if (line.day, line.phase) != where:
                where = (line.day, line.phase)
                out.append(self._when(line.day, line.phase))
            j = i + 1
            while line.group is not None and j < len(lines) and lines[j].group == line.group:
                j += 1
            if j - i > 1:  # teammates who submitted the same: one line, every submitter in order
                who = self.texts.word("sep").join(x.who for x in lines[i:j])
                out.append(line.text.replace(line.who, who, 1))
            else:
                out.append(line.text)
            i = j
        return out

    def _when(self, day: int, phase: str) -> str:
        name = self.names.phase(phase, self.lang)
        return self.texts.word("frame.when" if day > 0 else "frame.when_setup", day=day, phase=name)

    # -- decisions -------------------------------------------------------------------------------

    def request(self, day: int, phase: str, legal: tuple[LegalAction, ...], error: str | None = None, *,
                blue_left: int | None = None, post_limit: int | None = None,
                observation: Observation | None = None) -> list[Message]:
        """The complete chat messages for one decision (a new decision's turns start afresh).

        The instruction says the day and phase, what to do now (per role), the legal actions in
        words (targets, the 蓝字 left, token limits) and, on a retry, the judge's error. With the
        engine's ``observation`` of the seat, the own part says who it is, whether it is alive, who
        is out (how, and as whom where the rules publish it), and what is left of its skills and
        allowances.
        """
        if observation is not None:
            self.know(observation)
        self.day = max(self.day, day)
        limits = dict(self.limits) if post_limit is None else {**self.limits, "post": post_limit}
        instruction = self._instruction(day, phase, legal, error, blue_left, limits)
        self._base = self._base_messages(instruction)
        self._turn = []
        return self.messages()

    def _base_messages(self, last: str) -> list[Message]:
        content = "\n\n".join(p for p in (self.thread_text(), self._seat_text(), last) if p)
        return [self._system_message(), {"role": "user", "content": content}]

    def _instruction(self, day: int, phase: str, legal: tuple[LegalAction, ...], error: str | None,
                     blue_left: int | None, limits: Mapping[str, int]) -> str:
        t, names = self.texts, self.names
        lines = [t.word("frame.turn" if day > 0 else "frame.turn_setup", day=day, phase=names.phase(phase, self.lang))]
        if self.layout == "brief":
            lines += self._phase_guide(phase)
        options = [t.word("frame.options"), *("- " + line for line in describe_all(legal, t, names, limits, blue_left))]
        self._options = "\n".join(options)
        lines += options
        if error:
            lines.append(t.word("frame.error", error=quoted(error)))
        return "\n".join(lines)

    def error_text(self, error: EngineError) -> str:
        """The engine's refusal in the seat's language, seats named as its log names them."""
        return error.render(self.lang, self.names)

    def retry(self, error: str) -> list[Message]:
        """After a turn that called no tool: the judge's error and the options again, as a new user
        turn of this decision."""
        text = self.texts.word("frame.error", error=quoted(error)) + "\n" + self._options
        self._turn.append({"role": "user", "content": text})
        return self.messages()

    def record_assistant(self, message: Mapping[str, Any] | Any) -> None:
        """Append the model's turn of this decision (an OpenAI assistant message, dict or object). Its
        ``reasoning_content`` is kept: a provider may require it back on a tool-call turn (DeepSeek's
        thinking mode); what is sent is the provider profile's business (``agents.llm.wire``)."""
        if hasattr(message, "model_dump"):
            message = message.model_dump(exclude_none=True)
        out: Message = {"role": "assistant", "content": message.get("content") or ""}
        calls = [_tool_call(c) for c in message.get("tool_calls") or ()]
        if calls:
            out["tool_calls"] = calls
        if message.get("reasoning_content"):
            out["reasoning_content"] = str(message["reasoning_content"])
        self._turn.append(out)

    def record_tool_result(self, tool_call_id: str, text: str) -> None:
        """Append the result of one tool call of this decision (what the judge answered)."""
        self._turn.append({"role": "tool", "tool_call_id": tool_call_id, "content": text})

    # -- reading ---------------------------------------------------------------------------------

    def messages(self) -> list[Message]:
        """This decision's messages: system, the user message of ``request``, then the decision's
        own turns. A new list of message dicts that are never changed once made, so requests and
        call records share them; callers must not change them either."""
        return [*self._base, *self._turn]

    def tokens(self) -> int:
        """Approximate prompt tokens of the next request (every event observed so far included)."""
        thread = sum(line.tokens for line in self._thread if line.day >= self._from_day)
        return count_messages(()) + count_message(self._system_message()) + PER_MESSAGE + thread + \
            count_text(self._seat_text())

    # -- compaction ------------------------------------------------------------------------------

    def _old(self, day: int) -> list[_Line]:
        return [line for line in (*self._thread, *self._private) if self._from_day <= line.day < day]

    def needs_compaction(self, budget: int, *, ratio: float = 0.8) -> bool:
        """Whether the next request passes ``ratio`` of ``budget`` tokens with earlier days left to summarise."""
        return self.tokens() >= budget * ratio and self.can_compact()

    def can_compact(self) -> bool:
        """Whether there is an earlier day to summarise (setup lines alone are none)."""
        return any(line.day >= 1 for line in self._old(self.day))

    def compaction_messages(self) -> list[Message]:
        """The messages asking the model to summarise the days before the current one into notes."""
        self._compact_day = self.day
        old = self._old(self.day)
        first = min((line.day for line in old), default=self.day)
        ask = self.texts.word("notes.ask", first=max(1, first), last=max(1, first, self.day - 1),
                              limit=self.limits["notes"], label=seat_label(self.names, self.seat, self.lang))
        return self._base_messages(ask)

    def compact(self, summary: str) -> Compaction:
        """Replace the days before the current one with the model's notes; returns the record kept."""
        day = self._compact_day if self._compact_day is not None else self.day
        self._compact_day = None
        old = self._old(day)
        if not old:
            raise ValueError(f"nothing to compact before day {day}")
        before = self.tokens()
        first = min(line.day for line in old)
        seqs = [line.seq for line in old]
        body = "\n".join("> " + quote(line) for line in summary.strip().splitlines()) or "> "
        head = self.texts.word("notes.frame", first=max(1, first), last=max(1, day - 1))
        self._notes.append(head + "\n" + body)
        self._from_day = day
        record = Compaction(first, day - 1, summary, len(old), min(seqs, default=None), max(seqs, default=None),
                            before, self.tokens())
        self.compactions.append(record)
        return record


def _days(days: list[int]) -> str:
    """Sorted day numbers as runs: ``1–3,5``."""
    runs: list[list[int]] = []
    for day in days:
        if runs and day == runs[-1][-1] + 1:
            runs[-1].append(day)
        else:
            runs.append([day])
    return ",".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _tool_call(call: Any) -> Message:
    """One tool call as a plain OpenAI dict."""
    if hasattr(call, "model_dump"):
        call = call.model_dump(exclude_none=True)
    fn = call.get("function") or {}
    return {"id": str(call.get("id", "")), "type": call.get("type", "function"),
            "function": {"name": str(fn.get("name", "")), "arguments": str(fn.get("arguments", ""))}}
