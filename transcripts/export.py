"""Parquet export, for sharing games with people who do not run this package.

DuckDB writes Parquet itself (``COPY … TO … (FORMAT PARQUET)``), so no pyarrow is needed; one file
per table keeps the export a plain copy of the schema that any Parquet reader can join on
``game_id``. The ``games`` rows carry ``schema_version`` so a reader knows what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from transcripts.reader import Db, connect, resolve_game_id
from transcripts.schema import TABLES
from transcripts.store import PathLike

ORDER = {"games": "created_at, game_id", "seats": "game_id, seat", "events": "game_id, seq", "llm_calls": "game_id, call_id",
         "beliefs": "game_id, checkpoint, seat, target, faction", "tournament_games": "tournament, game_id",
         "seat_control": "game_id, change", "fork_edits": "game_id, seq", "claims": "game_id, claim",
         "persuasion_votes": "game_id, run, post_seq, ballot_seq, sample, condition",
         "bot_guesses": "game_id, guesser, target",
         "answers": "game_id, decision",
         "persuasion_beliefs": "game_id, run, post_seq, ballot_seq, sample, condition, target, faction"}


def export_parquet(db_path: Db, out_dir: PathLike, game_ids: Sequence[str] | None = None) -> list[Path]:
    """Write ``games``, ``seats``, ``events`` and ``llm_calls`` as ``<table>.parquet`` in ``out_dir``.

    ``game_ids`` (full ids or unambiguous prefixes) limits the export to those games; None exports all.
    """
    if isinstance(game_ids, str):  # one id given bare would otherwise be read as its characters
        game_ids = [game_ids]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with connect(db_path) as con:
        ids = None if game_ids is None else with_origins(con, sorted({resolve_game_id(con, g) for g in game_ids}))
        for table in TABLES:
            target = out / f"{table}.parquet"
            where = "" if ids is None else " WHERE game_id IN (SELECT unnest($1))"
            literal = str(target).replace("'", "''")
            con.execute(
                f"COPY (SELECT * FROM {SOURCES.get(table, table)}{where} ORDER BY {ORDER[table]}) TO '{literal}' "
                "(FORMAT PARQUET, COMPRESSION ZSTD)",
                [] if ids is None else [ids],
            )
            written.append(target)
    return written


SOURCES = {"events": "(SELECT e.*, f.action AS counterfactual FROM events e "
                     "LEFT JOIN fork_edits f ON f.game_id = e.game_id AND f.seq = e.seq)"}
"""What a table is exported from where it is not the table itself: the ``events`` of a fork carry
``counterfactual`` (``edit``/``drop``: a floor set by whoever made the fork, never its author's words;
NULL elsewhere), so no reader of the Parquet files takes an edited floor for its author's post."""


def with_origins(con: Any, ids: list[str]) -> list[str]:
    """``ids`` and every game a fork among them shares its first events with (so an export is whole)."""
    out = list(ids)
    todo = list(ids)
    while todo:
        row = con.execute("SELECT origin_game FROM games WHERE game_id = ?", [todo.pop()]).fetchone()
        if row is not None and row[0] is not None and row[0] not in out:
            out.append(str(row[0]))
            todo.append(str(row[0]))
    return sorted(out)
