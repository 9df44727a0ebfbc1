"""The vote stages of qijian24 counted (spec §2.4) and the day privileges at the close (§2.5), as
pure functions: the thresholds at their exact boundaries, "first to reach", and the edge cases the
golden scenarios do not reach."""

from __future__ import annotations

from engine.rulesets.qijian24 import stage as count


def test_thresholds_are_strict_at_their_boundaries() -> None:
    assert count.stage1(1, 25, {7: 13}).out == 7 and count.stage1(1, 26, {7: 13}).out is None
    assert not count.suspect_bar(1, 5, 25) and count.suspect_bar(1, 5, 24)
    assert not count.suspect_bar(2, 2, 20) and count.suspect_bar(2, 3, 20)
    assert count.suspect_bar(3, 1, 24)


def test_a_majority_is_not_a_suspect_and_one_suspect_means_all() -> None:
    out = count.stage1(3, 20, {1: 3, 2: 1})
    assert (out.next, out.candidates, out.all_suspects) == ("STAGE2", (1, 2), False)
    lone = count.stage1(1, 24, {1: 5, 2: 1})
    assert (lone.candidates, lone.all_suspects) == ((), True)


def test_stage2_top_of_zero_puts_nobody_out() -> None:
    assert count.stage2(20, {}, all_suspects=False) == count.Outcome(None, count.NIGHT)


def test_stage3_tie_puts_nobody_out() -> None:
    assert count.stage3({1: 4, 2: 4}).out is None and count.stage3({1: 5, 2: 4}).out == 1


def test_first_to_reach_counts_changes_of_vote() -> None:
    ballots = [(1, 5), (2, 6), (3, 6), (4, 5), (1, 6), (1, 5)]
    final = count.tally({1: 5, 2: 6, 3: 6, 4: 5})
    first = count.reached(ballots, final)
    assert final == {5: 2, 6: 2}
    assert first == {6: 2, 5: 3}
    assert count.ranking(final, first) == [6, 5]


def test_exemption_in_stage1_goes_on_to_stage2_as_usual() -> None:
    counts = {1: 13, 2: 6, 3: 5}
    raw = count.stage1(1, 24, counts)
    spared = count.exempt(1, raw, [1, 2, 3], all_suspects=False, day=1, n=24, counts=counts)
    assert (spared.out, spared.next, spared.candidates, spared.changed) == (None, "STAGE2", (2, 3), True)


def test_exemption_needs_a_second_with_a_vote() -> None:
    raw = count.stage3({1: 5})
    assert count.exempt(3, raw, [1], all_suspects=False, day=4, n=20, counts={1: 5}).out is None


def test_exemption_in_an_everyone_suspect_stage2_spares_without_substitute() -> None:
    counts = {1: 11, 2: 3}
    raw = count.stage2(20, counts, all_suspects=True)
    assert raw.out == 1
    assert count.exempt(2, raw, [1, 2], all_suspects=True, day=2, n=20, counts=counts).out is None


def test_exemption_on_a_stage2_tie_skips_the_runoff() -> None:
    counts = {1: 6, 2: 6, 3: 2}
    raw = count.stage2(20, counts, all_suspects=False)
    assert raw.next == "STAGE3"
    assert count.exempt(2, raw, [2, 1, 3], all_suspects=False, day=3, n=20, counts=counts).out == 1


def test_immunity_in_stage1_goes_on_to_stage2() -> None:
    counts = {4: 13, 5: 6, 6: 6}
    result = count.immunity(1, count.stage1(3, 24, counts), 4, 3, 24, counts)
    assert (result.out, result.next, result.candidates) == (None, "STAGE2", (5, 6))
