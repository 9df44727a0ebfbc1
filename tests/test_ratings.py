"""Ratings on synthetic results whose true ordering is known."""

from __future__ import annotations

import math
import random
from datetime import datetime
from pathlib import Path

import pytest

from evals.elo import team_elo
from evals.facts import GameFacts, load_facts
from evals.ratings import RatedGame, Ratings, auto_resamples, rate, rated_games, ratings, side_name
from tests.evals_fixture import write_tiny
from transcripts.store import open_db


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


def test_ratings_rows_and_differences_on_the_tiny_transcript(tmp_path: Path) -> None:
    db = tmp_path / "r.duckdb"
    write_tiny(db).close()
    with open_db(db, create=False) as con:
        facts = load_facts(con)
    assert [m.game_id for m in rated_games(facts)] == ["tiny"]  # the unfinished game is no match
    found = ratings(facts, resamples=20)
    rows = {r.label: r for r in found.rows}
    assert rows["A"].games == 1 and rows[side_name("tiny", "white")].games == 1 and rows["A"].elo is not None
    assert found.reference == "A"  # most games (a tie), then by name
    deltas = {(d.system, d.label): d for d in found.differences}
    assert deltas[("openskill", "B")].played == pytest.approx(rows["B"].mu - rows["A"].mu)
    assert deltas[("elo", "B")].played == pytest.approx((rows["B"].elo or 0) - (rows["A"].elo or 0))
    assert ratings(facts, reference="B", resamples=5).reference == "B"
    assert ratings(facts, reference="nobody", resamples=5).differences == []


def _control(seed: int, games: int) -> list[RatedGame]:
    """Two labels of one player: who wins never depends on the label (black wins 60%)."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        seats = ["X", "Y"] * 3
        rng.shuffle(seats)
        winner = "black" if rng.random() < 0.6 else "white"
        out.append(RatedGame(f"g{g}", "duel", {"white": seats[:4], "black": seats[4:]}, [winner], f"g{g}"))
    return out


def test_the_order_permutation_bootstrap_holds_what_the_played_order_hides() -> None:
    matches = _control(3, 120)
    forward = rate(matches)
    backward = rate(list(reversed(matches)))
    moved = abs((forward["X"].mu - forward["Y"].mu) - (backward["X"].mu - backward["Y"].mu))
    assert moved > 0.2  # the same games in another order: another difference
    found = _ratings_of(matches)
    d = next(x for x in found.differences if x.system == "openskill" and x.label != x.reference)
    assert d.order_lo is not None and d.order_hi is not None and d.lo is not None and d.hi is not None
    for value in (forward["X"].mu - forward["Y"].mu, backward["X"].mu - backward["Y"].mu):
        sign = 1 if d.label == "X" else -1
        assert d.lo <= sign * value <= d.hi  # both orders lie inside the bootstrap interval
    assert d.lo < 0 < d.hi  # two identical players: no difference
    assert d.hi - d.lo > d.order_hi - d.order_lo  # resampling games adds to the order's spread


def _ratings_of(matches: list[RatedGame]) -> Ratings:
    games = []
    for m in matches:
        labels = {i + 1: label for i, label in enumerate([*m.teams["white"], *m.teams["black"]])}
        g = GameFacts(m.game_id, m.ruleset, "finished", m.winners, datetime(2026, 1, 1), labels, fingerprint=m.game_id)
        for seat in labels:
            g.truth.add(0, seat, "white" if seat <= len(m.teams["white"]) else "black", "r")
        games.append(g)
    return ratings(games, resamples=60, order_resamples=30, seed=1)


def test_team_elo_as_kaggle_computes_it() -> None:
    # game 1: X, X (white) beat Y (black): expected 0.5, so +16 shared by the two white seats
    g1 = RatedGame("1", "duel", {"white": ["X", "X"], "black": ["Y"]}, ["white"])
    elo = team_elo([g1])
    assert elo["X"] == pytest.approx(1200 + 16 + 0.0) and elo["Y"] == pytest.approx(1200 - 16)
    # game 2: Y (white) beats X (black): ratings 1216 vs 1184, the winner's expected 1/(1 + 10^(32/400))
    g2 = RatedGame("2", "duel", {"white": ["Y"], "black": ["X"]}, ["white"])
    expected = 1 / (1 + 10 ** ((1216 - 1184) / 400))
    elo = team_elo([g1, g2])
    assert elo["Y"] == pytest.approx(1184 + 32 * (1 - expected)) and elo["X"] == pytest.approx(1216 - 32 * (1 - expected))
    assert team_elo([RatedGame("3", "duel", {"white": ["X"], "black": ["Y"]}, ["white", "black"])]) == {}


def test_rating_resamples_shrink_for_large_tournaments_within_bounds() -> None:
    assert auto_resamples(10) == 200 and auto_resamples(1000) == 66 and auto_resamples(10**6) == 50
