"""The table read at a glance, on a phone, and the replays, in a real browser (issue 19, items 1, 4, 5, 6).

Seed 1 makes seat 1 a killer: a person plays it from the lobby. The seat list shows every seat alive,
then who went out, how, in Chinese; the role card names the role, its skills with a line each and
the killers' chat; a vote offers no target until one is chosen (弃票 first), a team message sent
meanwhile keeps the chosen target and shows the messages left; a half-written post survives a
switch of language and a reload; the dead are told what they may still do; the end shows the
outcome, the replay, and asks "who was a bot?", whose answers are stored. On a phone the action
panel is one tab away, never below the thread. The replay list has headers, local times, filters
in the reader's language, and a "resume" button that takes an interrupted game up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.cli import main as arena
from arena.server.hostkey import HostKey
from arena.server.hub import Hub
from tests.browser import answer_simply, chromium, play_until, serve_in_thread
from tests.serving import HOST_KEY, wait_for
from transcripts.guesses import load_guesses
from transcripts.reader import list_games

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    import os

    if os.environ.get("CI"):
        raise
    pytest.skip("playwright is not installed: pip install -e '.[dev]'", allow_module_level=True)

LATIN = re.compile(r"[A-Za-z]{3,}")
"""A word of English (or of any Latin script) on a page that should be all Chinese."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Hub]]:
    db = tmp_path_factory.mktemp("glance") / "arena.duckdb"
    assert arena(["play", "--players", "scripted", "--seed", "3", "--db", str(db), "--show", "none"]) == 0
    _interrupted_game(db)
    hub = Hub(db, host_key=HostKey(HOST_KEY))
    with serve_in_thread(hub) as url:
        yield url, hub


def _interrupted_game(db: Path) -> None:
    """A game cut off after its first events, as a crash leaves one (stored as running, played by nobody)."""
    from engine.rulesets import get_ruleset
    from transcripts.records import GameHeader
    from transcripts.writer import TranscriptWriter

    game = get_ruleset("umineko32").new_game(9)
    configs = [{"seat": s, "kind": "scripted"} for s in range(1, 19)]
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(game.events, configs), game_id="cutoff-9")
        writer.append(gid, game.events)
        writer.flush(gid)


@pytest.fixture(scope="module")
def browser(served: tuple[str, Hub]) -> Iterator[Any]:
    with sync_playwright() as p:
        chromium_ = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        yield chromium_
        chromium_.close()


def _join(page: Any, url: str, seed: int, seat_players: dict[int, str] | None = None) -> str:
    """Start a game from the lobby (seat 1 a person) and open seat 1's join link; the game id."""
    page.goto(url + "/#key=" + HOST_KEY)
    page.wait_for_selector("#seat-1")
    assert "#key=" not in page.url  # the key leaves the address bar at once
    page.fill("#seed", str(seed))
    page.fill("#pace", "0")
    page.fill("#deadline", "600")
    for seat, player in (seat_players or {}).items():
        page.select_option(f"#seat-{seat}", player)
    page.click("#start")
    link = page.wait_for_selector("#link-list a.join[data-seat='1']")
    href = str(link.get_attribute("href"))
    page.goto(url + href)
    page.wait_for_selector("#seats li", state="attached")
    return href.split("/")[2]


def _text(page: Any, selector: str) -> str:
    return str(page.inner_text(selector))


