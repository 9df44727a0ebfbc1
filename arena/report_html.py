"""The report as one self-contained HTML file: tables and inline SVG figures, no script, no CDN."""

from __future__ import annotations

from html import escape

from arena.report_md import _summary
from arena.report_plots import Figure
from arena.report_tables import Table
from evals.leaderboard import Leaderboard

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child, td:nth-child(2) { text-align: left; }
th { background: #f3f3f3; }
figure { margin: 1rem 0 2rem; }
figcaption, .note { color: #555; font-size: 0.85rem; }
"""


def html(board: Leaderboard, tables: list[Table], figures: list[Figure], source: str) -> str:
    parts = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>Bansha Arena report — {escape(source)}</title><style>{STYLE}</style></head><body>",
             f"<h1>Bansha Arena report — {escape(source)}</h1>", f"<p>{escape(_summary(board))}</p>"]
    for table in tables:
        parts.append(_table(table))
        if table.key == "leaderboard":
            parts += [_figure(f) for f in figures if f.key == "ratings"]
        if table.key == "inference":
            parts += [_figure(f) for f in figures if f.key == "calibration"]
        if table.key == "cost":
            parts += [_figure(f) for f in figures if f.key == "cost"]
    parts.append("</body></html>")
    return "\n".join(parts)


def _table(table: Table) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{escape(table.note)}</p>' if table.note else ""
    content = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>" if table.rows else "<p>No data.</p>"
    return f'<section id="{table.key}"><h2>{escape(table.title)}</h2>{note}{content}</section>'


def _figure(figure: Figure) -> str:
    return f"<figure>{figure.svg}<figcaption>{escape(figure.title)}: {escape(figure.caption)}</figcaption></figure>"
