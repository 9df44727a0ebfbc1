"""Control tournaments: one deterministic bot under two labels, so every true difference is 0.

A pool of real scripted umineko32 games is played once (distinct deals); each control tournament
draws 30 of them and labels seats as the planner's rotation 0 does (odd seats ``X``, even ``Y``:
the label never changes a game, so this is exactly what the tournament would have stored). Over
200 such tournaments the nominal 95% intervals must hold about 95% of the time:

* the clustered interval of the difference X − Y of a side's win rate covers 0;
* the clustered interval of X's win rate on a side covers that side's rate over the whole pool,
  where the per-seat Wilson interval of version 1 — every seat-game a trial — falls far short.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from arena.tournament.plan import deal_seed
from engine.rulesets import get_ruleset
from evals.clustered import Bootstrap
from evals.intervals import wilson

POOL, GAMES, TOURNAMENTS = 300, 30, 200
Game = tuple[dict[int, str], set[str]]
"""A played game: each seat's final faction, and the winners."""


@pytest.fixture(scope="module")
def pool() -> list[Game]:
    rules = get_ruleset("umineko32")
    out = []
    for deal in range(POOL):
        game = rules.new_game(deal_seed(99, "umineko32", deal))
        asyncio.run(GameRunner(game, agents_for(parse_players("scripted", rules.seats))).run())
        final = {e.seat: e.faction for e in game.events if e.kind in ("role_dealt", "role_changed")}  # type: ignore[attr-defined]
        out.append((final, set(game.winners or ())))
    return out


def _wins(pool: list[Game], chosen: list[int], side: str, parity: int) -> list[tuple[int, float, float]]:
    return [(i, 1.0 if side in pool[i][1] else 0.0, 1.0) for i in chosen for seat, f in pool[i][0].items()
            if f == side and seat % 2 == parity]


def _tournaments(seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(POOL), GAMES) for _ in range(TOURNAMENTS)]


def test_the_difference_of_two_labels_of_one_bot_covers_zero_about_95_percent(pool: list[Game]) -> None:
    covered, total = 0, 0
    for t, chosen in enumerate(_tournaments(1)):
        boot = Bootstrap(chosen, 1000, t)
        for side in ("black", "white", "witch"):
            x, y = _wins(pool, chosen, side, 1), _wins(pool, chosen, side, 0)
            if not x or not y:
                continue
            found = boot.difference(boot.sums(x), boot.sums(y))
            assert found.lo is not None and found.hi is not None
            covered += found.lo <= 0 <= found.hi
            total += 1
    assert total >= 3 * TOURNAMENTS * 0.9
    assert 0.91 <= covered / total <= 0.99  # measured: 0.967 over 600 (tournament, side) pairs


def test_a_sides_win_rate_interval_is_clustered_where_the_per_seat_wilson_is_too_narrow(pool: list[Game]) -> None:
    truth: dict[str, float] = {}
    for side in ("black", "white", "witch"):
        found = [1.0 if side in winners else 0.0 for final, winners in pool for f in final.values() if f == side]
        truth[side] = sum(found) / len(found)
    clustered = per_seat = total = 0
    for t, chosen in enumerate(_tournaments(2)):
        boot = Bootstrap(chosen, 1000, t)
        for side, rate in truth.items():
            x = _wins(pool, chosen, side, 1)
            if not x:
                continue
            found = boot.ratio(boot.sums(x))
            assert found.lo is not None and found.hi is not None
            clustered += found.lo <= rate <= found.hi
            lo, hi = wilson(sum(w for _, w, _ in x), len(x))  # type: ignore[misc]
            per_seat += lo <= rate <= hi
            total += 1
    assert 0.91 <= clustered / total <= 0.99  # measured: 0.958
    assert per_seat / total < 0.85  # measured: 0.775 — every seat of a side shares its game's outcome
