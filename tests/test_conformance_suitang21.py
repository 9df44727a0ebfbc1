"""suitang21's own conformance checks, over the harness's random-legal games (tests/test_conformance.py).

Random players draw many yellow cards, and two red cards in a camp end a game early; so a third of
the games run with every penalty, a third with none (long games that reach the night's rarer
paths: hugs, 通灵, shots, successions, 寡妇刀) and a third with the no-vote card alone (staggered
red cards, each sending one role off).
"""

from __future__ import annotations

from collections import Counter

from tests.conformance_games import games_of


def test_every_game_ends_with_exactly_one_winner() -> None:
    for game in games_of("suitang21"):
        assert game.over and len(game.winners) == 1, f"seed {game.state.seed} did not end with one winner"


def test_random_play_reaches_the_rare_paths() -> None:
    seen: Counter[str] = Counter()
    for game in games_of("suitang21"):
        for e in game.events:
            seen[getattr(e, "cause", "") or getattr(e, "skill", "") or getattr(e, "topic", "")] += 1
    for what in ("martyr", "shot", "poison", "red_card", "hug", "elder_penalty", "defeat", "succession", "accelerated"):
        assert seen[what], f"no game reached {what}"
