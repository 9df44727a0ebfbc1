"""Small inline SVG plots for the replay viewer, drawn here so a page needs no library or network.

Two shapes, the ones a person reads faster than a table: a heat map (rows × columns, a count in
each cell, darker for more) and a line chart of probabilities over a few points in time (one line
per series, the y axis fixed at 0..1). Every label is escaped; the SVG is text in the page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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


PLOT_H, STEP_W, MARGIN, LEGEND_W, LEGEND_H = 240, 90, 40, 230, 15


@dataclass(frozen=True)
class Series:
    """One line of a chart: a value (or None: no point) per x; ``attrs`` become ``data-`` attributes."""

    label: str
    values: Sequence[float | None]
    color: str
    width: float = 1.2
    attrs: Mapping[str, str | int] = field(default_factory=dict)


def line_chart(title: str, xs: Sequence[str], series: Sequence[Series], y_label: str) -> str:
    """An SVG line chart of probabilities: ``xs`` along the bottom, y from 0 to 1, a legend on the right;
    each point carries its value in a tooltip; a series breaks where it has no value."""
    plot_w = STEP_W * max(len(xs) - 1, 2)
    width = MARGIN + plot_w + 24 + LEGEND_W
    height = max(PLOT_H + 2 * MARGIN, MARGIN + LEGEND_H * (len(series) + 1))
    left, top, bottom = MARGIN, MARGIN / 2, MARGIN / 2 + PLOT_H

    def x_at(i: int) -> float:
        return left + (plot_w * i / (len(xs) - 1) if len(xs) > 1 else plot_w / 2)

    def y_at(v: float) -> float:
        return bottom - PLOT_H * min(max(v, 0.0), 1.0)

    parts = [f'<svg class="plot lines" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = y_at(tick)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end" class="axis">{tick:g}</text>')
    parts.append(f'<text x="10" y="{(top + bottom) / 2:.0f}" transform="rotate(-90 10 {(top + bottom) / 2:.0f})" '
                 f'text-anchor="middle" class="axis">{escape(y_label)}</text>')
    for i, label in enumerate(xs):
        parts.append(f'<text x="{x_at(i):.1f}" y="{bottom + 16:.0f}" text-anchor="middle" class="axis">{escape(label)}</text>')
    for n, s in enumerate(series):
        attrs = "".join(f' data-{escape(k)}="{escape(str(v))}"' for k, v in s.attrs.items())
        parts.append(f'<g class="series"{attrs}><title>{escape(s.label)}</title>')
        run: list[str] = []
        for i, v in enumerate([*s.values, None]):
            if v is not None and i < len(xs):
                run.append(f"{x_at(i):.1f},{y_at(v):.1f}")
                continue
            if len(run) > 1:
                parts.append(f'<polyline points="{" ".join(run)}" fill="none" stroke="{escape(s.color)}" '
                             f'stroke-width="{s.width:g}" stroke-opacity="0.85"/>')
            run = []
        for i, v in enumerate(s.values[:len(xs)]):
            if v is not None:
                parts.append(f'<circle cx="{x_at(i):.1f}" cy="{y_at(v):.1f}" r="{1.5 + s.width / 2:.1f}" '
                             f'fill="{escape(s.color)}"><title>{escape(f"{s.label} · {xs[i]}: {v:.2f}")}</title></circle>')
        y = MARGIN / 2 + LEGEND_H * n + 10
        lx = left + plot_w + 24
        parts.append(f'<line x1="{lx}" y1="{y - 4}" x2="{lx + 18}" y2="{y - 4}" stroke="{escape(s.color)}" '
                     f'stroke-width="{max(s.width, 1.5):g}"/><text x="{lx + 24}" y="{y:.0f}" class="axis">'
                     f"{escape(s.label)}</text></g>")
    parts.append("</svg>")
    return "".join(parts)
