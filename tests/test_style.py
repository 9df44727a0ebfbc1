"""The style de-anonymisation check (``evals.style``): a bot whose posts read otherwise is told apart
from its alias's posts alone, two labels of one bot are not (the control), and ``arena report``
gives the figure per tournament, in the reader's language."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from arena.cli import main
from arena.report.write import write_report
from evals.facts import load_facts
from evals.style import Document, documents, style_check

PLAN = """\
[tournament]
name = "{name}"
games = 4
seed = {seed}
concurrency = 2

[[models]]
name = "{a}"
player = "scripted"

[[models]]
name = "{b}"
player = "{other}"
"""


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two stored tournaments: scripted against random bots (``s``), and one scripted bot under two
    labels (``c``, whose twin rotations the planner does not play: 2 games)."""
    root = tmp_path_factory.mktemp("style")
    db = root / "arena.duckdb"
    for name, seed, a, b, other in (("s", 5, "bots", "dice", "random"), ("c", 9, "x", "y", "scripted")):
        plan = root / f"{name}.toml"
        plan.write_text(PLAN.format(name=name, seed=seed, a=a, b=b, other=other), encoding="utf-8")
        assert main(["tournament", str(plan), "--db", str(db)]) == 0
    return db


def _docs(db: Path, tournament: str) -> list[Document]:
    with duckdb.connect(str(db), read_only=True) as con:
        games = [g for (g,) in con.execute("SELECT game_id FROM tournament_games WHERE tournament = ?",
                                           [tournament]).fetchall()]
        return documents(load_facts(con, games))


def test_a_bot_whose_posts_read_otherwise_is_told_apart(stored: Path) -> None:
    docs = _docs(stored, "s")
    assert {d.label for d in docs} == {"bots", "dice"} and len({d.game_id for d in docs}) == 4
    result = style_check(docs, resamples=300)
    assert result.folds == 4 and result.documents == len(docs)
    assert result.accuracy.value is not None and result.accuracy.value > 0.9
    above = result.above_chance
    assert above.lo is not None and above.lo > 0.2 and above.clusters == 4
    assert result.chance.value == pytest.approx(max(sum(d.label == x for d in docs) for x in ("bots", "dice"))
                                                / len(docs), abs=0.1)


def test_two_labels_of_one_bot_are_at_chance(stored: Path) -> None:
    docs = _docs(stored, "c")
    assert {d.label for d in docs} == {"x", "y"}
    above = style_check(docs, resamples=300).above_chance
    assert above.value is not None and abs(above.value) < 0.15 and above.lo is not None and above.lo <= 0.0


def test_too_little_to_tell_is_said_not_guessed(stored: Path) -> None:
    docs = _docs(stored, "s")
    one_model = style_check([d for d in docs if d.label == "bots"])
    assert one_model.reason == "labels" and one_model.accuracy.value is None
    one_game = style_check([d for d in docs if d.game_id == docs[0].game_id])
    assert one_game.reason == "games"


def test_the_report_gives_it_per_tournament_in_the_readers_language(stored: Path, tmp_path: Path) -> None:
    _, md = write_report(stored, tmp_path / "zh", tournament="s", resamples=50, rating_resamples=10, lang="zh")
    text = md.read_text(encoding="utf-8")
    assert "马甲的匿名性" in text and "高出机会水平的准确率" in text and "bots：其马甲被认出的比例" in text
    _, md = write_report(stored, tmp_path / "en", tournament="c", resamples=50, rating_resamples=10, lang="en")
    text = md.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| accuracy above chance |"))
    assert "2 games" in row
