"""What a majiasha2 bot knows: the engine's observation of its seat, and its own strategy notes.

The rules' knowledge comes from the ``Turn``'s observation (``engine.observation``, computed by the
engine): the seat's identity and 马甲, who is out and which 马甲 were revealed with them, the 马甲 of its
chat mates, its elder and its lover, the elder's downstream list, the seer's identities, and its
results (the witch's 通灵 and a killer's redaction request, from the inbox). A seat is the 角色 it
posts as; the judge never says which 角色 a mate posts as.

What the bot folds itself from its view (the shared fold, ``agents.bots.notes.ViewNotes``) is
strategy: what its mates *tell* in the faction chat,
in a fixed form (``角色:3``, ``下家:1,2``, ``预言:7=长老``; texts are data, parsed defensively), and its
own submissions (whom it piped, whom it shielded last). The observation is read first, then the
new events: what a mate tells lands on top of the judge's facts as it is folded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agents.bots.notes import ViewNotes
from engine import events as ev
from engine.observation import LayerEntry, Observation
from engine.rulesets.majiasha2.names import FACTION_NAMES, ROLE_NAMES

LIST_RE = re.compile(r"下家:([\d,]+)")
SEEN_RE = re.compile(r"预言:(\d+)=(\S+)")
ACCOUNT_RE = re.compile(r"角色:(\d+)")


@dataclass(slots=True)
class Notes(ViewNotes):
    """The seat's knowledge: the observation's facts (``know``) and what its mates told it."""

    majia: int = 0
    mate_majias: set[int] = field(default_factory=set)
    """The 马甲 of this seat's chat mates (faction chat and lover), as the judge told them."""
    partner_majia: int | None = None
    elder_majia: int | None = None
    """The 马甲 of this faction's elder, once the chat is told."""
    downstream: set[int] = field(default_factory=set)
    """The downstream faction's 马甲 (the elder's 知天命, and as shared in the chat)."""
    majia_of: dict[int, int] = field(default_factory=dict)
    """Seat → 马甲 as far as this seat knows (itself, public reveals, and what mates tell in the chat)."""
    roles_seen: dict[int, str] = field(default_factory=dict)
    """马甲 → identity, as the rules' Chinese writes it (the elder notice, 预言, and the chat)."""
    dying: list[int] = field(default_factory=list)
    piped: set[int] = field(default_factory=set)
    shielded_last: int | None = None
    redact: list[str] = field(default_factory=list)
    told_accounts: dict[int, int] = field(default_factory=dict)
    told_downstream: set[int] = field(default_factory=set)
    told_roles: dict[int, str] = field(default_factory=dict)
    """What mates told in the chat (account, downstream list, identities), kept apart from the judge's."""
    names_from: tuple[object, ...] = field(default=(), compare=False, repr=False)
    seats_from: tuple[object, ...] = field(default=(), compare=False, repr=False)
    inbox_from: tuple[object, ...] = field(default=(), compare=False, repr=False)
    """The 马甲 list (with the own 马甲), the seat list and the inbox ``know`` last read each part of its
    notes from: the engine keeps an unchanged part of a seat's observation as the same object, and each
    part is read again only when its own object changed (the 马甲 list stays while the seat list moves
    at every dawn and vote), where one rebuild of all three cost most of a bot's turn."""

    def on_skill_submitted(self, e: ev.SkillSubmitted) -> None:
        if e.skill == "pipe":
            self.piped.update(e.targets)
        elif e.skill == "shield":
            self.shielded_last = e.targets[0]

    def on_team_posted(self, e: ev.TeamPosted) -> None:
        """What a mate tells, kept apart (``know`` merges it anew each turn) and merged at once."""
        told = ACCOUNT_RE.search(e.text)
        if told and e.majia is not None and 1 <= int(told.group(1)) <= self.seats:
            self.told_accounts[int(told.group(1))] = self.majia_of[int(told.group(1))] = e.majia
        if m := LIST_RE.search(e.text):
            listed = {int(x) for x in m.group(1).split(",") if x.isdigit() and 1 <= int(x) <= self.seats}
            self.told_downstream |= listed
            self.downstream |= listed
        if (m := SEEN_RE.search(e.text)) and 1 <= int(m.group(1)) <= self.seats:
            self.told_roles[int(m.group(1))] = self.roles_seen[int(m.group(1))] = m.group(2)

    def know(self, obs: Observation) -> None:
        """The seat's knowledge as the engine computed it, with what mates told on top. What a mate told
        since a part was read was merged into it as it was folded (``on_team_posted``), so a part whose
        source is the same object is as a rebuild would make it."""
        ViewNotes.know(self, obs)
        names = obs.layer_names
        if not (self.names_from and self.names_from[0] is names and self.names_from[1] == obs.majia):
            self.names_from = (names, obs.majia)
            self._know_names(names, obs.majia)
        if not (self.seats_from and self.seats_from[0] is obs.seats):
            self.seats_from = (obs.seats,)
            self.majia_of = {s.seat: s.majia for s in obs.seats if s.majia is not None}
            self.majia_of.update(self.told_accounts)
        if not (self.inbox_from and self.inbox_from[0] is obs.inbox):
            self.inbox_from = (obs.inbox,)
            self._know_inbox(obs.inbox)

    def _know_names(self, names: tuple[LayerEntry, ...], majia: int | None) -> None:
        """The own 马甲, and what the seat was told of each 马甲: mates, lover, elder, downstream, identities."""
        self.majia = majia or 0
        self.mate_majias, self.downstream, self.roles_seen = set(), set(self.told_downstream), {}
        self.partner_majia = self.elder_majia = None
        for entry in names:
            if not entry.statuses and not entry.role:
                continue
            marks, m = entry.statuses, entry.number
            if "mate" in marks or "partner" in marks:
                self.mate_majias.add(m)
            if "partner" in marks and self.partner_majia is None:
                self.partner_majia = m
            if "elder" in marks and self.elder_majia is None:
                self.elder_majia = m
            if "downstream" in marks:
                self.downstream.add(m)
            if entry.role:
                self.roles_seen[m] = identity(entry)
        self.roles_seen.update(self.told_roles)

    def _know_inbox(self, inbox: tuple[ev.Event, ...]) -> None:
        """The witch's last 通灵 (the dying 马甲) and the redactions a killer was asked for."""
        self.dying = next((list(e.targets) for e in reversed(inbox)
                           if isinstance(e, ev.Feedback) and e.skill == "tongling"), [])
        self.redact = [str(e.data.get("text", "")) for e in inbox
                       if isinstance(e, ev.Notice) and e.topic == "majia_redact"]

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


def identity(entry: LayerEntry) -> str:
    """A known identity as the rules' Chinese writes it (``长老``; ``长老/阵营C`` where 预言 showed the
    faction, D-06), the form the bot's chat posts share."""
    role = ROLE_NAMES.zh(entry.role or "")
    if entry.faction and "downstream" not in entry.statuses:
        return f"{role}/{FACTION_NAMES.zh(entry.faction)}"
    return role
