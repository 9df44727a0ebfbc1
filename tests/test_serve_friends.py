"""Friends on other machines (issue 19, item 2): every security item over HTTP and WebSocket.

The Host and Origin a request may name come from the bind address and ``--public-url`` (a LAN
address is let in, a rebinding domain is not); the lobby and every host action need the host's
key, in a header and never in a URL; ``arena serve`` beyond loopback refuses to start without it;
games at once and humans per game are bounded, and finished games leave memory; a body is bounded
as it streams (a 10 MB chunked body is refused before it is read); a seat's socket is closed when
its token expires or the host gives the seat a new link.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from arena.server.app import create_app
from arena.server.hostkey import HostKey
from arena.server.hosts import HostPolicy
from arena.server.hub import Hub
from arena.server.quotas import Quotas
from arena.server.tokens import SeatTokens
from tests.serve_process import ROOT, lan_address
from tests.serving import HOST, HOST_KEY, live, serving, start, wait_for

PLAYERS = ["human", "human"] + ["scripted"] * 16


# -- Host and Origin ---------------------------------------------------------------------------------


def test_the_allowed_hosts_come_from_the_bind_address_and_the_public_url() -> None:
    everywhere = HostPolicy.of("0.0.0.0", names={"arena-box"})
    assert everywhere.allows("192.168.1.5:8000") and everywhere.allows("[fe80::1]:8000")  # any address literal
    assert everywhere.allows("localhost:8000") and everywhere.allows("arena-box:8000")
    assert not everywhere.allows("evil.example") and not everywhere.allows("evil.example:8000")  # a rebinding name
    one = HostPolicy.of("192.168.1.5", names={"arena-box"})
    assert one.allows("192.168.1.5:8000") and not one.allows("192.168.1.6:8000") and not one.allows("127.0.0.1")
    loopback = HostPolicy.of("127.0.0.1", names={"arena-box"})
    assert loopback.allows("127.0.0.1:8000") and loopback.allows("localhost") and not loopback.allows("arena-box")
    proxied = HostPolicy.of("127.0.0.1", "https://arena.example.org", names=set())
    assert proxied.allows("arena.example.org") and proxied.allows("https://arena.example.org")  # Host, Origin
    assert not proxied.allows("other.example.org")
    with pytest.raises(ValueError, match="no host"):
        HostPolicy.of("127.0.0.1", "arena")


def test_a_lan_host_is_let_in_and_a_foreign_host_or_origin_is_not(tmp_path: Path) -> None:
    hub = Hub(tmp_path / "lan.duckdb", host_key=HostKey(HOST_KEY))
    app = create_app(hub, policy=HostPolicy.of("0.0.0.0", names=set()))
    with TestClient(app, base_url="http://192.168.1.5:8000", headers=HOST) as client:
        assert client.get("/api/lobby").status_code == 200  # a friend's browser, by the LAN address
        assert client.get("/api/lobby", headers={"Origin": "http://192.168.1.5:8000"}).status_code == 200
        refused = client.get("/api/lobby", headers={"Host": "evil.example"})
        assert refused.status_code == 400 and refused.json()["message"]["zh"]
        assert client.post("/api/games", json={"players": ["scripted"] * 18},
                           headers={"Origin": "https://evil.example"}).status_code == 400
        assert client.get("/", headers={"Origin": "null"}).status_code == 400
        body = client.post("/api/games", json={"players": ["scripted"] * 18, "pace_s": 0}).json()
        socket_url = f"ws://192.168.1.5:8000/ws/games/{body['game_id']}/public"
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(socket_url, headers={"Origin": "https://evil.example"}):
            pass
        assert closed.value.code == 1008  # another site's page cannot open a socket here
        with client.websocket_connect(socket_url, headers={"Origin": "http://192.168.1.5:8000"}) as ws:
            assert ws.receive_json()["type"] == "snapshot"


# -- the host's key ------------------------------------------------------------------------------------


def test_the_lobby_and_every_host_action_need_the_host_key(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        (one, _two) = start(client, humans=(1, 2))
        for headers in ({"X-Host-Key": ""}, {"X-Host-Key": "wrong-" + HOST_KEY}, {"X-Host-Key": HOST_KEY[:-1]}):
            for method, path in (("GET", "/api/lobby"), ("POST", "/api/games"),
                                 ("POST", f"/api/games/{one.game_id}/seats/1/link"),
                                 ("POST", f"/api/games/{one.game_id}/resume")):
                reply = client.request(method, path, headers=headers, json={"players": ["scripted"] * 18})
                assert reply.status_code == 401, (method, path, headers)
                assert HOST_KEY not in reply.text
        no_header = client.get("/api/lobby", headers={"X-Host-Key": ""}, params={"key": HOST_KEY})
        assert no_header.status_code == 401  # a key in the query string is no key
        assert len(hub.games) == 1
        assert client.get("/api/lobby").json()["games"][0]["humans"][0]["seat"] == 1
        # the table and the public view need no host key; the page itself carries none
        assert client.get(f"{one.base}/state", headers={**one.auth, "X-Host-Key": ""}).status_code == 200
        assert client.get(f"/api/games/{one.game_id}/public", headers={"X-Host-Key": ""}).status_code == 200


def test_arena_serve_beyond_loopback_refuses_to_start_without_the_host_key(tmp_path: Path) -> None:
    address = lan_address()
    command = [sys.executable, "-m", "arena", "serve", "--host", address, "--port", "1", "--db",
               str(tmp_path / "x.duckdb"), "--no-host-key"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "needs the host key" in done.stderr
    short = tmp_path / "short.key"
    short.write_text("abc")
    done = subprocess.run([*command[:-1], "--host-key-file", str(short)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "shorter than 16" in done.stderr


# -- quotas and memory ---------------------------------------------------------------------------------


def test_games_at_once_and_humans_per_game_are_bounded_and_finished_games_leave_memory(tmp_path: Path) -> None:
    now = [1000.0]
    hub = Hub(tmp_path / "quota.duckdb", host_key=HostKey(HOST_KEY), tokens=SeatTokens(clock=lambda: now[0]),
              quotas=Quotas(max_games=2, max_humans=2, keep_finished_s=60, max_finished=1), clock=lambda: now[0])
    with TestClient(create_app(hub), headers=HOST) as client:
        humans = ["human"] * 3 + ["scripted"] * 15
        many = client.post("/api/games", json={"players": humans, "pace_s": 0})
        assert many.status_code == 429 and many.json()["code"] == "too_many_humans"
        first = client.post("/api/games", json={"players": PLAYERS, "pace_s": 0, "seed": 1}).json()
        client.post("/api/games", json={"players": PLAYERS, "pace_s": 0, "seed": 2})
        third = client.post("/api/games", json={"players": PLAYERS, "pace_s": 0, "seed": 3})
        assert third.status_code == 429 and third.json()["code"] == "too_many_games" and len(hub.games) == 2
        assert "2" in third.json()["message"]["zh"]
        # the people leave; their stand-ins finish the games, which then leave memory after a minute
        gid, token = first["game_id"], first["links"][0]["url"].split("#")[1]
        auth = {"Authorization": f"Bearer {token}"}
        for game in list(hub.games.values()):
            for seat in list(game.humans):
                game.leave(seat)
        wait_for(lambda: all(g.done for g in hub.games.values()), timeout=60, what="both games to end")
        assert client.get(f"/api/games/{gid}/seats/1/state", headers=auth).status_code == 200
        now[0] += 61
        assert sorted(hub.evict()) == sorted(hub.games) or not hub.games
        assert not hub.games
        gone = client.get(f"/api/games/{gid}/seats/1/state", headers=auth)
        assert gone.status_code == 410 and f"/replays/{gid}" in gone.json()["message"]["en"]
        assert client.get(f"/api/games/{gid}/seats/1/guesses", headers=auth).status_code == 200  # still asked
        assert client.post("/api/games", json={"players": PLAYERS, "pace_s": 0}).status_code == 200  # room again


# -- bounded bodies ------------------------------------------------------------------------------------


@pytest.fixture
def uvicorn_server(tmp_path: Path) -> Iterator[tuple[str, int, Hub]]:
    import uvicorn

    hub = Hub(tmp_path / "body.duckdb", host_key=HostKey(HOST_KEY))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(hub, allowed_hosts=["127.0.0.1"]), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(lambda: server.started, what="uvicorn to start")
    yield "127.0.0.1", port, hub
    server.should_exit = True
    thread.join(10)


def test_a_10_mb_chunked_body_is_refused_before_it_is_read(uvicorn_server: tuple[str, int, Hub]) -> None:
    host, port, hub = uvicorn_server
    chunk = b"x" * (64 * 1024)
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                     f"X-Host-Key: {HOST_KEY}\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
        sent = 0
        for _ in range(2):  # 128 KB of the 10 MB it announces by sending on; the rest never comes
            conn.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            sent += len(chunk)
        reply = conn.recv(65536).decode(errors="replace")
        assert reply.startswith("HTTP/1.1 413"), reply[:200]
        assert "too large" in reply and not hub.games
        conn.settimeout(5)
        rest = b""
        try:
            while part := conn.recv(65536):
                rest += part
        except (ConnectionResetError, TimeoutError):
            pass
        assert sent < 10 * 1024 * 1024  # the server answered and closed with most of the body never sent
    declared = socket.create_connection((host, port), timeout=10)
    with declared:
        declared.sendall(f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                         f"X-Host-Key: {HOST_KEY}\r\nContent-Length: {10 * 1024 * 1024}\r\n\r\n".encode())
        assert declared.recv(65536).decode().startswith("HTTP/1.1 413")  # refused on its declared length


# -- tokens that end -----------------------------------------------------------------------------------


def _open_seat(client: TestClient, game_id: str, seat: int, token: str) -> object:
    ws = client.websocket_connect(f"/ws/games/{game_id}/seats/{seat}")
    socket_ = ws.__enter__()
    socket_.send_text(json.dumps({"token": token}))
    assert socket_.receive_json()["type"] == "snapshot"
    return ws, socket_


def _until_closed(ws: object) -> tuple[dict[str, object], int]:
    """The farewell before the close, and the close code."""
    farewell: dict[str, object] = {}
    while True:
        try:
            message = ws.receive_json()  # type: ignore[attr-defined]
        except WebSocketDisconnect as closed:
            return farewell, closed.code
        if message.get("type") == "refused":
            farewell = message


def test_an_open_socket_is_closed_when_its_token_expires(tmp_path: Path) -> None:
    now = [time.time()]
    with serving(tmp_path, clock=lambda: now[0]) as (client, hub):
        (one,) = start(client)
        context, ws = _open_seat(client, one.game_id, 1, one.token)
        now[0] += 13 * 3600  # past the 12 h of a join link
        farewell, code = _until_closed(ws)
        context.__exit__(None, None, None)  # type: ignore[attr-defined]
        assert code == 4401 and farewell["code"] == "expired_token"
        assert "过期" in farewell["message"]["zh"]  # type: ignore[index]
        wait_for(lambda: not hub.connections.count(), what="the socket to be dropped")
        assert client.get(f"{one.base}/state", headers=one.auth).status_code == 403


def test_a_new_link_from_the_host_closes_the_old_links_sockets(tmp_path: Path) -> None:
    with serving(tmp_path) as (client, hub):
        (one,) = start(client)
        context, ws = _open_seat(client, one.game_id, 1, one.token)
        fresh = client.post(f"/api/games/{one.game_id}/seats/1/link")
        assert fresh.status_code == 200
        url = fresh.json()["url"]
        assert url.startswith(f"/play/{one.game_id}/1#") and one.token not in url
        farewell, code = _until_closed(ws)
        context.__exit__(None, None, None)  # type: ignore[attr-defined]
        assert code == 4401 and farewell["code"] == "revoked_token"
        assert client.get(f"{one.base}/state", headers=one.auth).status_code == 403  # the old link: nothing
        new = {"Authorization": f"Bearer {url.split('#', 1)[1]}"}
        assert client.get(f"{one.base}/state", headers=new).status_code == 200  # the new one: the seat
        assert client.post(f"/api/games/{one.game_id}/seats/3/link").status_code == 409  # a bot's seat has none
        assert live(hub, one).humans[1].controller == "human"
