"""The guard against starting the embedded model by accident (tests/conftest.py, arena/local/model_refusal.py).

The guard itself runs in a pytest of its own (``pytester``, with this suite's conftest), on tests that
forget their players in each way a test can: in this process, in a subprocess, by starting
``LocalModel`` directly, by swallowing the refusal. Each must fail, naming the call and what to do;
the tests that name their players, or take the default on purpose, must pass. The switch it rests
on (``ARENA_REFUSE_LOCAL_MODEL``) is tested on the real ``arena`` command.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.local import model_refusal
from arena.local.model import LocalModel, LocalModelError
from tests.conftest import HAVE_REAL_MODEL, MAX_TEST_CTX

ROOT = Path(__file__).resolve().parents[1]
WHAT_TO_DO = ("`arena play --players scripted`", "tests/fake_openai.FakeOpenAI", "@pytest.mark.local_model")

INNER = '''
import subprocess, sys, time

import pytest

from arena import cli

from arena.local import seats as local_seats
from arena.local.model import LocalModel


def test_forgets_its_players():
    assert cli.main(["play", "--seed", "2", "--no-store", "--show", "none"]) == 0


def test_forgets_its_players_in_a_subprocess():
    subprocess.run([sys.executable, "-m", "arena", "play", "--seed", "2", "--no-store", "--show", "none"],
                   capture_output=True)  # the return code is not even checked


def test_starts_the_model_itself():
    LocalModel(gguf="some.gguf").start()


def test_swallows_the_refusal():
    try:
        cli.main(["play", "--seed", "2", "--no-store", "--show", "none"])
    except BaseException:
        pass


def test_names_its_players():
    assert cli.main(["play", "--players", "scripted", "--seed", "2", "--no-store", "--show", "none"]) == 0


def test_of_the_default_itself(allow_default_seats, monkeypatch):
    monkeypatch.setattr(local_seats, "unavailable", lambda: "not here")
    assert cli.main(["play", "--seed", "2", "--no-store", "--show", "none"]) == 0


@pytest.mark.local_model
def test_on_the_real_model_with_a_large_context():
    LocalModel(n_ctx=8192).start()


def test_takes_a_while():
    time.sleep(0.6)


@pytest.mark.slow(reason="sleeps on purpose")
def test_takes_a_while_and_says_so():
    time.sleep(0.6)
'''


def sections(output: str) -> dict[str, str]:
    """pytest's failure and error sections, by test name."""
    parts = re.split(r"^_{3,} (?:ERROR at teardown of )?(test_\w+) _{3,}$", output, flags=re.M)
    found: dict[str, str] = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=True):
        found[name] = found.get(name, "") + body
    return found


Inner = tuple[list[str], dict[str, str]]
XDIST = ("-n", "2")
"""The inner suite runs as the suite itself does, on two pytest-xdist workers (pyproject's addopts): the
tests run in worker processes, so each guard must report through what reaches the process that prints
the summary (a refusal in a subprocess, a long test without the slow mark)."""


def outcomes(lines: list[str], test: str) -> set[str]:
    """What pytest's short summary (``-rA``) says of ``test``: PASSED, FAILED, ERROR, SKIPPED."""
    found = (re.match(rf"(\w+) test_inner.py::{test}(?: - .*)?$", line) for line in lines)
    return {m.group(1) for m in found if m}


@pytest.fixture(scope="module")
def inner(tmp_path_factory: pytest.TempPathFactory) -> Inner:
    """One pytest of its own over ``INNER`` with this suite's conftest, in a subprocess (a clean
    import): its summary lines and its failure sections by test."""
    where = tmp_path_factory.mktemp("guarded")
    conftest = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
    assert "\nSLOW_S = 60.0\n" in conftest
    (where / "conftest.py").write_text(conftest.replace("\nSLOW_S = 60.0\n", "\nSLOW_S = 0.5\n"), encoding="utf-8")
    (where / "test_inner.py").write_text(INNER, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(model_refusal.REFUSE_ENV)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "--strict-markers",
                           *XDIST, "test_inner.py"], cwd=where, env=env, capture_output=True, text=True, timeout=300)
    return done.stdout.splitlines(), sections(done.stdout)


def test_a_test_that_forgets_its_players_fails_naming_the_call(inner: Inner) -> None:
    lines, found = inner
    text = found["test_forgets_its_players"]
    assert "asked for arena play's default seats" in text
    assert re.search(r"test_inner.py:\d+ in test_forgets_its_players → arena/cli/__init__.py:\d+ in main", text)  # outermost first
    assert "arena/cli/play.py" in text and "in _plan" in text
    assert all(hint in text for hint in WHAT_TO_DO), text
    assert "FAILED" in outcomes(lines, "test_forgets_its_players")


