"""The report's figures, drawn with matplotlib as SVG text to embed in the HTML (no files, no CDN).

Each figure's caption says how many games (and forecasts) it rests on.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from evals.leaderboard import Leaderboard
from evals.ratings import SIDE_PREFIX


@dataclass(frozen=True)
class Figure:
    key: str
    title: str
    svg: str
    caption: str


def figures(board: Leaderboard) -> list[Figure]:
    """Every figure there is data for."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, searchable
    out = [f for f in (_ratings(board), _calibration(board), _cost(board)) if f is not None]
    return out


def _svg(fig: object) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")  # type: ignore[attr-defined]
    plt.close(fig)  # type: ignore[arg-type]
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _ratings(board: Leaderboard) -> Figure | None:
    import matplotlib.pyplot as plt

    rows = [r for r in board.ratings if not r.label.startswith(SIDE_PREFIX)]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.4 * len(rows)))
    ys = range(len(rows))
    lows = [r.mu - (r.lo if r.lo is not None else r.mu) for r in rows]
    highs = [(r.hi if r.hi is not None else r.mu) - r.mu for r in rows]
    ax.errorbar([r.mu for r in rows], list(ys), xerr=[lows, highs], fmt="o", capsize=3)
    ax.set_yticks(list(ys), [r.label for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("OpenSkill μ (95% bootstrap interval)")
    games = max((r.games for r in rows), default=0)
    return Figure("ratings", "Ratings", _svg(fig), f"{board.finished} finished games; up to {games} per model.")


def _calibration(board: Leaderboard) -> Figure | None:
    import matplotlib.pyplot as plt

    if not board.calibration:
        return None
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.plot([0, 1], [0, 1], linestyle="--", color="grey", linewidth=1)
    labels = sorted({b.label for b in board.calibration})
    for label in labels:
        bins = [b for b in board.calibration if b.label == label]
        ax.plot([b.mean_forecast for b in bins], [b.observed for b in bins], marker="o", label=label)
    ax.set_xlabel("forecast probability")
    ax.set_ylabel("observed frequency")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.legend()
    forecasts = sum(b.forecasts for b in board.calibration)
    games = max(b.games for b in board.calibration)
    return Figure("calibration", "Calibration of reported beliefs", _svg(fig),
                  f"{forecasts:,} forecasts (target × faction) from belief reports in up to {games} games; "
                  "the dashed line is perfect calibration.")


def _cost(board: Leaderboard) -> Figure | None:
    import matplotlib.pyplot as plt

    rows = board.metric("tokens_per_game")
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(6, 0.5 + 0.4 * len(rows)))
    ys = range(len(rows))
    values = [r.value or 0.0 for r in rows]
    errors = [[v - (r.lo if r.lo is not None else v) for v, r in zip(values, rows, strict=True)],
              [(r.hi if r.hi is not None else v) - v for v, r in zip(values, rows, strict=True)]]
    ax.barh(list(ys), values, xerr=errors, capsize=3)
    ax.set_yticks(list(ys), [r.label for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("tokens per game (95% bootstrap interval)")
    return Figure("cost", "Cost per game", _svg(fig),
                  ", ".join(f"{r.label}: {r.games} games" for r in rows) + ".")
