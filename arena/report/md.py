"""The report as Markdown: the same tables as the HTML, figures left to the HTML (named here)."""

from __future__ import annotations

from arena.report.plots import Figure
from arena.report.tables import Table, notes, provenance
from arena.report.texts import Lang, t
from evals.leaderboard import Leaderboard


def markdown(board: Leaderboard, tables: list[Table], figures: list[Figure], source: str, lang: Lang) -> str:
    lines = [f"# {t(lang, 'title')} — {source}", "", summary(board, lang), "", intervals_note(board, lang), ""]
    missing = notes(board, lang)
    if missing:
        lines += [f"## {t(lang, 'missing')}", "", *(f"- {n}" for n in missing), ""]
    for table in [provenance(board, lang), *tables]:
        lines += [f"## {table.title}", ""]
        if table.note:
            lines += [table.note, ""]
        if not table.rows:
            lines += [t(lang, "no_data"), ""]
            continue
        lines.append("| " + " | ".join(table.columns) + " |")
        lines.append("|" + "---|" * len(table.columns))
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in table.rows]
        lines.append("")
    if figures:
        names = "; ".join(f"{f.title}（{f.caption}）" if lang == "zh" else f"{f.title} ({f.caption})" for f in figures)
        lines += [f"## {t(lang, 'figures')}", "", t(lang, "figures.md", names=names), ""]
    return "\n".join(lines)


def summary(board: Leaderboard, lang: Lang) -> str:
    sep = "、" if lang == "zh" else ", "
    return t(lang, "summary", games=board.games, finished=board.finished, distinct=board.distinct,
             rulesets=sep.join(board.rulesets) or "—", labels=sep.join(board.labels) or "—")


def intervals_note(board: Leaderboard, lang: Lang) -> str:
    return t(lang, "intervals", unit=t(lang, f"unit.{board.provenance.cluster_by}"))
