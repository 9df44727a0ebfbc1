"""The one seat record of every rule set (a 棋子, a 角色, an account: one seat of the table).

Before the kernel each rule set kept its own (``Piece``, ``Role``, ``Actor``) with the same fields
under other names, and shared layers read them with ``getattr``. A rule set subclasses ``Seat`` with
what its roles track (charges, marks, lives); everything the shared layers read is here, typed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Seat:
    """One seat and what every rule set tracks about it."""

    seat: int
    alias: str = ""
    role: str = ""
    faction: str = ""
    alive: bool = True
    cause: str | None = None
    """The judge's cause of the seat's out (the kill, ``vote``, ``drowned`` …); None while alive."""
    warnings: int = 0
    """Discipline warnings (黄牌) so far."""
    vote_changes: int = 0
    """Ballots cast after the seat's first one in the open vote (改票)."""
