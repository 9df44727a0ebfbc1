"""Every evaluator against values computed by hand on the tiny fixed transcript (tests/evals_fixture.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import fields
from datetime import datetime
from pathlib import Path

import pytest

from evals.cost import CostEvaluator
from evals.deception import DeceptionEvaluator
from evals.facts import GameFacts, facts_of_events, load_facts
from evals.inference import InferenceEvaluator, auroc
from evals.intervals import wilson
from evals.knowledge import roster
from evals.outcomes import OutcomeEvaluator
from evals.quality import QualityEvaluator
from evals.summary import Row, summarise
from evals.votes import VoteEvaluator
from tests.evals_fixture import write_tiny
from tests.evals_knows import write_knows
from transcripts.store import open_db


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[GameFacts]]:
    db = tmp_path_factory.mktemp("evals") / "tiny.duckdb"
    write_tiny(db).close()
    con = open_db(db, create=False)
    yield load_facts(con)
    con.close()


def _table(rows: list[Row]) -> dict[tuple[str, str, str], Row]:
    """Rows of the one rule set ``tiny`` by (metric, label, side); group-split rows aside."""
    return {(r.metric, r.label, r.side): r for r in rows if r.ruleset == "tiny" and r.group in ("", "*")}


def _one_rows(games: list[GameFacts], evaluator: object, *, both: bool = False) -> list[Row]:
    chosen = games if both else [g for g in games if g.game_id == "tiny"]
    return summarise([evaluator], chosen, resamples=50)  # type: ignore[list-item]


def _one(games: list[GameFacts], evaluator: object, *, both: bool = False) -> dict[tuple[str, str, str], Row]:
    return _table(_one_rows(games, evaluator, both=both))


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
    # day-2 votes of the reporters: 1→3 (its least trusted: 1), 3→1 (tied least trusted with 4: 1/2)
    assert t[("vote_belief_consistency", "A", "*")].value == pytest.approx(0.75)
    assert t[("vote_belief_consistency", "A", "*")].n == 2
    assert ("vote_belief_consistency", "B", "*") not in t


def test_deception_scores_by_hand(games: list[GameFacts]) -> None:
    t = _one(games, DeceptionEvaluator())
    # the population is the majority's reports (seat 1, white, label A): seat 3 (black) reporting on
    # the witch is no longer in it; seat 1 knows only the roster (a third each: Brier 2/3)
    assert t[("belief_gap", "A", "black")].value == pytest.approx(0.5 - 2 / 3)
    assert t[("belief_gap", "B", "witch")].value == pytest.approx(2 - 2 / 3)
    grouped = {(r.label, r.side, r.group) for r in _one_rows(games, DeceptionEvaluator()) if r.metric == "belief_gap"}
    assert ("B", "witch", "A") in grouped and ("B", "witch", "*") in grouped  # per reporting model, pooled beside
    assert t[("deceiver_survival", "A", "*")].value == 0.0 and t[("deceiver_survival", "B", "*")].value == 1.0
    assert t[("steered_votes", "A", "*")].value == pytest.approx(1 / 2)  # 3→2 then 1→2 (white on white)
    assert t[("steered_votes", "B", "*")].value == 0.0
    assert t[("daogou_rate", "A", "*")].value == 0.0 and t[("daogou_rate", "A", "*")].n == 2


def test_quality_and_cost_by_hand_and_cost_leaves_out_the_belief_questions(games: list[GameFacts]) -> None:
    t = _one(games, QualityEvaluator())
    assert t[("invalid_rate", "B", "*")].value == pytest.approx(1 / 2) and ("invalid_rate", "A", "*") not in t
    assert t[("fallback_rate", "B", "*")].value == pytest.approx(1 / 4)
    assert t[("timeout_rate", "B", "*")].value == pytest.approx(1 / 4)
    assert t[("fallback_rate", "A", "*")].value == 0.0 and t[("fallback_rate", "A", "*")].n == 6
    assert t[("speech_compliance", "A", "*")].value == pytest.approx(1 / 2)
    c = _one(games, CostEvaluator())
    # seat 4's belief question (990 tokens, 900 ms) is no decision: version 1 counted it
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


# -- the defects of issue 18, each on the small fixed transcript tests/evals_knows.py ----------------


@pytest.fixture(scope="module")
def knows(tmp_path_factory: pytest.TempPathFactory) -> GameFacts:
    db = tmp_path_factory.mktemp("knows") / "knows.duckdb"
    write_knows(db)
    with open_db(db, create=False) as con:
        return load_facts(con)[0]


def _rows(game: GameFacts, evaluator: object) -> dict[tuple[str, str, str, str], Row]:
    rows = summarise([evaluator], [game], resamples=20)  # type: ignore[list-item]
    return {(r.metric, r.label, r.side, r.group): r for r in rows if r.ruleset == "tiny"}


def test_a_reporter_that_knows_only_its_team_has_no_skill_over_the_knowledge_prior(knows: GameFacts) -> None:
    t = _rows(knows, InferenceEvaluator())
    # seat 5 (black, A) reports exactly its chat's news: mate 6 black, the rest 白 0.8 / witch 0.2
    assert t[("brier_skill", "A", "black", "")].value == pytest.approx(0.0, abs=1e-12)
    assert t[("log_loss_skill", "A", "black", "")].value == pytest.approx(0.0, abs=1e-12)
    # against the roster alone the same report looks skilful: that was the only baseline of version 1
    assert t[("brier_skill_roster", "A", "black", "")].value == pytest.approx(0.3)
    # every belief figure is split by the reporter's side: seat 1 (white, A) is its own row
    assert t[("brier_skill", "A", "white", "")].n == 6 and t[("brier_skill", "A", "*", "")].n == 12


def test_a_converted_seat_keeps_its_dealt_card_in_its_prior(knows: GameFacts) -> None:
    # seat 3 was dealt a 平民 and became the witch's apprentice while the witch (7) lives: the others
    # hold 3 白, 2 黑 and the witch (version 1 took the witch out: P(witch) = 0 for every other seat)
    assert knows.truth.faction(3) == "witch" and knows.truth.dealt(3) == "white"
    assert roster(knows, 3).of(7) == pytest.approx({"white": 0.5, "black": 1 / 3, "witch": 1 / 6})
    assert knows.truth.roster_prior(3)["witch"] == pytest.approx(1 / 6)


def test_ties_share_the_credit_so_flat_beliefs_score_like_a_random_ballot(knows: GameFacts) -> None:
    t = _rows(knows, VoteEvaluator())
    # seat 1's flat report ties all six living seats: its ballot scores 1/6 (version 1: 1)
    assert t[("vote_belief_consistency", "A", "white", "")].value == pytest.approx(1 / 6)
    # seat 5 trusted every non-mate alike (no 黑 among them): 5 living ties, one of them named
    assert t[("vote_belief_consistency", "A", "black", "")].value == pytest.approx(1 / 5)


def test_a_ballot_is_steered_once_and_only_within_its_vote_stage(knows: GameFacts) -> None:
    t = _rows(knows, DeceptionEvaluator())
    # stage 1: 5→2, 6→2, then 1→2 (a white on a white): one own goal shared by the two deceivers;
    # stage 2's 4→2 follows no deceiver ballot of its stage (version 1 credited each deceiver with 2)
    assert t[("steered_votes", "A", "black", "")].value == pytest.approx(0.5)
    assert t[("steered_votes", "B", "black", "")].value == pytest.approx(0.5)


def test_belief_gap_against_given_reporters_does_not_move_when_others_report(tmp_path: Path) -> None:
    def gaps(reporters: tuple[int, ...]) -> dict[tuple[str, str, str], float | None]:
        db = tmp_path / f"{len(reporters)}.duckdb"
        write_knows(db, reporters=reporters)
        with open_db(db, create=False) as con:
            game = load_facts(con)[0]
        return {(r.label, r.side, r.group): r.value for r in summarise([DeceptionEvaluator()], [game], resamples=5)
                if r.metric == "belief_gap" and r.ruleset == "tiny"}

    alone, joined = gaps((1,)), gaps((1, 2))
    for key in (("A", "black", "A"), ("A", "witch", "A"), ("B", "black", "A")):
        assert joined[key] == pytest.approx(alone[key])  # seat 2's (B's) reports added: A's rows unchanged
    assert ("A", "black", "B") in joined and ("A", "black", "B") not in alone
    assert joined[("A", "black", "*")] != pytest.approx(alone[("A", "black", "*")])  # the pooled row says whom it pools


def test_win_rate_rows_have_no_per_seat_interval_and_their_interval_is_clustered_by_game() -> None:
    assert "wilson_lo" not in {f.name for f in fields(Row)}
    # six games, each won or lost by all three seats of a side at once: a seat-game is no trial
    games = [_side_game(f"g{i}", won=i % 2 == 0) for i in range(6)]
    row = next(r for r in summarise([OutcomeEvaluator()], games, resamples=400)
               if r.metric == "win_rate" and r.label == "X" and r.side == "white" and r.ruleset == "syn")
    assert row.value == pytest.approx(0.5) and row.n == 18 and row.games == 6
    lo, hi = wilson(9, 18)  # type: ignore[misc]
    assert row.lo is not None and row.hi is not None and (row.hi - row.lo) > 1.5 * (hi - lo)


def _side_game(game_id: str, *, won: bool) -> GameFacts:
    game = GameFacts(game_id, "syn", "finished", ["white" if won else "black"], datetime(2026, 1, 1),
                     {s: "X" for s in range(1, 7)}, fingerprint=game_id)
    for seat in range(1, 7):
        game.truth.add(seat, seat, "white" if seat <= 3 else "black", "r")
    return game


def test_a_game_in_memory_has_the_facts_and_fingerprint_of_the_stored_one(games: list[GameFacts]) -> None:
    from tests.evals_fixture import FACTIONS, LABELS, _events

    stored = next(g for g in games if g.game_id == "tiny")
    configs = [{"seat": s, "kind": "scripted", "label": label} for s, label in LABELS.items()]
    held = facts_of_events("tiny", _events(), configs, ["white"])
    assert held.fingerprint == stored.fingerprint and held.votes == stored.votes and held.clues == stored.clues
    assert {s: held.truth.faction(s) for s in FACTIONS} == FACTIONS and held.deaths == stored.deaths
