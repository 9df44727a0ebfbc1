"""Opening a transcript file: create it, or check that it is one this package can read.

DuckDB's own errors name the symptom (a lock, a config clash); a person needs the cause and the
next step, so every failure to open is turned into a ``TranscriptError`` that names the file,
what was found, what was expected and what to run.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import duckdb

from transcripts.errors import Both, TranscriptError
from transcripts.faults import holder, is_lock, storage_fault
from transcripts.migrate import MIGRATIONS, Step, missing_steps, upgrade
from transcripts.records import package_version, utcnow
from transcripts.schema import DDL, SCHEMA_VERSION

PathLike = str | os.PathLike[str]


def open_db(path: PathLike, *, create: bool, read_only: bool | None = None) -> duckdb.DuckDBPyConnection:
    """A connection to the transcript file at ``path``, of this package's schema version.

    ``create=True`` opens for writing and creates the file and its schema when absent;
    ``create=False`` opens an existing file, read-only unless ``read_only=False``. Within a process
    that already writes the file, a read-only open shares that writer's database instead (DuckDB
    allows one configuration per file per process), so readers work next to a running writer.
    """
    path = Path(path)
    read_only = (not create) if read_only is None else read_only
    if create and read_only:
        raise ValueError("create=True needs a writable connection")
    if not path.exists():
        if not create:
            raise TranscriptError(code="no_database", path=path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TranscriptError(code="read_only_dir", dir=path.parent, detail=exc.strerror or str(exc)) from exc
    con = _connect(path, read_only)
    try:
        _check_schema(con, path, create=create)
        if create:
            write_test(con, path)
    except duckdb.Error as exc:
        con.close()
        raise storage_fault(path, exc) from exc
    except BaseException:
        con.close()
        raise
    return con


def write_test(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Commit a write that changes nothing, so a file that cannot be written (read-only, in a
    read-only directory, on a full disk) says so when it is opened, not after a game is played."""
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute("UPDATE meta SET schema_version = schema_version")
        con.execute("COMMIT")
    except duckdb.Error as exc:
        rollback(con)
        raise storage_fault(path, exc) from exc


def rollback(con: duckdb.DuckDBPyConnection) -> None:
    """Roll back the open transaction, if one is still open: after a failed COMMIT DuckDB has
    already ended it, and the ROLLBACK's own error ("no transaction is active") must not hide the
    first one."""
    try:
        con.execute("ROLLBACK")
    except duckdb.Error:
        pass


def migrate_db(path: PathLike, migrations: Mapping[int, Step] = MIGRATIONS) -> tuple[int, int]:
    """Upgrade the file at ``path`` to ``SCHEMA_VERSION`` in one transaction; (found, now) versions."""
    path = Path(path)
    if not path.exists():
        raise TranscriptError(f"no transcript database at {path}; nothing to migrate")
    con = _connect(path, read_only=False)
    try:
        found, writer_version = _stored_version(con, path)
        if found > SCHEMA_VERSION:
            raise TranscriptError(_too_new(path, found, writer_version))
        gaps = missing_steps(found, SCHEMA_VERSION, migrations)
        if gaps:
            raise TranscriptError(f"{path}: no migration from schema version {gaps[0]} to {gaps[0] + 1}")
        if found < SCHEMA_VERSION:
            con.execute("BEGIN TRANSACTION")
            try:
                upgrade(con, found, SCHEMA_VERSION, migrations)
                con.execute("UPDATE meta SET schema_version = ?", [SCHEMA_VERSION])
                con.execute("COMMIT")
            except BaseException:
                rollback(con)
                raise
        return found, SCHEMA_VERSION
    finally:
        con.close()


def _connect(path: Path, read_only: bool) -> duckdb.DuckDBPyConnection:
    """``duckdb.connect`` with its open errors explained."""
    try:
        return duckdb.connect(str(path), read_only=read_only)
    except duckdb.ConnectionException as exc:
        if "different configuration" not in str(exc):
            raise TranscriptError(f"cannot open {path}: {exc}") from exc
        if read_only:  # this process already writes the file: share that database, only to read
            return _connect(path, read_only=False)
        raise TranscriptError(
            f"{path} is already open read-only in this process, so it cannot be opened for writing too: "
            "close the readers first, or open the writer before reading (readers then share it)."
        ) from exc
    except duckdb.Error as exc:
        text = str(exc)
        if is_lock(text):
            who = holder(text)
            mode = Both("（写入）", " for writing") if read_only else ""
            raise TranscriptError(code="locked", path=path, who=who, mode=mode) from exc
        if "not a valid DuckDB database" in text:
            raise TranscriptError(code="not_duckdb", path=path) from exc
        raise storage_fault(path, exc) from exc


def _check_schema(con: duckdb.DuckDBPyConnection, path: Path, *, create: bool) -> None:
    """Create the schema on a new file; refuse a file of another version or another kind."""
    tables = {row[0] for row in con.execute(
        "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = 'main' AND table_catalog = current_database()"
    ).fetchall()}
    if not tables and create:
        con.execute("BEGIN TRANSACTION")
        for statement in DDL:
            con.execute(statement)
        con.execute("INSERT INTO meta VALUES (?, ?, ?)", [SCHEMA_VERSION, utcnow(), package_version()])
        con.execute("COMMIT")
        return
    if "meta" not in tables:
        found = ", ".join(sorted(tables)) or "no tables"
        raise TranscriptError(
            f"{path} is a DuckDB database but not a Bansha Arena transcript (no meta table; found {found}); "
            "pass --db a transcript file, or a new path to start one"
        )
    found_version, writer_version = _stored_version(con, path)
    if found_version > SCHEMA_VERSION:
        raise TranscriptError(_too_new(path, found_version, writer_version))
    if found_version < SCHEMA_VERSION:
        if missing_steps(found_version, SCHEMA_VERSION):
            todo = (f"no migration from version {found_version} exists: export it with the package that wrote "
                    f"it ({_install(writer_version)}, then `arena export --db {path}`)")
        else:
            todo = (f"upgrade it in place with `python -m transcripts.migrate {path}` (copy it first), or export "
                    f"it with the package that wrote it ({_install(writer_version)}, then `arena export --db {path}`)")
        raise TranscriptError(
            f"{path} has transcript schema version {found_version} (written by bansha-arena {writer_version}); "
            f"this package expects version {SCHEMA_VERSION}: {todo}"
        )


def _stored_version(con: duckdb.DuckDBPyConnection, path: Path) -> tuple[int, str]:
    """(schema version, package version that created the file) from ``meta``."""
    row = con.execute("SELECT schema_version, package_version FROM meta LIMIT 1").fetchone()
    if row is None:
        raise TranscriptError(f"{path}: the meta table is empty; the file was not created by this package")
    return int(row[0]), str(row[1])


def _too_new(path: Path, found: int, writer_version: str) -> str:
    return (
        f"{path} has transcript schema version {found} (written by bansha-arena {writer_version}); "
        f"this package ({package_version()}) expects version {SCHEMA_VERSION}: upgrade the package "
        f"(`pip install -U bansha-arena`), or export the file with the version that wrote it (`arena export --db {path}`)"
    )


def _install(version: str) -> str:
    """How to get the package version that wrote a file, as far as the file tells."""
    if version == "0+unknown":
        return "a source checkout of that time; the file records no package version"
    return f"`pip install bansha-arena=={version}`"
