"""The report as one self-contained HTML file: tables and inline SVG figures, no script, no CDN."""

from __future__ import annotations

from html import escape

from arena.report.md import intervals_note, summary
from arena.report.plots import Figure
from arena.report.tables import Table, notes, provenance
from arena.report.texts import Lang, t
from evals.leaderboard import Leaderboard

STYLE = """
body { font-family: system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif; margin: 2rem auto; max-width: 76rem;
       color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.85rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child, td:nth-child(2) { text-align: left; }
th { background: #f3f3f3; }
figure { margin: 1rem 0 2rem; }
figcaption, .note { color: #555; font-size: 0.85rem; }
"""
AFTER = {"leaderboard": ("ratings",), "wins": ("wins",), "calibration": ("calibration",), "cost": ("cost",)}
"""The figures shown after a table."""


def html(board: Leaderboard, tables: list[Table], figures: list[Figure], source: str, lang: Lang) -> str:
    title = f"{t(lang, 'title')} — {source}"
    parts = ["<!doctype html>", f'<html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">',
             f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{escape(title)}</h1>", f"<p>{escape(summary(board, lang))}</p>",
             f'<p class="note">{escape(intervals_note(board, lang))}</p>']
    missing = notes(board, lang)
    if missing:
        items = "".join(f"<li>{escape(n)}</li>" for n in missing)
        parts.append(f'<section id="missing"><h2>{escape(t(lang, "missing"))}</h2><ul>{items}</ul></section>')
    for table in [provenance(board, lang), *tables]:
        parts.append(_table(table, lang))
        parts += [_figure(f, lang) for f in figures if f.key in AFTER.get(table.key, ())]
    parts.append("</body></html>")
    return "\n".join(parts)


def _table(table: Table, lang: Lang) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{escape(table.note)}</p>' if table.note else ""
    content = (f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>" if table.rows
               else f"<p>{escape(t(lang, 'no_data'))}</p>")
    return f'<section id="{table.key}"><h2>{escape(table.title)}</h2>{note}{content}</section>'


def _figure(figure: Figure, lang: Lang) -> str:
    sep = "：" if lang == "zh" else ": "
    return f"<figure>{figure.svg}<figcaption>{escape(figure.title)}{sep}{escape(figure.caption)}</figcaption></figure>"
