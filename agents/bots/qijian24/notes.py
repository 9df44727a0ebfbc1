"""What a qijian24 bot knows: a fold over its own seat's view, kept incrementally.

Its own identity; the sword it knows by the chain; its checks (莫问剑's identities, the mage's
杀手团 finds); every identity the judge publishes (outs, the reveal); the 杀手团's members (their
chat); who is alive; the day's ballots (heat); and whether its ranger choice was refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.events import Dawn, Event, SeatsOut, VoteResult
from engine.rulesets.qijian24.texts import IDENTITIES

SURE = "身份已经很清楚"
"""What a bot says when it knows a seat's identity (see ``decide``); read back by the accused side."""
KILLER_WORDS = ("杀手团", "独杀", "禁武使者", "帮手")
WUZHUANG_WORDS = ("剑", "绿珠", "庄民")


@dataclass
class Notes:
    """One seat's knowledge, folded from the events it may see."""

    seed: int
    seat: int
    seen: int = 0
    last: Event | None = None
    role: str = ""
    faction: str = ""
    alive: set[int] = field(default_factory=set)
    known: dict[int, str] = field(default_factory=dict)
    """Seat → identity string (as the judge writes it), from checks, the chain and publications."""
    team: set[int] = field(default_factory=set)
    heat: dict[int, int] = field(default_factory=dict)
    day: int = 0
    rejected: bool = False
    accusers: set[int] = field(default_factory=set)
    """Seats that publicly named one of this seat's known teammates as a sure enemy (the killers' next targets)."""
    hunches: dict[int, float] = field(default_factory=dict)
    hunch_day: int = -1

    def update(self, events: Sequence[Event], start: int) -> None:
        """Fold the events from ``start`` on."""
        for event in events[start:]:
            _FOLD.get(event.kind, _skip)(self, event)
        self.seen = len(events)
        self.last = events[-1] if events else None

    def enemy(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on the other side (by identity)."""
        ident = self.known.get(seat)
        if ident is None:
            return False
        if self.faction == "killers":
            return any(w in ident for w in WUZHUANG_WORDS)
        if self.faction == "wuzhuang":
            return any(w in ident for w in KILLER_WORDS)
        return ident.startswith("杀手团")

    def friend(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on this seat's side (or is itself)."""
        if seat == self.seat or seat in self.team:
            return True
        ident = self.known.get(seat)
        if ident is None:
            return False
        words = KILLER_WORDS if self.faction == "killers" else WUZHUANG_WORDS if self.faction == "wuzhuang" else ()
        return any(w in ident for w in words)


def _skip(n: Notes, e: Event) -> None:
    return None


def _created(n: Notes, e: Event) -> None:
    n.alive = set(range(1, int(getattr(e, "seats", 0)) + 1))


def _dealt(n: Notes, e: Event) -> None:
    n.role, n.faction = str(getattr(e, "role", "")), str(getattr(e, "faction", ""))


def _team(n: Notes, e: Event) -> None:
    n.team = set(getattr(e, "members", []))


def _feedback(n: Notes, e: Event) -> None:
    result, targets = str(getattr(e, "result", "")), list(getattr(e, "targets", []))
    if targets and result not in ("无效", "验证失败"):
        n.known[targets[0]] = result
    elif targets and result == "验证失败" and targets[0] not in n.known:
        n.known[targets[0]] = "非杀手团"


def _outs(n: Notes, e: Event) -> None:
    """A typed public out (dawn, vote result, drowned, cited) or reveal: identities and who is out."""
    for seat, ident in dict(getattr(e, "roles", {})).items():
        n.known[int(seat)] = IDENTITIES[str(ident)][0] if str(ident) in IDENTITIES else str(ident)
    if isinstance(e, VoteResult):
        n.alive -= set(e.died)
    elif isinstance(e, (Dawn, SeatsOut)):
        n.alive -= set(e.seats)
    if isinstance(e, Dawn):
        n.alive |= set(e.revived)


def _phase(n: Notes, e: Event) -> None:
    if getattr(e, "name", "") == "STAGE1" and int(getattr(e, "number", 0)) != n.day:
        n.day, n.heat = int(getattr(e, "number", 0)), {}


def _vote(n: Notes, e: Event) -> None:
    target = getattr(e, "target", None)
    if target is not None:
        n.heat[target] = n.heat.get(target, 0) + 1


def _posted(n: Notes, e: Event) -> None:
    text, author = str(getattr(e, "text", "")), int(getattr(e, "seat", 0))
    if SURE in text and author not in n.team and author != n.seat:
        named = {int(m) for m in re.findall(r"(\d+)号", text)}
        if named & (n.team | {n.seat}):
            n.accusers.add(author)


def _notice(n: Notes, e: Event) -> None:
    if getattr(e, "topic", "") == "choice_rejected":
        n.rejected = True


_FOLD = {"game_created": _created, "role_dealt": _dealt, "team_formed": _team, "feedback": _feedback,
         "dawn": _outs, "vote_result": _outs, "seats_out": _outs, "role_revealed": _outs, "phase_began": _phase, "vote_cast": _vote, "notice": _notice,
         "posted": _posted}
