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
from engine.events import Event, Notice, PhaseBegan, Posted, VoteCast
from engine.observation import Observation, SeatStatus
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
    team: frozenset[int] = frozenset()
    known: dict[int, str] = field(default_factory=dict)
    """Seat → identity id (or ``CLEARED``), for every other seat the seat may name."""
    friends: frozenset[int] = frozenset()
    """The seats ``friend`` answers yes for: the seat itself, its mates, the known seats of its side."""
    foes: frozenset[int] = frozenset()
    """The seats ``enemy`` answers yes for: the known seats of the other side."""
    seats: tuple[SeatStatus, ...] = ()
    inbox: tuple[Event, ...] = ()
    """The observation's seat list and inbox, read only by the rare questions (``alive``, ``rejected``)."""

    @classmethod
    def of(cls, seat: int, obs: Observation | None) -> Known:
        """The seat's knowledge from its observation (nothing known without one): the same record while
        the parts of the observation it reads are the same objects (``_KNOWN``). The runner observes
        every turn and the engine keeps a seat's unchanged seat list, chats and inbox as the same
        tuples, so a decision mostly finds it instead of walking the 24 seats again."""
        if obs is None:
            return cls(seat)
        seats, teams, inbox = obs.seats, obs.teams, obs.inbox
        key = (seat, obs.role, obs.faction, id(seats), id(teams), id(inbox))
        hit = _KNOWN.get(key)
        if hit is not None and hit[0] is seats and hit[1] is teams and hit[2] is inbox:
            return hit[3]
        if len(_KNOWN) >= _KNOWN_KEPT:
            _KNOWN.clear()
        found = cls.read(seat, obs)
        _KNOWN[key] = (seats, teams, inbox, found)
        return found

    @classmethod
    def read(cls, seat: int, obs: Observation) -> Known:
        """The seat's knowledge read off ``obs`` (``of`` keeps it): one pass over the seats, each known
        identity sorted to its side as it is met."""
        faction = obs.faction or ""
        side, other = _sides(faction)
        team = frozenset([m for t in obs.teams for m in t.members])
        known: dict[int, str] = {}
        friends = {seat, *team}
        foes: set[int] = set()
        for status in obs.seats:
            role = status.role
            if role is None:
                if CLEARED in status.statuses:
                    known[status.seat] = CLEARED
            elif status.seat != seat:
                known[status.seat] = role
                if role in side:
                    friends.add(status.seat)
                if role in other:
                    foes.add(status.seat)
        return cls(seat, obs.role or "", faction, team, known, frozenset(friends), frozenset(foes), obs.seats,
                   obs.inbox)

    @property
    def alive(self) -> frozenset[int]:
        """The seats the seat knows to be alive."""
        return frozenset(s.seat for s in self.seats if s.alive)

    @property
    def rejected(self) -> bool:
        """Whether the seat's ranger choice was refused (a notice in its inbox)."""
        return any(isinstance(e, Notice) and e.topic == "choice_rejected" for e in self.inbox)

    def enemy(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on the other side (by identity)."""
        return seat in self.foes

    def friend(self, seat: int) -> bool:
        """Whether ``seat`` is known to be on this seat's side (or is itself)."""
        return seat in self.friends

    def sword(self, seat: int) -> bool:
        """Whether ``seat`` is known to be one of the seven swords."""
        return self.known.get(seat) in SWORD_IDS


def _sides(faction: str) -> tuple[frozenset[str], frozenset[str]]:
    """The identity ids a seat of ``faction`` counts as its side's and as the other side's: a killer and a
    武庄 seat each other's; a ranger none as its own, the 杀手团 as its enemy."""
    if faction == "killers":
        return KILLER_SIDE, WUZHUANG_SIDE
    if faction == "wuzhuang":
        return WUZHUANG_SIDE, KILLER_SIDE
    return frozenset(), TEAM_IDS


_KNOWN: dict[tuple[int, str | None, str | None, int, int, int], tuple[object, object, object, Known]] = {}
"""Knowledge by (seat, role, faction, ids of the seat list, chats and inbox it was read from): each entry
holds those three objects, so an id is never reused while cached (``Known.of``)."""
_KNOWN_KEPT = 512


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
    posted: bool = False
    """Whether the seat has posted since the open phase began (a stage's speech comes before its ballot)."""

    def know(self, obs: Observation) -> None:
        """The base's identity and chats, and the team they make (read before the posts that may accuse it):
        the team made again only when the chats are new (the base reads them again only then)."""
        fresh = obs.teams is not self.teams_read
        ViewNotes.know(self, obs)
        if fresh:
            self.team = frozenset(m for members in self.teams.values() for m in members)

    def new_day(self, e: PhaseBegan) -> None:
        ViewNotes.new_day(self, e)
        if e.number != self.day:
            self.heat = {}

    def new_phase(self, e: PhaseBegan) -> None:
        self.posted = False

    def wrote(self, e: Posted) -> None:
        self.posted = True

    def ballot(self, e: VoteCast, old: int | None) -> None:
        if e.target is not None:
            self.heat[e.target] = self.heat.get(e.target, 0) + 1

    def read(self, seat: int, text: str) -> None:
        if SURE in text and seat not in self.team and seat != self.seat:
            named = {int(m) for m in re.findall(r"(\d+)号", text)}
            if named & (self.team | {self.seat}):
                self.accusers.add(seat)
