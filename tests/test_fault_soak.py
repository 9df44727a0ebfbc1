"""The fault soak's promises, on a short run of ``bench/fault_soak.py`` (two rule sets, as many games
as it takes to draw every kind of fault; the bench plays every rule set): an endpoint that answers a
fifth of the requests wrongly, every way (5xx, 429 with Retry-After, timeouts, resets, malformed
and cut-off tool calls, tools not offered, empty content), and every game of every rule set still
ends; every fault is on record; no wrong reply is ever taken as an answer."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.fake_openai import FAULTS

ROOT = Path(__file__).resolve().parents[1]
GAMES = 8
"""The most games a soak may take to draw every kind of fault. A fifth of the requests fail, in eight
kinds, and how many requests a game makes moves with its rules and players: measured, majiasha2's
games make some 50 (four games draw every kind), umineko32's some 130 (two games)."""


def bench() -> object:
    spec = importlib.util.spec_from_file_location("fault_soak", ROOT / "bench" / "fault_soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fault_soak"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow(reason="whole games per rule set on an endpoint whose timeouts and backoffs cost real seconds")
@pytest.mark.parametrize("ruleset", ["umineko32", "majiasha2"])
def test_every_game_ends_every_fault_is_on_record_and_none_is_taken(ruleset: str, tmp_path: Path) -> None:
    soak = bench().soak(ruleset, 1, 0.2, 3, tmp_path / "soak.duckdb", every_kind_by=GAMES)  # type: ignore[attr-defined]
    assert soak.finished == soak.games
    assert set(soak.faults) == set(FAULTS), f"{soak.faults} in {soak.games} games"  # a sample of every kind
    assert soak.problems == [] and soak.accepted == 0
    assert sum(soak.faults.values()) == soak.on_record


def test_the_table_prints_every_column(capsys: pytest.CaptureFixture[str]) -> None:
    module = bench()
    soak = module.Soak  # type: ignore[attr-defined]
    clean, faulty = soak(games=1, finished=1, seconds=2.0), soak(games=1, finished=1, seconds=3.0)
    text = module.table([("umineko32", clean, faulty)], 0.2)  # type: ignore[attr-defined]
    for column in ("games", "requests", "faults", "on record", "accepted", "fallbacks", "overhead", "1.50x"):
        assert column in text
