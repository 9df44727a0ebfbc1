"""The report's tables, as plain data both renderers (Markdown, HTML) share.

Every number is printed with its 95% interval and what it rests on (its units and games), so a
reader never sees a figure without its basis. A metric nobody has data for is absent, never 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from evals.leaderboard import Leaderboard
from evals.ratings import SIDE_PREFIX
from evals.summary import Row

SECTIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("inference", "Inference: beliefs and votes against the truth",
     ("brier", "log_loss", "auroc", "brier_skill", "log_loss_skill", "vote_precision", "vote_belief_consistency",
      "first_day_hit_rate")),
    ("deception", "Deception: the informed minority among the majority",
     ("belief_gap", "deceiver_survival", "steered_votes", "daogou_rate")),
    ("quality", "Play quality", ("invalid_rate", "fallback_rate", "timeout_rate", "speech_compliance")),
    ("cost", "Cost", ("tokens_per_decision", "latency_ms_per_decision", "tokens_per_game", "calls_per_game")),
)


@dataclass(frozen=True)
class Table:
    key: str
    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]]
    note: str = ""


def num(value: float | None, digits: int = 3) -> str:
    if value is None:
        return "—"
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.{digits}f}"


def interval(lo: float | None, hi: float | None) -> str:
    return "—" if lo is None or hi is None else f"[{num(lo)}, {num(hi)}]"


def basis(row: Row) -> str:
    return f"{num(row.n, 0) if row.n >= 1000 else f'{row.n:g}'} {row.basis}"


def tables(board: Leaderboard) -> list[Table]:
    """Every table of the report, in order."""
    out = [_ratings(board, sides=False), _ratings(board, sides=True), _wins(board)]
    for key, title, metrics in SECTIONS:
        out.append(_section(board, key, title, metrics))
    return out


def _ratings(board: Leaderboard, *, sides: bool) -> Table:
    rows: list[tuple[str, ...]] = [
        (r.label, num(r.mu, 2), interval(r.lo, r.hi), num(r.sigma, 2), num(r.ordinal, 2),
         interval(r.ordinal_lo, r.ordinal_hi), str(r.games))
        for r in board.ratings if r.label.startswith(SIDE_PREFIX) == sides]
    columns = ("side" if sides else "model", "μ", "95% CI of μ (bootstrap)", "σ", "μ−3σ", "95% CI of μ−3σ", "games")
    if sides:
        return Table("sides", "Side terms (how strong each side is, whoever plays it)", columns, rows)
    return Table("leaderboard", "Leaderboard: OpenSkill (Plackett-Luce) rating with a side term", columns, rows,
                 "Sorted by μ−3σ. Each game is a match between its factions; a pseudo-player per side absorbs "
                 "the side's own strength. Intervals: re-rating bootstrap resamples of the games.")


def _wins(board: Leaderboard) -> Table:
    rows: list[tuple[str, ...]] = []
    for row in sorted((r for r in board.rows if r.metric == "win_rate"), key=lambda r: (r.label, r.side != "*", r.side)):
        rows.append((row.label, "all" if row.side == "*" else row.side, num(row.value),
                     interval(row.wilson_lo, row.wilson_hi), interval(row.lo, row.hi), basis(row), str(row.games)))
    for row in board.metric("balanced_win_rate"):
        rows.append((row.label, "side-balanced", num(row.value), "—", interval(row.lo, row.hi), basis(row),
                     str(row.games)))
    return Table("wins", "Win rates by side", ("model", "side", "win rate", "Wilson 95%", "bootstrap 95%",
                                               "basis", "games"), rows,
                 f"{board.finished} finished games of {board.games}; unfinished games have no outcome.")


def _section(board: Leaderboard, key: str, title: str, metrics: tuple[str, ...]) -> Table:
    rows: list[tuple[str, ...]] = []
    for metric in metrics:
        for row in board.metric(metric):
            rows.append((metric, row.label, num(row.value), interval(row.lo, row.hi), basis(row), str(row.games)))
    note = ""
    if key == "inference":
        silent = [label for label in board.labels if label not in board.reports]
        if silent:
            note = (f"No belief reports from: {', '.join(silent)} — their belief scores are absent, not zero "
                    "(a player that cannot report, or failed to).")
    return Table(key, title, ("metric", "model", "value", "95% CI (bootstrap over games)", "basis", "games"), rows,
                 note)
