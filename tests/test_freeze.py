"""The refactoring safety net holds (tests/freeze.py): a sample of the frozen games and every judge
scenario give the digests stored in tests/golden/transcripts.json.

The whole net (50 scripted and 50 random-legal games a rule set, LLM games through the fake
endpoint) is ``python -m tests.freeze``, run before and after every step of a restructuring; this
test keeps a tenth of the games and a third of the judge scenarios in every run of the suite, so a change that moves a transcript is caught
even when nobody ran the tool. A rule set without digests yet (a new one) is frozen by
``python -m tests.freeze --ruleset ID --update``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.freeze import GOLDEN, digest, judged, played, scenario_path, transcript

FROZEN: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
SAMPLE = 10
"""Every SAMPLE-th seed of the scripted and random-legal games."""


def _games() -> list[tuple[str, str, int]]:
    return [(kind, ruleset, int(seed)) for kind in ("scripted", "random") for ruleset, seeds in FROZEN[kind].items()
            for seed in seeds if int(seed) % SAMPLE == 0]


@pytest.mark.parametrize(("kind", "ruleset", "seed"), _games())
def test_a_frozen_game_plays_the_same_transcript(kind: str, ruleset: str, seed: int) -> None:
    entry = FROZEN[kind][ruleset][str(seed)]
    game = played(kind, ruleset, seed)
    assert (digest(transcript(game)), len(game.events), list(game.winners)) == \
        (entry["sha256"], entry["events"], entry["winners"]), \
        f"{kind} {ruleset} seed {seed} moved: diff `python -m tests.freeze --show {kind} {ruleset} {seed}` " \
        "against the version before"


def _scenarios() -> list[tuple[str, str]]:
    every = [(r, n) for r, names in FROZEN["judge"].items() for n in sorted(names)]
    return every[::3]  # a third of them: every scenario is settled by the judge tests too


@pytest.mark.parametrize(("ruleset", "name"), _scenarios())
def test_a_judge_scenario_settles_the_same(ruleset: str, name: str) -> None:
    entry = FROZEN["judge"][ruleset][name]
    path = scenario_path(ruleset, name)
    if "refused" in entry:
        with pytest.raises(Exception) as refused:
            judged(path)
        assert f"{type(refused.value).__name__}: {refused.value}" == entry["refused"]
    else:
        assert digest(judged(path)) == entry["sha256"], f"judge scenario {ruleset}/{name} settles otherwise"
