"""A fake OpenAI-compatible server on 127.0.0.1 for tests: no model, scripted answers.

``FakeOpenAI`` serves ``POST /v1/chat/completions`` and ``GET /v1/models`` from a thread (stdlib
``ThreadingHTTPServer``). Each chat request takes the next ``Answer`` of the script; when the
script is empty, ``policy`` mode answers with a valid call of a tool offered in the request (the
named one when ``tool_choice`` names one, else the first; targets: the first of each enum), which
is enough to play whole games. Every request body is kept in ``requests``.

Answers: ``Answer.call`` (a tool call; arguments as a dict, or a raw string for malformed JSON),
``Answer.text`` (content and no tool call: a refusal), ``Answer.status`` (HTTP 429/500…, with an
optional Retry-After), ``Answer.hang`` (no answer for a while: past the client's timeout),
``Answer.slow`` (an answer after a delay), ``Answer.policy`` (what policy mode would say).
``delay`` makes every answer wait that long (a model's latency, for bench/latency.py).
``Answer.raw`` sends a body as it is (an HTML page with status 200). ``provider`` (``tests.providers``)
makes the server behave as one provider's documentation says: ``check`` may refuse a request with
that provider's error (a 400), ``shape`` turns the plain answer into that provider's answer.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import random
import re
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Body = dict[str, Any]


@dataclass(frozen=True)
class Answer:
    """One scripted answer to one chat request."""

    kind: str
    tool: str = ""
    arguments: str | dict[str, Any] | None = None
    content: str | None = None
    status: int = 200
    retry_after: float | None = None
    delay: float = 0.0
    then: Answer | None = None
    finish_reason: str | None = None
    tag: str | None = None
    """The response's id, where given (the fault plan tags each fault it answers with)."""

    @staticmethod
    def call(tool: str, arguments: str | dict[str, Any] | None = None) -> Answer:
        return Answer("call", tool=tool, arguments=arguments if arguments is not None else {})

    @staticmethod
    def text(content: str) -> Answer:
        return Answer("text", content=content)

    @staticmethod
    def error(status: int, retry_after: float | None = None) -> Answer:
        return Answer("status", status=status, retry_after=retry_after)

    @staticmethod
    def hang(seconds: float = 30.0) -> Answer:
        return Answer("hang", delay=seconds)

    @staticmethod
    def slow(seconds: float, then: Answer | None = None) -> Answer:
        return Answer("slow", delay=seconds, then=then)

    @staticmethod
    def policy() -> Answer:
        return Answer("policy")

    @staticmethod
    def raw(body: str, status: int = 200) -> Answer:
        """A body sent as it is (not JSON: an HTML page from a proxy, say)."""
        return Answer("raw", content=body, status=status)

    @staticmethod
    def reset() -> Answer:
        """The connection closed without a response (a reset)."""
        return Answer("reset")


TRANSPORT_FAULTS = ("5xx", "429", "timeout", "reset")
ANSWER_FAULTS = ("malformed", "cut_off", "unknown_tool", "empty")
FAULTS = (*TRANSPORT_FAULTS, *ANSWER_FAULTS)


