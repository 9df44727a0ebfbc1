"""Errors the engine raises.

Layered like python-chess's ``IllegalMoveError``: every error is a ``ValueError`` that names the
offending value, so a caller can show it to a person or hand it back to a model verbatim.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base class for every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action that the rules do not allow at this point of the game.

    The message names the seat, the phase and the offending value; nothing was applied.
    """


class UnknownName(EngineError):
    """A role, skill, faction or flag name that the rule set does not define."""


class SetupError(EngineError):
    """A seating, roster or flag set that does not match the rule set."""
