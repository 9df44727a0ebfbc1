"""The table of ``arena serve`` when people behave badly (issue 7, "Bad input") and the replays after.

A missed deadline takes the rules' default and the game goes on; a stale or doubled answer is
refused and nothing is applied twice; a person who leaves is replaced by the stand-in bot and
the hand-over is in the transcript; a reconnecting page is sent everything the seat has seen;
a finished game replays in god view and in any seat's view, and exports as one HTML file; its
belief reports are drawn against the truth for god, as its own reports for a seat, not at all for
a spectator.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from agents.llm.endpoint import Endpoint
from arena.cli import main
from arena.server.app import create_app
from arena.server.hostkey import HostKey
from arena.server.hub import Hub
from arena.server.payload import event_items
from arena.server.replay_data import load_replay
from arena.server.replay_page import render_replay
from engine.events import Passed
from engine.views import Viewer, view
from tests.fake_openai import FakeOpenAI
from tests.serving import HOST, HOST_KEY, answer_simply, asked, live, serving, start, wait_for
from transcripts.beliefs import load_beliefs
from transcripts.reader import list_games, load_control, load_events

ROOT = Path(__file__).resolve().parent.parent


def test_a_missed_deadline_takes_the_default_and_a_stale_answer_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        (one,) = start(client, deadline_s=0.2)
        with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:  # the person is at the table
            ws.send_text(json.dumps({"token": one.token}))
            assert ws.receive_json()["type"] == "snapshot"
            first = asked(hub, one)
            game = live(hub, one).game
            missed = wait_for(lambda: [e for e in game.events if isinstance(e, Passed) and e.seat == 1 and e.fallback],
                              what="the fallback of a missed deadline")
            assert missed[0].reason == "deadline" and missed[0].detail == {"seconds": "0.2"}
            reply = client.post(f"{one.base}/action", headers=one.auth,
                                json={"action": {"kind": "pass"}, "decision": first.turn.decision})
            assert reply.status_code == 409
            assert "stale" in reply.json()["error"] or "not being asked" in reply.json()["error"]
            status = client.get(f"{one.base}/state", headers=one.auth).json()["status"]
            assert status["missed"] >= 1 and status["controller"] == "human"
            wait_for(lambda: game.state.day >= 2, what="the game to go on past day 1")


def test_leaving_hands_the_seat_to_a_bot_and_back_on_record_then_the_replays(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        one, two = start(client, humans=(1, 2), seed=5)
        table = live(hub, one)
        with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:
            ws.send_text(json.dumps({"token": one.token}))
            assert ws.receive_json()["type"] == "snapshot"
            ws.send_text(json.dumps({"type": "leave"}))
            while ws.receive_json()["type"] != "ack":
                pass
        assert table.humans[1].controller == "bot"
        while table.game.state.day < 2:  # seat 2 stays, answering, so the game waits on a person
            answer_simply(hub, client, two)
        back = client.post(f"{one.base}/back", headers=one.auth)
        assert back.status_code == 200 and back.json()["controller"] == "human", back.text
        # the person came back: what the seat saw meanwhile is all in the snapshot
        snapshot = client.get(f"{one.base}/state", headers=one.auth).json()
        shown = {item["seq"] for item in snapshot["events"]}
        upto = table.game.events[:max(shown) + 1]  # the game may have moved on since the snapshot
        seen = {item["seq"] for item in event_items(view(upto, Viewer.of_seat(1)), table.names)}
        assert shown == seen and table.game.state.day >= 2
        assert snapshot["status"]["controller"] == "human"
        client.post(f"{one.base}/leave", headers=one.auth)
        assert client.post(f"{two.base}/leave", headers=two.auth).json()["controller"] == "bot"
        wait_for(lambda: table.task is not None and table.task.done(), timeout=60, what="the game to end")
        after = client.post(f"{two.base}/back", headers=two.auth)
        assert after.status_code == 409 and "over" in after.json()["error"]
        assert table.over
        with hub.reader() as con:
            control = load_control(con, one.game_id)
            stored = load_events(con, one.game_id)
        assert stored == table.game.events  # nothing lost: every event of the game is on record
        assert [(c.seat, c.controller) for c in control] == [(1, "bot"), (1, "human"), (1, "bot"), (2, "bot")]
        assert control[1].at_seq > control[0].at_seq

        god = client.get(f"/replays/{one.game_id}?view=god&lang=en")
        assert god.status_code == 200
        page = god.text
        assert "Hand-overs" in page and '<td class="secret">' in page and "<svg" in page
        assert 'class="votes"' in page and "Deaths" in page and "Timeline" in page
        assert "'sha256-" in god.headers["content-security-policy"]
        seat = client.get(f"/replays/{one.game_id}?view=seat&seat=2").text
        judge_only = [e for e in table.game.events if e.vis == "judge"]
        assert all(f'data-seq="{e.seq}"' not in seat for e in judge_only)
        exported = client.get(f"/replays/{one.game_id}/export?view=seat&seat=2")
        assert exported.headers["content-disposition"].startswith("attachment")
        assert "/replays/" not in exported.text  # no links back to a server
        listing = client.get("/replays", params={"ruleset": "umineko32", "outcome": table.game.winners[0]}).text
        assert one.game_id in listing
        assert one.game_id not in client.get("/replays", params={"model": "no-such-model"}).text


def test_model_seats_from_the_lobby_and_their_calls_in_the_replay(tmp_path: Path) -> None:
    with FakeOpenAI() as fake:
        endpoint = Endpoint(name="fake", base_url=fake.base_url, model="fake-model")
        hub = Hub(tmp_path / "llm.duckdb", endpoints={"fake": endpoint}, host_key=HostKey(HOST_KEY))
        with TestClient(create_app(hub), headers=HOST) as client:
            assert "llm:fake" in client.get("/api/lobby").json()["players"]
            players = ["human", "llm:fake", "llm:fake"] + ["scripted"] * 15
            body = client.post("/api/games", json={"seed": 4, "players": players, "pace_s": 0}).json()
            gid, token = body["game_id"], body["links"][0]["url"].split("#")[1]
            client.post(f"/api/games/{gid}/seats/1/leave", headers={"Authorization": f"Bearer {token}"})
            table = hub.games[gid]
            wait_for(lambda: table.task is not None and table.task.done(), timeout=120, what="the game to end")
            god = client.get(f"/replays/{gid}?view=god&lang=en").text
            seat2 = client.get(f"/replays/{gid}?view=seat&seat=2&lang=en").text
            public = client.get(f"/replays/{gid}?view=spectator&lang=en").text
            src = re.search(r'data-src="([^"]+)"', god)
            assert src is not None
            body = client.get(src.group(1).replace("&amp;", "&")).json()  # a call's body, fetched when opened
            titles = [s["title"] for s in body["sections"]]
            assert "tool calls" in titles and any(t.startswith("prompt") for t in titles)
    assert "LLM · seat 2 · fake-model" in god and "LLM · seat 3 · fake-model" in god
    assert "ms · in " in god and "tool calls" not in god  # the bodies are not in the page
    assert "LLM · seat 2" in seat2 and "LLM · seat 3" not in seat2
    assert "LLM · " not in public
    assert "human (stand-in scripted)" in god and "fake-model" in god


def test_the_lobby_refuses_a_game_it_cannot_play_saying_why(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, _hub):
        cases = [({"players": ["human"] * 3}, "has 18 seats"), ({"players": ["robot"] * 18}, "unknown player 'robot'"),
                 ({"ruleset": "nope", "players": ["human"]}, "unknown rule set"),
                 ({"players": ["human"] * 18, "flags": {"umineko.tie": "bogus"}}, "allowed"),
                 ({"players": ["human"] * 18, "deadline_s": -1}, "deadline_s"),
                 ({"players": ["human"] * 18, "stand_in": "llm:x"}, "stand_in")]
        for body, message in cases:
            reply = client.post("/api/games", json=body)
            assert reply.status_code == 400 and message in reply.json()["error"], (body, reply.text)
        assert client.get("/api/lobby").json()["games"] == []  # nothing was started


def test_a_closed_tab_is_forgotten_and_the_person_finds_what_happened_on_return(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        # paced bots: unpaced, the game ends some 70 ms after day 2 and the return could come after
        # the end (a finished game hands nothing back); paced, day 2 comes at ~2 s and the end at ~15 s
        (one,) = start(client, deadline_s=0.2, pace_s=0.05)
        table = live(hub, one)
        with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:
            ws.send_text(json.dumps({"token": one.token}))
            assert ws.receive_json()["type"] == "snapshot"
            assert table.watchers.queues[Viewer.of_seat(1)]
        wait_for(lambda: Viewer.of_seat(1) not in table.watchers.queues and not hub.connections.count(),
                 what="the closed tab to be dropped (its queue and its socket)")
        # the person is gone at the deadline: the stand-in takes the seat and the game goes on
        wait_for(lambda: table.humans[1].controller == "bot", what="the stand-in to take the seat")
        wait_for(lambda: table.game.state.day >= 2, what="the game to go on without the tab")
        assert not table.done, "the game ended before the person came back: nothing to hand back"
        with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:
            ws.send_text(json.dumps({"token": one.token}))
            snapshot = ws.receive_json()
            assert wait_for(lambda: table.humans[1].controller == "human", what="the seat to be theirs again")
        shown = {item["seq"] for item in snapshot["events"]}
        assert shown == {item["seq"] for item in event_items(view(table.game.events[:max(shown) + 1], Viewer.of_seat(1)),
                                                             table.names)}  # everything the seat saw meanwhile
        with hub.reader() as con:
            control = load_control(con, one.game_id)
        assert [(c.controller, c.reason) for c in control][:2] == [("bot", "gone"), ("human", "returned")]


def test_arena_serve_runs_on_loopback_and_refuses_other_hosts(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "arena", "serve", "--port", str(port), "--db", str(tmp_path / "cli.duckdb")]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = f"http://127.0.0.1:{port}"

        def lobby() -> httpx.Response | None:
            try:
                return httpx.get(url + "/api/lobby", timeout=1)
            except httpx.TransportError:
                return None

        assert wait_for(lobby, timeout=120, what="arena serve to answer").status_code == 401  # the host's only
        key = (tmp_path / "cli.duckdb.hostkey").read_text().strip()
        assert httpx.get(url + "/api/lobby", headers={"X-Host-Key": key}).json()["rulesets"]
        assert httpx.get(url + "/api/lobby", headers={"Host": "evil.example", "X-Host-Key": key}).status_code == 400
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=20)
    assert f"lobby at http://127.0.0.1:{port}/#key={key}" in out


def test_beliefs_god_sees_them_against_the_truth_a_seat_its_own_a_spectator_none(tmp_path: Path) -> None:
    db = tmp_path / "serve.duckdb"  # the file ``serving`` opens
    assert main(["play", "--players", "scripted", "--seed", "3", "--db", str(db), "--show", "none"]) == 0
    (row,) = list_games(db)
    rows, events = load_beliefs(db, row.game_id), load_events(db, row.game_id)
    assert rows  # scripted bots report at the end of every day by default
    points = sorted({(r.checkpoint, r.day) for r in rows})
    believer = max(range(1, 19), key=lambda s: (len({r.checkpoint for r in rows if r.seat == s}), -s))
    with serving(tmp_path) as (client, _hub):
        base = f"/replays/{row.game_id}"
        god = client.get(f"{base}?view=god&lang=en").text
        seat = client.get(f"{base}?view=seat&seat={believer}&lang=en").text
        public = client.get(f"{base}?view=spectator&lang=en").text
        exported = client.get(f"{base}/export?view=god&lang=en").text

    def truth(target: int, cp: int) -> str:
        return [e.faction for e in events if e.kind in ("role_dealt", "role_changed") and e.seat == target
                and e.seq <= cp][-1]

    # god: a line per seat reported on, at the mean over its believers of P(its true faction) then
    assert 'id="beliefs"' in god and "P(true faction)" in god and 'id="beliefs"' in exported
    targets = sorted({r.target for r in rows})
    assert [int(x) for x in re.findall(r'<g class="series" data-target="(\d+)"', god)] == targets
    for target in targets:
        block = re.search(rf'<g class="series" data-target="{target}">(.*?)</g>', god)
        assert block is not None
        for cp, day in points:
            probs = [r.prob for r in rows if r.checkpoint == cp and r.target == target and r.faction == truth(target, cp)]
            if probs:
                assert f"day {day}: {sum(probs) / len(probs):.2f}</title>" in block.group(1), (target, cp)
    # a seat: its own reports only, and no truth
    mine = [r for r in rows if r.seat == believer]
    assert set(re.findall(r'data-believer="(\d+)"', seat)) == {str(believer)}
    assert "P(true faction)" not in seat and "data-faction" not in seat and "P(not my side)" in seat
    assert len(re.findall(r"<th data-checkpoint=", seat)) == len({r.checkpoint for r in mine})
    assert [int(x) for x in re.findall(rf'<g class="series" data-believer="{believer}" data-target="(\d+)"', seat)] \
        == sorted({r.target for r in mine})
    first = min(r.checkpoint for r in mine)
    for target in sorted({r.target for r in mine}):
        cell = re.search(rf"<tr><td>{target} [^<]*</td><td>(.*?)</td>", seat)
        assert cell is not None
        assert all(f" {r.prob:.2f}" in cell.group(1) for r in mine if r.checkpoint == first and r.target == target)
    # a spectator: nothing
    assert 'id="beliefs"' not in public and "data-believer" not in public and 'class="plot lines"' not in public
    # a game without reports, or not finished, draws none even in the god view
    data = load_replay(db, row.game_id)
    assert 'id="beliefs"' not in render_replay(replace(data, beliefs=[]), Viewer.god(), "en")
    running = replace(data, row=replace(data.row, status="running"))
    assert 'id="beliefs"' not in render_replay(running, Viewer.god(), "en")
