"""Ratings on synthetic results whose true ordering is known."""

from __future__ import annotations

import math
import random

from evals.ratings import RatedGame, auto_resamples, rate, rated_games, rating_rows, side_name
from tests.evals_fixture import write_tiny


def _league(seed: int, games: int, strength: dict[str, float], side_bias: float) -> list[RatedGame]:
    """6-seat games, 4 white vs 2 black, models rotated over seats; black's edge is ``side_bias`` log-odds."""
    rng = random.Random(seed)
    names = sorted(strength)
    out = []
    for g in range(games):
        seats = [names[(g + i) % len(names)] for i in range(6)]
        rng.shuffle(seats)
        white, black = seats[:4], seats[4:]
        edge = side_bias + sum(strength[m] for m in black) / 2 - sum(strength[m] for m in white) / 4
        winner = "black" if rng.random() < 1 / (1 + math.exp(-edge)) else "white"
        out.append(RatedGame(f"g{g}", "syn", {"white": white, "black": black}, [winner]))
    return out


def test_ratings_recover_a_known_ordering() -> None:
    skills = rate(_league(1, 300, {"strong": 1.5, "mid": 0.0, "weak": -1.5}, side_bias=0.0))
    assert skills["strong"].mu > skills["mid"].mu > skills["weak"].mu


def _duels(seed: int) -> list[RatedGame]:
    """Two equal models; black wins 80% of games whoever plays it; X draws black 90% of the time."""
    rng = random.Random(seed)
    games = []
    for g in range(400):
        x_black = rng.random() < 0.9
        teams = {"black": ["X" if x_black else "Y"], "white": ["Y" if x_black else "X"]}
        games.append(RatedGame(f"g{g}", "duel", teams, ["black" if rng.random() < 0.8 else "white"]))
    return games


def test_the_side_term_keeps_a_lucky_draw_from_counting_as_skill() -> None:
    naive_gaps, fair_gaps = [], []
    for seed in range(1, 9):  # online ratings are noisy: judge the average over leagues
        games = _duels(seed)
        naive, fair = rate(games, side_term=False), rate(games)
        naive_gaps.append(naive["X"].mu - naive["Y"].mu)
        fair_gaps.append(fair["X"].mu - fair["Y"].mu)
        assert fair[side_name("duel", "black")].mu > fair[side_name("duel", "white")].mu + 5
    naive_gap, fair_gap = sum(naive_gaps) / 8, sum(fair_gaps) / 8
    assert naive_gap > 4 and abs(fair_gap) < naive_gap / 4


def test_rating_rows_carry_bootstrap_intervals_and_games(tmp_path: object) -> None:
    from pathlib import Path

    from evals.facts import load_facts
    from transcripts.store import open_db

    db = Path(str(tmp_path)) / "r.duckdb"
    write_tiny(db).close()
    with open_db(db, create=False) as con:
        facts = load_facts(con)
    assert [m.game_id for m in rated_games(facts)] == ["tiny"]  # the unfinished game is no match
    rows = {r.label: r for r in rating_rows(facts, resamples=20)}
    assert rows["A"].games == 1 and rows[side_name("tiny", "white")].games == 1
    for row in rows.values():
        assert row.lo is not None and row.hi is not None and row.lo <= row.mu + 1e-9 and row.hi >= row.mu - 1e-9
        assert row.ordinal_lo is not None and row.ordinal_hi is not None and row.ordinal_lo <= row.ordinal_hi


def test_rating_resamples_shrink_for_large_tournaments_within_bounds() -> None:
    assert auto_resamples(10) == 200 and auto_resamples(1000) == 100 and auto_resamples(10**6) == 50