def test_the_table_reads_at_a_glance_and_asks_who_was_a_bot(served: tuple[str, Hub], browser: Any) -> None:
    url, hub = served
    page = browser.new_page()
    game_id = _join(page, url, seed=1)
    # the standing: every seat, alive; the role card with its skills, each with a line, and the chat
    assert len(page.query_selector_all("#seats li.alive")) == 18 and "存活 18/18" in _text(page, "#standing")
    assert "（你）" in _text(page, "#seats li.mine")
    card = _text(page, "#card")
    assert "杀手" in card and "【无常之刃】" in card and "每晚" in card and "杀手群" in card
    assert page.query_selector("#card li[data-skill=blade] p.line") is not None
    # a half-written post survives a switch of language and a reload
    post = page.wait_for_selector("#actions form[data-kind=post] textarea")
    post.fill("我还没写完")
    page.click("#lang-toggle")
    assert page.input_value("#actions form[data-kind=post] textarea") == "我还没写完"
    assert "Killer" in _text(page, "#card")
    page.click("#lang-toggle")
    page.reload()
    page.wait_for_selector("#actions form[data-kind=post] textarea")
    assert page.input_value("#actions form[data-kind=post] textarea") == "我还没写完"
    # the vote: no target until one is chosen, 弃票 first; a team message keeps the choice
    vote = play_until(page, "#actions form[data-kind=vote]")
    options = vote.query_selector_all("select[name=target] option")
    assert options[0].get_attribute("value") == "" and options[1].get_attribute("value") == "abstain"
    assert vote.query_selector("select[name=target]").evaluate("s => s.value") == ""
    vote.query_selector("button.submit").click()
    assert "请先" in _text(page, "#notice")  # nothing was sent
    target = options[5].get_attribute("value")
    vote.query_selector("select[name=target]").select_option(target)
    assert "剩 2/2" in _text(page, "#limits")  # the team messages left, before they run out
    team = page.query_selector("#actions form[data-kind=team_post]")
    team.query_selector("textarea").fill("今天投谁？")
    team.query_selector("button.submit").click()
    page.wait_for_function("() => document.querySelector('#limits').innerText.includes('剩 1/2')")
    page.wait_for_selector("#team .k-team_posted")
    # once the message is applied the seat is asked anew, and until that turn arrives the panel says
    # "wait": take the vote form when it is back (on a loaded machine a query once fell in between),
    # its chosen target kept as a draft
    chosen = page.wait_for_selector("#actions form[data-kind=vote] select[name=target]")
    assert chosen.evaluate("s => s.value") == target
    chosen.select_option("abstain")
    page.wait_for_selector("#actions form[data-kind=vote] button.submit").click()
    # whoever went out is marked, how, in Chinese
    page.wait_for_selector("#seats li.out", timeout=30_000)
    out = _text(page, "#seats li.out")
    assert "✝" in out and "出局" in out and not LATIN.search(out)
    # seat 1 is voted out (the same answers give the same game): the dead killer is told what is left
    play_until(page, "#card .tag.out", timeout_s=120)
    dead = _text(page, "#card .dead-may")
    assert "你已出局" in dead and "杀手群" in dead  # the dead killers still read and write their chat
    assert page.is_visible("#leave-toggle")  # something is left to do, so a bot may do it
    # the end: the outcome, the replay, and "who was a bot?"
    play_until(page, "#banner:not([hidden]) .replay-link", timeout_s=180)
    assert "游戏结束" in _text(page, "#banner") and "胜者" in _text(page, "#banner")
    assert _text(page, "#phase") == "游戏结束"
    assert page.query_selector("#leave-toggle").is_hidden()
    rows = page.wait_for_selector("#guess form").query_selector_all(".guess-row")
    assert len(rows) == 17
    for i, row in enumerate(rows):
        row.query_selector("input[value=human]" if i == 0 else "input[value=bot]").check()
    rows[1].query_selector("select").select_option("scripted")
    page.click("#guess button.submit")
    page.wait_for_selector("table.guess-results")
    results = page.query_selector_all("table.guess-results tr")
    assert len(results) == 17 and len(page.query_selector_all("table.guess-results tr.right")) == 16
    for selector in ("#seats-box", "#card-box", "#actions-box", "#banner"):
        assert not LATIN.search(_text(page, selector)), selector  # a Chinese screen reads Chinese
    with hub.reader() as con:
        stored = load_guesses(con, game_id)[game_id]
    assert len(stored) == 17 and stored[1].model == "scripted" and stored[0].guess == "human"
    replay = page.query_selector("#banner .replay-link").get_attribute("href")
    page.goto(url + str(replay))
    page.wait_for_selector("#timeline")
    page.close()


