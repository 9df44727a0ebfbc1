"""Small inline SVG plots for the replay viewer, drawn here so a page needs no library or network.

Only one shape so far, the one a person reads faster than a table: a heat map (rows × columns,
a count in each cell, darker for more). Every label is escaped; the SVG is text in the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

CELL_W, CELL_H, LABEL_W, HEAD_H = 44, 22, 150, 26


def heatmap(title: str, rows: Sequence[str], columns: Sequence[str], values: Mapping[tuple[int, int], int]) -> str:
    """An SVG heat map: ``values[(row, column)]`` by index; empty cells stay blank."""
    top = max(values.values(), default=0) or 1
    width = LABEL_W + CELL_W * len(columns) + 4
    height = HEAD_H + CELL_H * len(rows) + 4
    parts = [f'<svg class="plot" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for c, label in enumerate(columns):
        x = LABEL_W + c * CELL_W + CELL_W / 2
        parts.append(f'<text x="{x:.0f}" y="{HEAD_H - 8}" text-anchor="middle" class="axis">{escape(label)}</text>')
    for r, label in enumerate(rows):
        y = HEAD_H + r * CELL_H
        parts.append(f'<text x="{LABEL_W - 6}" y="{y + CELL_H - 7}" text-anchor="end" class="axis">{escape(label)}</text>')
        for c in range(len(columns)):
            parts.append(_cell(LABEL_W + c * CELL_W, y, values.get((r, c), 0), top))
    parts.append("</svg>")
    return "".join(parts)


def _cell(x: int, y: int, value: int, top: int) -> str:
    shade = 0.08 + 0.85 * value / top if value else 0.0
    rect = (f'<rect x="{x + 1}" y="{y + 1}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
            f'fill="rgb(178,34,34)" fill-opacity="{shade:.2f}" stroke="#ddd"/>')
    if not value:
        return rect
    color = "#fff" if shade > 0.5 else "#222"
    return rect + (f'<text x="{x + CELL_W / 2:.0f}" y="{y + CELL_H - 7}" text-anchor="middle" '
                   f'fill="{color}" class="cell">{value}</text>')