@dataclass
class Faults:
    """A share of requests answered wrongly, every way an endpoint goes wrong: a 5xx, a 429 with
    Retry-After, no answer until past the client's timeout, a reset connection, or a reply that must
    not be taken: a tool call with malformed or cut-off arguments (``finish_reason`` "length"), a
    tool the request did not offer, empty content. Drawn on ``seed``; each one logged with the id of
    its reply (``fault-N``), so a test can find what became of it in the records."""

    rate: float = 0.2
    seed: int = 0
    timeout_s: float = 1.0
    """How long a "timeout" hangs: past the client's own timeout."""
    retry_after: float = 0.05
    log: list[tuple[str, str | None]] = field(default_factory=list)
    """(kind, reply id or None) of every fault, in order."""
    _rand: random.Random | None = None

    def draw(self, body: Body, good: Callable[[], Answer]) -> Answer | None:
        """A fault for this request, or None (answer it well)."""
        rand = self._rand = self._rand or random.Random(f"faults/{self.seed}")
        if rand.random() >= self.rate:
            return None
        tools = body.get("tools") or []
        kind = rand.choice(FAULTS if tools else (*TRANSPORT_FAULTS, "empty"))
        tag = f"fault-{len(self.log)}" if kind in ANSWER_FAULTS else None
        self.log.append((kind, tag))
        if kind == "5xx":
            return Answer.error(rand.choice((500, 502, 503)))
        if kind == "429":
            return Answer.error(429, retry_after=self.retry_after)
        if kind == "timeout":
            return Answer.hang(self.timeout_s)
        if kind == "reset":
            return Answer.reset()
        if kind == "empty":
            return dataclasses.replace(Answer.text(""), tag=tag)
        if kind == "unknown_tool":
            return dataclasses.replace(Answer.call("no_such_tool", {"x": 1}), tag=tag)
        call = good()
        name = call.tool if call.kind == "call" else tools[0]["function"]["name"]
        raw = call.arguments if isinstance(call.arguments, str) else json.dumps(call.arguments or {"x": 1},
                                                                                   ensure_ascii=False)
        if kind == "malformed":
            return dataclasses.replace(Answer.call(name, "{" + raw.strip("{}") + ",,}"), tag=tag)
        return dataclasses.replace(Answer.call(name, raw[: max(1, len(raw) // 2)]), finish_reason="length", tag=tag)


ScriptItem = Answer | Callable[[Body], Answer]


@dataclass
class Policy:
    """Valid answers from the request's own tools; ``notes_every`` n-th choice writes a note first.

    ``stateless``: every answer a function of its request alone (its tags and note choices drawn
    from a digest of the body, not from counters), so a game cut and resumed against a new server,
    or whose concurrent requests arrive in another order, gets the same answers."""

    notes_every: int = 0
    counter: int = 0
    choices: int = 0
    stateless: bool = False
    digest: str = ""

    def token(self, prefix: str) -> str:
        self.counter += 1
        return f"⟦{prefix}{self.digest[:8] if self.stateless else self.counter}⟧"

    def answer(self, body: Body) -> Answer:
        if self.stateless:
            self.digest = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
        return self._answer(body)

    def _answer(self, body: Body) -> Answer:
        tools: list[Body] = body.get("tools") or []
        if not tools:
            return Answer.text(f"摘要 summary {self.token('S')}")
        legal = legal_lines(body)
        choice = body.get("tool_choice")
        named = choice.get("function", {}).get("name") if isinstance(choice, dict) else None
        names = [t["function"]["name"] for t in tools]
        first = next((n for n in legal if n in names), names[0])
        tool = next((t for t in tools if t["function"]["name"] == (named or first)), tools[0])
        name = tool["function"]["name"]
        if name == "select_action":
            options = tool["function"]["parameters"]["properties"]["action"]["enum"]
            return Answer.call(name, {"action": self._pick(options, legal)})
        if named is None and self._pick(names, legal) == "write_notes":
            return Answer.call("write_notes", {"text": f"note {self.token('N')}"})
        return Answer.call(name, self.arguments(tool, legal.get(name, "")))

    def _pick(self, options: list[str], legal: dict[str, str] | None = None) -> str:
        self.choices += 1
        turn = int(self.digest[:8], 16) if self.stateless else self.choices
        if self.notes_every and "write_notes" in options and turn % self.notes_every == 0:
            return "write_notes"
        listed = [o for o in (legal or {}) if o in options]
        if listed:
            return listed[0]
        return next((o for o in options if o != "write_notes"), options[0])

    def arguments(self, tool: Body, line: str = "") -> Body:
        """Valid arguments: of every enum the first value the instruction's line for this tool names
        (the targets legal now; else the enum's first), a tagged text for every string."""
        params = tool["function"]["parameters"]
        name = tool["function"]["name"]
        out: Body = {}
        for key in params.get("required", []):
            prop = params["properties"][key]
            if "enum" in prop:
                out[key] = _named_in(prop["enum"], line, 1)[0]
            elif prop.get("type") == "boolean":
                out[key] = key != "blue"
            elif prop.get("type") == "array" and "enum" not in prop["items"]:
                out[key] = _objects(prop["items"])
            elif prop.get("type") == "array":
                out[key] = _named_in(prop["items"]["enum"], line, prop.get("minItems", 1))
            elif prop.get("type") == "integer":
                out[key] = prop.get("minimum", 1)
            else:
                out[key] = f"{name} {self.token('T')} 我觉得局势还不明朗。"
        return out


_OPTION = re.compile(r"^- ([A-Za-z_][A-Za-z0-9_-]*)\s*[：:]")


def legal_lines(body: Body) -> dict[str, str]:
    """The actions the last instruction lists ("- tool：..." lines of the last user message), by tool
    name, in its order: a stable tool set offers more tools than are legal now."""
    for message in reversed(body.get("messages") or []):
        if message.get("role") == "user":
            out: dict[str, str] = {}
            for line in str(message.get("content") or "").splitlines():
                match = _OPTION.match(line)
                if match:
                    out.setdefault(match.group(1), line)
            return out
    return {}


def _objects(items: Body) -> list[Body]:
    """An array of objects (e.g. a belief report): one object per value of its first enum property,
    every number the middle of its range."""
    props: Body = items.get("properties", {})
    keyed = next((k for k, v in props.items() if "enum" in v), None)
    numbers = {k: (v.get("minimum", 0) + v.get("maximum", 1)) / 2 for k, v in props.items()
               if v.get("type") == "number"}
    return [{keyed: value, **numbers} for value in props[keyed]["enum"]] if keyed else [dict(numbers)]


def _named_in(values: list[Any], line: str, n: int) -> list[Any]:
    """The first ``n`` values the line names (labels are whole seat labels), else the first ``n``."""
    named = [v for v in values if isinstance(v, str) and v and v in line]
    return named[:n] if len(named) >= n else values[:n]


@dataclass
class _State:
    script: deque[ScriptItem] = field(default_factory=deque)
    requests: list[Body] = field(default_factory=list)
    keep_requests: bool = True
    """False for long benchmarks: the bodies are not kept."""
    headers: list[dict[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stop: threading.Event = field(default_factory=threading.Event)
    calls: int = 0


class _Server(ThreadingHTTPServer):
    """The HTTP server, quiet about a client that went away (a killed ``arena play``, a timed-out
    request): that is the test's doing, not the server's fault; anything else is printed as usual."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class FakeOpenAI:
    """The server; use as a context manager or ``start()`` / ``stop()``."""

    def __init__(self, script: Iterable[ScriptItem] = (), *, policy: bool = True, notes_every: int = 0,
                 model: str = "fake-model", cached_tokens: bool = True, delay: float = 0.0,
                 provider: Any = None, stateless: bool = False, faults: Faults | None = None) -> None:
        self.state = _State(deque(script))
        self.provider = provider
        """A provider's behaviour (``tests.providers.Provider``), or None for the plain fake."""
        self.stateless = stateless
        self.faults = faults
        """Wrong answers to a share of the requests the script does not answer (``Faults``)."""
        self.delay = delay
        """Seconds every chat answer waits before it is sent (a model's latency; each request in
        its own thread, so concurrent requests wait together)."""
        self.policy_on = policy
        self.policy = Policy(notes_every, stateless=stateless)
        self.model = model
        self.cached_tokens = cached_tokens
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._last_messages: list[Body] = []

    # -- control ---------------------------------------------------------------------------------

    def start(self) -> FakeOpenAI:
        handler = _handler(self)
        self._server = _Server(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,), name="fake-openai",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.state.stop.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        self._server = None

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._server is not None
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def push(self, *answers: ScriptItem) -> None:
        with self.state.lock:
            self.state.script.extend(answers)

    @property
    def requests(self) -> list[Body]:
        with self.state.lock:
            return list(self.state.requests)

    @property
    def headers(self) -> list[dict[str, str]]:
        with self.state.lock:
            return list(self.state.headers)

    # -- answering -------------------------------------------------------------------------------

    def next_answer(self, body: Body, headers: dict[str, str]) -> Answer:
        with self.state.lock:
            if self.state.keep_requests:
                self.state.requests.append(body)
            self.state.headers.append(headers)
            self.state.calls += 1
            item = self.state.script.popleft() if self.state.script else None
            if item is None and self.faults is not None:
                fault = self.faults.draw(body, lambda: self.policy.answer(body))
                if fault is not None:
                    return fault
            if item is None:
                return self.policy.answer(body) if self.policy_on else Answer.error(500)
            answer = item(body) if callable(item) else item
            return self.policy.answer(body) if answer.kind == "policy" else answer

    def completion(self, body: Body, answer: Answer) -> Body:
        """The response body of a call or text answer, with usage (about 4 characters a token; cached:
        the messages shared with the previous request)."""
        with self.state.lock:
            self.state.calls += 0
            number: int | str = self.state.calls
        if self.stateless:
            number = hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:12]
        message: Body = {"role": "assistant", "content": answer.content}
        finish = "stop"
        if answer.kind == "call":
            args = answer.arguments
            raw = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
            message["tool_calls"] = [{"id": f"call_{number}", "type": "function",
                                      "function": {"name": answer.tool, "arguments": raw}}]
            finish = "tool_calls"
        messages: list[Body] = body.get("messages", [])
        sizes = [len(json.dumps(m, ensure_ascii=False)) for m in messages]
        shared = sum(sizes[:_common_prefix(messages, self._last_messages)])
        self._last_messages = messages
        usage: Body = {"prompt_tokens": sum(sizes) // 4 + 1,
                       "completion_tokens": len(json.dumps(message, ensure_ascii=False)) // 4 + 1}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        if self.cached_tokens:
            usage["prompt_tokens_details"] = {"cached_tokens": shared // 4}
        return {"id": answer.tag or f"chatcmpl-{number}", "object": "chat.completion", "created": 0,
                "model": body.get("model", self.model),
                "choices": [{"index": 0, "message": message, "finish_reason": answer.finish_reason or finish}],
                "usage": usage}


def _common_prefix(a: list[Body], b: list[Body]) -> int:
    """How many leading messages two requests share (a stand-in for a server's prefix cache)."""
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def _handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body go in two writes: no 40 ms delayed-ACK stall

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _send(self, status: int, body: Body, headers: dict[str, str] | None = None) -> None:
            data = json.dumps(body, ensure_ascii=False).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)
            except OSError:  # the client gave up (a timeout)
                self.close_connection = True

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, {"object": "list", "data": [{"id": fake.model, "object": "model", "owned_by": "fake"}]})
            else:
                self._send(404, {"error": {"message": f"no route {self.path}"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            body = json.loads(raw or b"{}")
            answer = fake.next_answer(body, {k.lower(): v for k, v in self.headers.items()})
            if fake.delay > 0:
                time.sleep(fake.delay)
            self._answer(body, answer)

        def _answer(self, body: Body, answer: Answer) -> None:
            if answer.kind == "hang":
                fake.state.stop.wait(answer.delay)
                self.close_connection = True
                return
            if answer.kind == "slow":
                time.sleep(answer.delay)
                then = answer.then or Answer.policy()
                self._answer(body, fake.policy.answer(body) if then.kind == "policy" else then)
                return
            if answer.kind == "raw":
                data = (answer.content or "").encode()
                self.send_response(answer.status)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
            if answer.kind == "reset":
                with contextlib.suppress(OSError):
                    self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
                return
            if answer.kind == "status":
                headers = {} if answer.retry_after is None else {"Retry-After": f"{answer.retry_after:g}"}
                kind = "rate_limit_exceeded" if answer.status == 429 else "server_error"
                self._send(answer.status, {"error": {"message": f"fake {answer.status}", "type": kind}}, headers)
                return
            provider = fake.provider
            if provider is not None:
                refused = provider.check(body)
                if refused is not None:
                    self._send(refused[0], refused[1])
                    return
                shaped = provider.shape(body, fake.completion(body, answer))
                if isinstance(shaped, str):
                    self._answer(body, Answer.raw(shaped))
                    return
                self._send(200, shaped)
                return
            self._send(200, fake.completion(body, answer))

    return Handler
