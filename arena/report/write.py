"""The report of a database: its leaderboard, scores and plots as HTML and Markdown (``arena report``:
``arena.cli.report``).

Writes ``report.html`` (tables and inline SVG figures) and ``report.md`` (the same tables) into
``--out``, in the reader's language (``--lang zh``, the default, or ``en``), and installs the DuckDB
views (``transcripts/views.py``, documented in the README) into the database unless ``--no-views``, so
the same figures can be queried with SQL. Every interval is clustered by game (``--cluster deal``:
by deal, the rotations of one seed together); the leaderboard is each model's rating difference
from ``--reference`` (default: the model in the most games).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.llm.meter import CAP_REASON
from arena.report.html import html
from arena.report.md import markdown
from arena.report.plots import figures
from arena.report.style import style_table
from arena.report.tables import Table, tables
from arena.report.texts import Lang, t
from evals.claims.ledger import ensure as ensure_ledger
from evals.clustered import DEFAULT_RESAMPLES
from evals.facts import load_facts
from evals.leaderboard import board_of
from evals.summary import ClusterBy
from evals.views import install_views
from transcripts.errors import TranscriptError
from transcripts.store import open_db


def cap_table(con: Any, game_ids: list[str] | None, lang: Lang) -> Table:
    """Every seat a cap handed to its stand-in bot (``seat_control`` rows whose reason is a cap's)."""
    where, params = ("AND game_id IN (SELECT unnest(?))", [game_ids]) if game_ids is not None else ("", [])
    rows = con.execute(f"SELECT game_id, seat, at_seq, controller, reason FROM seat_control "
                       f"WHERE reason LIKE '{CAP_REASON}:%' {where} ORDER BY game_id, change", params).fetchall()
    note = t(lang, "caps.note", seats=len(rows), games=len({r[0] for r in rows}))
    columns = tuple(t(lang, f"caps.{c}") for c in ("game", "seat", "from", "stand_in", "reason"))
    return Table("caps", t(lang, "caps.title"), columns,
                 [(str(g), str(seat), str(at), str(who), str(why)) for g, seat, at, who, why in rows], note)


def write_report(db: Path, out: Path, *, tournament: str | None = None, views: bool = True,
                 resamples: int = DEFAULT_RESAMPLES, rating_resamples: int | None = None, lang: Lang = "en",
                 reference: str | None = None, cluster: ClusterBy = "game", seed: int = 0) -> list[Path]:
    """Compute every figure from ``db`` and write the report files; returns their paths."""
    con = open_db(db, create=False, read_only=not views)
    try:
        names = install_views(con) if views else []
        if views:  # the file is open to write: build the claims ledger of games that lack it
            ensure_ledger(con)
        game_ids = None
        if tournament is not None:
            game_ids = [g for (g,) in con.execute("SELECT game_id FROM tournament_games WHERE tournament = ?",
                                                  [tournament]).fetchall()]
            if not game_ids:
                raise TranscriptError(f"no games of tournament {tournament!r} in {db}; run `arena tournament FILE`")
        games = load_facts(con, game_ids)
        board = board_of(games, resamples=resamples, rating_resamples=rating_resamples, seed=seed,
                         reference=reference, by=cluster)
        capped = cap_table(con, game_ids, lang)
    finally:
        con.close()
    style = style_table(games, lang, resamples=resamples, seed=seed)
    shown, drawn = [*tables(board, lang), style, capped], figures(board, lang)
    source = db.name + (f" · {t(lang, 'tournament')} {tournament}" if tournament else "")
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "report.html", out / "report.md"]
    written[0].write_text(html(board, shown, drawn, source, lang), encoding="utf-8")
    views_line = f"\n{t(lang, 'views', names=', '.join(names))}\n" if names else ""
    written[1].write_text(markdown(board, shown, drawn, source, lang) + views_line, encoding="utf-8")
    return written
