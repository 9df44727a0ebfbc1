"""The report's figures, drawn with matplotlib as SVG text to embed in the HTML (no files, no CDN).

Each figure's caption says how many games (and forecasts) it rests on, and every point carries its
95% interval clustered by game. Text stays text in the SVG (``svg.fonttype = none``), so Chinese
labels are drawn by the reader's browser fonts.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import Any

from arena.report.texts import Lang, ruleset_name, side_name, t
from evals.base import ALL
from evals.leaderboard import Leaderboard


@dataclass(frozen=True)
class Figure:
    key: str
    title: str
    svg: str
    caption: str


def figures(board: Leaderboard, lang: Lang) -> list[Figure]:
    """Every figure there is data for."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")  # CJK: the browser draws it
        found = (_ratings(board, lang), _wins(board, lang), _calibration(board, lang), _cost(board, lang))
        return [f for f in found if f is not None]


def _svg(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _errors(values: list[float], los: list[float | None], his: list[float | None]) -> list[list[float]]:
    """Error-bar lengths below and above each value. A bootstrap interval need not hold its point
    estimate (with few games it can lie wholly on one side): that side's bar is then 0, not negative
    (matplotlib refuses a negative one, and ``arena report`` on a one-game file crashed)."""
    return [[max(0.0, v - (lo if lo is not None else v)) for v, lo in zip(values, los, strict=True)],
            [max(0.0, (hi if hi is not None else v) - v) for v, hi in zip(values, his, strict=True)]]


def _ratings(board: Leaderboard, lang: Lang) -> Figure | None:
    import matplotlib.pyplot as plt

    rows = [d for d in board.ratings.differences if d.system == "openskill"]
    if not rows or board.ratings.reference is None:
        return None
    rows.sort(key=lambda d: -d.value)
    fig, ax = plt.subplots(figsize=(6, 0.6 + 0.4 * len(rows)))
    ys = list(range(len(rows)))
    values = [d.value for d in rows]
    ax.errorbar(values, ys, xerr=_errors(values, [d.lo for d in rows], [d.hi for d in rows]), fmt="o", capsize=3)
    ax.axvline(0, color="grey", linewidth=1, linestyle="--")
    ax.set_yticks(ys, [d.label for d in rows])
    ax.invert_yaxis()
    ax.set_xlabel(t(lang, "fig.ratings.x", reference=board.ratings.reference))
    games = max(d.games for d in rows)
    return Figure("ratings", t(lang, "fig.ratings"), _svg(fig),
                  t(lang, "fig.ratings.caption", finished=board.finished, games=games))


def _wins(board: Leaderboard, lang: Lang) -> Figure | None:
    import matplotlib.pyplot as plt

    rows = [r for r in board.rows if r.metric == "win_rate" and r.ruleset != ALL and r.side != ALL
            and r.value is not None]
    if not rows:
        return None
    places = sorted({(r.ruleset, r.side) for r in rows})
    labels = sorted({r.label for r in rows})
    fig, ax = plt.subplots(figsize=(6.5, 0.6 + 0.45 * len(places) * max(1, len(labels)) / 1.5))
    step = 0.7 / max(len(labels), 1)
    for k, label in enumerate(labels):
        mine = {(r.ruleset, r.side): r for r in rows if r.label == label}
        ys = [i + (k - (len(labels) - 1) / 2) * step for i, p in enumerate(places) if p in mine]
        chosen = [mine[p] for p in places if p in mine]
        values = [r.value or 0.0 for r in chosen]
        ax.errorbar(values, ys, xerr=_errors(values, [r.lo for r in chosen], [r.hi for r in chosen]), fmt="o",
                    capsize=3, label=label)
        for x, y, r in zip(values, ys, chosen, strict=True):
            ax.annotate(f"({r.n:g})", (x, y), textcoords="offset points", xytext=(6, 3), fontsize=7, color="#555")
    ax.set_yticks(list(range(len(places))),
                  [f"{ruleset_name(r, lang)} · {side_name(r, s, lang)}" for r, s in places])
    ax.invert_yaxis()
    ax.set_xlim(-0.02, 1.02)
    ax.set_xlabel(t(lang, "fig.wins.x"))
    ax.legend(fontsize=8)
    return Figure("wins", t(lang, "fig.wins"), _svg(fig), t(lang, "fig.wins.caption"))


def _calibration(board: Leaderboard, lang: Lang) -> Figure | None:
    import matplotlib.pyplot as plt

    bins = [b for b in board.calibration if b.ruleset == ALL and b.side == ALL]
    if not bins:
        return None
    fig, ax = plt.subplots(figsize=(5.5, 5.5))
    ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1)
    for label in sorted({b.label for b in bins}):
        mine = [b for b in bins if b.label == label]
        xs, ys = [b.mean_forecast for b in mine], [b.observed for b in mine]
        ax.errorbar(xs, ys, yerr=_errors(ys, [b.observed_lo for b in mine], [b.observed_hi for b in mine]),
                    marker="o", capsize=2, label=label)
        for b in mine:
            ax.annotate(f"{b.forecasts:,}", (b.mean_forecast, b.observed), textcoords="offset points", xytext=(4, -10),
                        fontsize=6, color="#555")
    ax.set_xlabel(t(lang, "fig.calibration.x"))
    ax.set_ylabel(t(lang, "fig.calibration.y"))
    ax.set_xlim(-0.03, 1.03)
    ax.set_ylim(-0.03, 1.06)  # the top point sits at 1.0: leave it room, never clip it
    ax.legend()
    forecasts = sum(b.forecasts for b in bins)
    games = max(b.games for b in bins)
    return Figure("calibration", t(lang, "fig.calibration"), _svg(fig),
                  t(lang, "fig.calibration.caption", forecasts=f"{forecasts:,}", games=games))


def _cost(board: Leaderboard, lang: Lang) -> Figure | None:
    import matplotlib.pyplot as plt

    rows = board.metric("tokens_per_game")
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(6, 0.6 + 0.4 * len(rows)))
    ys = list(range(len(rows)))
    values = [r.value or 0.0 for r in rows]
    ax.barh(ys, values, xerr=_errors(values, [r.lo for r in rows], [r.hi for r in rows]), capsize=3)
    ax.set_yticks(ys, [r.label for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel(t(lang, "fig.cost.x"))
    detail = "; ".join(t(lang, "fig.games", label=r.label, games=r.games) for r in rows)
    return Figure("cost", t(lang, "fig.cost"), _svg(fig), t(lang, "fig.cost.caption", detail=detail))