def test_a_subprocess_that_forgets_its_players_fails_its_test(inner: Inner) -> None:
    lines, found = inner
    text = found["test_forgets_its_players_in_a_subprocess"]
    assert "a subprocess of this test (`arena play --seed 2 --no-store --show none`)" in text
    assert "arena play's default seats" in text and "in _plan" in text
    assert all(hint in text for hint in WHAT_TO_DO), text
    assert "ERROR" in outcomes(lines, "test_forgets_its_players_in_a_subprocess")


def test_starting_the_model_directly_fails(inner: Inner) -> None:
    lines, found = inner
    text = found["test_starts_the_model_itself"]
    assert f"asked for {model_refusal.SERVER_START}" in text
    assert "in test_starts_the_model_itself → arena/local/model.py" in text and "in _spawn" in text
    assert "FAILED" in outcomes(lines, "test_starts_the_model_itself")


def test_a_swallowed_refusal_still_fails(inner: Inner) -> None:
    lines, found = inner
    assert "went on as if it had not been refused" in found["test_swallows_the_refusal"]
    assert "ERROR" in outcomes(lines, "test_swallows_the_refusal")


def test_named_players_and_the_default_on_purpose_pass(inner: Inner) -> None:
    lines, _ = inner
    assert "PASSED" in outcomes(lines, "test_names_its_players")
    assert "PASSED" in outcomes(lines, "test_of_the_default_itself")


def test_a_real_model_test_is_skipped_without_the_extra_and_bounded_with_it(
        inner: Inner) -> None:
    lines, found = inner
    if HAVE_REAL_MODEL:
        assert f"n_ctx=8192; give it n_ctx <= {MAX_TEST_CTX}" in found["test_on_the_real_model_with_a_large_context"]
    else:
        skipped = [line for line in lines if line.startswith("SKIPPED")]
        assert any("needs the local extra" in line for line in skipped), lines


def test_the_switch_refuses_arena_play_s_default_seats(tmp_path: Path) -> None:
    """What a shared machine or CI gets with ``ARENA_REFUSE_LOCAL_MODEL`` set: an error, not a game."""
    log = tmp_path / "refusals.jsonl"
    env = {**os.environ, model_refusal.REFUSE_ENV: "Name the players.", model_refusal.LOG_ENV: str(log)}
    done = subprocess.run([sys.executable, "-m", "arena", "play", "--seed", "2", "--no-store"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    err = " ".join(done.stderr.split())  # the console wraps long lines
    assert done.returncode == 2, done.stderr
    assert "ARENA_REFUSE_LOCAL_MODEL is set, so arena play's default seats" in err and "Name the players." in err
    assert "command: arena play --seed 2 --no-store" in err
    (entry,) = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert entry["what"] == model_refusal.DEFAULT_SEATS and entry["command"] == "arena play --seed 2 --no-store"
    assert "arena/cli/play.py" in entry["chain"] and "in _plan" in entry["chain"]
    named = subprocess.run([sys.executable, "-m", "arena", "play", "--players", "scripted", "--seed", "2",
                            "--no-store", "--show", "none"], cwd=tmp_path, env=env, capture_output=True,
                           text=True, timeout=120)
    assert named.returncode == 0, named.stderr  # named players: the switch does not stand in the way


def test_the_switch_leaves_a_stub_server_alone(tmp_path: Path) -> None:
    """A command given to ``LocalModel`` is not the embedded model (tests/test_local_model.py's stubs)."""
    lm = LocalModel(command=[sys.executable, "-c", "import sys; sys.exit(0)"], start_timeout_s=5,
                    log_dir=tmp_path)
    with pytest.raises(LocalModelError, match="exited with status 0"):
        lm.start()  # not refused: spawned, and it exited before answering


def unmarked_slow(lines: list[str]) -> list[str]:
    """The lines of the summary's section that names long tests without the slow mark."""
    head = next(i for i, line in enumerate(lines) if "not marked @pytest.mark.slow(reason=...)" in line)
    end = next((i for i in range(head + 1, len(lines)) if lines[i].startswith("=")), len(lines))
    return lines[head + 1:end]


def test_a_long_test_without_the_slow_mark_is_named_in_the_log(inner: Inner) -> None:
    named = unmarked_slow(inner[0])
    assert any(line.endswith("test_inner.py::test_takes_a_while") for line in named), named
    assert not any("test_takes_a_while_and_says_so" in line for line in named)


def test_a_slow_mark_needs_its_reason() -> None:
    from types import SimpleNamespace

    from tests import conftest

    def item(nodeid: str, **kwargs: str) -> Any:
        mark = pytest.mark.slow(**kwargs).mark
        return SimpleNamespace(nodeid=nodeid, iter_markers=lambda name: [mark] if name == "slow" else [])

    conftest.pytest_collection_modifyitems([item("t.py::explained", reason="a whole tournament")])
    with pytest.raises(pytest.UsageError, match=r"needs reason=.*t.py::bare"):
        conftest.pytest_collection_modifyitems([item("t.py::bare")])
