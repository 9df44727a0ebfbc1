"""The scripted players of suitang21: whole games to one winner in a believable number of days, no
illegal answer, every identity's skills used, and the same turn always answered the same way."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from agents.base import Turn
from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine.game import Game
from engine.rulesets import get_ruleset

RULESET = get_ruleset("suitang21")
SEEDS = range(12)


def played(seed: int, turns: list[Turn] | None = None) -> tuple[Game, GameRunner]:
    game = RULESET.new_game(seed)
    agent = ScriptedAgent()
    if turns is not None:
        inner = agent.decide

        def spy(turn: Turn) -> object:
            turns.append(turn)
            return inner(turn)

        agent.decide = spy  # type: ignore[method-assign, assignment]
    runner = GameRunner(game, dict.fromkeys(range(1, RULESET.seats + 1), agent))
    asyncio.run(runner.run())
    return game, runner


@pytest.fixture(scope="module")
def games() -> list[tuple[Game, GameRunner]]:
    return [played(seed) for seed in SEEDS]


def test_whole_games_end_with_one_winner_in_believable_days(games: list[tuple[Game, GameRunner]]) -> None:
    for game, runner in games:
        assert game.over and len(game.winners) == 1
        assert 3 <= game.state.day <= 16, game.state.day
        assert runner.illegal == 0 and runner.fallbacks == 0


def test_bots_use_every_identitys_skills(games: list[tuple[Game, GameRunner]]) -> None:
    used: Counter[str] = Counter()
    for game, _ in games:
        for e in game.events:
            if e.kind in ("skill_submitted", "choice_made"):
                used[getattr(e, "skill", "")] += 1
            elif e.kind == "announced" and getattr(e, "topic", "") == "accelerate_request":
                used["accelerate"] += 1
    for skill in ("arrow", "kill", "hug", "shield", "check", "detect", "save", "poison", "shot", "succession",
                  "accelerate", "takeover"):
        assert used[skill], f"no bot used {skill}"


def test_both_sides_can_win(games: list[tuple[Game, GameRunner]]) -> None:
    assert len({tuple(game.winners) for game, _ in games}) >= 2


def test_the_same_turn_gets_the_same_answer() -> None:
    turns: list[Turn] = []
    played(2, turns)
    for turn in turns[::37]:
        assert ScriptedAgent().decide(turn) == ScriptedAgent().decide(turn)


def test_arena_play_runs_a_whole_game(tmp_path: Path) -> None:
    """``arena play --ruleset suitang21`` from the command line, stored and replayed from DuckDB."""
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    db = tmp_path / "arena.duckdb"
    done = subprocess.run([sys.executable, "-m", "arena", "play", "--players", "scripted", "--ruleset", "suitang21", "--seed", "7", "--db",
                           str(db), "--show", "summary"], capture_output=True, text=True, env=env, cwd=root,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "winners" in done.stdout and "illegal answers: 0" in done.stdout
    assert db.exists()


def test_a_game_resumed_from_any_cut_with_fresh_bots_plays_on_identically() -> None:
    """A seer resumed from the transcript claims what an uninterrupted one would: what it has claimed
    is read off its own posts in its view, never kept only in memory (which a restart loses)."""
    claims = 0
    for seed in SEEDS[:6]:
        game = RULESET.new_game(seed)
        cuts: list[int] = []
        bots = dict.fromkeys(range(1, RULESET.seats + 1), ScriptedAgent())
        asyncio.run(GameRunner(game, bots, listeners=[lambda g, _new, cuts=cuts: cuts.append(len(g.events))]).run())
        claims += sum(1 for e in game.events if e.kind == "posted" and "【预言家】" in getattr(e, "text", ""))
        for cut in cuts[:: max(1, len(cuts) // 15)]:
            resumed = Game.replay(RULESET, game.events[:cut])
            asyncio.run(GameRunner(resumed, dict.fromkeys(range(1, RULESET.seats + 1), ScriptedAgent())).run())
            assert resumed.events == game.events, f"seed {seed} cut at {cut}"
    assert claims > 0
