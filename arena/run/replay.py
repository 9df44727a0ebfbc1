"""What a resumed game replays: its stored events, answers, model replies and belief checkpoints.

A game is resumed by playing it again from its first event with the same players, their
answers taken from the transcript wherever it holds them (``GameRunner(replay=...)``):

* a seat whose answers can be computed again (``recomputable``: the scripted and random bots,
  whose answer is a function of the seat's view) is simply asked again, and answers the same;
* a seat whose answers cannot (a model, a person) has each answer stored when it comes
  (``answers``, with the decision's model calls, before it is applied), and the replay takes the
  stored answer instead of asking; an LLM seat is still run through those decisions, its pool
  answering every request with the reply stored for it (``ReplayPool``), so it rebuilds its
  memory — prompt, notebook, summaries — from stored data alone, exactly as it was;
* every event the replay produces must equal the stored one (``StoredGame.check``), so a resume
  that would not reach the same end stops before anything is written.

The stored part played again, the game goes on live, and only what is new is written. So a game
cut anywhere — between rounds, in the middle of a concurrent round with some answers stored, in
a checkpoint — reaches the same events as if it had never stopped, its rounds asking the same
seats on the same views.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from engine.actions import ACTION_ADAPTER, Action
from engine.events import Event, to_json
from transcripts.errors import TranscriptError
from transcripts.reader import StoredReply
from transcripts.records import AnswerRow

DECISION: ContextVar[int | None] = ContextVar("decision", default=None)
"""The runner's decision whose requests a seat's pool is serving now; None outside any decision
(a checkpoint's compaction or belief question). Set by the runner around each answer it asks for."""

STORED: ContextVar[bool] = ContextVar("stored", default=False)
"""Whether the current decision's answer is stored (its requests are answered from the transcript,
never sent)."""


def recomputable(agent: object) -> bool:
    """Whether ``agent``'s answers are a function of the seat's view (``recomputable = True`` on the
    class: the scripted and random bots), so a resumed game asks it again instead of storing them."""
    return bool(getattr(agent, "recomputable", False))


class ReplayedFailure(Exception):
    """A player's failure as stored: the runner falls back with the same reason and parameters."""

    def __init__(self, detail: dict[str, Any]) -> None:
        super().__init__(str(detail.get("message", "")))
        self.detail = detail


@dataclass(frozen=True, slots=True)
class StoredAnswer:
    """One stored answer (``answers``): the action, or the player's failure."""

    decision: int
    seat: int
    action: Action | None
    error: str | None

    @staticmethod
    def of(row: AnswerRow) -> StoredAnswer:
        action = None if row.action is None else ACTION_ADAPTER.validate_json(row.action)
        return StoredAnswer(row.decision, row.seat, action, row.error)

    def value(self) -> Action | BaseException | None:
        """What the runner got then: the action, or the failure to fall back on."""
        return ReplayedFailure(json.loads(self.error)) if self.error is not None else self.action


def failure(answer: BaseException) -> dict[str, Any]:
    """What a fallback says of a player that failed (``player_failed``'s parameters): a stored
    failure, what was stored."""
    if isinstance(answer, ReplayedFailure):
        return dict(answer.detail)
    return {"detail": type(answer).__name__, "message": str(answer)[:300]}


def answer_row(decision: int, seat: int, asked_seq: int, day: int, phase: str,
               answer: Action | BaseException | None) -> AnswerRow:
    """The row that stores an answer; a failed player's as JSON of what the fallback says of it."""
    if isinstance(answer, BaseException):
        return AnswerRow(decision=decision, seat=seat, asked_seq=asked_seq, day=day, phase=phase,
                         error=json.dumps(failure(answer), ensure_ascii=False))
    action = None if answer is None else ACTION_ADAPTER.dump_json(answer).decode()
    return AnswerRow(decision=decision, seat=seat, asked_seq=asked_seq, day=day, phase=phase, action=action)


@dataclass
class StoredGame:
    """A stored game's part to replay: events, answers by decision, model replies by seat, and the
    belief checkpoints whose rows are stored."""

    game_id: str
    events: list[Event]
    answers: dict[int, StoredAnswer] = field(default_factory=dict)
    replies: dict[int, list[StoredReply]] = field(default_factory=dict)
    beliefs_at: set[int] = field(default_factory=set)
    version: str = ""
    """The package version that played the stored part (named when a replay differs)."""
    _json: list[str] = field(default_factory=list)

    @staticmethod
    def of(game_id: str, events: list[Event], answers: Iterable[AnswerRow], replies: Iterable[StoredReply],
           beliefs_at: Iterable[int], version: str = "") -> StoredGame:
        by_seat: dict[int, list[StoredReply]] = {}
        for reply in replies:
            by_seat.setdefault(reply.seat, []).append(reply)
        return StoredGame(game_id, events, {a.decision: StoredAnswer.of(a) for a in answers}, by_seat,
                          set(beliefs_at), version)

    def answer(self, decision: int) -> StoredAnswer | None:
        return self.answers.get(decision)

    def check(self, new: Sequence[Event]) -> list[Event]:
        """The events of ``new`` that are not stored yet; the stored ones must be the same as stored,
        else a ``TranscriptError`` says where the replay differs (nothing is written)."""
        stored = len(self.events)
        if not new or new[0].seq >= stored:
            return list(new)
        if not self._json:
            self._json = [to_json(e) for e in self.events]
        for event in new:
            if event.seq < stored and to_json(event) != self._json[event.seq]:
                raise TranscriptError(code="resume_diverged", game=self.game_id, seq=event.seq,
                                      stored=self.events[event.seq].kind, replayed=event.kind,
                                      version=self.version or "unknown")
        return [e for e in new if e.seq >= stored]

    def unlinked(self, decisions: Iterable[int]) -> list[int]:
        """The stored calls of ``decisions`` not linked to an event yet (their process died between
        storing the answer and applying it): the replay links them."""
        wanted = set(decisions)
        return [r.call_id for replies in self.replies.values() for r in replies
                if r.decision in wanted and r.event_seq is None]

    def next_call(self) -> int:
        """The id the game's next model call gets (ids go on from the stored ones)."""
        return max((r.call_id for replies in self.replies.values() for r in replies), default=-1) + 1

    def outside_calls(self, seat: int) -> int:
        """How many of the seat's stored calls were made outside a decision (a checkpoint's)."""
        return sum(1 for r in self.replies.get(seat, ()) if r.decision == 0)


class ReplayPool:
    """An LLM seat's client pool while its game is resumed: the stored reply of every request the
    transcript holds (a stored decision's, in order; a checkpoint's, in order), the live pool for
    the rest. A stored decision never reaches the network: a request past what was stored (the
    seat asks differently than it did) gets an error reply and is counted in ``diverged``."""

    def __init__(self, replies: Sequence[StoredReply], live: Any) -> None:
        self.live = live
        self.decisions: dict[int, deque[StoredReply]] = {}
        self.outside: deque[StoredReply] = deque()
        for reply in replies:
            if reply.decision is None:  # not the game's own: a later analysis's (arena persuasion)
                continue
            if reply.decision:
                self.decisions.setdefault(reply.decision, deque()).append(reply)
            else:
                self.outside.append(reply)
        self.diverged: list[str] = []
        self.served = 0

    async def complete(self, ep: Any, request: dict[str, Any]) -> Any:
        decision = DECISION.get()
        if decision is not None and STORED.get():
            queue = self.decisions.get(decision)
            if queue:
                return self._serve(queue.popleft(), request, ep)
            self.diverged.append(f"decision {decision}: a request past the stored replies")
            return _reply(error="resumed game: no stored reply for this request")
        if decision is None and self.outside:
            return self._serve(self.outside.popleft(), request, ep)
        return await self.live.complete(ep, request)

    def _serve(self, stored: StoredReply, request: dict[str, Any], ep: Any) -> Any:
        self.served += 1
        messages = request.get("messages") or []
        if stored.last_message is not None and messages and _plain(messages[-1]) != stored.last_message:
            self.diverged.append(f"call {stored.call_id}: the request differs from the stored one")
        reply = stored_reply(stored)
        if reply.notes:  # the server refused "auto" then: the live pool sends "required" from now on
            adapted = self.live.adapted.setdefault(ep.name, _adapted())
            adapted.auto_refused = True
        reply.body = _body(ep, request, self.live.adapted.get(ep.name))
        return reply

    def __getattr__(self, name: str) -> Any:
        return getattr(self.live, name)

    async def aclose(self) -> None:
        await self.live.aclose()


def stored_reply(stored: StoredReply) -> Any:
    """The pool's ``Reply`` as it was (``agents.llm.records.record_call`` wrote it): the response as
    the server sent it, or the error, or the unreadable body; retries, latency, retried errors, waits,
    what the pool adapted, whether the context was exceeded."""
    body = dict(stored.response or {})
    extra = body.pop("x_arena", {}) or {}
    raw = extra.get("raw_body")
    return _reply(response=body or None, error=stored.error if not body else None, retries=stored.retries,
                  latency_ms=stored.latency_ms, retry_errors=list(extra.get("retry_errors", [])),
                  waits=list(extra.get("waits", [])), status=extra.get("status"), raw=raw,
                  invalid=raw is not None, context_exceeded=bool(extra.get("context_exceeded")),
                  notes=list(extra.get("adapted", [])))


def _body(ep: Any, request: dict[str, Any], adapted: Any) -> dict[str, Any]:
    """The body the live pool sent for ``request`` (``agents.llm.wire.body``): a seat reads the
    offered tools off it, in the profile's form."""
    from agents.llm import wire

    return wire.body(ep, request, auto_refused=bool(adapted is not None and adapted.auto_refused))


def _adapted() -> Any:
    from agents.llm.pool import Adapted

    return Adapted()


def _reply(**fields: Any) -> Any:
    from agents.llm.pool import Reply

    return Reply(**fields)


def _plain(message: Any) -> Any:
    """A message as its stored JSON reads back (tuples as lists, and so on)."""
    return json.loads(json.dumps(message, ensure_ascii=False, default=str))
