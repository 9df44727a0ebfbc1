"""The report's tables, as plain data both renderers (Markdown, HTML) share, in the reader's language.

Every number is printed with its 95% interval clustered by game and what it rests on (its units
and games), per rule set and side with the pooled rows beside; a figure whose resamples do not
spread (one game, a rate with no event) shows "—" with its N, never a zero-width interval. A
metric nobody has data for is absent, never 0, and the notes say what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.report.texts import Lang, role_name, ruleset_name, side_name, t
from evals.base import ALL
from evals.glossary import Entry
from evals.leaderboard import Leaderboard
from evals.ratings import SIDE_PREFIX
from evals.summary import Row

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("inference", ("brier_skill", "log_loss_skill", "brier_skill_roster", "log_loss_skill_roster", "brier", "log_loss",
                   "auroc", "vote_precision", "vote_belief_consistency", "first_day_hit_rate")),
    ("deception", ("belief_gap", "deceiver_survival", "steered_votes", "daogou_rate")),
    ("claims", ("fake_claim_rate", "fake_claim_success", "true_claim_success", "counter_claim_resolution", "daogou_rate")),
    ("peers", ("irp", "vss", "key_role_survival", "margin_of_win", "speed_of_win")),
    ("quality", ("invalid_rate", "fallback_rate", "timeout_rate", "speech_compliance")),
    ("cost", ("tokens_per_decision", "latency_ms_per_decision", "tokens_per_game", "calls_per_game",
              "usd_per_game")),
    ("detectability", ("taken_for_human", "model_named")),
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


def interval(lo: float | None, hi: float | None, digits: int = 3) -> str:
    """``[lo, hi]``; "—" where there is none, or none wider than a point."""
    return "—" if lo is None or hi is None or hi - lo < 1e-12 else f"[{num(lo, digits)}, {num(hi, digits)}]"


def count(n: float) -> str:
    return f"{n:,.0f}" if n >= 1000 else f"{n:g}"


def row_interval(row: Row, board: Leaderboard, lang: Lang) -> str:
    """The row's interval, or "—" and why there is none."""
    if not row.degenerate:
        return interval(row.lo, row.hi)
    if row.value is None or row.lo is None:
        return "—"
    if _binomial(board, row.metric) and row.events == 0:
        return t(lang, "ci.none_of", n=count(row.n))
    if _binomial(board, row.metric) and row.events == row.n:
        return t(lang, "ci.all_of", n=count(row.n))
    return t(lang, "ci.one_game" if row.games <= 1 else "ci.no_spread")


def zero_event_rows(board: Leaderboard) -> list[Row]:
    return [r for r in board.rows if r.degenerate and r.value is not None and r.lo is not None
            and _binomial(board, r.metric) and (r.events == 0 or r.events == r.n)]


def _binomial(board: Leaderboard, metric: str) -> bool:
    return metric in board.binomial


def basis(row: Row, board: Leaderboard, lang: Lang) -> str:
    entry = _entry(board, row.metric)
    unit = entry.unit[lang] if entry is not None else row.basis
    return f"{count(row.n)} {unit}".strip()


def _entry(board: Leaderboard, metric: str) -> Entry | None:
    return next((e for e in board.glossary if e.metric == metric), None)


def metric_cell(board: Leaderboard, metric: str, lang: Lang) -> str:
    entry = _entry(board, metric)
    name = entry.name[lang] if entry is not None else metric
    return metric if name == metric else f"{name} ({metric})"


def tables(board: Leaderboard, lang: Lang) -> list[Table]:
    """Every table of the report, in order."""
    out = [_differences(board, lang), _ratings(board, lang, sides=False), _ratings(board, lang, sides=True),
           _wins(board, lang), _versus(board, lang)]
    for key, metrics in SECTIONS:
        out.append(_section(board, key, metrics, lang))
        if key == "inference":
            out.append(_calibration(board, lang))
    out.append(_glossary(board, lang))
    return out


