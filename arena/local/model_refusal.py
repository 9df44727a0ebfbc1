"""A switch that refuses the embedded model: for test suites, CI and shared machines.

``arena play`` with neither ``--players`` nor ``--seats`` seats every player on the embedded model, a
game of 15-20 minutes on 2 cores. A test that forgot to name its players once played such a game
inside the test suite wherever the ``local`` extra was installed (and silently played scripted bots
where it was not, so the suite's time depended on what was installed). With ``ARENA_REFUSE_LOCAL_MODEL``
set to a reason, both doors to the model stay shut: ``arena play`` refuses its default seats
(whether or not the model is installed, so a missing ``--players`` shows up on every machine) and
``LocalModel`` refuses to start llama-cpp-python's server, each raising ``ModelRefused`` with the
reason, the command and the chain of calls that asked. With ``ARENA_REFUSE_LOCAL_MODEL_LOG`` set
too, each refusal is also appended to that file as a JSON line, so a parent process (pytest running
``arena`` in a subprocess) learns of it even when the child's output is not shown.

The same idea as Pydantic AI's ``ALLOW_MODEL_REQUESTS = False``, which "blocks any requests from being
made to non-test models accidentally" (https://ai.pydantic.dev/testing/). A command given to
``LocalModel(command=...)`` (a test's stub server) is not the embedded model and is never refused.
"""

from __future__ import annotations

import json
import os
import sys
import sysconfig
import traceback
from pathlib import Path

REFUSE_ENV = "ARENA_REFUSE_LOCAL_MODEL"
LOG_ENV = "ARENA_REFUSE_LOCAL_MODEL_LOG"
ROOT = Path(__file__).resolve().parents[2]
OWN = (Path(__file__).resolve(), ROOT / "tests" / "conftest.py")
"""Frames never worth naming in a chain: this module's and the test suite's guard."""
LIBRARIES = tuple({Path(sysconfig.get_paths()[k]).resolve()
                   for k in ("stdlib", "platstdlib", "purelib", "platlib")} - {ROOT})
DEFAULT_SEATS = "arena play's default seats (every seat an LLM on the embedded model)"
SERVER_START = "LocalModel starting llama-cpp-python's server with the embedded model"


class ModelRefused(RuntimeError):
    """The embedded model was asked for while ``ARENA_REFUSE_LOCAL_MODEL`` is set."""


def caller_chain(limit: int = 8) -> str:
    """The calls that led here outside the standard library and installed packages (pytest, asyncio),
    outermost first (``file:line in function``): a refusal names the call that asked for the model
    and the test or command it came from."""
    frames = []
    for frame in traceback.extract_stack()[:-1]:
        path = Path(frame.filename).resolve()
        if path in OWN or _installed(path):
            continue
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        frames.append(f"{shown}:{frame.lineno} in {frame.name}")
    return " → ".join(frames[-limit:]) or "(no call outside the standard library)"


def _installed(path: Path) -> bool:
    """Whether ``path`` is the standard library's or an installed package's (or not a file at all)."""
    if not path.is_file():
        return True  # <frozen ...>, <string>
    return any(path.is_relative_to(where) for where in LIBRARIES)


def command_line(argv: list[str] | None = None) -> str:
    """This process's command as a user types it (``arena play --seed 2``, not ``…/arena/__main__.py``)."""
    argv = list(sys.argv if argv is None else argv)
    if not argv:
        return "(no command line)"
    head = Path(argv[0])
    if head.name in ("arena", "__main__.py") and (head.name == "arena" or head.parent.name == "arena"):
        argv[0] = "arena"
    return " ".join(argv)


def check(what: str) -> None:
    """Raise ``ModelRefused`` (and log it) when the environment refuses the embedded model."""
    reason = os.environ.get(REFUSE_ENV)
    if not reason:
        return
    command, chain = command_line(), caller_chain()
    log = os.environ.get(LOG_ENV)
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps({"what": what, "command": command, "chain": chain}, ensure_ascii=False) + "\n")
    raise ModelRefused(f"{REFUSE_ENV} is set, so {what} was refused. {reason} "
                       f"(command: {command}; called from: {chain})")
