"""``arena serve`` survives a restart (issue 19, item 3), as its own process on a non-loopback address.

Two people play seats 1 and 2 of an umineko32 game among scripted bots over HTTP; with watchers and
both seats' sockets open, the server gets SIGTERM in the middle of the game: it is gone within 2 s,
says at which event it stopped, and every one of those events is in the database. Started again
on the same file, it takes the game up by itself; the people's join links still work; the game
ends exactly as the same game played without a stop (the same seed, the same answers) ends.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import httpx
import websockets

from arena.run.players import make_agent
from arena.run.runner import GameRunner
from engine.events import to_json
from engine.rulesets import get_ruleset
from tests.serve_process import Person, PolicyAgent, Served, lan_address
from transcripts.reader import list_games, load_events

SEED = 7
HUMANS = (1, 2)


def reference_game() -> list[str]:
    """The same game played straight through in-process: the people's policy at seats 1 and 2."""
    game = get_ruleset("umineko32").new_game(SEED)
    agents = {s: PolicyAgent() if s in HUMANS else make_agent("scripted") for s in range(1, 19)}
    asyncio.run(GameRunner(game, agents).run())
    return [to_json(e) for e in game.events]


def play(people: list[Person], until: float, stop_at_day: int | None = None) -> dict[str, object]:
    """Answer for both people until the game is over (or reaches ``stop_at_day``); the last status."""
    last: dict[str, object] = {}
    end = time.monotonic() + until
    with httpx.Client(timeout=5) as client:
        while time.monotonic() < end:
            for person in people:
                status = person.step(client)
                if status is not None:
                    last = status
            if last.get("done") or (stop_at_day is not None and int(str(last.get("day", 0))) >= stop_at_day):
                return last
            time.sleep(0.02)
    raise AssertionError(f"the game did not get there in {until} s: {last.get('day')}, {last.get('phase')}")


async def watch_and_stop(served: Served, game_id: str, people: list[Person]) -> float:
    """Open five watchers and both seats' sockets, then SIGTERM the server; seconds until it is gone."""
    ws_base = served.url.replace("http", "ws", 1)
    sockets = [await websockets.connect(f"{ws_base}/ws/games/{game_id}/public", origin=served.url) for _ in range(5)]
    for person in people:
        ws = await websockets.connect(f"{ws_base}/ws/games/{game_id}/seats/{person.seat}", origin=served.url)
        await ws.send(json.dumps({"token": person.token}))
        sockets.append(ws)
    for ws in sockets:
        assert json.loads(await ws.recv())["type"] == "snapshot"
    took = await asyncio.to_thread(served.stop)
    for ws in sockets:
        await ws.close()
    return took


def test_a_restarted_server_resumes_the_game_to_the_same_end(tmp_path: Path) -> None:
    expected = reference_game()
    served = Served(tmp_path / "restart.duckdb", lan_address()).start()
    try:
        players = ["human" if s in HUMANS else "scripted" for s in range(1, 19)]
        reply = httpx.post(served.url + "/api/games", headers=served.host_headers,
                           json={"seed": SEED, "players": players, "pace_s": 0.02, "deadline_s": 600})
        assert reply.status_code == 200, reply.text
        body = reply.json()
        game_id = body["game_id"]
        people = [Person(served.url, game_id, link["seat"], link["url"].split("#", 1)[1]) for link in body["links"]]
        play(people, until=120, stop_at_day=3)
        took = asyncio.run(watch_and_stop(served, game_id, people))
        assert took < 2.0, f"SIGTERM with 7 sockets open took {took:.2f} s"
        stopped = re.search(rf"game {game_id} stopped at event (\d+)", served.output)
        assert stopped is not None, served.output
        assert len(load_events(served.db, game_id)) == int(stopped.group(1))  # every event written

        served.start()  # the same file, the same port: it takes the game up by itself
        last = play(people, until=180)  # the people's links still work after the restart
        assert last["over"] and last["done"]
        served.stop()
    finally:
        served.kill()
    assert f"game {game_id} resumed from event {stopped.group(1)}" in served.output
    (row,) = list_games(served.db)
    assert row.status == "finished"
    assert [to_json(e) for e in load_events(served.db, game_id)] == expected


def test_after_a_restart_a_person_who_does_not_come_back_is_handed_to_the_stand_in(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from arena.server.app import create_app
    from arena.server.hostkey import HostKey
    from arena.server.hub import Hub
    from tests.serving import HOST, HOST_KEY, asked, start, wait_for
    from transcripts.reader import load_control

    db = tmp_path / "gone.duckdb"
    with TestClient(create_app(Hub(db, host_key=HostKey(HOST_KEY))), headers=HOST) as client:
        (one,) = start(client, deadline_s=1.0, pace_s=0.05)  # paced: the game is still on when they return
        with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:  # the person is there
            ws.send_text(json.dumps({"token": one.token}))
            assert ws.receive_json()["type"] == "snapshot"
            hub = client.app.app.app.state.hub  # type: ignore[attr-defined]
            asked(hub, one)
    # the server stops (a restart) and comes back; the person does not
    again = Hub(db, host_key=HostKey(HOST_KEY))
    with TestClient(create_app(again), headers=HOST) as client:
        assert again.resumed == [one.game_id]
        table = again.games[one.game_id]
        assert table.humans[1].controller == "human"
        wait_for(lambda: table.humans[1].controller == "bot", what="the stand-in to take the seat at its deadline")
        wait_for(lambda: table.game.state.day >= 2, what="the game to go on without the person")
        with again.reader() as con:
            assert [(c.controller, c.reason) for c in load_control(con, one.game_id)][-1] == ("bot", "gone")
        assert client.get(f"{one.base}/state", headers=one.auth).status_code == 200  # the link still works
        with client.websocket_connect(f"/ws/games/{one.game_id}/seats/1") as ws:  # and coming back takes it back
            ws.send_text(json.dumps({"token": one.token}))
            assert ws.receive_json()["type"] == "snapshot"
            wait_for(lambda: table.humans[1].controller == "human", what="the seat to be theirs again")
