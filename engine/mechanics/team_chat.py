"""Team chat: who a message reaches, as membership changes over the game.

A team's members grow (an accomplice joins as it dies, a converted seat joins its new side) and may
shrink; whether the dead still read it is a rule (umineko32 A-41, flag ``dead_keep_team_chat``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence


def recipients(members: Sequence[int], alive: Callable[[int], bool], *, dead_read: bool = True,
               joining: int | None = None) -> list[int]:
    """Who receives a new message: every member (with ``joining`` added), or only the living ones
    when the dead do not read the chat (a dead newcomer then receives nothing either)."""
    seats = [*members, *([] if joining is None or joining in members else [joining])]
    return seats if dead_read else [seat for seat in seats if alive(seat)]


def teams_of(teams: Mapping[str, Sequence[int]], seat: int) -> list[str]:
    """The teams ``seat`` is a member of now."""
    return [team for team, members in teams.items() if seat in members]


def may_post(teams: Mapping[str, Sequence[int]], seat: int, alive: bool, *, dead_post: bool = False) -> list[str]:
    """The teams ``seat`` may write to now (a dead member only where the rules let it)."""
    return teams_of(teams, seat) if alive or dead_post else []
