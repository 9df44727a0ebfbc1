"""What a majiasha2 bot knows: a fold over its own seat's view, kept incrementally.

Only the ``Turn``'s events are read (the seat's own view). Team members tell each other their 角色
and their findings in the faction chat in a fixed form (``角色:5``, ``下家:1,2``, ``预言:7=长老``), so a
squad can aim at the same account; texts are data, parsed defensively.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import events as ev

ACCOUNT_RE = re.compile(r"角色:(\d+)")
LIST_RE = re.compile(r"下家:([\d,]+)")
SEEN_RE = re.compile(r"预言:(\d+)=(\S+)")


@dataclass
class Notes:
    """The seat's knowledge: identity, teams, accounts known, findings, who is out."""

    seed: int
    seat: int
    seen: int = 0
    last: ev.Event | None = None
    size: int = 0
    account: int = 0
    role: str = ""
    faction: str = ""
    teams: dict[str, set[int]] = field(default_factory=dict)
    partner: int | None = None
    downstream: set[int] = field(default_factory=set)
    accounts: dict[int, int] = field(default_factory=dict)
    """马甲 → 角色 as far as this seat knows (teammates' chat, public exits)."""
    roles_seen: dict[int, str] = field(default_factory=dict)
    out: set[int] = field(default_factory=set)
    out_accounts: set[int] = field(default_factory=set)
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
        if e.topic == "majia_account":
            self.account = int(e.data["account"])
            self.accounts[self.seat] = self.account
        elif e.topic == "majia_lover":
            self.partner = e.seats[0]
        elif e.topic == "majia_elder" and e.seats:
            self.roles_seen[e.seats[0]] = "长老"
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
        if (m := ACCOUNT_RE.search(e.text)) and 1 <= int(m.group(1)) <= self.size:
            self.accounts[e.seat] = int(m.group(1))
        if m := LIST_RE.search(e.text):
            self.downstream |= {int(x) for x in m.group(1).split(",") if x.isdigit() and 1 <= int(x) <= self.size}
        if (m := SEEN_RE.search(e.text)) and 1 <= int(m.group(1)) <= self.size:
            self.roles_seen[int(m.group(1))] = m.group(2)

    def _announced(self, e: ev.Announced) -> None:
        if e.topic == "majia_morning":
            self.out.update(e.seats)
            self.out_accounts.update(int(a) for a in e.data.get("accounts", []))
            self.accounts.update(zip(e.seats, (int(a) for a in e.data.get("accounts", [])), strict=False))
        elif e.topic == "vote_result":
            for seat, account in dict(e.data.get("accounts", {})).items():
                self.out.add(int(seat))
                self.out_accounts.add(int(account))
                self.accounts[int(seat)] = int(account)
        elif e.topic in ("majia_sent_off", "majia_piper_out"):
            self.out.update(e.seats)
            if "account" in e.data:
                self.out_accounts.add(int(e.data["account"]))

    def mates(self) -> set[int]:
        """Every seat sharing a chat with this one (faction and lovers), itself included."""
        out = {self.seat}
        for members in self.teams.values():
            if self.seat in members:
                out |= members
        return out

    def mate_accounts(self) -> set[int]:
        return {self.accounts[m] for m in self.mates() if m in self.accounts}
