"""``arena balance``: side win rates under each flag setting, paired by deal, as one table and plot."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli import main
from arena.cli.balance import flag_settings, play
from engine.rulesets import get_ruleset
from evals.balance import Outcome, balance


def test_a_swept_flag_gives_every_value_default_first_and_a_fixed_one_applies_to_all() -> None:
    rules = get_ruleset("umineko32")
    assert flag_settings(rules, ["umineko.witch_color"]) == [{"umineko.witch_color": "白"},
                                                             {"umineko.witch_color": "黑"}]
    both = flag_settings(rules, ["umineko.witch_color", "umineko.witch_vacuous_win=false"])
    assert [s["umineko.witch_vacuous_win"] for s in both] == [False, False] and len(both) == 2
    assert flag_settings(rules, []) == [{}]
    with pytest.raises(ValueError, match="unknown flag 'nope'"):
        flag_settings(rules, ["nope"])


def test_balance_is_paired_by_deal_and_a_side_that_always_wins_has_no_spread() -> None:
    outcomes = [Outcome(s, d, ("black", "white"), ("white",) if (s == 0 or d % 2) else ("black",))
                for s in (0, 1) for d in range(8)]
    rows = {(r.setting, r.side): r for r in balance([{}, {"f": True}], outcomes, resamples=200)}
    assert rows[(0, "white")].rate.value == 1.0 and rows[(0, "white")].rate.degenerate
    assert rows[(1, "white")].rate.value == pytest.approx(0.5)
    versus = rows[(1, "white")].versus_default
    assert versus is not None and versus.value == pytest.approx(-0.5) and versus.hi is not None and versus.hi < 0
    assert rows[(0, "black")].versus_default is None and rows[(1, "black")].finished == 8


def test_the_same_deals_are_played_under_every_setting() -> None:
    rules = get_ruleset("umineko32")
    found = play(rules, [{}, {"umineko.witch_color": "黑"}], 2, 5)
    assert [(o.setting, o.deal) for o in found] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(o.winners for o in found) and {"black", "white", "witch"} == set(found[0].sides)


def test_arena_balance_writes_one_table_and_one_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b"
    assert main(["balance", "umineko32", "--flag", "umineko.witch_color", "--games", "3", "--resamples", "50",
                 "--out", str(out), "--lang", "en"]) == 0
    md = (out / "balance.md").read_text(encoding="utf-8")
    assert "| umineko.witch_color=黑 | Black |" in md and "vs first setting" in md and "3/3" in md
    assert (out / "balance.svg").read_text(encoding="utf-8").count("<svg") == 1
    assert "umineko.witch_color=白" in capsys.readouterr().out
    assert main(["balance", "umineko32", "--flag", "nope", "--games", "2", "--out", str(out)]) == 2
    zh = tmp_path / "zh"
    assert main(["balance", "qijian24", "--games", "2", "--resamples", "20", "--out", str(zh)]) == 0
    assert "默认裁定" in (zh / "balance.md").read_text(encoding="utf-8")
