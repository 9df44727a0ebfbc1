"""The scripted qijian24 players: whole games to a winner, every role's skill used, no illegal
answer, determinism, a bot that sees only its own ``Turn``; and the commands that play and list it."""

from __future__ import annotations

import asyncio
import json
from collections import Counter

import pytest

from agents.base import Turn
from agents.bots.qijian24 import ScriptedAgent as QijianBot
from agents.scripted import ScriptedAgent
from arena import cli
from arena.run.runner import GameRunner
from engine.actions import Vote
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.views import Viewer

RULESET = get_ruleset("qijian24")
SEEDS = range(24)


def play(seed: int) -> tuple[Game, GameRunner]:
    game = RULESET.new_game(seed)
    bot = ScriptedAgent()
    runner = GameRunner(game, {seat: bot for seat in range(1, 25)})
    asyncio.run(runner.run())
    return game, runner


@pytest.fixture(scope="module")
def games() -> list[tuple[Game, GameRunner]]:
    return [play(seed) for seed in SEEDS]


def test_every_game_ends_with_a_winner_in_a_believable_number_of_days(games: list[tuple[Game, GameRunner]]) -> None:
    days = [game.state.day for game, _ in games]
    assert all(game.over and game.winners for game, _ in games)
    assert 3 <= min(days) and max(days) <= 15 and 5 <= sum(days) / len(days) <= 11, days


def test_bots_never_answer_illegally_and_keep_the_discipline(games: list[tuple[Game, GameRunner]]) -> None:
    for game, runner in games:
        assert runner.illegal == 0 and runner.fallbacks == 0, game.state.seed
        assert not [e for e in game.events if e.kind == "warned"], game.state.seed


def test_every_side_wins_sometimes_and_every_skill_is_used(games: list[tuple[Game, GameRunner]]) -> None:
    winners = Counter(side for game, _ in games for side in game.winners)
    assert set(winners) == {"killers", "wuzhuang", "rangers"}, winners
    used = {e.skill for game, _ in games for e in game.events if e.kind in ("skill_submitted", "choice_made")}
    every = {s for r in RULESET.roles for s in r.skills} | {"independent", "help_killers", "help_wuzhuang"}
    assert every <= used, every - used


def test_same_seed_gives_an_identical_event_log(games: list[tuple[Game, GameRunner]]) -> None:
    again, _ = play(SEEDS[0])
    assert again.events == games[0][0].events


def test_the_same_turn_gets_the_same_answer_from_a_fresh_bot(games: list[tuple[Game, GameRunner]]) -> None:
    game = RULESET.new_game(5)
    view = game.view(Viewer.of_seat(3))
    turn = Turn(ruleset="qijian24", seed=5, seat=3, day=1, phase="STAGE1", events=view, new_from=0,
                legal=game.legal(3) or (), observation=game.observe(Viewer.of_seat(3)))
    assert QijianBot().decide(turn) == QijianBot().decide(turn)


def test_after_an_illegal_answer_the_bot_abstains() -> None:
    game = RULESET.new_game(5)
    turn = Turn(ruleset="qijian24", seed=5, seat=3, day=1, phase="STAGE1", events=game.view(Viewer.of_seat(3)),
                new_from=0, legal=game.legal(3) or (), error="ballot refused", observation=game.observe(Viewer.of_seat(3)))
    assert QijianBot().decide(turn) == Vote(seat=3, target=None, reason="弃票")


def test_arena_play_runs_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--players", "scripted", "--ruleset", "qijian24", "--seed", "2", "--no-store", "--show", "none"]) == 0
    assert "winners" in capsys.readouterr().out


def test_arena_rules_lists_roster_skills_flags_and_judge_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "qijian24"]) == 0
    out = capsys.readouterr().out
    words = [*(r.zh for r in RULESET.roles), *(s.zh for s in RULESET.skill_names), *(s.id for s in RULESET.skill_names),
             *(f.name for f in RULESET.flags), "stage_votes", "stage_actions"]
    assert all(word in out for word in words), [w for w in words if w not in out]
    assert cli.main(["rules", "qijian24", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert len(info["roles"]) == 19 and sum(r["count"] for r in info["roles"]) == 24
