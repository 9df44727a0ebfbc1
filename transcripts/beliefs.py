"""Beliefs on record: what a seat privately reported, at a checkpoint, about each other living seat.

A report is a probability per faction for each target; it is stored long (one row per believer,
target and faction) so that SQL filters and sums without parsing JSON, and so that a report that
names only some factions leaves the others absent instead of inventing a zero. Reports are never
events: no seat ever sees another's, and replaying a game never needs them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, dataclass, fields

from transcripts.reader import Db, _name, _resolve, connect


@dataclass(frozen=True, slots=True)
class BeliefRow:
    """One probability: ``seat`` thinks ``target`` belongs to ``faction`` with probability ``prob``."""

    checkpoint: int
    day: int
    phase: str
    seat: int
    target: int
    alias: str
    faction: str
    prob: float
    source: str


BELIEF_COLUMNS: tuple[str, ...] = ("game_id", *(f.name for f in fields(BeliefRow)))
"""The ``beliefs`` columns in insertion order."""


def report_rows(checkpoint: int, day: int, phase: str, seat: int, source: str,
                report: Mapping[int, Mapping[str, float]], aliases: Mapping[int, str]) -> list[BeliefRow]:
    """The rows of one seat's report ({target: {faction: probability}})."""
    return [BeliefRow(checkpoint, day, phase, seat, target, aliases.get(target, ""), faction, float(p), source)
            for target, probs in sorted(report.items()) for faction, p in sorted(probs.items())]


def belief_tuple(game_id: str, row: BeliefRow) -> tuple[object, ...]:
    """A row as the writer inserts it."""
    return (game_id, *astuple(row))


def load_beliefs(db: Db, game_id: str) -> list[BeliefRow]:
    """One game's reports, by checkpoint, believer, target and faction."""
    names = [f.name for f in fields(BeliefRow)]
    with connect(db) as con:
        gid = _resolve(con, game_id, _name(db))
        rows = con.execute(f"SELECT {', '.join(names)} FROM beliefs WHERE game_id = ? "
                           "ORDER BY checkpoint, seat, target, faction", [gid]).fetchall()
    return [BeliefRow(*row) for row in rows]
