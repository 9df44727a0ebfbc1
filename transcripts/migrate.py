"""Schema migrations: one step per version, applied explicitly, never on open.

``MIGRATIONS[v]`` upgrades a file of schema version ``v`` to ``v + 1`` on an open read-write
connection, inside the transaction ``store.migrate_db`` opens, so a failed step leaves the file as
it was. Version 2 added the beliefs and tournament tables (``v1_to_v2``), version 3 the cost and
reasoning of model calls (``v2_to_v3``), version 4 forks, claims and persuasion (``v3_to_v4``), version 5
the answers to "who was a bot?" and the server's own tables (``v4_to_v5``), version 6
the stored answers (``v5_to_v6``), version 7 the beliefs re-asked by persuasion (``v6_to_v7``); a change to ``schema.DDL`` bumps
``SCHEMA_VERSION`` and adds the step that turns the previous version into it (in the manner of
inspect_ai's ``migrate_values``, but rewriting the stored tables once instead of every read).

Opening a file never migrates it: a reader must not rewrite a file behind a person's back, and a
migration is the moment to keep a copy. Run ``python -m transcripts.migrate FILE``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import duckdb

Step = Callable[[duckdb.DuckDBPyConnection], None]

def v1_to_v2(con: duckdb.DuckDBPyConnection) -> None:
    """Version 2 adds the ``beliefs``, ``tournament_games`` and ``seat_control`` tables; no stored row
    changes."""
    from transcripts.schema import V2_TABLES

    for statement in V2_TABLES:
        con.execute(statement)


def v2_to_v3(con: duckdb.DuckDBPyConnection) -> None:
    """Version 3 adds the ``llm_calls`` columns of money and reasoning (profile, reasoning, cost_usd,
    prices); old calls keep NULL there (their cost is unknown, not zero)."""
    from transcripts.schema import V3_CALL_COLUMNS

    for name, kind in V3_CALL_COLUMNS:
        con.execute(f"ALTER TABLE llm_calls ADD COLUMN IF NOT EXISTS {name} {kind}")


def v3_to_v4(con: duckdb.DuckDBPyConnection) -> None:
    """Version 4 adds the fork columns of ``games`` (NULL: no stored game is a fork) and the
    ``fork_edits``, ``claims`` and ``persuasion_votes`` tables; no stored row changes."""
    from transcripts.schema import FORK_COLUMNS, V4_TABLES

    for name, kind in FORK_COLUMNS:
        con.execute(f"ALTER TABLE games ADD COLUMN IF NOT EXISTS {name} {kind}")
    for statement in V4_TABLES:
        con.execute(statement)


def v4_to_v5(con: duckdb.DuckDBPyConnection) -> None:
    """Version 5 adds ``bot_guesses`` and ``arena serve``'s ``served_games`` and ``seat_tokens``; no
    stored row changes."""
    from transcripts.schema import V5_TABLES

    for statement in V5_TABLES:
        con.execute(statement)


def v5_to_v6(con: duckdb.DuckDBPyConnection) -> None:
    """Version 6 adds the ``answers`` table, ``llm_calls.decision`` and ``games.runner``; stored rows
    keep their values (the new columns are NULL: games played before answers were stored resume by
    folding their events, their players' memory afresh)."""
    from transcripts.schema import ANSWERS, V6_COLUMNS

    con.execute(ANSWERS)
    for statement in V6_COLUMNS:
        con.execute(statement)


def v6_to_v7(con: duckdb.DuckDBPyConnection) -> None:
    """Version 7 adds ``persuasion_beliefs`` (the beliefs ``arena persuasion`` re-asks); no stored row
    changes."""
    from transcripts.schema import V7_TABLES

    for statement in V7_TABLES:
        con.execute(statement)


MIGRATIONS: Mapping[int, Step] = MappingProxyType({1: v1_to_v2, 2: v2_to_v3, 3: v3_to_v4, 4: v4_to_v5, 5: v5_to_v6,
                                                   6: v6_to_v7})
"""version -> the step from that version to the next (read-only: no module-level mutable state)."""


def missing_steps(found: int, target: int, migrations: Mapping[int, Step] = MIGRATIONS) -> list[int]:
    """The versions between ``found`` and ``target`` that have no step (empty: a path exists)."""
    return [v for v in range(found, target) if v not in migrations]


def upgrade(con: duckdb.DuckDBPyConnection, found: int, target: int, migrations: Mapping[int, Step]) -> None:
    """Apply the steps from ``found`` to ``target`` in order (the caller holds the transaction)."""
    for version in range(found, target):
        migrations[version](con)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m transcripts.migrate FILE``: upgrade one transcript file in place."""
    from transcripts.errors import TranscriptError
    from transcripts.store import migrate_db

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m transcripts.migrate FILE.duckdb", file=sys.stderr)
        return 2
    try:
        before, after = migrate_db(args[0])
    except TranscriptError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"{args[0]}: schema version {before} -> {after}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
