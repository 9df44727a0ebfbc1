"""The DuckDB transcript store: schema (versioned), writer, reader, replay, Parquet export.

One file holds many games; one ``TranscriptWriter`` per file and process writes them; readers,
``replay_game`` and ``export_parquet`` take a path or an open connection.
"""

from transcripts.errors import RulesetVersionWarning, TranscriptError
from transcripts.export import export_parquet
from transcripts.reader import (
    latest_game_id,
    list_games,
    load_events,
    load_header,
    load_seats,
    resolve_game_id,
)
from transcripts.records import CallRecord, GameHeader, GameRow, SeatRecord, final_seats
from transcripts.replay import replay_game
from transcripts.schema import SCHEMA_VERSION
from transcripts.store import migrate_db, open_db
from transcripts.writer import TranscriptWriter, new_game_id

__all__ = [
    "SCHEMA_VERSION",
    "CallRecord",
    "GameHeader",
    "GameRow",
    "RulesetVersionWarning",
    "SeatRecord",
    "TranscriptError",
    "TranscriptWriter",
    "export_parquet",
    "final_seats",
    "latest_game_id",
    "list_games",
    "load_events",
    "load_header",
    "load_seats",
    "migrate_db",
    "new_game_id",
    "open_db",
    "replay_game",
    "resolve_game_id",
]
