"""What a suitang21 bot knows: the engine's observation of its seat, and its notes on the thread.

What the judge told the seat comes from its observation (``engine.observation``, ``know``): its
identity, its chats and their members, its partner, today's posts, and its private results from
the inbox (预言, 犯罪天才, tonight's 通灵). What players said stays the bot's own strategy notes, a
fold over the public thread in its view (``update``): the seers' claims (text is data: a claim
naming no living seat is ignored), what this seat has claimed itself, and today's ballots.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import events as ev
from engine.observation import Observation
from engine.rulesets.suitang21.names import DAY

CLAIM = re.compile(r"【预言家】查验\s*(\d+)号[：:]\s*(非村民阵营|村民阵营)")
"""A seer's public claim, as the bots write it; other players' text is only ever matched, never trusted
beyond naming a seat and a camp."""
CLAIM_TEXT = "【预言家】查验 {seat}号：{result}"
DETECTIVE_CLAIM = re.compile(r"【侦探】(\d+)号\s*是\s*(狼人|花蝴蝶)")
DETECTIVE_TEXT = "【侦探】{seat}号 是 {identity}"
VOID = "无效"
"""Part of every voided result (无效（无结果）): such a result tells nothing."""


@dataclass
class Notes:
    """One seat's running knowledge: ``update`` folds the thread from index ``start``, ``know`` reads
    what the engine says the seat knows now."""

    seed: int
    seat: int
    seen: int = 0
    last: ev.Event | None = None
    # -- what the judge told the seat (the observation) ------------------------------------------------
    identity: str = ""
    teams: dict[str, list[int]] = field(default_factory=dict)
    partner: int | None = None
    camp_of: dict[int, str] = field(default_factory=dict)
    identity_of: dict[int, str] = field(default_factory=dict)
    kill_heard: list[int] = field(default_factory=list)
    posts_today: int = 0
    day: int = 0
    # -- notes on what players said (the thread) -----------------------------------------------------
    claims: dict[int, dict[int, str]] = field(default_factory=dict)
    voted_today: bool = False
    claimed: set[int] = field(default_factory=set)
    """Seats whose result this seat has claimed: read off its own posts in its view, like the rest of
    the notes, so a bot resumed from a transcript claims what an uninterrupted one would."""
    ballots: dict[int, int | None] = field(default_factory=dict)

    def know(self, obs: Observation) -> None:
        """Take what the seat was told from the engine's observation of it."""
        self.identity = obs.role or ""
        self.teams = {team.team: list(team.members) for team in obs.teams}
        self.partner = next((s.seat for s in obs.seats if "partner" in s.statuses), None)
        self.day = obs.day
        posts = obs.budget("posts")
        self.posts_today = posts.total - posts.left if posts is not None and posts.total is not None else 0
        self.camp_of, self.identity_of, self.kill_heard = {}, {}, []
        for e in obs.inbox:
            if isinstance(e, ev.Feedback) and e.seat == self.seat and VOID not in e.result:
                self._result(e, obs.day)

    def _result(self, e: ev.Feedback, day: int) -> None:
        if e.skill == "check" and e.targets:
            self.camp_of[e.targets[0]] = e.result
        elif e.skill == "detect" and e.targets:
            self.identity_of[e.targets[0]] = e.result
        elif e.skill == "tongling" and e.day == day:
            self.kill_heard = list(e.targets)

    def update(self, events: Sequence[ev.Event], start: int) -> None:
        for event in events[start:]:
            self._fold(event)
        self.seen = len(events)
        self.last = events[-1] if events else None

    def _fold(self, e: ev.Event) -> None:
        if isinstance(e, ev.PhaseBegan) and e.name == DAY:
            self.voted_today, self.ballots = False, {}
        elif isinstance(e, ev.Posted):
            self._posted(e)
        elif isinstance(e, ev.VoteCast):
            self.ballots[e.seat] = e.target
            self.voted_today = self.voted_today or e.seat == self.seat

    def _posted(self, e: ev.Posted) -> None:
        if e.seat == self.seat:
            self.claimed.update(int(seat) for seat, _ in (*CLAIM.findall(e.text), *DETECTIVE_CLAIM.findall(e.text)))
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
