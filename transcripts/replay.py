"""Folding a stored game back into a live ``Game``: for viewing, checking, and resuming after a crash.

A ruleset version that differs from the one a game was played with is an error by default:
folding an event log under changed rules can give a state that never existed, silently, and a
resumed game would then go on under rules it did not start with. Someone who knows the change
is harmless (a text fix, a new optional flag) passes ``strict_version=False`` and gets a
``RulesetVersionWarning`` instead, which tests and the CLI can surface or filter like any warning.
"""

from __future__ import annotations

import warnings

from engine.errors import EngineError, UnknownName
from engine.events import GameCreated
from engine.game import Game
from engine.rulesets import get_ruleset
from transcripts.errors import RulesetVersionWarning, TranscriptError
from transcripts.reader import Db, connect, load_events, load_header


def replay_game(db: Db, game_id: str, *, strict_version: bool = True) -> Game:
    """The stored game ``game_id`` (or a prefix of it) folded back into a ``Game``; no agent is called."""
    with connect(db) as con:
        row = load_header(con, game_id)
        events = load_events(con, row.game_id)
    header = row.header
    try:
        ruleset = get_ruleset(header.ruleset)
    except UnknownName as exc:
        raise TranscriptError(
            f"game {row.game_id} was played with rule set {header.ruleset!r} {header.ruleset_version}, which this "
            f"package does not know ({exc}); replay it with the package that played it "
            f"(bansha-arena {header.package_version}{', commit ' + header.git_commit if header.git_commit else ''})"
        ) from exc
    if header.ruleset_version != ruleset.version:
        message = (
            f"game {row.game_id} was played with {header.ruleset} version {header.ruleset_version}, "
            f"but this package has version {ruleset.version}"
        )
        if strict_version:
            raise TranscriptError(
                f"{message}: folding its events under other rules may give a state that never existed. "
                f"Replay it with bansha-arena {header.package_version}, or pass strict_version=False to fold anyway."
            )
        warnings.warn(message, RulesetVersionWarning, stacklevel=2)
    first = events[0] if events else None
    if not isinstance(first, GameCreated) or (first.ruleset, first.seed) != (header.ruleset, header.seed):
        found = f"{first.kind} ({getattr(first, 'ruleset', '?')}, seed {getattr(first, 'seed', '?')})" if first else "no events"
        raise TranscriptError(
            f"game {row.game_id}: the log must open with game_created for {header.ruleset}, seed {header.seed}; found {found}"
        )
    try:
        return Game.replay(ruleset, events)
    except EngineError as exc:
        raise TranscriptError(f"game {row.game_id} cannot be folded: {exc}") from exc
