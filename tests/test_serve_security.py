"""Security of ``arena serve`` over HTTP and WebSocket (issue 7, part 5).

A seat token grants its one seat and nothing more; a seat is sent only events of its audience
(the engine's ``can_see``); forged, expired and other games' tokens are refused; actions for
another seat, a dead seat, outside the seat's turn, stale or with an illegal target are refused
with a clear error; posts are bounded and pages forbid any script a post could carry; replays of
a game in progress show only its public view, and none of the beliefs on record.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from agents.human import HumanSeat
from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from arena.server.hostkey import HostKey
from arena.server.live import LiveGame
from arena.server.replay_data import load_replay
from arena.server.replay_page import render_replay
from arena.server.texts import Refused
from engine.actions import MAX_POST_CHARS
from engine.events import Died
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.views import Viewer, can_see, view
from tests.serving import HOST, HOST_KEY, answer_simply, asked, live, serving, start, wait_for
from transcripts.beliefs import report_rows

FORGED = "x" * 32


@pytest.fixture
def table(tmp_path: Path):  # type: ignore[no-untyped-def]
    with serving(tmp_path) as (client, hub):
        seats = start(client, humans=(1, 2))
        yield client, hub, seats


def _ws_refusal(client: TestClient, path: str, hello: dict[str, object]) -> str:
    with client.websocket_connect(path) as ws:
        ws.send_text(json.dumps(hello))
        message = ws.receive_json()
        assert message["type"] == "refused"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
        return str(message["error"])


def test_a_token_grants_its_seat_and_nothing_more(table) -> None:  # type: ignore[no-untyped-def]
    client, _hub, (one, two) = table
    assert client.get(f"{one.base}/state", headers=one.auth).status_code == 200
    for headers in ({}, {"Authorization": f"Bearer {FORGED}"}, two.auth, {"Authorization": one.token}):
        reply = client.get(f"{one.base}/state", headers=headers)
        assert reply.status_code == 403, headers
        assert one.token not in reply.text and two.token not in reply.text
    # seat 1's token on seat 2, over HTTP and WebSocket
    assert client.get(f"{two.base}/state", headers=one.auth).status_code == 403
    assert client.post(f"{two.base}/action", headers=one.auth, json={"action": {"kind": "pass"}}).status_code == 403
    assert client.post(f"{two.base}/leave", headers=one.auth).status_code == 403
    error = _ws_refusal(client, f"/ws/games/{two.game_id}/seats/2", {"token": one.token})
    assert "does not grant seat 2" in error
    assert "join link" in _ws_refusal(client, f"/ws/games/{one.game_id}/seats/1", {"token": FORGED})
    assert "no seat token" in _ws_refusal(client, f"/ws/games/{one.game_id}/seats/1", {})
    # a bot's seat has no token at all, and an unknown game is a 404
    assert client.get(f"/api/games/{one.game_id}/seats/3/state", headers=one.auth).status_code == 403
    assert client.get("/api/games/nope/seats/1/state", headers=one.auth).status_code == 404


def test_another_games_token_and_an_expired_token_are_refused(tmp_path: Path) -> None:
    now = [1000.0]
    with serving(tmp_path, clock=lambda: now[0]) as (client, hub):
        (first,) = start(client, seed=1)
        (second,) = start(client, seed=2)
        reply = client.get(f"{second.base}/state", headers=first.auth)
        assert reply.status_code == 403 and "does not grant seat 1 of game" in reply.json()["error"]
        assert "does not grant" in _ws_refusal(client, f"/ws/games/{second.game_id}/seats/1", {"token": first.token})
        now[0] += hub.tokens.ttl_s + 1
        reply = client.get(f"{first.base}/state", headers=first.auth)
        assert reply.status_code == 403 and "expired" in reply.json()["error"]
        assert "expired" in _ws_refusal(client, f"/ws/games/{first.game_id}/seats/1", {"token": first.token})


def test_a_seat_is_sent_only_events_of_its_audience(table) -> None:  # type: ignore[no-untyped-def]
    client, hub, (one, two) = table
    asked(hub, one)
    game = live(hub, one).game
    for seat in (one, two):
        viewer = Viewer.of_seat(seat.seat)
        sent = client.get(f"{seat.base}/state", headers=seat.auth).json()["events"]
        assert sent and all(can_see(viewer, game.events[item["seq"]]) for item in sent)
        assert {item["seq"] for item in sent} <= {e.seq for e in view(game.events, viewer)}
    # over the WebSocket: the snapshot and every later push
    with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:
        ws.send_text(json.dumps({"token": one.token}))
        snapshot = ws.receive_json()
        question = live(hub, one).humans[1].asked
        ws.send_text(json.dumps({"type": "act", "action": {"kind": "pass"} if question.turn.phase != "SETUP" else
                                 {"kind": "choose", "skill": question.turn.legal[0].skill, "use": True},
                                 "decision": question.turn.decision}))
        pushed = [snapshot]
        while len(pushed) < 12:
            pushed.append(ws.receive_json())
    seqs = [item["seq"] for m in pushed for item in m.get("events", [])]
    assert seqs and all(can_see(Viewer.of_seat(1), game.events[s]) for s in seqs)
    public = client.get(f"/api/games/{one.game_id}/public").json()["events"]
    assert all(game.events[item["seq"]].vis == "public" for item in public)


def test_bad_actions_are_refused_with_a_clear_error(table) -> None:  # type: ignore[no-untyped-def]
    client, hub, (one, _two) = table
    question = asked(hub, one)

    def act(action: object, decision: object = question.turn.decision) -> str:
        reply = client.post(f"{one.base}/action", headers=one.auth, json={"action": action, "decision": decision})
        assert reply.status_code in (400, 409), reply.text  # 400: not an action at all; 409: not now
        body = reply.json()
        assert body["message"]["zh"] and body["message"]["en"] == body["error"]  # said in both languages
        return str(body["error"])

    assert "you hold seat 1" in act({"kind": "pass", "seat": 2})
    assert "stale action" in act({"kind": "pass"}, decision=question.turn.decision - 1)
    assert f"at most {MAX_POST_CHARS}" in act({"kind": "post", "text": "长" * (MAX_POST_CHARS + 1)})
    assert "unknown action kind" in act({"kind": "shoot"})
    assert "fallback" in act({"kind": "pass", "fallback": True, "reason": "x"})
    assert "empty" in act({"kind": "post", "text": ""})
    assert act({"kind": "skill", "skill": "detect", "targets": [99]})  # the engine's own error, not applied
    assert live(hub, one).humans[1].asked is question
    as_json = {**one.auth, "Content-Type": "application/json"}
    reply = client.post(f"{one.base}/action", headers=as_json, content=b"{not json")
    assert reply.status_code == 400 and "not JSON" in reply.json()["error"]
    reply = client.post(f"{one.base}/action", headers=as_json, content=b"x" * 40000)
    assert reply.status_code == 413 and "too large" in reply.json()["error"]
    reply = client.post(f"{one.base}/action", headers={**one.auth, "Content-Type": "text/plain"}, content=b"{}")
    assert reply.status_code == 400 and "application/json" in reply.json()["error"]
    # a legal answer is taken once; the same answer again (a double click) is refused
    legal = question.turn.legal[0]
    action = {"kind": "choose", "skill": legal.skill, "use": True} if legal.kind == "choose" else {"kind": "pass"}
    assert client.post(f"{one.base}/action", headers=one.auth,
                       json={"action": action, "decision": question.turn.decision}).status_code == 200
    again = client.post(f"{one.base}/action", headers=one.auth, json={"action": action, "decision": question.turn.decision})
    assert again.status_code == 409
    assert "stale" in again.json()["error"] or "not being asked" in again.json()["error"]


def test_an_illegal_target_gets_the_engines_error(table) -> None:  # type: ignore[no-untyped-def]
    client, hub, seats = table
    one = seats[0]
    humans = live(hub, one).humans
    for _ in range(300):  # answer harmlessly until seat 1 is asked something with targets (the night)
        wait_for(lambda: any(h.asked for h in humans.values()), what="a human seat to be asked")
        question = humans[1].asked
        if question is not None and any(a.targets for a in question.turn.legal):
            break
        for seat in seats:
            if humans[seat.seat].asked is not None:
                answer_simply(hub, client, seat)
                break
    targeted = [a for a in question.turn.legal if a.targets]
    template = targeted[0]
    outside = next((s for s in range(1, 19) if s not in template.targets), 99)
    action = {"kind": template.kind, "skill": template.skill, "targets": [outside] * max(template.arity, 1)}
    if template.kind == "vote":
        action = {"kind": "vote", "target": outside}
    reply = client.post(f"{one.base}/action", headers=one.auth, json={"action": action, "decision": question.turn.decision})
    assert reply.status_code == 409 and reply.json()["error"]
    assert live(hub, one).humans[1].asked is question  # still open: the person may try again


def test_a_dead_seat_is_told_it_is_dead() -> None:
    ruleset = get_ruleset("umineko32")
    game = ruleset.new_game(11)
    import asyncio

    asyncio.run(GameRunner(game, {s: ScriptedAgent() for s in range(1, 19)}).run())
    died = next(e for e in game.events if isinstance(e, Died))
    cut = next(i for i, e in enumerate(game.events) if e.seq > died.seq and e.kind == "phase_began")
    prefix = Game.replay(ruleset, game.events[:cut])
    assert not prefix.over
    seat = HumanSeat(died.seat, ScriptedAgent())
    table = LiveGame("g", prefix, {died.seat: seat}, [], None)
    with pytest.raises(Refused, match=f"seat {died.seat} is dead"):
        table.submit(died.seat, {"kind": "pass"})


def test_pages_forbid_scripts_and_render_posts_as_text(table) -> None:  # type: ignore[no-untyped-def]
    client, _hub, (one, _two) = table
    page = client.get(f"/play/{one.game_id}/1")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert "<script>" not in page.text and 'src="/static/table.js"' in page.text
    script = client.get("/static/table.js").text
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "eval(" not in script


def test_replays_of_a_game_in_progress_show_only_the_public_view(table) -> None:  # type: ignore[no-untyped-def]
    client, hub, (one, _two) = table
    asked(hub, one)
    hub.writer.flush()
    for query in ("view=god", "view=seat&seat=1", "view=seat&seat=2"):
        reply = client.get(f"/replays/{one.game_id}?{query}")
        assert reply.status_code == 409 and "not finished" in reply.json()["error"]
    assert client.get(f"/replays/{one.game_id}/export?view=god").status_code == 409
    page = client.get(f"/replays/{one.game_id}").text
    game = live(hub, one).game
    hidden = [e for e in game.events if e.vis != "public"]
    assert hidden and all(f'data-seq="{e.seq}"' not in page for e in hidden)
    assert all(f"ch-{c}\"" not in page for c in ("private", "team", "judge"))
    assert '<td class="secret">' not in page  # no roles at all while the game runs


def test_the_beliefs_of_a_game_in_progress_are_not_shown(table) -> None:  # type: ignore[no-untyped-def]
    client, hub, (one, _two) = table
    asked(hub, one)
    game = live(hub, one).game
    report = {4: {"black": 0.987, "white": 0.013}}
    hub.writer.append_beliefs(one.game_id, report_rows(len(game.events) - 1, game.state.day, "NIGHTFALL", 3,
                                                       "scripted", report, {}))
    hub.writer.flush(one.game_id)
    page = client.get(f"/replays/{one.game_id}?view=spectator&lang=en").text
    assert 'id="beliefs"' not in page and "data-believer" not in page and "0.99" not in page
    for query in ("view=god", "view=seat&seat=3"):
        assert client.get(f"/replays/{one.game_id}?{query}").status_code == 409
    with hub.reader() as con:
        data = load_replay(con, one.game_id)
    assert data.beliefs  # on record, yet not drawn for anyone while the game runs
    assert all('id="beliefs"' not in render_replay(data, v, "en") for v in (Viewer.god(), Viewer.of_seat(3)))


def test_another_site_can_neither_start_games_nor_pose_as_this_host(tmp_path: Path) -> None:
    from arena.server.app import create_app
    from arena.server.hub import Hub

    hub = Hub(tmp_path / "hosts.duckdb", host_key=HostKey(HOST_KEY))
    with TestClient(create_app(hub, allowed_hosts=["127.0.0.1", "localhost"]), base_url="http://127.0.0.1",
                    headers=HOST) as client:
        players = json.dumps({"players": ["scripted"] * 18, "pace_s": 0})
        simple = client.post("/api/games", content=players, headers={"Content-Type": "text/plain"})
        assert simple.status_code == 400 and not hub.games  # a cross-site "simple" POST starts nothing
        elsewhere = client.post("/api/games", content=players, headers={"Content-Type": "application/json",
                                                                        "Origin": "https://evil.example"})
        assert elsewhere.status_code == 400 and not hub.games  # nor does a page of another origin
        assert client.get("/api/lobby", headers={"Host": "evil.example"}).status_code == 400
        assert client.get("/api/lobby").status_code == 200
