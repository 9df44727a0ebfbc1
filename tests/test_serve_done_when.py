"""Issue 19's "done when", end to end in a real browser.

Two people, in two browser contexts, reach ``arena serve`` by this machine's LAN address (not
loopback); the host, in a third, opens the lobby with the host key ``arena serve`` printed and
starts an umineko32 game among bots with the two of them at seats 1 and 2. They play; in the middle
the server is stopped (SIGTERM) and started again on the same database; their pages reconnect by
themselves and the game ends exactly as the same game played without a stop ends. Both then answer
"who was a bot?", and ``arena report`` shows the detectability those answers give.
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main as arena
from arena.run.players import make_agent
from arena.run.runner import GameRunner
from engine.events import to_json
from engine.rulesets import get_ruleset
from tests.browser import ANSWER, chromium
from tests.serve_process import PolicyAgent, Served, lan_address
from transcripts.guesses import load_guesses
from transcripts.reader import list_games, load_events

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    import os

    if os.environ.get("CI"):
        raise
    pytest.skip("playwright is not installed: pip install -e '.[dev]'", allow_module_level=True)

SEED = 7
HUMANS = (1, 2)


class Strict(PolicyAgent):
    """The people's policy, refusing a question its page's simple answer (yes, 弃票, pass) could not answer."""

    async def act(self, turn: Any) -> Any:
        kinds = {a.kind: a for a in turn.legal}
        assert ("choose" in kinds and kinds["choose"].yes_no) or ("vote" in kinds and kinds["vote"].abstain) \
            or "pass" in kinds, turn.legal
        return await super().act(turn)


def reference() -> list[str]:
    game = get_ruleset("umineko32").new_game(SEED)
    agents = {s: Strict() if s in HUMANS else make_agent("scripted") for s in range(1, 19)}
    asyncio.run(GameRunner(game, agents).run())
    return [to_json(e) for e in game.events]


def _play(pages: list[Any], until: str, timeout_s: float) -> None:
    """Each person answers simply, until ``until`` (a JS condition) holds on the first page."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        for page in pages:
            page.evaluate(ANSWER, None)
        if pages[0].evaluate(until):
            return
        pages[0].wait_for_timeout(60)
    raise AssertionError(f"not reached in {timeout_s} s: {until} ({pages[0].inner_text('#phase')})")


def _guess(page: Any, human: set[int], model: dict[int, str]) -> None:
    form = page.wait_for_selector("#guess form", timeout=30_000)
    for row in form.query_selector_all(".guess-row"):
        seat = int(str(row.get_attribute("data-seat")))
        row.query_selector("input[value=human]" if seat in human else "input[value=bot]").check()
        if seat in model:
            row.query_selector("select").select_option(model[seat])
    page.click("#guess button.submit")
    page.wait_for_selector("table.guess-results")


@pytest.mark.slow(reason="a whole game answered by two browsers, through a server restart (about 40 s on 2 idle cores)")
def test_two_people_on_a_lan_play_through_a_restart_then_say_who_was_a_bot(tmp_path: Path) -> None:
    expected = reference()
    served = Served(tmp_path / "lan.duckdb", lan_address()).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
            host = browser.new_context().new_page()
            host.goto(f"{served.url}/#key={served.key}")  # the address arena serve printed
            host.wait_for_selector("#seat-1")
            host.fill("#seed", str(SEED))
            host.fill("#pace", "0.02")
            host.fill("#deadline", "600")
            host.select_option("#seat-2", "human")
            host.click("#start")
            links = [str(host.wait_for_selector(f"#link-list a.join[data-seat='{s}']").get_attribute("href"))
                     for s in HUMANS]
            game_id = links[0].split("/")[2]
            people = [browser.new_context().new_page() for _ in HUMANS]  # two people, two browsers
            for page, link in zip(people, links, strict=True):
                page.goto(served.url + link)
                page.wait_for_selector("#seats li", state="attached")
                assert "#" in page.url and served.key not in page.url
            _play(people, "() => /第[3-9]天/.test(document.querySelector('#phase').innerText)", 120)

            took = served.stop()  # in the middle of the game
            assert took < 2.0
            assert f"lobby at {served.url}/#key={served.key}" in served.output  # what the host opened
            stopped = re.search(rf"game {game_id} stopped at event (\d+)", served.output)
            assert stopped is not None and len(load_events(served.db, game_id)) == int(stopped.group(1))
            served.start()  # the same database, the same address: the pages reconnect by themselves
            _play(people, "() => !document.querySelector('#banner').hidden", 240)
            for page in people:
                page.wait_for_selector("#banner .replay-link")
                assert "游戏结束" in page.inner_text("#banner")
            _guess(people[0], human=set(), model={3: "scripted"})
            _guess(people[1], human={1}, model={})
            host.reload()
            host.wait_for_selector(f"tr[data-game='{game_id}']")
            browser.close()
        served.stop()
    finally:
        served.kill()
    assert f"game {game_id} resumed from event {stopped.group(1)}" in served.output
    (row,) = list_games(served.db)
    assert row.status == "finished"
    assert [to_json(e) for e in load_events(served.db, game_id)] == expected  # as if it had never stopped
    guesses = load_guesses(served.db, game_id)[game_id]
    assert len(guesses) == 34 and {g.guesser for g in guesses} == set(HUMANS)
    out = tmp_path / "report"
    assert arena(["report", "--db", str(served.db), "--out", str(out), "--lang", "zh", "--resamples", "200"]) == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "谁是机器人" in report and "被当作人类的比例 (taken_for_human)" in report
    rows = [line for line in report.splitlines() if line.startswith("| 被当作人类的比例") and "| 全部 |" in line]
    by_label = {line.split("|")[2].strip(): line for line in rows}
    assert "0.500" in by_label["human"]  # one of the two took the other for a person
    assert "0.000" in by_label["scripted"]  # no bot passed for a person
