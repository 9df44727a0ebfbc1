"""The table's standing is the seat's observation, in the reader's language (issue 19, item 1), over HTTP.

What a page draws beside the thread — the seat list with outs, the role card with skills and what
is left, the allowances, what the dead may still do, the end — is the engine's observation of the
seat (``Game.observe``), sent as JSON with every text in both languages; a Chinese text never holds
an English word. Seed 14 makes seat 1 a 平民 who is voted out and then has nothing left to do.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from arena.server.cards import roles_with, skill_line
from arena.server.texts import TEXTS, render
from engine.narrate import Names
from engine.rulesets import get_ruleset, ruleset_ids
from engine.views import Viewer
from tests.serving import answer_simply, asked, live, serving, start, wait_for

LATIN = re.compile(r"[A-Za-z]{3,}")


def chinese_texts(value: Any) -> list[str]:
    """Every ``zh`` text in a JSON value."""
    if isinstance(value, dict):
        own = [value["zh"]] if isinstance(value.get("zh"), str) else []
        return own + [t for k, v in value.items() if k != "zh" for t in chinese_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in chinese_texts(v)]
    return []


def test_the_standing_is_the_seats_observation_and_reads_chinese_to_the_end(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        (one,) = start(client, seed=14, pace_s=0.02)  # paced, so the game is still on when seat 1 is out
        asked(hub, one)
        status = client.get(f"{one.base}/state", headers=one.auth).json()["status"]
        obs = status["observation"]
        assert [s["seat"] for s in obs["seats"]] == list(range(1, 19)) and all(s["alive"] for s in obs["seats"])
        me = obs["me"]
        assert me["role"]["zh"] == "平民" and me["faction"]["zh"] == "白方" and "平民" in me["card"]["zh"]
        assert me["skills"][0]["skill"] == "belief" and me["skills"][0]["line"]["zh"]
        assert json.dumps(obs) == json.dumps(_expected(hub, one.game_id))  # the engine's, drawn, nothing added
        assert not [t for t in chinese_texts(status) if LATIN.search(t)]
        # the blue flag outside the restricted phase is refused, not dropped
        refused = client.post(f"{one.base}/action", headers=one.auth,
                              json={"action": {"kind": "post", "text": "蓝字？", "blue": True},
                                    "decision": status["decision"]})
        assert refused.status_code == 409 and refused.json()["code"] == "blue_not_now"
        game = live(hub, one)
        while game.game.observe(Viewer.of_seat(1)).alive:
            if game.humans[1].asked is not None:
                answer_simply(hub, client, one)
            time.sleep(0.01)
        dead = client.get(f"{one.base}/state", headers=one.auth).json()["status"]
        mine = next(s for s in dead["observation"]["seats"] if s["seat"] == 1)
        assert not mine["alive"] and mine["cause"]["zh"] == "累计警告，淹死" and mine["out_day"]  # drowned: it never spoke
        assert "不再有可做的事" in dead["observation"]["me"]["dead_may"]["zh"]
        assert dead["may_leave"] is False and not dead["asked"]  # nothing left: no 离开 either
        wait_for(lambda: game.done, timeout=60, what="the game to end")
        for status in (client.get(f"{one.base}/state", headers=one.auth).json()["status"],
                       client.get(f"/api/games/{one.game_id}/public").json()["status"]):  # the seat and a watcher
            assert status["over"] and status["done"] and status["replay"] == f"/replays/{one.game_id}"
            assert status["ended"]["zh"].startswith("【法官】") and status["winners"][0]["zh"]
            assert not [t for t in chinese_texts(status) if LATIN.search(t)]


def _expected(hub: Any, game_id: str) -> Any:
    from arena.server.observed import observation_json

    game = hub.games[game_id]
    return observation_json(game.game.observe(Viewer.of_seat(1)), game.names)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_skill_of_every_role_says_what_it_does_in_both_languages(ruleset: str) -> None:
    names = Names.from_ruleset(get_ruleset(ruleset))
    for role, skills in roles_with(ruleset):
        for skill in skills:
            for lang in ("zh", "en"):
                line = skill_line(ruleset, role, skill, names, lang)
                assert line, (ruleset, role, skill, lang)
                assert not lang == "zh" or not re.search(r"[A-Za-z]{4,}", line.replace("Blade", "")), line


def test_what_a_person_is_told_reads_in_their_language() -> None:
    met = ("stale", "not_asked", "dead_seat", "bot_playing", "game_over", "blue_not_now", "no_token", "wrong_token",
           "expired_token", "revoked_token", "host_key_missing", "host_key_wrong", "too_many_games", "too_many_humans",
           "game_gone", "field_too_long", "field_empty", "guess_missing", "guess_done", "guess_not_over", "no_target")
    params = {"seat": 3, "game": "20260101-000000-abcd", "decision": 4, "now": 5, "day": 2,
              "phase": {"zh": "投票阶段", "en": "vote"}, "limit": 4, "count": 2, "field": {"zh": "文字", "en": "text"}}
    for code in met:
        assert code in TEXTS
        zh = re.sub(r"/\S*", "", render(code, params, "zh").replace(params["game"], ""))  # a path is an address
        assert zh and not LATIN.search(zh), (code, zh)
        assert render(code, params, "en") != zh


def test_a_closed_watchers_tab_leaves_no_handler_or_queue_behind(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        (one,) = start(client)
        game = live(hub, one)
        for _ in range(3):
            with client.websocket_connect(f"/ws/games/{one.game_id}/public") as ws:
                assert ws.receive_json()["type"] == "snapshot"
                assert game.watchers.count() >= 1
        wait_for(lambda: game.watchers.count() == 0 and hub.connections.count() == 0,
                 what="the closed tabs' queues and sockets to be dropped")
