"""One seat's chat history for a whole game: what its model reads, built incrementally.

``SeatPrompt`` keeps the OpenAI chat messages of one seat in a stable order, so that a provider's
prefix cache hits: the system message (rules, the seat's alias and role card) first, then the
seat's events as they happen, each decision's instruction, and the model's own turns. Nothing is
ever reordered or rewritten, so the messages of one decision are an exact prefix of the next's,
until a compaction (when the context nears its budget, the days before the current one are
replaced by notes the model wrote; each compaction is recorded in ``compactions``).

What the seat knows comes only from the events in its view (``engine.views``): its role from
``RoleDealt``, a derived role (共犯, 见习魔女) from the judge's notice. ``observe`` ignores any event
the seat may not see, so a caller that hands it the god view leaks nothing.

Events observed between two decisions join the next user message, ahead of that decision's
instruction, so user and assistant turns alternate (some chat templates require it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import events as ev
from engine.legal import LegalAction
from engine.narrate import Lang, Names
from engine.narrate.context import quote
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset
from engine.views import Viewer, can_see
from prompts.actions import describe_all
from prompts.render import SeatNames, quoted, render_event, seat_label
from prompts.texts import Texts, load
from prompts.tokens import PER_MESSAGE, count_message, count_messages, count_tokens

Message = dict[str, Any]

LIMIT_KINDS = ("post", "team_post", "last_words", "vote_reason")
"""Texts an action may carry, each with its own token limit (``SeatPrompt.limits``)."""


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


@dataclass(slots=True)
class _Entry:
    """One message of the history, with the game days it covers and the events it shows."""

    message: Message
    day: int
    first_day: int
    seqs: tuple[int, ...] = ()
    tokens: int = field(default=-1)
    notes: bool = False

    def count(self) -> int:
        if self.tokens < 0:
            self.tokens = count_message(self.message)
        return self.tokens


class SeatPrompt:
    """The prompt of one seat for one whole game (see the module docstring)."""

    def __init__(self, ruleset: Ruleset | str, seat: int, lang: Lang = "zh", names: Names | None = None, *,
                 post_limit: int | None = None, limits: Mapping[str, int] | None = None) -> None:
        self.ruleset = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.seat = seat
        self.lang: Lang = lang
        self.texts: Texts = load(self.ruleset.id, lang)
        self.limits: dict[str, int] = {**self.texts.limits, **dict(limits or {})}
        if post_limit is not None:
            self.limits["post"] = post_limit
        self.names: Names = SeatNames.of(names or Names.from_ruleset(self.ruleset))
        self.viewer = Viewer.of_seat(seat)
        self.flags: dict[str, Any] = {f.name: f.default for f in self.ruleset.flags}
        self.dealt: str | None = None
        """The role dealt at the start (from ``RoleDealt``)."""
        self.role: str | None = None
        """The role the seat knows it has now (a derived role once the judge says so)."""
        self.faction: str | None = None
        self.alive = True
        self.day = 0
        self.compactions: list[Compaction] = []
        self._seen: set[int] = set()
        self._pending: list[tuple[int, int, str]] = []
        self._entries: list[_Entry] = []
        self._system: Message | None = None
        self._system_tokens = 0
        self._compact_day: int | None = None
        self._told: tuple[int, str, str | None] | None = None
        """(day, phase, role) whose "what to do now" the history already holds: it is said once."""

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

        Returns how many were new. Their lines join the history at the next ``request``.
        """
        new = 0
        for event in events:
            if event.seq in self._seen or not can_see(self.viewer, event):
                continue
            self._seen.add(event.seq)
            new += 1
            self.day = max(self.day, event.day)
            if self._learn(event) and self._system is None:
                continue
            line = render_event(event, self.names, self.lang, quiet=self.texts.quiet_phases)
            if line is not None:
                self._pending.append((event.day, event.seq, line))
            card = self._derived_card(event)
            if card:
                self._pending.append((event.day, event.seq, card))
        return new

    def _learn(self, event: ev.Event) -> bool:
        """Update what the seat knows from ``event``; True when the system message holds it."""
        if isinstance(event, ev.GameCreated):
            self.flags.update(event.flags)
            return True
        if isinstance(event, ev.AliasesAssigned):
            aliases = {**self.names.aliases, **{int(s): a for s, a in event.aliases.items()}}
            self.names = dataclasses.replace(self.names, aliases=aliases)
            return True
        if isinstance(event, ev.RoleDealt) and event.seat == self.seat:
            self.dealt = self.role = event.role
            self.faction = event.faction
            return True
        if isinstance(event, ev.Notice) and self.seat in event.seats:
            self._learn_notice(event)
        elif isinstance(event, ev.Announced) and self._died_in(event):
            self.alive = False
        return False

    def _learn_notice(self, event: ev.Notice) -> None:
        role = self.texts.roles_by_notice.get(event.topic)
        if role is not None and event.topic != "merged":
            self.role = role
            self.faction = next((r.faction for r in self.ruleset.roles if r.id == role), self.faction)
        if event.topic == "death" or (event.topic == "apprentice" and event.data.get("soul")):
            self.alive = False

    def _died_in(self, event: ev.Announced) -> bool:
        if event.topic in ("night_deaths", "drowned"):
            return self.seat in event.seats
        died = event.data.get("died", [])
        return event.topic == "vote_result" and isinstance(died, list) and self.seat in died

    def _derived_card(self, event: ev.Event) -> str:
        """The role card to show after ``event``: a derived role's, or the dealt one's if the system
        message was already sent without it."""
        if isinstance(event, ev.RoleDealt) and event.seat == self.seat:
            role: str | None = event.role
        elif isinstance(event, ev.Notice) and self.seat in event.seats:
            role = self.texts.roles_by_notice.get(event.topic)
        else:
            return ""
        if role is None:
            return ""
        name = self.names.role(role, self.lang)
        return self.texts.word("frame.role_update", role=name) + "\n" + self.texts.role_card(role)

    # -- the system message ----------------------------------------------------------------------

    def _system_text(self) -> str:
        t, names = self.texts, self.names
        role = self.dealt
        alias = names.aliases.get(self.seat, "")
        shown = alias if self.lang == "zh" else names.english.get(alias, alias)
        parts = [
            t.word("frame.intro", title=quote(names.title or self.ruleset.title), seats=self.ruleset.seats),
            t.word("frame.identity", seat=self.seat, label=seat_label(names, self.seat, self.lang), alias=quote(shown),
                   role=names.role(role, self.lang) if role else t.word("unknown")),
            t.word("frame.reading"),
            t.word("frame.rules_heading"),
            t.fill_rules(self.flags),
        ]
        changed = self._changed_flags()
        if changed:
            parts.append(t.word("frame.flags", flags=changed))
        if role:
            parts += [t.word("frame.role_heading", role=names.role(role, self.lang)), t.role_card(role)]
        if names.aliases:
            roster = t.word("sep").join(seat_label(names, s, self.lang) for s in sorted(names.aliases))
            parts.append(t.word("frame.roster", roster=roster))
        parts.append(t.word("frame.conduct", post=self.limits["post"]))
        return "\n\n".join(p for p in parts if p)

    def _changed_flags(self) -> str:
        defaults = {f.name: f for f in self.ruleset.flags}
        out = [f"{name} = {value!r} ({defaults[name].doc})" for name, value in sorted(self.flags.items())
               if name in defaults and defaults[name].default != value]
        return "; ".join(out)

    def _system_message(self) -> Message:
        if self._system is not None:
            return self._system
        return {"role": "system", "content": self._system_text()}

    def _freeze(self) -> None:
        if self._system is None:
            self._system = self._system_message()
            self._system_tokens = count_message(self._system)

    # -- decisions -------------------------------------------------------------------------------

    def request(self, day: int, phase: str, legal: tuple[LegalAction, ...], error: str | None = None, *,
                blue_left: int | None = None, post_limit: int | None = None) -> list[Message]:
        """The complete chat messages for one decision; the instruction stays in the history.

        The instruction says the day and phase, what to do now (per role; once per day and phase),
        the legal actions in words (targets, the 蓝字 left, token limits) and, on a retry, the
        judge's error.
        """
        self._freeze()
        self._close_tool_calls()
        self.day = max(self.day, day)
        limits = dict(self.limits) if post_limit is None else {**self.limits, "post": post_limit}
        text = self._instruction(day, phase, legal, error, blue_left, limits)
        self._flush(text, day)
        return self.messages()

    def _instruction(self, day: int, phase: str, legal: tuple[LegalAction, ...], error: str | None,
                     blue_left: int | None, limits: Mapping[str, int]) -> str:
        t, names = self.texts, self.names
        role = names.role(self.role, self.lang) if self.role else t.word("unknown")
        status = "" if self.alive else t.word("frame.dead")
        lines = [
            t.word("frame.turn" if day > 0 else "frame.turn_setup", day=day, phase=names.phase(phase, self.lang)),
            t.word("frame.you", label=seat_label(names, self.seat, self.lang), role=role) + status,
        ]
        todo = t.phase_text(phase, self.role) if (day, phase, self.role) != self._told else ""
        if todo:
            lines += [t.word("frame.todo"), todo]
            self._told = (day, phase, self.role)
        lines.append(t.word("frame.options"))
        lines += ["- " + line for line in describe_all(legal, t, names, limits, blue_left)]
        if error:
            lines.append(t.word("frame.error", error=quoted(error)))
        return "\n".join(lines)

    def _flush(self, text: str, day: int) -> None:
        lines = [line for _, _, line in self._pending]
        days = [d for d, _, _ in self._pending] or [day]
        seqs = tuple(sorted({s for _, s, _ in self._pending}))
        content = "\n".join(lines) + ("\n\n" if lines else "") + text
        self._pending.clear()
        self._append({"role": "user", "content": content}, max(day, *days), min(days), seqs)

    def _append(self, message: Message, day: int, first_day: int | None = None, seqs: tuple[int, ...] = ()) -> None:
        self._entries.append(_Entry(message, day, day if first_day is None else first_day, seqs))

    def record_assistant(self, message: Mapping[str, Any] | Any) -> None:
        """Append the model's turn (an OpenAI assistant message, as a dict or the client's object)."""
        if hasattr(message, "model_dump"):
            message = message.model_dump(exclude_none=True)
        out: Message = {"role": "assistant", "content": message.get("content")}
        calls = [_tool_call(c) for c in message.get("tool_calls") or ()]
        if calls:
            out["tool_calls"] = calls
        elif out["content"] is None:
            out["content"] = ""
        self._append(out, self._last_day())

    def record_tool_result(self, tool_call_id: str, text: str) -> None:
        """Append the result of one tool call (what the judge answered)."""
        self._append({"role": "tool", "tool_call_id": tool_call_id, "content": text}, self._last_day())

    def _last_day(self) -> int:
        return self._entries[-1].day if self._entries else self.day

    def _close_tool_calls(self) -> None:
        """Answer tool calls left without a result, so the next request is well formed."""
        for i in range(len(self._entries) - 1, -1, -1):
            message = self._entries[i].message
            if message["role"] == "assistant":
                answered = {e.message.get("tool_call_id") for e in self._entries[i + 1:]}
                for call in message.get("tool_calls") or ():
                    if call["id"] not in answered:
                        self.record_tool_result(call["id"], self.texts.word("frame.no_result"))
                return

    # -- reading ---------------------------------------------------------------------------------

    def messages(self) -> list[Message]:
        """The history as chat messages: system, then every entry in order. A new list of the
        history's own message dicts, which are never changed once appended (the history only
        grows or has its older entries replaced), so requests and call records share them; callers
        must not change them either."""
        return [self._system_message()] + [e.message for e in self._entries]

    def tokens(self) -> int:
        """Approximate prompt tokens of the history, events not yet in a message included."""
        system = self._system_tokens if self._system is not None else count_message(self._system_message())
        pending = sum(count_tokens(line) + 1 for _, _, line in self._pending)
        return count_messages(()) + system + sum(e.count() for e in self._entries) + \
            (PER_MESSAGE + pending if pending else 0)

    # -- compaction ------------------------------------------------------------------------------

    def _old(self, day: int) -> list[_Entry]:
        return [e for e in self._entries if e.day < day]

    def needs_compaction(self, budget: int, *, ratio: float = 0.8) -> bool:
        """Whether the history passes ``ratio`` of ``budget`` tokens with earlier days left to summarise."""
        if self.tokens() < budget * ratio:
            return False
        return any(not e.notes for e in self._old(self.day))

    def compaction_messages(self) -> list[Message]:
        """The messages asking the model to summarise the days before the current one into notes."""
        self._freeze()
        self._close_tool_calls()
        self._compact_day = self.day
        old = self._old(self.day)
        first = min((e.first_day for e in old), default=self.day)
        ask = self.texts.word("notes.ask", first=max(1, first), last=max(1, first, self.day - 1), limit=self.limits["notes"],
                              label=seat_label(self.names, self.seat, self.lang))
        return [*self.messages(), {"role": "user", "content": ask}]

    def compact(self, summary: str) -> Compaction:
        """Replace the days before the current one with the model's notes; returns the record kept."""
        day = self._compact_day if self._compact_day is not None else self.day
        self._compact_day = None
        old = self._old(day)
        if not old:
            raise ValueError(f"nothing to compact before day {day}")
        before = self.tokens()
        first = min(e.first_day for e in old)
        seqs = [s for e in old for s in e.seqs]
        body = "\n".join("> " + quote(line) for line in summary.strip().splitlines()) or "> "
        head = self.texts.word("notes.frame", first=max(1, first), last=max(1, day - 1))
        notes = _Entry({"role": "user", "content": head + "\n" + body}, day - 1, first, notes=True)
        self._entries = [notes] + [e for e in self._entries if e.day >= day]
        record = Compaction(first, day - 1, summary, len(old), min(seqs, default=None), max(seqs, default=None),
                            before, self.tokens())
        self.compactions.append(record)
        return record


def _tool_call(call: Any) -> Message:
    """One tool call as a plain OpenAI dict."""
    if hasattr(call, "model_dump"):
        call = call.model_dump(exclude_none=True)
    fn = call.get("function") or {}
    return {"id": str(call.get("id", "")), "type": call.get("type", "function"),
            "function": {"name": str(fn.get("name", "")), "arguments": str(fn.get("arguments", ""))}}