def provenance(board: Leaderboard, lang: Lang) -> Table:
    p = board.provenance
    seeds = ", ".join(str(s) for s in p.seeds[:40]) + (" …" if len(p.seeds) > 40 else "")
    rows: list[tuple[str, ...]] = [
        (t(lang, "prov.report_commit"), p.report_commit),
        (t(lang, "prov.game_commits"), ", ".join(p.game_commits) or "—"),
        (t(lang, "prov.seeds", n=len(p.seeds)), seeds or "—"),
        (t(lang, "prov.resamples"), str(p.resamples)),
        (t(lang, "prov.rating_resamples"), f"{p.rating_resamples} / {p.order_resamples}"),
        (t(lang, "prov.boot_seed"), str(p.bootstrap_seed)),
        (t(lang, "prov.versions"), ", ".join(f"{name} v{v}" for name, v in p.versions.items())),
    ]
    return Table("provenance", t(lang, "provenance"), ("", ""), rows)


def notes(board: Leaderboard, lang: Lang) -> list[str]:
    """What is missing, said plainly."""
    out = []
    if board.games == 0:
        out.append(t(lang, "missing.no_games"))
    elif board.finished == 0:
        out.append(t(lang, "missing.no_finished"))
    if board.silent():
        out.append(t(lang, "missing.silent", labels=", ".join(board.silent())))
    if board.games > board.distinct:
        out.append(t(lang, "missing.duplicates", n=board.games - board.distinct))
    zeros = zero_event_rows(board)
    if zeros:
        out.append(t(lang, "missing.zero", n=len(zeros)))
    return out


def _differences(board: Leaderboard, lang: Lang) -> Table:
    r = board.ratings
    rows: list[tuple[str, ...]] = [
        (t(lang, f"system.{d.system}"), d.label, num(d.value, 2), interval(d.lo, d.hi, 2), num(d.played, 2),
         interval(d.order_lo, d.order_hi, 2), str(d.games))
        for d in sorted(r.differences, key=lambda d: (d.system, -d.value)) if d.label != d.reference]
    note = t(lang, "leaderboard.note", reference=r.reference) if r.reference else t(lang, "leaderboard.none")
    columns = (t(lang, "col.system"), t(lang, "col.model"), t(lang, "col.delta"), t(lang, "col.delta_ci"),
               t(lang, "col.played"), t(lang, "col.order"), t(lang, "col.games"))
    return Table("leaderboard", t(lang, "leaderboard"), columns, rows, note)


def _ratings(board: Leaderboard, lang: Lang, *, sides: bool) -> Table:
    rows: list[tuple[str, ...]] = []
    for r in board.ratings.rows:
        if r.label.startswith(SIDE_PREFIX) != sides:
            continue
        name = _side_term(r.label, lang) if sides else r.label
        rows.append((name, num(r.mu, 2), num(r.sigma, 2), *(() if sides else (num(r.elo, 1),)), str(r.games)))
    columns = (t(lang, "col.side" if sides else "col.model"), t(lang, "col.mu"), t(lang, "col.sigma"),
               *(() if sides else (t(lang, "col.elo"),)), t(lang, "col.games"))
    if sides:
        return Table("sides", t(lang, "sides"), columns, rows)
    return Table("ratings", t(lang, "ratings"), columns, rows, t(lang, "ratings.note"))


def _side_term(label: str, lang: Lang) -> str:
    _, ruleset, faction = label.split(":", 2)
    return f"{ruleset_name(ruleset, lang)} · {side_name(ruleset, faction, lang)}"


def _place(row: Row, lang: Lang) -> tuple[str, str]:
    return ruleset_name(row.ruleset, lang), side_name(row.ruleset, row.side, lang)


def _wins(board: Leaderboard, lang: Lang) -> Table:
    rows: list[tuple[str, ...]] = []
    for row in board.rows:
        if row.metric == "win_rate":
            rows.append((row.label, *_place(row, lang), num(row.value), row_interval(row, board, lang),
                         basis(row, board, lang), str(row.games)))
        elif row.metric == "balanced_win_rate":
            rows.append((row.label, ruleset_name(row.ruleset, lang), t(lang, "balanced"), num(row.value),
                         row_interval(row, board, lang), basis(row, board, lang), str(row.games)))
    rows.sort(key=lambda r: r[0])
    columns = (t(lang, "col.model"), t(lang, "col.ruleset"), t(lang, "col.side"), t(lang, "col.value"),
               t(lang, "col.ci"), t(lang, "col.basis"), t(lang, "col.games"))
    return Table("wins", t(lang, "wins"), columns, rows, t(lang, "wins.note", finished=board.finished, games=board.games))


