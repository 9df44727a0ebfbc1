"""The majiasha2 scripted bots: whole games to a winner at every size, no illegal answer, believable
lengths, and answers that depend on the seat's own view alone."""

from __future__ import annotations

import asyncio
from collections import Counter

from agents.base import Turn
from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.views import Viewer

RULESET = get_ruleset("majiasha2")


def bot_game(seed: int, size: int) -> tuple[Game, GameRunner]:
    game = RULESET.new_game(seed, options={"size": size})
    bot = ScriptedAgent()
    runner = GameRunner(game, {seat: bot for seat in range(1, size + 1)})
    asyncio.run(runner.run())
    return game, runner


def test_bots_play_every_size_to_one_winner_in_believable_days() -> None:
    wins: Counter[str] = Counter()
    for seed in range(18):
        game, runner = bot_game(seed, 9 + seed)
        assert game.over and len(game.winners) == 1
        assert runner.illegal == 0 and runner.fallbacks == 0, f"seed {seed}"
        assert 2 <= game.state.day <= 15, f"seed {seed}: {game.state.day} days"
        wins[game.winners[0]] += 1
    assert len(wins) >= 3, wins


def test_bots_use_their_skills() -> None:
    game, _ = bot_game(5, 26)
    used = {e.skill for e in game.events if e.kind == "skill_submitted"}
    assert {"arrow", "appoint", "kill", "divine", "shield", "pipe", "confirm"} <= used
    assert any(e.kind == "team_posted" and "马甲:" in e.text for e in game.events)
    listed = set(game.state.majia_names)  # type: ignore[attr-defined]
    ballots = [e.target for e in game.events if e.kind == "vote_cast" and e.target is not None]
    assert ballots and set(ballots) <= listed


def test_a_fresh_bot_answers_the_same_turn_the_same_way() -> None:
    game = RULESET.new_game(3, options={"size": 14})
    first = ScriptedAgent()
    for _ in range(200):
        if game.over:
            break
        seats = game.waiting()
        if not seats:
            game.advance()
            continue
        seat = seats[0]
        turn = Turn(ruleset=RULESET.id, seed=3, seat=seat, day=game.state.day, phase=game.state.phase,
                    events=game.view(Viewer.of_seat(seat)), new_from=0, legal=game.legal(seat) or (), error=None,
                    check=game.check, decision=0, observation=game.observe(Viewer.of_seat(seat)))
        action = first.decide(turn)
        assert ScriptedAgent().decide(turn) == action
        game.submit(action)
