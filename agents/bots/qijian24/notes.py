"""What a qijian24 bot knows, and the strategy notes it keeps.

What the seat knows is the engine's observation of it (``Turn.observation``, ``Known.of``): its own
identity and side, who is alive, its 杀手团 mates, every identity it may name — published by the
judge (every out, the reveal) or told to it in private (the sword chain, 莫问剑's checks, the mage's
杀手团 finds) — the seats its mage checks cleared, and whether its ranger choice was refused (its
inbox). The bot never re-folds announcements to learn any of it.

What the bot keeps itself (``Notes``, the shared fold over its view, ``agents.bots.notes.ViewNotes``,
kept incrementally) is strategy: the day's ballots (heat), who accused one of its own as a sure
enemy, its daily hunches.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from agents.bots.notes import ViewNotes
from engine.events import Notice, PhaseBegan, VoteCast
from engine.observation import Observation
from engine.rulesets.qijian24.names import ENVOY, HELPER, KILLER_TEAM, LONE, PRAYER, STAGE1, SWORDS, VILLAGER

SURE = "身份已经很清楚"
"""What a bot says when it knows a seat's identity (see ``decide``); read back by the accused side."""
KILLER_SIDE = frozenset({*KILLER_TEAM, LONE, ENVOY, HELPER})
"""Identity ids of the killer side as the judge publishes them."""
WUZHUANG_SIDE = frozenset({*SWORDS, PRAYER, VILLAGER})
SWORD_IDS = frozenset(SWORDS)
TEAM_IDS = frozenset(KILLER_TEAM)
CLEARED = "not_killer_team"
"""What a seat the mage cleared (验证失败) is known as: known, on neither side the bot can name."""


@dataclass(frozen=True)
class Known:
    """What the seat knows now, read off its observation."""

    seat: int
    role: str = ""
    faction: str = ""
    alive: frozenset[int] = frozenset()
    team: frozenset[int] = frozenset()
    known: dict[int, str] = field(default_factory=dict)
    """Seat → identity id (or ``CLEARED``), for every other seat the seat may name."""
    rejected: bool = False

    @classmethod
    def of(cls, seat: int, obs: Observation | None) -> Known:
        """The seat's knowledge from its observation (nothing known without one)."""
        if obs is None:
            return cls(seat)
        known = {s.seat: s.role for s in obs.seats if s.role is not None and s.seat != seat}
        known.update({s.seat: CLEARED for s in obs.seats if s.role is None and CLEARED in s.statuses})
        team = frozenset(m for t in obs.teams for m in t.members)
        rejected = any(isinstance(e, Notice) and e.topic == "choice_rejected" for e in obs.inbox)
        return cls(seat, obs.role or "", obs.faction or "", frozenset(obs.living()), team, known, rejected)

    def enemy(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on the other side (by identity)."""
        ident = self.known.get(seat)
        if ident is None:
            return False
        if self.faction == "killers":
            return ident in WUZHUANG_SIDE
        if self.faction == "wuzhuang":
            return ident in KILLER_SIDE
        return ident in TEAM_IDS

    def friend(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on this seat's side (or is itself)."""
        if seat == self.seat or seat in self.team:
            return True
        ident = self.known.get(seat)
        if ident is None:
            return False
        side = KILLER_SIDE if self.faction == "killers" else WUZHUANG_SIDE if self.faction == "wuzhuang" else frozenset()
        return ident in side

    def sword(self, seat: int) -> bool:
        """Whether ``seat`` is known to be one of the seven swords."""
        return self.known.get(seat) in SWORD_IDS


@dataclass(slots=True)
class Notes(ViewNotes):
    """One seat's strategy notes, folded from the events it may see."""

    DAY_STARTS: ClassVar[frozenset[str]] = frozenset({STAGE1})
    team: frozenset[int] = frozenset()
    """The seat's 杀手团 mates: every member of its chats (``know``; the team is formed at setup)."""
    heat: dict[int, int] = field(default_factory=dict)
    """Ballots cast on each seat today, every ballot counted."""
    accusers: set[int] = field(default_factory=set)
    """Seats that publicly named one of this seat's teammates as a sure enemy (the killers' next targets)."""
    hunches: dict[int, float] = field(default_factory=dict, compare=False)
    hunch_day: int = field(default=-1, compare=False)
    """Today's hunches, drawn by ``decide`` when first needed: kept here, but no fold of the view."""

    def know(self, obs: Observation) -> None:
        """The base's identity and chats, and the team they make (read before the posts that may accuse it)."""
        ViewNotes.know(self, obs)
        self.team = frozenset(m for members in self.teams.values() for m in members)

    def new_day(self, e: PhaseBegan) -> None:
        ViewNotes.new_day(self, e)
        if e.number != self.day:
            self.heat = {}

    def ballot(self, e: VoteCast, old: int | None) -> None:
        if e.target is not None:
            self.heat[e.target] = self.heat.get(e.target, 0) + 1

    def read(self, seat: int, text: str) -> None:
        if SURE in text and seat not in self.team and seat != self.seat:
            named = {int(m) for m in re.findall(r"(\d+)号", text)}
            if named & (self.team | {self.seat}):
                self.accusers.add(seat)
