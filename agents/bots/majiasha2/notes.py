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
from operator import attrgetter

from agents.bots.notes import ViewNotes
from engine import events as ev
from engine.observation import LayerEntry, Observation, Seats
from engine.rulesets.majiasha2.names import FACTION_NAMES, ROLE_NAMES

LIST_RE = re.compile(r"下家:([\d,]+)")
SEEN_RE = re.compile(r"预言:(\d+)=(\S+)")
ACCOUNT_RE = re.compile(r"角色:(\d+)")
_MARKED = attrgetter("statuses")
_IDENTIFIED = attrgetter("role")
_SEAT_MAJIA = attrgetter("seat", "majia")


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
    names_read: tuple[LayerEntry, ...] | None = field(default=None, compare=False, repr=False)
    majia_read: int | None = field(default=None, compare=False, repr=False)
    seats_read: Seats | None = field(default=None, compare=False, repr=False)
    told_read: tuple[tuple[LayerEntry, ...], ...] = field(default=(), compare=False, repr=False)
    majia_pairs: tuple[tuple[int, int | None], ...] = field(default=(), compare=False, repr=False)
    inbox_read: tuple[ev.Event, ...] = field(default=(), compare=False, repr=False)
    """The 马甲 list (with the own 马甲), the seat list and the inbox ``know`` last read each part of its
    notes from, and what of them it read (the entries the seat was told something of, the seat → 马甲
    pairs): the engine keeps an unchanged part of a seat's observation as the same object, and each
    part is read again only when its own object changed (the 马甲 list stays while the seat list moves
    at every dawn and vote), and parsed again only when what it reads of it changed (a public out
    moves the 马甲 list, mostly not what the seat was told), where one rebuild of all three cost most
    of a bot's turn."""

    def on_skill_submitted(self, e: ev.SkillSubmitted) -> None:
        if e.skill == "pipe":
            self.piped.update(e.targets)
        elif e.skill == "shield":
            self.shielded_last = e.targets[0]

    def on_team_posted(self, e: ev.TeamPosted) -> None:
        """What a mate tells, kept apart (``know`` merges it anew each turn) and merged at once."""
        text, seats = e.text, self.seats
        told = ACCOUNT_RE.search(text)
        if told and e.majia is not None and 1 <= (account := int(told.group(1))) <= seats:
            self.told_accounts[account] = self.majia_of[account] = e.majia
        if m := LIST_RE.search(text):
            listed = {n for x in m.group(1).split(",") if x.isdigit() and 1 <= (n := int(x)) <= seats}
            self.told_downstream |= listed
            self.downstream |= listed
        if (m := SEEN_RE.search(text)) and 1 <= (seen := int(m.group(1))) <= seats:
            self.told_roles[seen] = self.roles_seen[seen] = m.group(2)

    def know(self, obs: Observation) -> None:
        """The seat's knowledge as the engine computed it, with what mates told on top. What a mate told
        since a part was read was merged into it as it was folded (``on_team_posted``), so a part whose
        source is the same object is as a rebuild would make it."""
        ViewNotes.know(self, obs)
        names, majia, seats, inbox = obs.layer_names, obs.majia, obs.seats, obs.inbox
        if names is not self.names_read or majia != self.majia_read:
            self.names_read, self.majia_read, self.majia = names, majia, majia or 0
            told = (tuple(filter(_MARKED, names)), tuple(filter(_IDENTIFIED, names)))
            if told != self.told_read:  # (a public out moves the list, mostly not what the seat was told)
                self.told_read = told
                self._know_names(*told)
        if seats is not self.seats_read:
            self.seats_read = seats
            self._know_seats(seats)
        if inbox is not self.inbox_read:
            self._know_inbox(inbox)
            self.inbox_read = inbox

    def _know_seats(self, seats: Seats) -> None:
        """Seat → 马甲 as the seat list tells it (itself, public reveals), what mates told on top: made
        again only when a pair changed (a reveal), not whenever the public record moved."""
        pairs = tuple(map(_SEAT_MAJIA, seats))
        if pairs != self.majia_pairs:
            self.majia_pairs = pairs
            self.majia_of = {seat: majia for seat, majia in pairs if majia is not None}
            self.majia_of.update(self.told_accounts)

    def _know_names(self, marked: tuple[LayerEntry, ...], identified: tuple[LayerEntry, ...]) -> None:
        """What the seat was told of the 马甲 it was told something of (``marked``: how each stands to
        it, ``identified``: an identity), in list order: mates, lover, elder, downstream, identities."""
        mates: set[int] = set()
        roles: dict[int, str] = {}
        downstream = set(self.told_downstream)
        partner = elder = None
        for entry in marked:
            marks, m = entry.statuses, entry.number
            if "mate" in marks or "partner" in marks:
                mates.add(m)
            if "partner" in marks and partner is None:
                partner = m
            if "elder" in marks and elder is None:
                elder = m
            if "downstream" in marks:
                downstream.add(m)
        for entry in identified:
            roles[entry.number] = identity(entry)
        roles.update(self.told_roles)
        self.mate_majias, self.downstream, self.roles_seen = mates, downstream, roles
        self.partner_majia, self.elder_majia = partner, elder

    def _know_inbox(self, inbox: tuple[ev.Event, ...]) -> None:
        """The witch's last 通灵 (the dying 马甲) and the redactions a killer was asked for, from the results
        that came since the inbox was last read (all of it where it is not a continuation)."""
        read = self.inbox_read
        start = len(read) if inbox[:len(read)] == read else 0
        if start == 0:
            self.dying, self.redact = [], []
        for e in inbox[start:]:
            if isinstance(e, ev.Feedback) and e.skill == "tongling":
                self.dying = list(e.targets)
            elif isinstance(e, ev.Notice) and e.topic == "majia_redact":
                self.redact = [*self.redact, str(e.data.get("text", ""))]

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
