"""Helpers for tests that run ``arena serve`` as its own process, reached by a non-loopback address.

``lan_address`` finds an address of this machine that is not loopback (the one a friend on the LAN
would type); ``Served`` starts ``arena serve`` on it, waits until it answers, and stops it with
SIGTERM, keeping what it printed. ``Person`` plays a human seat over HTTP with the simple policy of
``simple_answer`` (yes, abstain, pass, else the first legal target), which ``PolicyAgent`` plays
the same way in-process, so a served game and an in-process one can be compared event by event.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from agents.base import Turn
from engine.actions import ACTION_ADAPTER, Action
from tests.conftest import own_addresses

ROOT = Path(__file__).resolve().parent.parent


def lan_address() -> str:
    """A non-loopback IPv4 address of this machine (skips, or fails under CI, when it has none)."""
    found = sorted(a for a in own_addresses() if not a.startswith("127."))
    if not found:
        if os.environ.get("CI"):
            pytest.fail("no non-loopback IPv4 address: the LAN tests need one")
        pytest.skip("this machine has no non-loopback IPv4 address")
    return found[0]


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    """``arena serve`` in a process of its own."""

    db: Path
    host: str
    port: int = 0
    extra: list[str] = field(default_factory=list)
    process: subprocess.Popen[str] | None = None
    output: str = ""

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def key(self) -> str:
        return Path(f"{self.db}.hostkey").read_text(encoding="utf-8").strip()

    @property
    def host_headers(self) -> dict[str, str]:
        return {"X-Host-Key": self.key}

    def start(self) -> Served:
        self.port = self.port or free_port(self.host)
        command = [sys.executable, "-m", "arena", "serve", "--host", self.host, "--port", str(self.port),
                   "--db", str(self.db), *self.extra]
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError(f"arena serve exited: {self.process.communicate()[0]}")
            try:
                httpx.get(self.url + "/favicon.ico", timeout=1)
                return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError("arena serve did not answer within 60 s")

    def stop(self) -> float:
        """SIGTERM; the seconds until the process was gone."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        out, _ = self.process.communicate(timeout=30)
        self.output += out
        self.process = None
        return time.monotonic() - started

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.output += self.process.communicate()[0]
            self.process = None


def simple_answer(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The simple policy, on the table's JSON of the legal actions: yes, abstain, pass, else the first
    legal targets of the first action that has them."""
    kinds = {a["kind"]: a for a in legal}
    if "choose" in kinds and kinds["choose"]["yes_no"]:
        return {"kind": "choose", "skill": kinds["choose"]["skill"], "use": True}
    if "vote" in kinds and kinds["vote"]["abstain"]:
        return {"kind": "vote", "target": None}
    if "pass" in kinds:
        return {"kind": "pass"}
    first = next(a for a in legal if a["targets"])
    targets = [t["seat"] for t in first["targets"][:max(first["arity"], 1)]]
    if first["kind"] == "vote":
        return {"kind": "vote", "target": targets[0]}
    return {"kind": first["kind"], "skill": first["skill"], "targets": targets}


class PolicyAgent:
    """The same policy as an in-process player (for the uninterrupted reference game)."""

    name = "policy"
    concurrent = True

    async def act(self, turn: Turn) -> Action | None:
        legal = [{"kind": a.kind, "skill": a.skill, "yes_no": a.yes_no, "abstain": a.abstain, "arity": a.arity,
                  "targets": [{"seat": t} for t in a.targets]} for a in turn.legal]
        return ACTION_ADAPTER.validate_python({**simple_answer(legal), "seat": turn.seat})


@dataclass
class Person:
    """A person at a human seat, over HTTP: answers whatever the seat is asked, with ``simple_answer``."""

    base: str
    game_id: str
    seat: int
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def step(self, client: httpx.Client) -> dict[str, Any] | None:
        """Answer the open question, if any; the seat's status (None: the server is away)."""
        try:
            state = client.get(f"{self.base}/api/games/{self.game_id}/seats/{self.seat}/state", headers=self.auth)
        except httpx.TransportError:
            return None
        if state.status_code != 200:
            return None
        status: dict[str, Any] = state.json()["status"]
        if status["asked"] and status["controller"] == "human" and not status["over"]:
            action = simple_answer(status["legal"])
            try:
                client.post(f"{self.base}/api/games/{self.game_id}/seats/{self.seat}/action", headers=self.auth,
                            json={"action": action, "decision": status["decision"]})
            except httpx.TransportError:
                return None
        return status
