"""Parquet export, for sharing games with people who do not run this package.

DuckDB writes Parquet itself (``COPY … TO … (FORMAT PARQUET)``), so no pyarrow is needed; one file
per table keeps the export a plain copy of the schema that any Parquet reader can join on
``game_id``. The ``games`` rows carry ``schema_version`` so a reader knows what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from transcripts.reader import Db, connect, resolve_game_id
from transcripts.schema import TABLES
from transcripts.store import PathLike

ORDER = {"games": "created_at, game_id", "seats": "game_id, seat", "events": "game_id, seq", "llm_calls": "game_id, call_id",
         "beliefs": "game_id, checkpoint, seat, target, faction", "tournament_games": "tournament, game_id",
         "seat_control": "game_id, change"}


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
        ids = None if game_ids is None else sorted({resolve_game_id(con, g) for g in game_ids})
        for table in TABLES:
            target = out / f"{table}.parquet"
            where = "" if ids is None else " WHERE game_id IN (SELECT unnest($1))"
            literal = str(target).replace("'", "''")
            con.execute(
                f"COPY (SELECT * FROM {table}{where} ORDER BY {ORDER[table]}) TO '{literal}' "
                "(FORMAT PARQUET, COMPRESSION ZSTD)",
                [] if ids is None else [ids],
            )
            written.append(target)
    return written
