""""Who was a bot?": what each person answered after a game, one row per (guesser, other seat).

A person who played a game with at least one other player is asked, for every other seat, whether a
human or a bot played it (and, if they like, which model). The answer alone is stored: the truth is
in the game's seat configs, so an evaluation (``evals.detectability``) compares the two, and a guess
can never be scored against a truth the guesser was shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from transcripts.reader import Db, connect
from transcripts.records import utcnow

Guess = Literal["human", "bot"]


@dataclass(frozen=True, slots=True)
class GuessRow:
    """One person's answer about one other seat."""

    guesser: int
    target: int
    guess: Guess
    model: str | None = None
    """The model (or bot kind) the guesser named, where they named one."""


def save_guesses(con: Db, game_id: str, rows: Iterable[GuessRow]) -> int:
    """Store one guesser's answers (all in one transaction); returns how many were stored."""
    listed = list(rows)
    with connect(con) as db:
        db.execute("BEGIN TRANSACTION")
        try:
            for row in listed:
                db.execute("INSERT INTO bot_guesses VALUES (?, ?, ?, ?, ?, ?)",
                           [game_id, row.guesser, row.target, row.guess, row.model, utcnow()])
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return len(listed)


def load_guesses(db: Db, game_id: str | None = None) -> dict[str, list[GuessRow]]:
    """Every stored answer (of one game, or all), by game, in guesser and target order."""
    where, params = ("WHERE game_id = ?", [game_id]) if game_id is not None else ("", [])
    with connect(db) as con:
        found = con.execute(f"SELECT game_id, guesser, target, guess, model FROM bot_guesses {where} "
                            "ORDER BY game_id, guesser, target", params).fetchall()
    out: dict[str, list[GuessRow]] = {}
    for gid, guesser, target, guess, model in found:
        out.setdefault(str(gid), []).append(GuessRow(int(guesser), int(target), guess, model))
    return out


def guessed(db: Db, game_id: str, guesser: int) -> bool:
    """Whether ``guesser`` has answered for ``game_id`` already."""
    with connect(db) as con:
        row = con.execute("SELECT 1 FROM bot_guesses WHERE game_id = ? AND guesser = ? LIMIT 1",
                          [game_id, guesser]).fetchone()
    return row is not None
