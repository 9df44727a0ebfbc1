"""LocalModel: start, health check, failure with the log's tail, stop; two real-model tests (marked local_model).

The stub "server" is a tiny HTTP server written to a temporary file and started through the same
code path as llama-cpp-python's (``LocalModel(command=...)``).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest

from arena.local import model as local_model
from arena.local.model import LocalModel, LocalModelError

STUB = textwrap.dedent('''
    import http.server, json, os, signal, sys, time
    host, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    print("stub server starting", mode, flush=True)
    if mode == "crash":
        print("error: cannot load the model file", flush=True)
        sys.exit(3)
    if mode == "ignore-term":
        signal.signal(signal.SIGTERM, lambda *a: print("ignoring SIGTERM", flush=True))
    if mode == "slow":
        time.sleep(1.0)
    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if mode == "mute" or self.path != "/v1/models":
                self.send_response(503 if mode == "mute" else 404); self.end_headers(); return
            body = json.dumps({"object": "list", "data": [{"id": "stub-model", "object": "model"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def log_message(self, *a):
            print("request", self.path, flush=True)
    http.server.HTTPServer((host, port), H).serve_forever()
''')


@pytest.fixture
def stub(tmp_path: Path) -> Path:
    path = tmp_path / "stub_server.py"
    path.write_text(STUB)
    return path


def command(stub: Path, mode: str) -> list[str]:
    return [sys.executable, str(stub), "{host}", "{port}", mode]


def models(base_url: str) -> dict[str, object]:
    with urllib.request.urlopen(base_url + "/models", timeout=5) as resp:
        out: dict[str, object] = json.loads(resp.read())
        return out


def test_start_health_check_and_stop(stub: Path) -> None:
    lm = LocalModel(command=command(stub, "slow"), start_timeout_s=20)
    with lm:
        assert lm.running
        assert lm.base_url == f"http://127.0.0.1:{lm.port}/v1"
        assert lm.model == "stub-model"  # the id the server answers with
        assert models(lm.base_url)["data"] == [{"id": "stub-model", "object": "model"}]
        log_dir = lm.log_path.parent if lm.log_path else None
        proc = lm.process
    assert proc is not None and proc.poll() is not None  # stopped
    assert not lm.running
    assert log_dir is not None and not log_dir.exists()  # the temporary log goes with a clean stop


def test_async_context_manager(stub: Path) -> None:
    async def go() -> tuple[int | None, str]:
        async with LocalModel(command=command(stub, "ok"), start_timeout_s=20) as lm:
            body = await asyncio.to_thread(models, lm.base_url)
            proc = lm.process
        assert proc is not None
        return proc.poll(), str(body["object"])

    code, obj = asyncio.run(go())
    assert code is not None and obj == "list"


def test_crash_reports_the_log_tail(stub: Path) -> None:
    lm = LocalModel(command=command(stub, "crash"), start_timeout_s=20)
    with pytest.raises(LocalModelError) as info:
        lm.start()
    msg = str(info.value)
    assert "exited with status 3" in msg
    assert "cannot load the model file" in msg  # the tail of the server's log
    assert lm.log_path is not None and lm.log_path.exists()  # kept: the message points at it
    assert str(lm.log_path) in msg
    assert not lm.running
    shutil.rmtree(lm.log_path.parent)


def test_timeout_stops_the_server(stub: Path, tmp_path: Path) -> None:
    lm = LocalModel(command=command(stub, "mute"), start_timeout_s=1.5, log_dir=tmp_path / "logs")
    with pytest.raises(LocalModelError, match=r"did not answer .*/models within 1.5 s") as info:
        asyncio.run(lm.astart())
    assert "stub server starting mute" in str(info.value)
    assert lm.process is None


def test_kill_when_terminate_is_ignored(stub: Path) -> None:
    lm = LocalModel(command=command(stub, "ignore-term"), start_timeout_s=20, stop_timeout_s=0.5)
    lm.start()
    proc = lm.process
    assert proc is not None
    t = time.monotonic()
    code = lm.stop()
    assert time.monotonic() - t < 10
    assert proc.poll() is not None and code == proc.returncode and code != 0  # killed
    assert lm.stop() is None  # stopping twice is harmless


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_the_server_dies_with_an_arena_killed_before_stopping_it(stub: Path, tmp_path: Path) -> None:
    """Even a server that would linger on SIGTERM (uvicorn waits for the request in flight)."""
    parent = tmp_path / "parent.py"
    parent.write_text(textwrap.dedent(f'''
        import os, sys, time
        sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
        from arena.local.model import LocalModel
        lm = LocalModel(command=[sys.executable, {str(stub)!r}, "{{host}}", "{{port}}", "ignore-term"],
                        start_timeout_s=20).start()
        print(lm.process.pid, flush=True)
        time.sleep(60)
    '''))
    proc = subprocess.Popen([sys.executable, str(parent)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    server = int(proc.stdout.readline())
    proc.kill()  # no atexit, no stop(): only the death signal is left
    proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            return
        with open(f"/proc/{server}/stat") as f:  # a zombie (reaped by init later) is dead too
            if f.read().split(") ")[-1].startswith("Z"):
                return
        time.sleep(0.1)
    os.kill(server, 9)
    pytest.fail("the server outlived the arena that started it")


def test_missing_package_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LocalModelError) as info:
        local_model.find_gguf(package="no-such-model-package", module="no_such_model_package")
    msg = str(info.value)
    assert "no-such-model-package" in msg and 'pip install -e ".[local]"' in msg


def test_missing_llama_cpp_says_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    with pytest.raises(LocalModelError) as info:
        local_model.check_server_installed()
    msg = str(info.value)
    assert "llama-cpp-python is not installed" in msg
    assert 'CMAKE_ARGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF" pip install' in msg


def test_server_command_flags() -> None:
    argv = local_model.server_command("m.gguf", 8123, threads=2)
    assert argv[1:3] == ["-m", "llama_cpp.server"]
    flags = dict(zip(argv[3::2], argv[4::2], strict=True))
    assert flags == {"--model": "m.gguf", "--model_alias": "smollm2-135m-instruct", "--host": "127.0.0.1",
                     "--port": "8123", "--n_threads": "2", "--n_threads_batch": "2", "--n_ctx": "8192",
                     "--logits_all": "false", "--flash_attn": "true"}
    cached = local_model.server_command("m.gguf", 8123, threads=2, cache_bytes=1 << 30)
    assert cached[-6:] == ["--cache", "true", "--cache_type", "ram", "--cache_size", str(1 << 30)]


def test_the_server_waits_passively_and_uses_every_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spinning OpenMP threads collapsed the model's speed on 2 cores once anything else ran."""
    assert local_model.SERVER_ENV == {"OMP_WAIT_POLICY": "PASSIVE"}
    monkeypatch.setattr(local_model.os, "sched_getaffinity", lambda pid: {0, 1})
    assert local_model.default_threads() == 2


