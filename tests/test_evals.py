"""Every evaluator against values computed by hand on the tiny fixed transcript (tests/evals_fixture.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.cost import CostEvaluator
from evals.deception import DeceptionEvaluator
from evals.facts import GameFacts, load_facts
from evals.inference import InferenceEvaluator, auroc
from evals.intervals import wilson
from evals.outcomes import OutcomeEvaluator
from evals.quality import QualityEvaluator
from evals.summary import Row, summarise
from evals.votes import VoteEvaluator
from tests.evals_fixture import write_tiny
from transcripts.store import open_db


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[GameFacts]]:
    db = tmp_path_factory.mktemp("evals") / "tiny.duckdb"
    write_tiny(db).close()
    con = open_db(db, create=False)
    yield load_facts(con)
    con.close()


def _table(rows: list[Row]) -> dict[tuple[str, str, str], Row]:
    return {(r.metric, r.label, r.side): r for r in rows}


def _one(games: list[GameFacts], evaluator: object, *, both: bool = False) -> dict[tuple[str, str, str], Row]:
    chosen = games if both else [g for g in games if g.game_id == "tiny"]
    return _table(summarise([evaluator], chosen, resamples=50))  # type: ignore[list-item]


def test_inference_scores_by_hand(games: list[GameFacts]) -> None:
    t = _one(games, InferenceEvaluator())
    # seat 1 (white): Brier 0.5 on seat 3, 2.0 on seat 4; seat 3 (black): 0 on seat 1, 0.5 on seat 4
    assert t[("brier", "A", "white")].value == pytest.approx(1.25)
    assert t[("brier", "A", "black")].value == pytest.approx(0.25)
    assert t[("brier", "A", "*")].value == pytest.approx(0.75)
    assert t[("brier", "A", "*")].n == 4 and t[("brier", "A", "*")].games == 1
    eps_loss = -math.log(1e-3)
    assert t[("log_loss", "A", "*")].value == pytest.approx((math.log(2) + eps_loss + 0 + math.log(2)) / 4)
    # the roster prior: seat 1 sees 1/3 each (Brier 2/3 per target); seat 3 sees white 2/3, witch 1/3
    assert t[("brier_skill", "A", "white")].value == pytest.approx(1 - 2.5 / (4 / 3))
    assert t[("brier_skill", "A", "*")].value == pytest.approx(1 - 3.0 / (4 / 3 + 2 / 9 + 8 / 9))
    prior_loss = 2 * math.log(3) + math.log(3 / 2) + math.log(3)
    assert t[("log_loss_skill", "A", "*")].value == pytest.approx(1 - (2 * math.log(2) + eps_loss) / prior_loss)
    assert ("auroc", "A", "*") not in t  # every target of each report was an opponent: no ranking to judge
    assert "B" not in {label for _, label, _ in t}  # B's seats reported nothing: no number is made up


def test_auroc_counts_ties_as_half() -> None:
    assert auroc([(0.9, True), (0.2, False), (0.5, True), (0.5, False)]) == pytest.approx(3.5 / 4)
    assert auroc([(0.1, True)]) is None


def test_vote_scores_by_hand(games: list[GameFacts]) -> None:
    t = _one(games, VoteEvaluator())
    assert t[("vote_precision", "A", "*")].value == pytest.approx(3 / 4)
    assert t[("vote_precision", "A", "white")].value == pytest.approx(1 / 2)
    assert t[("vote_precision", "A", "black")].value == pytest.approx(1.0)
    assert t[("vote_precision", "B", "*")].value == pytest.approx(1.0) and t[("vote_precision", "B", "*")].n == 2
    assert t[("first_day_hit_rate", "A", "*")].value == pytest.approx(1 / 2)
    assert t[("first_day_hit_rate", "B", "*")].value == pytest.approx(1.0)
    # day-2 votes of the reporters: 1→3 (its least trusted), 3→1 (tied least trusted with 4)
    assert t[("vote_belief_consistency", "A", "*")].value == pytest.approx(1.0)
    assert t[("vote_belief_consistency", "A", "*")].n == 2
    assert ("vote_belief_consistency", "B", "*") not in t
    w = wilson(3, 4)
    assert w is not None and (t[("vote_precision", "A", "*")].wilson_lo, t[("vote_precision", "A", "*")].wilson_hi) == w


def test_deception_scores_by_hand(games: list[GameFacts]) -> None:
    t = _one(games, DeceptionEvaluator())
    assert t[("belief_gap", "A", "black")].value == pytest.approx(0.5 - 2 / 3)
    assert t[("belief_gap", "B", "witch")].value == pytest.approx(((2 - 2 / 3) + (0.5 - 8 / 9)) / 2)
    assert t[("deceiver_survival", "A", "*")].value == 0.0 and t[("deceiver_survival", "B", "*")].value == 1.0
    assert t[("steered_votes", "A", "*")].value == pytest.approx(1 / 2)  # 3→2 then 1→2 (white on white)
    assert t[("steered_votes", "B", "*")].value == 0.0
    assert t[("daogou_rate", "A", "*")].value == 0.0 and t[("daogou_rate", "A", "*")].n == 2


def test_quality_and_cost_by_hand(games: list[GameFacts]) -> None:
    t = _one(games, QualityEvaluator())
    assert t[("invalid_rate", "B", "*")].value == pytest.approx(1 / 2) and ("invalid_rate", "A", "*") not in t
    assert t[("fallback_rate", "B", "*")].value == pytest.approx(1 / 4)
    assert t[("timeout_rate", "B", "*")].value == pytest.approx(1 / 4)
    assert t[("fallback_rate", "A", "*")].value == 0.0 and t[("fallback_rate", "A", "*")].n == 6
    assert t[("speech_compliance", "A", "*")].value == pytest.approx(1 / 2)
    c = _one(games, CostEvaluator())
    assert c[("tokens_per_decision", "B", "*")].value == pytest.approx(180 / 2)
    assert c[("latency_ms_per_decision", "B", "*")].value == pytest.approx(600 / 2)
    assert c[("tokens_per_game", "B", "*")].value == 180 and c[("calls_per_game", "B", "*")].value == 2
    assert not any(label == "A" for _, label, _ in c)


def test_outcomes_by_hand_and_an_unfinished_game_adds_no_outcome(games: list[GameFacts]) -> None:
    t = _one(games, OutcomeEvaluator(), both=True)
    assert t[("win_rate", "A", "*")].value == pytest.approx(1 / 2) and t[("win_rate", "A", "*")].games == 1
    assert t[("win_rate", "A", "white")].value == 1.0 and t[("win_rate", "A", "black")].value == 0.0
    assert t[("balanced_win_rate", "A", "*")].value == pytest.approx(0.5)
    assert t[("balanced_win_rate", "B", "*")].value == pytest.approx(0.5)
    # the votes of the game cut short still count, and the basis says so
    v = _one(games, VoteEvaluator(), both=True)
    assert v[("vote_precision", "A", "*")].games == 2 and v[("vote_precision", "A", "*")].n == 6
    assert v[("vote_precision", "A", "*")].value == pytest.approx(4 / 6)


def test_bootstrap_interval_brackets_the_value_and_is_degenerate_for_one_game(games: list[GameFacts]) -> None:
    t = _one(games, VoteEvaluator(), both=True)
    row = t[("vote_precision", "A", "*")]
    assert row.lo is not None and row.hi is not None and row.lo <= row.value <= row.hi  # type: ignore[operator]
    single = _one(games, VoteEvaluator())[("vote_precision", "A", "*")]
    assert single.lo == single.hi == single.value


def test_wilson_interval_matches_the_formula() -> None:
    lo, hi = wilson(8, 10)  # type: ignore[misc]
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 0) is None


def test_load_facts_reads_labels_truth_and_reports(games: list[GameFacts], tmp_path: Path) -> None:
    tiny = next(g for g in games if g.game_id == "tiny")
    assert tiny.labels == {1: "A", 2: "B", 3: "A", 4: "B"} and tiny.finished
    assert tiny.truth.faction(3, 5) == "black" and tiny.truth.majority() == "white"
    assert [r.seat for r in tiny.reports] == [1, 3] and tiny.deaths == {2: 14, 3: 19}
    cut = next(g for g in games if g.game_id == "tiny-cut")
    assert not cut.finished and cut.reports == []
