"""The legal-action templates every rule set offers alike, built once: a post, last words, a team
message, a bounded number of team messages in a window. Legal actions are asked for at every
decision, so the templates that depend on no state are shared values and a team's is cached.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from engine.legal import PASS, LegalAction
from engine.table.state import TableState

POST = LegalAction("post")
WORDS = (LegalAction("last_words"), PASS)
"""A seat asked for its last words leaves them or passes."""


@lru_cache(maxsize=64)
def team_post(team: str) -> LegalAction:
    """A message to ``team``'s chat."""
    return LegalAction("team_post", team=team)


def team_posts(s: TableState[Any], seat: int, limit: int, teams: Iterable[str]) -> list[LegalAction]:
    """A message to each of ``teams`` while ``seat`` has sent fewer than ``limit`` in the open window (a
    bound on chatter, not a rule of the texts)."""
    if s.window.team_posts.get(seat, 0) >= limit:
        return []
    return [team_post(team) for team in teams]
