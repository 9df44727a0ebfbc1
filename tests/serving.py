"""Helpers for the tests of ``arena serve``: a server on a temporary database, games with human seats.

The FastAPI ``TestClient`` runs the application's event loop in a thread of its own, so a game
plays on while a test waits; ``wait_for`` polls a condition against that game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from arena.server.app import create_app
from arena.server.hostkey import HostKey
from arena.server.hub import Hub
from arena.server.live import LiveGame
from arena.server.tokens import SeatTokens

SEATS = 18
HOST_KEY = "test-host-key-0123456789"
HOST = {"X-Host-Key": HOST_KEY}
"""The host's key of the test servers, and the header that sends it."""


@dataclass
class Seat:
    """A human seat of a test game: its number and token."""

    game_id: str
    seat: int
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @property
    def base(self) -> str:
        return f"/api/games/{self.game_id}/seats/{self.seat}"


@contextmanager
def serving(tmp_path: Path, clock: Callable[[], float] = time.time) -> Iterator[tuple[TestClient, Hub]]:
    """A running server over a fresh database (closed, and its games stopped, at the end)."""
    hub = Hub(tmp_path / "serve.duckdb", tokens=SeatTokens(clock=clock), host_key=HostKey(HOST_KEY), clock=clock)
    with TestClient(create_app(hub), headers=HOST) as client:
        yield client, hub


def start(client: TestClient, humans: tuple[int, ...] = (1,), *, seed: int = 7, deadline_s: float | None = 600,
          **spec: Any) -> list[Seat]:
    """Start a game of scripted bots with these human seats; their join links as ``Seat``s."""
    players = ["human" if s in humans else "scripted" for s in range(1, SEATS + 1)]
    reply = client.post("/api/games", json={"seed": seed, "players": players, "pace_s": 0,
                                             "deadline_s": deadline_s} | spec)
    assert reply.status_code == 200, reply.text
    body = reply.json()
    return [Seat(body["game_id"], link["seat"], link["url"].split("#", 1)[1]) for link in body["links"]]


def wait_for(condition: Callable[[], Any], timeout: float = 20.0, what: str = "condition") -> Any:
    """Poll ``condition`` until it is truthy; fail naming ``what`` after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def live(hub: Hub, seat: Seat) -> LiveGame:
    return hub.games[seat.game_id]


def asked(hub: Hub, seat: Seat) -> Any:
    """The seat's open question, once the runner asks it."""
    return wait_for(lambda: live(hub, seat).humans[seat.seat].asked, what=f"seat {seat.seat} to be asked")


def answer_simply(hub: Hub, client: TestClient, seat: Seat) -> dict[str, Any]:
    """Answer the open question with the most harmless legal action (yes, abstain, pass) over HTTP."""
    question = asked(hub, seat)
    kinds = {a.kind: a for a in question.turn.legal}
    if "choose" in kinds and kinds["choose"].yes_no:
        action: dict[str, Any] = {"kind": "choose", "skill": kinds["choose"].skill, "use": True}
    elif "vote" in kinds:
        action = {"kind": "vote", "target": None}
    else:
        action = {"kind": "pass"}
    reply = client.post(f"{seat.base}/action", headers=seat.auth,
                        json={"action": action, "decision": question.turn.decision})
    assert reply.status_code == 200, reply.text
    return action
