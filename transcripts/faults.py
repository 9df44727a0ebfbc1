"""Storage faults told apart: what DuckDB's error text means for the person at the keyboard.

DuckDB reports a full disk, a file size limit, a missing permission, a read-only file system and a
damaged block as I/O or transaction errors whose text names the symptom (``Could not write file
"x.wal": No space left on device``). ``storage_fault`` turns such an error into a coded
``TranscriptError`` that names the file, what went wrong and what to do, and says, where a game
was being written, that its stored part stays resumable (a failed transaction leaves the file as
it was before it).
"""

from __future__ import annotations

import re
from pathlib import Path

from transcripts.errors import Both, TranscriptError, resume_hint

FULL = ("no space left on device", "disk quota exceeded", "not enough space")
TOO_LARGE = ("file too large",)
READ_ONLY = ("permission denied", "operation not permitted", "access is denied")
CORRUPT = ("corrupt database file", "checksum", "not a valid duckdb database", "invalid database file",
           "failed to read database header")


def storage_fault(path: Path, exc: BaseException, *, game: str | None = None) -> TranscriptError:
    """The coded error for ``exc``, a DuckDB failure while using the file at ``path``.

    ``game``: the game being written, for the hint that says how to take it up again."""
    text = str(exc)
    low = text.lower()
    detail = _detail(text)
    resume = resume_hint(path, game)
    if any(word in low for word in FULL):
        return TranscriptError(code="disk_full", path=path, detail=detail, resume=resume)
    if any(word in low for word in TOO_LARGE):
        return TranscriptError(code="too_large", path=path, detail=detail, resume=resume)
    if any(word in low for word in CORRUPT):
        return TranscriptError(code="corrupt", path=path, detail=detail)
    if "read-only file system" in low:
        return TranscriptError(code="read_only_fs", path=path, detail=detail)
    if any(word in low for word in READ_ONLY):
        if _is_wal(text, path) or not path.exists():
            return TranscriptError(code="read_only_dir", dir=path.parent, detail=detail)
        return TranscriptError(code="read_only", path=path, detail=detail)
    if is_lock(text):
        return TranscriptError(code="locked", path=path, who=holder(text), mode="")
    return TranscriptError(code="write_failed", path=path, detail=detail, resume=resume)


def is_lock(text: str) -> bool:
    """Whether DuckDB says another process holds the file's lock (not a "block" of a damaged file)."""
    return re.search(r"\b(?:conflicting|could not set) lock\b", text, re.IGNORECASE) is not None


def holder(text: str) -> Both:
    """Who holds the lock, as DuckDB's message names it (``... PID 1234 ...``)."""
    pid = re.search(r"PID (\d+)", text)
    return Both(f"进程 {pid.group(1)} ", f"process {pid.group(1)}") if pid else Both("另一个进程", "another process")


def _detail(text: str) -> str:
    """DuckDB's own words, without its class prefixes, on one line."""
    text = re.sub(r"^(?:[A-Za-z]+ ?Error|TransactionContext Error|IO Error)\s*:\s*", "", text.strip())
    text = re.sub(r"^(?:TransactionContext Error|IO Error)\s*:\s*", "", text)
    return " ".join(text.split())[:300]


def _is_wal(text: str, path: Path) -> bool:
    return f"{path.name}.wal" in text or ".wal" in text
