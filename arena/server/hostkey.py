"""The host's key: what lets a person open the lobby, start games, re-issue join links and resume.

Anyone who reaches the port may watch a public thread or replay a finished game; only the host may
spend the server (a game of ``llm:NAME`` seats spends the host's API key) or hand out seats. So the
lobby's data and every host action ask for the key, sent as the ``X-Host-Key`` header — never in a
URL's path or query, which land in logs, histories and ``Referer`` headers. ``arena serve`` prints
the lobby's address with the key after ``#`` (a fragment: the browser never sends it), and the page
moves it into the browser's storage and off the address bar.

The key is made once and kept in a file beside the database (readable by its owner only), so a
restarted server keeps the host's page working; ``--host-key-file`` names another file.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from arena.server.texts import HostKeyError

HEADER = "x-host-key"
KEY_BYTES = 24
MIN_LENGTH = 16
"""A shorter key is refused: it could be guessed over a LAN."""


@dataclass(frozen=True)
class HostKey:
    """The key a request must carry to act as the host."""

    secret: str

    def verify(self, presented: str | None) -> None:
        """Nothing, or ``HostKeyError`` (missing or wrong), compared in constant time."""
        if not presented:
            raise HostKeyError("host_key_missing")
        if not secrets.compare_digest(presented.encode(), self.secret.encode()):
            raise HostKeyError("host_key_wrong")


def key_file_for(db: Path | None) -> Path:
    """Where the key of a server over ``db`` is kept by default."""
    return Path(f"{db}.hostkey") if db is not None else Path("arena.hostkey")


def load_or_make(path: Path) -> str:
    """The key in ``path``, or a new one written there (mode 0600); ``ValueError`` for a short one."""
    if path.exists():
        key = path.read_text(encoding="utf-8").strip()
        if len(key) < MIN_LENGTH:
            raise ValueError(f"the host key in {path} is shorter than {MIN_LENGTH} characters: "
                             "write a longer one, or delete the file for a new one")
        return key
    key = secrets.token_urlsafe(KEY_BYTES)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return key
