"""The truth at any moment of a game: each seat's role and faction, as its judge-visible events tell it.

Any rule set whose events deal roles (``role_dealt``) and change them (``role_changed``) with a
faction is scored the same way: a seat's faction "at seq s" is the last such event up to s. So a
平民 converted into the accomplice at night 1 counts as white on day 1 and black afterwards.

The *deal* is each seat's first role event: the roster every player knows before any event is
the deal's count of roles and factions, and a prior (``prior``) subtracts from it the seat's
*dealt* faction, not its current one — an apprentice witch was dealt a 平民, so the witch it
succeeds is still among the others.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Truth:
    """Role and faction changes per seat, in seq order (the first one is the deal)."""

    changes: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    roles: dict[int, list[tuple[int, str]]] = field(default_factory=dict)

    def add(self, seq: int, seat: int, faction: str, role: str | None = None) -> None:
        self.changes.setdefault(seat, []).append((seq, faction))
        if role is not None:
            self.roles.setdefault(seat, []).append((seq, role))

    def faction(self, seat: int, seq: int | None = None) -> str | None:
        """The seat's faction at ``seq`` (None: its last one); None when it had none yet."""
        return _at(self.changes.get(seat, []), seq)

    def role(self, seat: int, seq: int | None = None) -> str | None:
        """The seat's role at ``seq`` (None: its last one)."""
        return _at(self.roles.get(seat, []), seq)

    def dealt(self, seat: int) -> str | None:
        """The faction the seat was dealt."""
        history = self.changes.get(seat, [])
        return history[0][1] if history else None

    def dealt_role(self, seat: int) -> str | None:
        history = self.roles.get(seat, [])
        return history[0][1] if history else None

    @property
    def seats(self) -> list[int]:
        return sorted(self.changes)

    def roster(self) -> Counter[str]:
        """Seats per faction as dealt: all a player knows of the roster before any event."""
        return Counter(f for f in (self.dealt(s) for s in self.seats) if f is not None)

    def role_roster(self) -> Counter[str]:
        """Seats per role as dealt."""
        return Counter(r for r in (self.dealt_role(s) for s in self.seats) if r is not None)

    def role_factions(self) -> dict[str, str]:
        """Each dealt role's faction at the deal."""
        return {r: f for s in self.seats if (r := self.dealt_role(s)) is not None and (f := self.dealt(s)) is not None}

    def majority(self) -> str | None:
        """The largest dealt faction: the uninformed majority; every other faction deceives it."""
        common = self.roster().most_common(1)
        return common[0][0] if common else None

    def prior(self, own: str | None) -> dict[str, float]:
        """Faction shares of the other seats, knowing only the roster and one's own *dealt* faction."""
        roster = self.roster()
        others = {f: n - (1 if f == own else 0) for f, n in roster.items()}
        total = sum(max(n, 0) for n in others.values())
        return {f: max(n, 0) / total for f, n in others.items()} if total else {}

    def roster_prior(self, seat: int) -> dict[str, float]:
        """``prior`` of the seat's dealt faction (the roster-only baseline of its reports)."""
        return self.prior(self.dealt(seat))


def _at(history: list[tuple[int, str]], seq: int | None) -> str | None:
    if seq is None:
        return history[-1][1] if history else None
    i = bisect_right([s for s, _ in history], seq)
    return history[i - 1][1] if i else None
