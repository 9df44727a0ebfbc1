"""Helpers for the real-browser tests of ``arena serve``: Debian's Chromium driven by Playwright.

The browser is the system's (``apt-get install chromium``, done by ``.ci/run``), found on PATH and
launched by path; Playwright never downloads one. Without it a test module skips — except under CI
(the ``CI`` variable set), where a missing browser is a failure. ``serve_in_thread`` runs uvicorn
on a free loopback port in a thread; ``answer_simply`` plays a page's open question the way
``tests.serve_process.simple_answer`` does (yes, 弃票, pass), by clicking.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from arena.server.app import create_app
from arena.server.hub import Hub


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: .ci/run installs Debian's chromium before the tests")
        pytest.skip("no chromium on PATH (apt-get install chromium)")
    return found


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@contextmanager
def serve_in_thread(hub: Hub, host: str = "127.0.0.1") -> Iterator[str]:
    """uvicorn over ``hub`` on a free port of ``host``; its base URL."""
    import uvicorn

    from arena.server.hosts import HostPolicy

    port = free_port(host)
    server = uvicorn.Server(uvicorn.Config(create_app(hub, policy=HostPolicy.of(host)), host=host, port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


ANSWER = """(keep) => {
  if (keep && document.querySelector(keep)) return 'found';
  const panel = document.querySelector('#actions');
  const yes = panel.querySelector('form[data-kind=choose] button[name=yes]');
  if (yes) { yes.click(); return 'clicked'; }
  const vote = panel.querySelector('form[data-kind=vote]');
  if (vote && vote.querySelector('option[value=abstain]')) {
    vote.querySelector('select[name=target]').value = 'abstain';
    vote.requestSubmit();
    return 'clicked';
  }
  const pass = panel.querySelector('form[data-kind=pass]');
  if (pass) { pass.requestSubmit(); return 'clicked'; }
  return 'nothing';
}"""
"""In the page, in one go (no redraw can come between looking and clicking): ``found`` when the
wanted element is there, else the simple answer clicked (yes, 弃票, pass), else ``nothing``."""


def answer_simply(page: Any, keep: str | None = None) -> bool:
    """Click the page's simple answer to its open question (yes, 弃票, pass); False if nothing is asked
    (or ``keep`` is on the page: the caller wants it)."""
    return bool(page.evaluate(ANSWER, keep) == "clicked")


def play_until(page: Any, selector: str, timeout_s: float = 60) -> Any:
    """Answer simply until ``selector`` is on the page; that element."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        outcome = page.evaluate(ANSWER, selector)
        if outcome == "found":
            found = page.query_selector(selector)
            if found is not None:
                return found
        page.wait_for_timeout(80 if outcome == "clicked" else 50)
    state = page.evaluate("() => [document.querySelector('#phase').innerText, document.querySelector('#notice').innerText,"
                          " document.querySelector('#actions').innerText.slice(0, 300)]")
    raise AssertionError(f"the table never showed {selector}: {state}")
