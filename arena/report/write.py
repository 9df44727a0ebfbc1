"""``arena report``: the database's leaderboard, scores and plots as HTML and Markdown.

Writes ``report.html`` (tables and inline SVG figures) and ``report.md`` (the same tables) into
``--out``, in the reader's language (``--lang zh``, the default, or ``en``), and installs the DuckDB
views (``transcripts/views.py``, documented in the README) into the database unless ``--no-views``, so
the same figures can be queried with SQL. Every interval is clustered by game (``--cluster deal``:
by deal, the rotations of one seed together); the leaderboard is each model's rating difference
from ``--reference`` (default: the model in the most games).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from agents.llm.meter import CAP_REASON
from arena.cli.errors import error_console
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
from evals.ratings import DEFAULT_RATING_RESAMPLES, RATING_BUDGET
from evals.summary import ClusterBy
from evals.views import install_views
from transcripts.errors import TranscriptError
from transcripts.store import open_db

DEFAULT_DB = "arena.duckdb"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file (default {DEFAULT_DB})")
    p.add_argument("--out", default="report", help="directory for report.html and report.md (default ./report)")
    p.add_argument("--tournament", default=None, help="only the games of this tournament (by name)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the report (default zh)")
    p.add_argument("--reference", default=None, metavar="MODEL",
                   help="the model every rating difference is taken against (default: the one in the most games)")
    p.add_argument("--cluster", choices=("game", "deal"), default="game",
                   help="the independent unit of every interval: a game (default) or a deal (all rotations of a seed)")
    p.add_argument("--resamples", type=int, default=DEFAULT_RESAMPLES,
                   help=f"bootstrap resamples for score intervals (default {DEFAULT_RESAMPLES})")
    p.add_argument("--rating-resamples", type=int, default=None,
                   help=f"bootstrap resamples for rating intervals (default {DEFAULT_RATING_RESAMPLES}, fewer past "
                        f"{int(RATING_BUDGET / 1.5) // DEFAULT_RATING_RESAMPLES} games: each re-rates every game, "
                        "~1 ms a game; half as many order-only permutations come on top)")
    p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap resamples (default 0)")
    p.add_argument("--no-views", action="store_true", help="do not install the DuckDB views into --db")


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    try:
        written = write_report(Path(args.db), Path(args.out), tournament=args.tournament, views=not args.no_views,
                               resamples=args.resamples, rating_resamples=args.rating_resamples, lang=args.lang,
                               reference=args.reference, cluster=args.cluster, seed=args.seed)
    except TranscriptError as exc:
        error_console().print(f"[bold red]error:[/] {escape(str(exc))}")
        return 2
    for path in written:
        console.print(f"wrote {path}")
    return 0


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
