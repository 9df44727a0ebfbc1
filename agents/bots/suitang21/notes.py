"""What a suitang21 bot knows: a fold over its own seat's view, and nothing else.

Its identity, its chats, its partner, its private results (预言, 犯罪天才, 通灵), the public claims
of seers (text is data: a claim naming no living seat is ignored), and today's own posts and ballot.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import events as ev

CLAIM = re.compile(r"【预言家】查验\s*(\d+)号[：:]\s*(非村民阵营|村民阵营)")
"""A seer's public claim, as the bots write it; other players' text is only ever matched, never trusted
beyond naming a seat and a camp."""
CLAIM_TEXT = "【预言家】查验 {seat}号：{result}"
DETECTIVE_CLAIM = re.compile(r"【侦探】(\d+)号\s*是\s*(狼人|花蝴蝶)")
DETECTIVE_TEXT = "【侦探】{seat}号 是 {identity}"


@dataclass
class Notes:
    """One seat's running knowledge; ``update`` folds the view from index ``start``."""

    seed: int
    seat: int
    seen: int = 0
    last: ev.Event | None = None
    identity: str = ""
    teams: dict[str, list[int]] = field(default_factory=dict)
    partner: int | None = None
    camp_of: dict[int, str] = field(default_factory=dict)
    identity_of: dict[int, str] = field(default_factory=dict)
    claims: dict[int, dict[int, str]] = field(default_factory=dict)
    kill_heard: list[int] = field(default_factory=list)
    posts_today: int = 0
    voted_today: bool = False
    claimed: set[int] = field(default_factory=set)
    ballots: dict[int, int | None] = field(default_factory=dict)
    day: int = 0

    def update(self, events: Sequence[ev.Event], start: int) -> None:
        for event in events[start:]:
            self._fold(event)
        self.seen = len(events)
        self.last = events[-1] if events else None

    def _fold(self, e: ev.Event) -> None:
        if isinstance(e, ev.PhaseBegan):
            if e.name == "DAY":
                self.day, self.posts_today, self.voted_today, self.ballots = e.number, 0, False, {}
            elif e.name == "NIGHT":
                self.kill_heard = []
        elif isinstance(e, ev.RoleDealt) and e.seat == self.seat:
            self.identity = e.role
        elif isinstance(e, ev.TeamFormed):
            self.teams[e.team] = list(e.members)
        elif isinstance(e, ev.Notice) and e.topic == "lover" and e.seats:
            self.partner = e.seats[0]
        elif isinstance(e, ev.Feedback):
            self._feedback(e)
        elif isinstance(e, ev.Posted):
            self._posted(e)
        elif isinstance(e, ev.VoteCast):
            self.ballots[e.seat] = e.target
            self.voted_today = self.voted_today or e.seat == self.seat

    def _feedback(self, e: ev.Feedback) -> None:
        if e.seat != self.seat or "无效" in e.result:
            return
        if e.skill == "check" and e.targets:
            self.camp_of[e.targets[0]] = e.result
        elif e.skill == "detect" and e.targets:
            self.identity_of[e.targets[0]] = e.result
        elif e.skill == "tongling":
            self.kill_heard = list(e.targets)

    def _posted(self, e: ev.Posted) -> None:
        if e.seat == self.seat:
            self.posts_today += 1
        for seat, result in CLAIM.findall(e.text):
            self.claims.setdefault(e.seat, {})[int(seat)] = result
        for seat, _ in DETECTIVE_CLAIM.findall(e.text):
            self.claims.setdefault(e.seat, {})[int(seat)] = "非村民阵营"

    def leaders(self) -> list[int]:
        """Today's most-voted seats so far, most votes first."""
        counts: dict[int, int] = {}
        for target in self.ballots.values():
            if target is not None:
                counts[target] = counts.get(target, 0) + 1
        return sorted(counts, key=lambda s: (-counts[s], s))

    def pack(self) -> list[int]:
        return self.teams.get("wolf_pack", [])

    def is_wolf(self) -> bool:
        return self.seat in self.pack() or self.identity == "butterfly"