def test_on_a_phone_the_action_panel_is_one_tab_away(served: tuple[str, Hub], browser: Any) -> None:
    url, _hub = served
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    _join(page, url, seed=23)
    page.wait_for_selector("#tabs button[data-tab=actions]")
    assert page.is_visible("#tabs")
    page.click("#tabs button[data-tab=thread]")
    assert page.is_visible("#thread-box") and not page.is_visible("#actions-box")
    page.wait_for_selector("#asked-badge:not([hidden])", state="attached", timeout=20_000)
    page.click("#tabs button[data-tab=actions]")
    form = page.wait_for_selector("#actions form")
    assert not page.is_visible("#thread-box")
    box = form.bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + 40 < 844  # in view, no scrolling
    assert page.evaluate("window.scrollY") == 0
    page.click("#tabs button[data-tab=seats]")
    assert len(page.query_selector_all("#seats li")) == 18 and page.is_visible("#seats")
    page.click("#tabs button[data-tab=card]")
    assert "侦探" in _text(page, "#card")
    page.click("#tabs button[data-tab=actions]")
    assert answer_simply(page)
    context.close()


def test_the_replay_list_reads_in_the_readers_language_and_resumes_an_interrupted_game(
        served: tuple[str, Hub], browser: Any) -> None:
    url, hub = served
    page = browser.new_page()
    page.goto(url + "/#key=" + HOST_KEY)  # the host's browser keeps the key
    page.wait_for_selector("#seat-1")
    page.goto(url + "/replays")
    headers = [h.inner_text() for h in page.query_selector_all("table.games thead th")]
    assert headers[:7] == ["对局", "开始时间", "规则", "玩家", "状态", "胜方", "天数"]
    started = page.query_selector("table.games time")
    assert started is not None and "UTC" not in started.inner_text()  # the browser's own time zone
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", started.inner_text())
    outcomes = [o.inner_text() for o in page.query_selector_all("select[name=outcome] option")]
    assert "白方" in outcomes and "white" not in outcomes
    assert "已结束" in [o.inner_text() for o in page.query_selector_all("select[name=status] option")]
    row = page.query_selector("tr[data-game=cutoff-9]")
    assert row is not None and "中断" in row.inner_text()
    page.select_option("select[name=outcome]", "white")
    page.click("form.search button")
    page.wait_for_selector("table.games")
    assert page.query_selector("tr[data-game=cutoff-9]") is None  # not won by anyone yet
    page.goto(url + "/replays")
    page.click("tr[data-game=cutoff-9] button.resume")
    page.wait_for_selector("#resume-note:not([hidden]) a")
    assert "已续局" in page.inner_text("#resume-note")
    wait_for(lambda: "cutoff-9" in hub.games, what="the interrupted game to be taken up")
    wait_for(lambda: hub.games["cutoff-9"].done, timeout=60, what="the resumed game to end")
    page.click("#lang-switch")
    assert page.query_selector_all("table.games thead th")[1].inner_text() == "started"
    with hub.reader() as con:
        assert {r.game_id: r.status for r in list_games(con)}["cutoff-9"] == "finished"
    page.close()


def test_the_host_gives_a_seat_a_new_link_and_the_old_page_is_told(served: tuple[str, Hub], browser: Any) -> None:
    url, hub = served
    host = browser.new_context().new_page()
    game_id = _join(host, url, seed=5)  # the host starts the game, then hands the link to a friend
    friend = browser.new_context().new_page()
    friend.goto(host.url)
    friend.wait_for_selector("#seats li", state="attached")
    host.goto(url + "/")
    button = host.wait_for_selector(f"tr[data-game='{game_id}'] .human-seat[data-seat='1'] button.reissue")
    assert "发新链接" in button.inner_text()
    button.click()
    fresh = host.wait_for_selector(f"tr[data-game='{game_id}'] .new-link a.join")
    href = str(fresh.get_attribute("href"))
    assert href.startswith(f"/play/{game_id}/1#") and href not in friend.url
    friend.wait_for_selector("#notice:not([hidden])")
    assert "新的加入链接" in friend.inner_text("#notice")  # the old page is told, and closed
    wait_for(lambda: not hub.connections.present(game_id, 1), what="the old page's socket to close")
    friend.goto(url + href)
    friend.wait_for_selector("#actions form, #actions p")
    assert hub.connections.present(game_id, 1)
    host.close()
    friend.close()