def test_free_port_is_bindable() -> None:
    port = local_model.free_port()
    assert 0 < port < 65536


@pytest.mark.local_model  # one call at a 2k context; skipped without the local extra
def test_real_model_forced_tool_call() -> None:
    alive = [2, 3, 5, 8]
    vote = {"type": "function", "function": {
        "name": "vote", "description": "Vote to lynch one living player, or 0 to abstain.",
        "parameters": {"type": "object", "required": ["reason", "target"], "properties": {
            "reason": {"type": "string", "maxLength": 100},
            "target": {"type": "integer", "enum": [*alive, 0]}}}}}
    with LocalModel(n_ctx=2048) as lm:
        assert lm.model == local_model.MODEL_ALIAS
        body = {"model": lm.model, "max_tokens": 96, "temperature": 0.7, "tools": [vote],
                "tool_choice": {"type": "function", "function": {"name": "vote"}},
                "messages": [{"role": "system", "content": "You are seat 5 in a mafia game. Living: 2, 3, 5, 8."},
                             {"role": "user", "content": "Seat 3 voted with the wolves yesterday. Vote now."}]}
        req = urllib.request.Request(lm.base_url + "/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=300) as resp:
            out = json.loads(resp.read())
        calls = out["choices"][0]["message"].get("tool_calls") or []
        assert calls and calls[0]["function"]["name"] == "vote"
        args = json.loads(calls[0]["function"]["arguments"], strict=False)  # raw newlines may occur
        assert args["target"] in [*alive, 0] and isinstance(args["reason"], str)
        proc = lm.process
    assert proc is not None and proc.poll() is not None


class _Enough(Exception):
    """Stops the demo game once its first calls are in and a decision of theirs is applied."""


@pytest.mark.local_model  # the demo's first round (9 calls) at a 4k context, ~40 s on 2 cores; skipped without the extra
def test_the_demo_s_first_calls_on_the_real_model() -> None:
    """What ``arena play`` does with its default seats (``local_seats.plan`` on a started model: the
    direct tool mode, the brief layout, the demo's limits), on the real server for its first calls:
    each forced tool comes back as a well-formed call of that tool (the server's grammar), and the
    engine takes the decisions (the game goes on). The game is stopped by an event once 5 calls are
    in: a round's calls are handed on as they come, before any answer is applied, so stopping on a
    call would stop the round before the engine took anything."""
    from arena.local import seats as local_seats
    from arena.run.runner import GameRunner
    from engine.events import Event
    from engine.game import Game
    from engine.rulesets import get_ruleset
    from transcripts.records import CallRecord

    records: list[CallRecord] = []

    def listen(batch: list[CallRecord]) -> None:
        records.extend(batch)

    def applied(game: Game, new: list[Event]) -> None:
        if len(records) >= 5 and new[-1].seq >= start:
            raise _Enough

    lm = LocalModel(n_ctx=4096).start()
    plan = local_seats.plan(18, lm, seed=1)
    game = get_ruleset("umineko32").new_game(1, options={"rounds": local_seats.rounds()})
    start = len(game.events)

    async def go() -> None:
        try:
            await GameRunner(game, plan.agents, listeners=[applied], call_listeners=[listen]).run()
        except _Enough:
            pass
        finally:
            await plan.aclose()  # stops the model too

    asyncio.run(go())
    assert not lm.running
    assert len(records) >= 5 and not any(r.fallback for r in records)
    for r in records:
        forced = r.tools[0]["function"]["name"]
        assert [c["name"] for c in r.tool_calls] == [forced], (forced, r.tool_calls, r.error)
        assert isinstance(json.loads(r.tool_calls[0]["arguments"], strict=False), dict)
        assert r.tokens_in_reported and r.tokens_in_reported < 4096
    assert len(game.events) > start
