"""The one error type of the transcript store.

Every failure a person can act on — a missing file, a file of another schema version, a file
locked by another process, an unknown or ambiguous game id — is a ``TranscriptError`` whose message
says what was found, what was expected and what to do, so the CLI can print it as is.
"""

from __future__ import annotations


class TranscriptError(Exception):
    """A transcript database cannot be used as asked; the message says why and what to do."""


class RulesetVersionWarning(UserWarning):
    """A stored game is folded under a different version of its rule set than the one it was played with."""
