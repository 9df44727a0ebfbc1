"""``arena serve`` in a real browser (issue 7, part 6): Playwright driving Debian's Chromium.

The browser is the system's (``apt-get install chromium``, done by ``.ci/run``), found on PATH and
launched by path; Playwright never downloads one. Without it the module skips — except under CI
(the ``CI`` variable set), where a missing browser is a failure. One server (uvicorn on a free
loopback port, in a thread) and one browser serve the whole module.

Seed 23 makes seat 1 the detective, speaking late on day 1: the person joins from the lobby,
quotes a floor in their post, checks a seat at night and reads the result at dawn, then votes.
A finished game of bots, stored beforehand, is replayed in god view and in a seat's view.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from arena.cli import main as arena
from tests.browser import chromium, free_port
from tests.serving import HOST_KEY

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    if os.environ.get("CI"):
        raise
    pytest.skip("playwright is not installed: pip install -e '.[dev]'", allow_module_level=True)

SEED = 23
HOSTILE = "<img src=x onerror=\"window.pwned=1\"><script>window.pwned=2</script>"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from arena.server.app import create_app
    from arena.server.hostkey import HostKey
    from arena.server.hub import Hub

    db = tmp_path_factory.mktemp("browser") / "arena.duckdb"
    assert arena(["play", "--players", "scripted", "--seed", "3", "--db", str(db), "--show", "none"]) == 0  # a finished game to replay
    port = free_port()
    hub = Hub(db, host_key=HostKey(HOST_KEY))
    uv = uvicorn.Server(uvicorn.Config(create_app(hub), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not uv.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Any]:
    path = chromium()
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield launched
        launched.close()


def _act_until(page: Any, selector: str, timeout_s: float = 30) -> Any:
    """Pass every question until the action panel offers ``selector`` (a form); returns that form."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        page.wait_for_selector("#actions form, #actions p", timeout=10_000)
        form = page.query_selector(f"#actions {selector}")
        if form is not None:
            return form
        passing = page.query_selector("#actions form[data-kind=pass] button.submit")
        yes = page.query_selector("#actions form[data-kind=choose] button[name=yes]")
        button = yes or passing
        if button is not None:
            button.click()
            page.wait_for_function("b => !document.body.contains(b)", arg=button, timeout=10_000)
        else:
            page.wait_for_timeout(50)
    raise AssertionError(f"the action panel never offered {selector}")


def test_a_person_joins_posts_quotes_checks_at_night_and_votes(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/#key=" + HOST_KEY)
    page.wait_for_selector("#seat-1")
    page.fill("#seed", str(SEED))
    page.fill("#pace", "0")
    page.fill("#deadline", "600")
    page.click("#start")
    page.click("a.join[data-seat='1']")
    page.wait_for_selector("#thread .line")

    post = _act_until(page, "form[data-kind=post]")
    page.click("#f1 .quote-btn")
    assert page.input_value("#quote-floor") == "1"
    post.query_selector("textarea").fill(HOSTILE + " 我是好人")
    post.query_selector("button.submit").click()
    mine = page.wait_for_selector("#thread article.post:has(a.quoted)")
    assert HOSTILE in mine.query_selector(".text").inner_text()
    assert mine.query_selector("blockquote.quote-text") is not None
    assert page.evaluate("window.pwned") is None  # the post is text: neither the img nor the script ran

    check = _act_until(page, "form[data-kind=skill][data-skill=detect]")
    target = check.query_selector("select").evaluate("s => s.options[1].value")
    check.query_selector("select").select_option(target)
    check.query_selector("button.submit").click()
    result = page.wait_for_selector("#private .k-feedback", timeout=20_000)
    assert result.inner_text()

    vote = _act_until(page, "form[data-kind=vote]")
    vote.query_selector("select").select_option(index=2)  # after "choose" and 弃票: the first seat
    vote.query_selector("button.submit").click()
    page.wait_for_selector("#thread .k-vote_cast")
    page.click("#lang-toggle")
    assert page.inner_text("#thread-box h2") == "Thread"
    page.close()


def test_the_replay_viewer_shows_a_stored_game_as_god_and_as_a_seat(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/replays?status=finished")
    page.click("a.game")
    page.wait_for_selector("#timeline")
    assert page.query_selector_all(".ch-judge")  # god view: the judge's records are there
    assert not page.is_visible("td.secret")
    page.click("#reveal")
    assert page.is_visible("td.secret")
    page.click("nav.views a:text-is('2')")
    page.wait_for_selector("#timeline")
    assert "2 " in page.inner_text("#viewer")
    assert not page.query_selector_all(".ch-judge")
    assert page.query_selector("svg.plot") is not None
    page.close()