def _versus(board: Leaderboard, lang: Lang) -> Table:
    rows: list[tuple[str, ...]] = [
        (row.label, *_place(row, lang), num(row.value), row_interval(row, board, lang), basis(row, board, lang),
         str(row.games)) for row in board.win_differences]
    columns = (t(lang, "col.model"), t(lang, "col.ruleset"), t(lang, "col.side"), t(lang, "col.delta"),
               t(lang, "col.ci"), t(lang, "col.basis"), t(lang, "col.games"))
    reference = board.ratings.reference or "—"
    return Table("versus", t(lang, "versus"), columns, rows, t(lang, "versus.note", reference=reference))


def _group(row: Row, lang: Lang) -> str:
    if row.group == "":
        return ""
    if row.group == ALL:
        return t(lang, "all")
    if row.metric == "key_role_survival":
        return role_name(row.ruleset, row.group, lang)
    return t(lang, "reporter", label=row.group)


def _section(board: Leaderboard, key: str, metrics: tuple[str, ...], lang: Lang) -> Table:
    chosen = [r for m in metrics for r in board.rows if r.metric == m]
    grouped = any(r.group for r in chosen)
    rows: list[tuple[str, ...]] = []
    for row in chosen:
        group = (_group(row, lang),) if grouped else ()
        rows.append((metric_cell(board, row.metric, lang), row.label, *_place(row, lang), *group, num(row.value),
                     row_interval(row, board, lang), basis(row, board, lang), str(row.games)))
    columns = (t(lang, "col.metric"), t(lang, "col.model"), t(lang, "col.ruleset"), t(lang, "col.side"),
               *((t(lang, "col.group"),) if grouped else ()), t(lang, "col.value"), t(lang, "col.ci"),
               t(lang, "col.basis"), t(lang, "col.games"))
    note = ""
    if key == "claims":
        note = t(lang, "section.claims.note", games=board.claim_games) if board.claim_games else t(lang, "missing.claims")
    if key == "inference":
        note = t(lang, "section.inference.note")
        if board.silent():
            note += " " + t(lang, "missing.silent", labels=", ".join(board.silent()))
    elif key == "detectability":
        note = t(lang, "section.detectability.note")
    return Table(key, t(lang, f"section.{key}"), columns, rows, note)


def _calibration(board: Leaderboard, lang: Lang) -> Table:
    rows: list[tuple[str, ...]] = []
    for b in board.calibration:
        rows.append((b.label, ruleset_name(b.ruleset, lang), side_name(b.ruleset, b.side, lang), f"[{b.lo:.1f}, {b.hi:.1f}{']' if b.hi >= 1 else ')'}", num(b.mean_forecast),
                     num(b.observed), interval(b.observed_lo, b.observed_hi), f"{b.forecasts:,}", str(b.games)))
    columns = (t(lang, "col.model"), t(lang, "col.ruleset"), t(lang, "col.side"), t(lang, "col.bin"), t(lang, "col.mean_forecast"),
               t(lang, "col.observed"), t(lang, "col.ci"), t(lang, "col.forecasts"), t(lang, "col.games"))
    return Table("calibration", t(lang, "calibration"), columns, rows)


def _glossary(board: Leaderboard, lang: Lang) -> Table:
    rows: list[tuple[str, ...]] = []
    for e in board.glossary:
        better = {True: "better.up", False: "better.down", None: "better.none"}[e.higher_is_better]
        rows.append((e.metric, e.name[lang], e.definition[lang] or "—", t(lang, better), f"{e.evaluator} v{e.version}",
                     e.source[lang] or t(lang, "source.ours")))
    columns = (t(lang, "col.metric"), t(lang, "col.name"), t(lang, "col.definition"), t(lang, "col.better"),
               t(lang, "col.version"), t(lang, "col.source"))
    return Table("glossary", t(lang, "glossary"), columns, rows)
