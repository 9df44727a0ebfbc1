"""The enforceable discipline of spec §5: a warning for not voting (C-42) and for lurking (C-36).

A seat gets at most one discipline warning per game day (C-36 says so of lurking; the engine applies
it to a missed ballot too, so that missing Stage 1 and Stage 2 of one day is one offence, not two).

Two warnings drown a seat or swap its controller (flag ``qijian.substitute_policy``; see
``flow.drown``). Option ``discipline`` turns the categories on: true (all), false (none, the judge
console's default), or a list of ``no_vote`` / ``lurk``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.mechanics.discipline import enabled, warn
from engine.rulesets.qijian24.errors import setup_error
from engine.rulesets.qijian24.state import table

if TYPE_CHECKING:
    from engine.game import Game

CATEGORIES = ("no_vote", "lurk")
LURK_POSTS = 5
"""A segment with fewer posts than this (and under a fifth of the day's average) is lurking (潜水)."""


def normalise(value: Any) -> list[str]:
    """Option ``discipline`` as the list of enabled categories; anything else is a ``SetupError``."""
    if value is True:
        return list(CATEGORIES)
    if value is False or value is None:
        return []
    if isinstance(value, list) and all(v in CATEGORIES for v in value):
        return list(value)
    raise setup_error("discipline_value", value=repr(value))


def warn_no_vote(game: Game) -> None:
    """必须投票: a living seat that did not vote in the stage abstains and is warned (C-42)."""
    s = table(game)
    if not (enabled(game, "no_vote") and s.flags.get("qijian.no_vote_warning", True)):
        return
    for seat in s.window.eligible:
        if s.seats[seat].alive and seat not in s.votes and seat not in s.warned_today:
            warn(game, seat, "no_vote")


def day_end(game: Game) -> None:
    """潜水: a living seat whose posts of the day are fewer than 5 and under 20% of the day's average
    per living player gets one warning for the day (C-36). The spec counts per segment (a forum day of
    24 hours); the engine's vote stages are windows, not days, so it counts the game day's posts as one
    segment, or a stage nobody posted in would put every seat on a warning."""
    s = table(game)
    if not enabled(game, "lurk") or not s.segment_posts:
        return
    alive = s.alive()
    posts = {seat: sum(seg.get(seat, 0) for seg in s.segment_posts) for seat in alive}
    total = sum(sum(seg.values()) for seg in s.segment_posts)
    for seat in alive:
        if seat not in s.warned_today and _lurking(posts[seat], total, len(alive)):
            warn(game, seat, "lurking")


def _lurking(posts: int, total: int, living: int) -> bool:
    """posts < 5 and posts < 20% of total/living, in integers: 5·posts·living < total."""
    return posts < LURK_POSTS and 5 * posts * living < total
