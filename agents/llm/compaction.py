"""Compaction: one call (no tools) in which the model summarises a seat's earlier days into its notes.

Used in two places: a decision whose prompt nears the endpoint's ``context_budget`` compacts first
(the graph's ``compact`` node), and ``arena.run.compaction.CompactionCheckpoint`` compacts every seat
of an endpoint together when a phase begins. The call is recorded (purpose ``compaction``); a
failed or empty summary is on record and leaves the prompt as it was (nothing is dropped unsummarised).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from agents.base import Turn
from agents.llm.endpoint import Endpoint
from agents.llm.pool import ClientPool
from agents.llm.records import assistant_message, record_call, sendable
from prompts.texts import DEFAULT_LIMITS
from transcripts.records import CallRecord

Message = dict[str, Any]
PURPOSE = "compaction"

SUMMARY_SLACK = 2
"""The model's own tokens allowed a summary per token of the notes limit (counted in o200k, which
packs English and Chinese denser than most small models' vocabularies)."""


class Compactable(Protocol):
    """What a compaction needs of ``prompts.SeatPrompt``."""

    def compaction_messages(self) -> list[Message]: ...
    def compact(self, summary: str) -> Any: ...
    @property
    def limits(self) -> dict[str, int]: ...


def summary_tokens(ep: Endpoint, limits: Mapping[str, int]) -> int:
    """``max_tokens`` of a compaction call: the notes limit, with slack for the model's tokenizer.
    Unbounded, the demo's 135M model wrote to the endpoint's 256 every time (~30 s a summary)."""
    bound = limits.get("notes", DEFAULT_LIMITS["notes"]) * SUMMARY_SLACK
    return min(ep.policy.max_tokens, bound) if ep.policy.max_tokens is not None else bound


async def compact_prompt(prompt: Compactable, endpoint: Endpoint, pool: ClientPool, turn: Turn) -> CallRecord:
    """Ask the model for the summary of the seat's earlier days and put it in the prompt's notes;
    the call's record (``turn`` says whose and when)."""
    request = {"messages": sendable(prompt.compaction_messages()),
               "max_tokens": summary_tokens(endpoint, prompt.limits)}
    reply = await pool.complete(endpoint, request)
    record = record_call(turn, endpoint, PURPOSE, request, reply)
    summary = assistant_message(reply.response, endpoint).get("content", "") if reply.response is not None else ""
    if reply.error is None and not summary.strip():
        record.error = "compaction: the model returned an empty summary"
    if summary.strip():
        prompt.compact(summary.strip())
    return record
