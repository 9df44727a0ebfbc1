"""What a majiasha2 bot knows: a fold over its own seat's view, kept incrementally.

Only the ``Turn``'s events are read (the seat's own view). A seat is a 角色 (the account it posts
as); 马甲 are numbers of a second list, and this seat knows the 马甲 of itself, its chat mates and
its lover (``mate_majias``): chats are signed by 马甲, and the judge never says which 角色 a mate
posts as. Mates may tell it: every bot's chat post says its own (``角色:3``), and a telling signed
by a mate's 马甲 joins ``majia_of`` (seat → 马甲, with itself and every publicly revealed exit).
Findings (the seer's, the elder's downstream list, the witch's dying list) are in 马甲 numbers.
Team members share findings in the faction chat in a fixed form (``下家:1,2``, ``预言:7=长老``);
texts are data, parsed defensively.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import events as ev

LIST_RE = re.compile(r"下家:([\d,]+)")
SEEN_RE = re.compile(r"预言:(\d+)=(\S+)")
ACCOUNT_RE = re.compile(r"角色:(\d+)")


@dataclass
class Notes:
    """The seat's knowledge: identity, teams, the 马甲 it knows, findings, who is out."""

    seed: int
    seat: int
    seen: int = 0
    last: ev.Event | None = None
    size: int = 0
    majia: int = 0
    role: str = ""
    faction: str = ""
    mate_majias: set[int] = field(default_factory=set)
    """The 马甲 of this seat's chat mates (faction chat and lover), as the judge tells them."""
    partner_majia: int | None = None
    elder_majia: int | None = None
    """The 马甲 of this faction's elder, once the chat is told."""
    downstream: set[int] = field(default_factory=set)
    """The downstream faction's 马甲 (the elder's 知天命, shared in the chat)."""
    majia_of: dict[int, int] = field(default_factory=dict)
    """Seat → 马甲 as far as this seat knows (itself, chat mates, lover, public reveals)."""
    roles_seen: dict[int, str] = field(default_factory=dict)
    """马甲 → identity (预言, the elder's notice)."""
    out: set[int] = field(default_factory=set)
    out_majia: set[int] = field(default_factory=set)
    dying: list[int] = field(default_factory=list)
    piped: set[int] = field(default_factory=set)
    shielded_last: int | None = None
    redact: list[str] = field(default_factory=list)

    def update(self, events: Sequence[ev.Event], start: int) -> None:
        for e in events[start:]:
            self._fold(e)
        self.seen = len(events)
        self.last = events[-1] if events else None

    def _fold(self, e: ev.Event) -> None:
        if isinstance(e, ev.GameCreated):
            self.size = e.seats
        elif isinstance(e, ev.RoleDealt | ev.RoleChanged) and e.seat == self.seat:
            self.role, self.faction = e.role, e.faction
        elif isinstance(e, ev.Notice):
            self._notice(e)
        elif isinstance(e, ev.Feedback):
            self._feedback(e)
        elif isinstance(e, ev.TeamPosted):
            self._team_post(e)
        elif isinstance(e, (ev.Dawn, ev.VoteResult, ev.SeatsOut, ev.RoleRevealed)):
            self._outs(e)
        elif isinstance(e, ev.LayerAssigned):
            self.majia = e.number
            self.majia_of[self.seat] = self.majia
        elif isinstance(e, ev.SkillSubmitted) and e.skill == "pipe":
            self.piped.update(e.targets)
        elif isinstance(e, ev.SkillSubmitted) and e.skill == "shield":
            self.shielded_last = e.targets[0]

    def _notice(self, e: ev.Notice) -> None:
        if e.topic == "majia_team":
            given = e.data.get("majia", [])
            self.mate_majias.update(int(m) for m in (given.values() if isinstance(given, dict) else given))
        elif e.topic == "majia_lover" and e.data.get("majia") is not None:
            self.partner_majia = int(e.data["majia"])
            self.mate_majias.add(self.partner_majia)
        elif e.topic == "majia_elder" and e.data.get("majia") is not None:
            self.elder_majia = int(e.data["majia"])
            self.roles_seen[self.elder_majia] = "长老"
        elif e.topic == "majia_redact":
            self.redact.append(str(e.data.get("text", "")))

    def _feedback(self, e: ev.Feedback) -> None:
        if e.skill == "fate" and e.targets:
            self.downstream = set(e.targets)
        elif e.skill == "divine" and e.targets:
            self.roles_seen[e.targets[0]] = e.result
        elif e.skill == "tongling":
            self.dying = list(e.targets)

    def _team_post(self, e: ev.TeamPosted) -> None:
        told = ACCOUNT_RE.search(e.text)
        if told and e.majia is not None and 1 <= int(told.group(1)) <= self.size:
            self.majia_of[int(told.group(1))] = e.majia
        if m := LIST_RE.search(e.text):
            self.downstream |= {int(x) for x in m.group(1).split(",") if x.isdigit() and 1 <= int(x) <= self.size}
        if (m := SEEN_RE.search(e.text)) and 1 <= int(m.group(1)) <= self.size:
            self.roles_seen[int(m.group(1))] = m.group(2)

    def _outs(self, e: ev.Dawn | ev.VoteResult | ev.SeatsOut | ev.RoleRevealed) -> None:
        self.out.update(e.died if isinstance(e, ev.VoteResult) else e.seats)
        pairs = {} if isinstance(e, ev.RoleRevealed) else dict(e.majia)
        self.majia_of.update(pairs)
        self.out_majia.update(pairs.values())

    @property
    def elder(self) -> int | None:
        """The seat of this faction's elder, once its 马甲 is told and its 角色 known."""
        return self.seat_of(self.elder_majia)

    def seat_of(self, majia: int | None) -> int | None:
        """The 角色 behind ``majia`` where this seat has learned it."""
        return next((s for s, m in self.majia_of.items() if m == majia), None) if majia is not None else None

    def mates(self) -> set[int]:
        """The seats sharing a chat with this one whose 角色 it has learned, itself included."""
        mine = self.mate_majia()
        return {self.seat} | {s for s, m in self.majia_of.items() if m in mine}

    def mate_majia(self) -> set[int]:
        """The 马甲 of this seat and its chat mates."""
        return self.mate_majias | ({self.majia} if self.majia else set())
