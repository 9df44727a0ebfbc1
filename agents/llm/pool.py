"""Clients for the endpoints: one ``AsyncOpenAI`` and one concurrency limit per endpoint, with
retries (exponential backoff with seeded jitter) on 429, 5xx, timeouts and connection errors, and a
breaker that fails fast once an endpoint has failed ``breaker_after`` decisions in a row.

Requests go through the client's plain ``post`` with the body as built by ``agents.llm.wire`` for
the endpoint's provider profile: the typed ``chat.completions.create`` walks every message of the
(long) history to transform it, which cost more than the rest of a decision. The answer is taken as
the raw HTTP response and read here: a body that is not a chat completion (an HTML page, no choices)
is kept whole in the ``Reply`` (``raw``) and marked ``invalid``, never raised. Nothing here raises on a
failed request: ``complete`` returns a ``Reply`` that holds either the response or an error message
naming the endpoint and what to do.

What the pool learns about an endpoint during a game is kept per endpoint name (``Adapted``): a
context-exceeded 400 lowers its context budget (``lower_budget``), a vLLM server without a tool
parser refusing "auto" makes it send "required" from then on; both are noted on the call's record.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx
import openai
from openai import AsyncOpenAI

from agents.llm import wire
from agents.llm.endpoint import Endpoint, MissingKeyError

Sleep = Callable[[float], Awaitable[None]]


@dataclass
class Reply:
    """What one request came to, retries included."""

    response: dict[str, Any] | None = None
    error: str | None = None
    retries: int = 0
    latency_ms: float | None = None
    retry_errors: list[str] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    body: dict[str, Any] | None = None
    """The request body as sent (the profile's names, tool choice and schemas)."""
    status: int | None = None
    raw: str | None = None
    """A body that could not be read as a chat completion, as it came (cut at ``wire.RAW_LIMIT``)."""
    invalid: bool = False
    """An answer came but is no chat completion: the seat asks again, as after an invalid call."""
    context_exceeded: bool = False
    """The server answered that the prompt exceeds the model's context window."""
    notes: list[str] = field(default_factory=list)
    """What the pool adapted for this endpoint on this call (on record)."""


@dataclass
class Adapted:
    """What one endpoint showed during the game: a lowered context budget, "auto" refused."""

    budget: int | None = None
    auto_refused: bool = False


@dataclass
class _Health:
    failed_in_row: int = 0
    open_until: float = 0.0


class ClientPool:
    """The clients of a game's endpoints: one client per endpoint and event loop, one concurrency
    limit per endpoint name (seats that share an endpoint share its limit)."""

    def __init__(self, *, seed: int = 0, environ: Mapping[str, str] | None = None, sleep: Sleep | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rand = random.Random(f"backoff/{seed}")
        self.environ = environ
        self.sleep: Sleep = sleep or asyncio.sleep
        self.clock = clock
        self._clients: dict[tuple[int, str, str], AsyncOpenAI] = {}
        self._limits: dict[tuple[int, str], asyncio.Semaphore] = {}
        self._health: dict[str, _Health] = {}
        self.adapted: dict[str, Adapted] = {}
        self.meters: dict[str, Any] = {}
        """Tournament caps' meters by endpoint name (``agents.llm.meter.Meter``): the pool is shared by
        a tournament's games, so its meters span them."""

    def budget(self, ep: Endpoint) -> int:
        """The endpoint's context budget now: its own, or lower once the server said it was exceeded."""
        lowered = self.adapted.get(ep.name, Adapted()).budget
        return min(ep.policy.context_budget, lowered) if lowered is not None else ep.policy.context_budget

    def lower_budget(self, ep: Endpoint, tokens: int) -> tuple[int, int]:
        """Lower the endpoint's budget below ``tokens`` (a prompt the server refused) for the rest of
        the game: to 80 % of it, at least 1,000; (before, after)."""
        before = self.budget(ep)
        after = max(1_000, min(before, int(tokens * 0.8)))
        self.adapted.setdefault(ep.name, Adapted()).budget = after
        return before, after

    def _slot(self, ep: Endpoint) -> tuple[AsyncOpenAI, asyncio.Semaphore]:
        loop = id(asyncio.get_running_loop())
        key = (loop, ep.name, ep.transport.base_url)
        client = self._clients.get(key)
        if client is None:
            client = AsyncOpenAI(api_key=ep.api_key(self.environ), base_url=ep.transport.base_url, timeout=ep.transport.timeout_s,
                                 max_retries=0)
            self._clients[key] = client
        limit = self._limits.get((loop, ep.name))
        if limit is None:
            limit = self._limits[(loop, ep.name)] = asyncio.Semaphore(ep.transport.max_concurrency)
        return client, limit

    async def complete(self, ep: Endpoint, request: dict[str, Any]) -> Reply:
        """Send one chat completion request (``model`` and sampling added from ``ep``)."""
        reply = Reply()
        down = self._down(ep)
        if down is not None:
            reply.error = down
            return reply
        try:
            client, limit = self._slot(ep)
        except MissingKeyError as exc:
            reply.error = str(exc)
            return reply
        adapted = self.adapted.setdefault(ep.name, Adapted())
        body = reply.body = wire.body(ep, request, auto_refused=adapted.auto_refused)
        transient = False
        for attempt in range(ep.transport.max_retries + 1):
            async with limit:
                start = time.perf_counter()
                try:
                    raw = await client.post("/chat/completions", cast_to=httpx.Response, body=body,
                                            options={"timeout": ep.transport.timeout_s})
                except openai.APIError as exc:
                    reply.latency_ms = (time.perf_counter() - start) * 1000
                    reply.error, transient, retry_after = describe(ep, exc), retryable(exc), _retry_after(exc)
                    if isinstance(exc, openai.APIStatusError):
                        reply.status = exc.status_code
                        if self._auto_refused(ep, exc, body, reply):
                            body = reply.body = wire.body(ep, request, auto_refused=True)
                            transient, retry_after = True, 0.0
                        elif ep.api.is_context_error(exc.status_code, _text(exc)):
                            reply.context_exceeded = True
                else:
                    reply.latency_ms = (time.perf_counter() - start) * 1000
                    self._health.pop(ep.name, None)
                    return self._read(ep, raw, reply)
            if not transient or attempt == ep.transport.max_retries:
                break
            reply.retry_errors.append(reply.error)
            reply.retries += 1
            wait = self.backoff(ep, attempt, retry_after)
            reply.waits.append(wait)
            await self.sleep(wait)
        if transient:
            self._failed(ep)
        return reply

    def _read(self, ep: Endpoint, raw: httpx.Response, reply: Reply) -> Reply:
        """The answer of a 2xx response; a body that is no chat completion is kept and marked invalid."""
        reply.status = raw.status_code
        text = raw.text
        reply.response, problem = wire.read(raw.status_code, text)
        reply.error = None if problem is None else f"endpoint {ep.name!r} ({ep.transport.base_url}): {problem}"
        if problem is not None:
            reply.raw, reply.invalid = text[:wire.RAW_LIMIT], True
        return reply

    def _auto_refused(self, ep: Endpoint, exc: openai.APIStatusError, body: dict[str, Any], reply: Reply) -> bool:
        """A vLLM server without a tool parser refused "auto" (HTTP 400): send "required" from now on
        (requests already in flight with "auto" are sent again too; the first one notes it)."""
        if not ep.api.auto_needs_parser or exc.status_code != 400 or body.get("tool_choice") != "auto" \
                or "tool choice requires" not in _text(exc):
            return False
        adapted = self.adapted.setdefault(ep.name, Adapted())
        if not adapted.auto_refused:
            adapted.auto_refused = True
            reply.notes.append(f"endpoint {ep.name!r} refused tool_choice \"auto\" (no tool parser): "
                               "sending \"required\" for the rest of the game")
        return True

    def backoff(self, ep: Endpoint, attempt: int, retry_after: float | None) -> float:
        """Seconds before retry ``attempt + 1``: the server's Retry-After, else exponential with jitter."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), ep.transport.backoff_max_s)
        base: float = min(ep.transport.backoff_s * 2.0 ** attempt, ep.transport.backoff_max_s)
        return base * (0.5 + self.rand.random())

    def _down(self, ep: Endpoint) -> str | None:
        health = self._health.get(ep.name)
        if health is None or health.open_until <= self.clock():
            return None
        left = health.open_until - self.clock()
        return (f"endpoint {ep.name!r} ({ep.transport.base_url}) is down: {health.failed_in_row} decisions in a row failed; "
                f"not calling it for {left:.0f}s more. Check that the server runs and base_url is right.")

    def _failed(self, ep: Endpoint) -> None:
        health = self._health.setdefault(ep.name, _Health())
        health.failed_in_row += 1
        if health.failed_in_row >= ep.transport.breaker_after:
            health.open_until = self.clock() + ep.transport.breaker_cooldown_s

    async def aclose(self) -> None:
        """Close every client."""
        clients, self._clients = list(self._clients.values()), {}
        self._limits.clear()
        for client in clients:
            try:
                await client.close()
            except RuntimeError:  # a client of an event loop already closed
                pass


def retryable(exc: BaseException) -> bool:
    """Transport errors worth another try: timeouts, connection errors, 408, 409, 429, 5xx."""
    if isinstance(exc, openai.APIConnectionError):
        return True
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in (408, 409, 429) or exc.status_code >= 500
    return False


def _retry_after(exc: BaseException) -> float | None:
    if not isinstance(exc, openai.APIStatusError):
        return None
    raw = exc.response.headers.get("retry-after")
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None


def describe(ep: Endpoint, exc: openai.APIError) -> str:
    """An error message that names the endpoint and, where it can, the fix."""
    where = f"endpoint {ep.name!r} ({ep.transport.base_url}, model {ep.transport.model!r})"
    if isinstance(exc, openai.APITimeoutError):
        return f"{where}: no answer within {ep.transport.timeout_s:g}s (raise timeout_s in [endpoints.{ep.name}] if it is slow)"
    if isinstance(exc, openai.APIConnectionError):
        return f"{where}: cannot connect ({exc.__cause__ or exc.message}); is the server running at that base_url?"
    if isinstance(exc, openai.APIStatusError):
        status, detail = exc.status_code, _detail(exc)
        if status in (401, 403):
            var = ep.transport.api_key_env or "the key variable"
            return f"{where}: HTTP {status}, the key was refused ({detail}); check {var} and api_key_env"
        if status == 404:
            return f"{where}: HTTP 404 ({detail}); check the model name, and that base_url ends where /chat/completions starts (often /v1)"
        if status == 429:
            return f"{where}: HTTP 429 rate limited ({detail}); lower max_concurrency in [endpoints.{ep.name}] if it persists"
        return f"{where}: HTTP {status} ({detail})"
    return f"{where}: {type(exc).__name__}: {exc.message}"


def _text(exc: openai.APIStatusError) -> str:
    """The whole error body as text (where a context error or a refusal is recognised)."""
    body = exc.body
    return json.dumps(body, ensure_ascii=False) if isinstance(body, dict | list) else str(body or exc.message)


def _detail(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])[:300]
        if isinstance(inner, str):
            return inner[:300]
    return exc.message[:300]
