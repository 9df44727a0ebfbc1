"""The report's style de-anonymisation table (``evals.style``): how well an alias's posts name its model."""

from __future__ import annotations

from collections.abc import Sequence

from arena.report.tables import Table, count, interval, num
from arena.report.texts import Lang, t
from evals.clustered import Estimate
from evals.facts import GameFacts
from evals.style import documents, style_check


def style_table(games: Sequence[GameFacts], lang: Lang, *, resamples: int, seed: int = 0) -> Table:
    """Accuracy, chance and the accuracy above chance (intervals clustered by game), then per model."""
    result = style_check(documents(games), resamples=resamples, seed=seed)
    columns = tuple(t(lang, f"style.{c}") for c in ("who", "value", "interval", "units"))
    if result.reason:
        note = t(lang, f"style.missing.{result.reason}", docs=result.documents, games=result.games,
                 labels=result.labels)
        return Table("style", t(lang, "style.title"), columns, [], note)

    def row(name: str, e: Estimate, docs: float) -> tuple[str, ...]:
        return (name, num(e.value), interval(e.lo, e.hi), t(lang, "style.basis", docs=count(docs), games=e.clusters))

    rows = [row(t(lang, "style.above"), result.above_chance, result.documents),
            row(t(lang, "style.accuracy"), result.accuracy, result.documents),
            row(t(lang, "style.chance"), result.chance, result.documents)]
    rows += [row(t(lang, "style.recall", label=label), e, n) for label, (e, n) in sorted(result.per_label.items())]
    note = t(lang, "style.note", folds=result.folds, labels=result.labels)
    return Table("style", t(lang, "style.title"), columns, rows, note)
