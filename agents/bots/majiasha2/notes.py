"""What a majiasha2 bot knows: a fold over its own seat's view, kept incrementally.

Only the ``Turn``'s events are read (the seat's own view). A seat is a 角色 (the account it posts
as); 马甲 are numbers of a second list, and this seat knows the 马甲 of itself, its chat mates, its
lover and every publicly revealed exit (``majia_of``). Findings (the seer's, the elder's downstream
list, the witch's dying list) are in 马甲 numbers. Team members share findings in the faction chat
in a fixed form (``下家:1,2``, ``预言:7=长老``); texts are data, parsed defensively.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import events as ev

LIST_RE = re.compile(r"下家:([\d,]+)")
SEEN_RE = re.compile(r"预言:(\d+)=(\S+)")


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
    teams: dict[str, set[int]] = field(default_factory=dict)
    partner: int | None = None
    elder: int | None = None
    """The seat of this faction's elder, once the chat is told."""
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
        elif isinstance(e, ev.TeamFormed):
            self.teams[e.team] = set(e.members)
        elif isinstance(e, ev.TeamJoined):
            self.teams.setdefault(e.team, set()).add(e.seat)
        elif isinstance(e, ev.Notice):
            self._notice(e)
        elif isinstance(e, ev.Feedback):
            self._feedback(e)
        elif isinstance(e, ev.TeamPosted):
            self._team_post(e)
        elif isinstance(e, ev.Announced):
            self._announced(e)
        elif isinstance(e, ev.SkillSubmitted) and e.skill == "pipe":
            self.piped.update(e.targets)
        elif isinstance(e, ev.SkillSubmitted) and e.skill == "shield":
            self.shielded_last = e.targets[0]

    def _notice(self, e: ev.Notice) -> None:
        if e.topic == "majia_own":
            self.majia = int(e.data["majia"])
            self.majia_of[self.seat] = self.majia
        elif e.topic == "majia_team":
            self.majia_of.update({int(s): int(m) for s, m in dict(e.data.get("majia", {})).items()})
        elif e.topic == "majia_lover" and e.seats:
            self.partner = e.seats[0]
            if "majia" in e.data:
                self.majia_of[e.seats[0]] = int(e.data["majia"])
        elif e.topic == "majia_elder" and e.seats:
            self.elder = e.seats[0]
            if e.data.get("majia") is not None:
                self.majia_of[e.seats[0]] = int(e.data["majia"])
                self.roles_seen[int(e.data["majia"])] = "长老"
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
        if m := LIST_RE.search(e.text):
            self.downstream |= {int(x) for x in m.group(1).split(",") if x.isdigit() and 1 <= int(x) <= self.size}
        if (m := SEEN_RE.search(e.text)) and 1 <= int(m.group(1)) <= self.size:
            self.roles_seen[int(m.group(1))] = m.group(2)

    def _announced(self, e: ev.Announced) -> None:
        if e.topic in ("majia_morning", "majia_sent_off", "majia_piper_out"):
            self.out.update(e.seats)
        elif e.topic == "vote_result":
            self.out.update(int(s) for s in e.data.get("out", []))
        pairs = {int(s): int(m) for s, m in dict(e.data.get("pairs", {})).items()}
        self.majia_of.update(pairs)
        self.out_majia.update(pairs.values())

    def mates(self) -> set[int]:
        """Every seat sharing a chat with this one (faction and lovers), itself included."""
        out = {self.seat}
        for members in self.teams.values():
            if self.seat in members:
                out |= members
        return out

    def mate_majia(self) -> set[int]:
        """The 马甲 of this seat and its chat mates, as far as known."""
        return {self.majia_of[m] for m in self.mates() if m in self.majia_of}
