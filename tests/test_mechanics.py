"""The shared mechanics (engine.mechanics) on fixed cases, and against each rule set's own counting.

The two readings of "first to reach the top count" are one concept with two named variants; the
cases below are the rules' own (and the module docstring's), and the property test holds each
variant to the rule set that reads it that way.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.mechanics import ballots as b
from engine.mechanics.last_words import WordsRule, check_redaction, check_words
from engine.mechanics.team_chat import recipients
from engine.mechanics.win import Condition, all_out, winners

A, B = 11, 12
DROP_AND_RETURN = [(1, A), (2, A), (3, B), (2, B), (4, A)]


def test_first_to_reach_has_two_readings_that_elect_different_seats() -> None:
    ballots = b.weighted(DROP_AND_RETURN)
    tied = b.top(b.totals(ballots))
    assert tied == [A, B]
    assert b.first_to_reach(ballots, tied, b.FirstToReach.FIRST_REACHED) == A
    assert b.first_to_reach(ballots, tied, b.FirstToReach.HELD_SINCE) == B


def test_a_weighted_sheriff_ballot_counts_its_weight_and_a_change_replaces_the_first() -> None:
    ballots = b.weighted([(1, A), (2, B), (3, B), (1, B)], weight=lambda v: 3 if v == 1 else 1)
    assert b.totals(ballots) == {B: 5}
    assert b.standing(ballots)[1] == (B, 3)


def test_change_limits_and_first_ballots_only() -> None:
    ballots = b.weighted([(1, A), (1, B), (1, A), (2, B)])
    assert b.totals(b.within_changes(ballots, 1)) == {B: 2}  # the second change is void
    assert b.totals(b.first_of_each(ballots)) == {A: 1, B: 1}
    assert b.within_changes(ballots, -1) == ballots


def test_sheriff_tie_break_and_majority() -> None:
    assert b.sheriff_breaks_tie([A], None) == A
    assert b.sheriff_breaks_tie([A, B], B) == B
    assert b.sheriff_breaks_tie([A, B], 3) is None
    assert b.majority({A: 5, B: 4}, 9) == A and b.majority({A: 4}, 8) is None


def _suitang21_reached_at(ballots: list[tuple[int, int | None]]) -> dict[int, int]:
    """suitang21's counting before the shared mechanics (B-31, kept here as the reference the
    HELD_SINCE variant must equal): for each candidate, the index of the last ballot that changed its
    tally, from which on it held its final count until the close."""
    current: dict[int, int | None] = {}
    last: dict[int, int] = {}
    for index, (seat, target) in enumerate(ballots):
        previous = current.get(seat)
        if previous is not None:
            last[previous] = index
        current[seat] = target
        if target is not None:
            last[target] = index
    return last


def _qijian24_reached(ballots: list[tuple[int, int | None]]) -> dict[int, int]:
    from engine.rulesets.qijian24.stage import reached, tally

    return reached(ballots, tally(dict(ballots)))


BALLOTS = st.lists(st.tuples(st.integers(1, 6), st.one_of(st.none(), st.integers(7, 10))), max_size=14)


@settings(max_examples=300, deadline=None)
@given(BALLOTS)
def test_each_variant_is_the_counting_its_rule_set_had(raw: list[tuple[int, int | None]]) -> None:
    ballots = b.weighted(raw)
    tied = b.top(b.totals(ballots))
    if len(tied) < 2:
        return
    suitang = _suitang21_reached_at(raw)
    assert b.first_to_reach(ballots, tied, b.FirstToReach.HELD_SINCE) == min(tied, key=lambda t: (suitang.get(t, -1), t))
    qijian = _qijian24_reached(raw)
    assert b.first_to_reach(ballots, tied, b.FirstToReach.FIRST_REACHED) == min(tied, key=lambda t: (qijian.get(t, 0), t))


def test_last_words_bounds_lines_and_redaction() -> None:
    rule = WordsRule(low=10, high=200, one_line=True)
    check_words(rule, 3, "我" * 10)
    with pytest.raises(IllegalAction) as short:
        check_words(rule, 3, "太短")
    assert short.value.code == "last_words_length" and short.value.params["length"] == 2
    with pytest.raises(IllegalAction) as broken:
        check_words(rule, 3, "第一行很长很长很长\n第二行")
    assert broken.value.code == "last_words_line"
    original = "我是预言家昨晚验了三号是狼人"
    check_redaction(original, "我是■■■昨晚验了三号是狼人", 5, 3)
    for bad, code in (("我是", "redact_length"), ("你是预言家昨晚验了三号是狼人", "redact_char"),
                      ("■" * 11 + "是狼人", "redact_kept")):
        with pytest.raises(IllegalAction) as refused:
            check_redaction(original, bad, 5, 3)
        assert refused.value.code == code


def test_team_chat_recipients_with_and_without_the_dead() -> None:
    alive = {1: True, 2: False, 3: True}.__getitem__
    assert recipients([1, 2], alive) == [1, 2]
    assert recipients([1, 2], alive, dead_read=False, joining=3) == [1, 3]
    assert recipients([1], alive, dead_read=False, joining=2) == [1]


def test_win_conditions_with_co_victory_and_exclusive() -> None:
    conds = [Condition("village", lambda s: s["wolves"] == 0), Condition("witch", lambda s: s["marked"])]
    assert winners({"wolves": 0, "marked": True}, conds) == ["village", "witch"]
    assert winners({"wolves": 0, "marked": True}, conds, exclusive=True) == ["village"]
    assert all_out(lambda s: False, [1, 2]) and not all_out(lambda s: s == 2, [1, 2])


class _Log:
    """A stand-in for ``Game`` that records what the chain emits."""

    def __init__(self) -> None:
        self.died: list[tuple[int, str]] = []

    def emit(self, kind: type, vis: str, **fields: object) -> None:
        self.died.append((int(fields["seat"]), str(fields["cause"])))  # type: ignore[call-overload]


def test_an_out_chain_with_a_stand_in_and_a_lover() -> None:
    """majiasha2's 庇佑 and 殉情 (D-20, D-21): cupid (9) goes out in lover 1's place while alive; once
    cupid is out, lover 1's out takes its partner 2 along, and 2 is not sheltered either."""
    from engine.mechanics.outs import OutChain

    out: set[int] = set()
    partner = {1: 2, 2: 1}

    def sheltered(game: object, seat: int, cause: str) -> tuple[int, str] | None:
        return (9, "shelter") if seat in partner and 9 not in out and cause != "sent_off" else None

    def lover(game: object, seat: int, cause: str) -> list[tuple[int, str]]:
        out.add(seat)
        return [(partner[seat], "suicide")] if seat in partner and cause != "sent_off" else []

    chain = OutChain(hooks=(lover,), instead=sheltered)
    log = _Log()
    assert chain.out(log, 1, "kill", alive=lambda s: s not in out) == [9]  # type: ignore[arg-type]
    assert chain.out(log, 1, "vote", alive=lambda s: s not in out) == [1, 2]  # type: ignore[arg-type]
    assert log.died == [(9, "shelter"), (1, "vote"), (2, "suicide")]


def test_a_turn_window_counts_the_speakers_free_actions_and_a_new_turn_resets_them() -> None:
    """umineko32: two free actions (team messages, a name told) inside one speaker's turn."""
    from engine.table import Window

    w = Window(eligible=[3, 1], rounds=1, turns=True)
    w.free_used += 2
    w.end_turn(1)
    assert w.speaker == 3 and w.free_used == 2, "only the speaker's own end of turn moves the floor"
    w.end_turn(3)
    assert w.speaker == 1 and w.free_used == 0
