"""The report as Markdown: the same tables as the HTML, figures left to the HTML (named here)."""

from __future__ import annotations

from arena.report_plots import Figure
from arena.report_tables import Table
from evals.leaderboard import Leaderboard


def markdown(board: Leaderboard, tables: list[Table], figures: list[Figure], source: str) -> str:
    lines = [f"# Bansha Arena report — {source}", "", _summary(board), ""]
    for table in tables:
        lines += [f"## {table.title}", ""]
        if table.note:
            lines += [table.note, ""]
        if not table.rows:
            lines += ["No data.", ""]
            continue
        lines.append("| " + " | ".join(table.columns) + " |")
        lines.append("|" + "---|" * len(table.columns))
        lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in table.rows]
        lines.append("")
    if figures:
        lines += ["## Figures", "", "In report.html: " + "; ".join(f"{f.title} ({f.caption})" for f in figures), ""]
    return "\n".join(lines)


def _summary(board: Leaderboard) -> str:
    versions = ", ".join(f"{name} v{version}" for name, version in board.versions.items())
    return (f"{board.games} games ({board.finished} finished) of rule sets {', '.join(board.rulesets) or '—'}; "
            f"models: {', '.join(board.labels) or '—'}. Evaluators: {versions}. Every interval is 95%.")
