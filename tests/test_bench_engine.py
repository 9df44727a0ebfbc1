"""``bench/engine.py`` and ``bench/compare.py``: every figure is printed and read back, and the games
played on recorded observations are the games played before (the bench refuses other ones)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _load(name: str) -> ModuleType:
    """A bench script as a module (``bench/engine.py`` may not be imported as ``engine``: the package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_bench_prints_every_figure_and_compare_reads_each(capsys: pytest.CaptureFixture[str]) -> None:
    bench, compare = _load("engine"), _load("compare")
    assert bench.main(["--games", "2", "--ruleset", "majiasha2"]) == 0
    out = capsys.readouterr().out
    found = {}
    for line in out.splitlines():
        row = compare.ROW.match(line)
        if row:
            found[compare.FIGURES[row.group(1)]] = float(row.group(2))
    assert set(found) == set(compare.FIGURES.values())
    assert all(value > 0 for value in found.values())
    # making no observation can only save the bot game time
    assert "ms to a bot game's" in out


def test_games_played_on_recorded_observations_are_the_same_games() -> None:
    bench = _load("engine")
    seen: list = []
    first = bench.play_games("umineko32", "scripted", range(1), None, seen=seen)
    handed = iter(seen)
    again = bench.play_games("umineko32", "scripted", range(1), None, given=handed)
    assert next(handed, None) is None
    assert again[0].events == first[0].events
    assert len(seen) > 100 and all(obs.viewer.kind == "seat" for obs in seen)


def test_a_recorded_observation_for_another_seat_is_refused() -> None:
    bench = _load("engine")
    seen: list = []
    bench.play_games("majiasha2", "scripted", range(1), None, seen=seen)
    other = next(obs for obs in seen if obs.viewer != seen[0].viewer)
    with pytest.raises(SystemExit, match="not the same"):
        bench.play_games("majiasha2", "scripted", range(1), None, given=iter([other, *seen]))


def test_compare_sets_bots_without_observing_against_the_bots_before() -> None:
    compare = _load("compare")
    figures = list(compare.FIGURES.values())
    before = {"umineko32": {f: ([] if f in ("+ observations", "no observing") else [10.0, 12.0]) for f in figures}}
    after = {"umineko32": {f: [11.0, 9.0] for f in figures}}
    text = compare.table(before, after)
    assert "no observing" in text and "—" in text
    assert "bot games without the observations (after) against bot games before" in text
    assert "11.0 / 12.0 = 0.92" in text
