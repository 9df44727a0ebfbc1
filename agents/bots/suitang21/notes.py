"""What a suitang21 bot knows: the engine's observation of its seat, and its notes on the thread.

What the judge told the seat comes from its observation (``engine.observation``, ``know``): its
identity, its chats and their members, its partner, today's posts, and its private results from
the inbox (预言, 犯罪天才, tonight's 通灵). What players said stays the bot's own strategy notes, a
fold over the public thread in its view (the shared ``agents.bots.notes.ViewNotes``, which also keeps
today's ballots): the seers' claims (text is data: a claim
naming no living seat is ignored) and what this seat has claimed itself.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import ClassVar

from agents.bots.notes import ViewNotes
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


@functools.lru_cache(maxsize=4096)
def said(text: str) -> tuple[tuple[int, str], ...]:
    """The (seat, camp) results a post claims, a seer's then a detective's (who names a non-villager):
    parsed once per text, however many of the table's bots read it."""
    return (*((int(target), result) for target, result in CLAIM.findall(text)),
            *((int(target), "非村民阵营") for target, _ in DETECTIVE_CLAIM.findall(text)))


@dataclass(slots=True)
class Notes(ViewNotes):
    """One seat's running knowledge: ``know`` reads what the engine says the seat knows now (its
    identity is the base's ``role``), the shared fold reads the posts (``wrote``, ``read``)."""

    DAY_STARTS: ClassVar[frozenset[str]] = frozenset({DAY})
    # -- what the judge told the seat (the observation) ------------------------------------------------
    partner: int | None = None
    camp_of: dict[int, str] = field(default_factory=dict)
    identity_of: dict[int, str] = field(default_factory=dict)
    kill_heard: list[int] = field(default_factory=list)
    posts_today: int = 0
    known_from: tuple[object, ...] = field(default=(), compare=False, repr=False)
    """The seat list, inbox and day ``know`` last read (the engine keeps an unchanged part of a seat's
    observation as the same object): the results are read again only when one of them moved."""
    # -- notes on what players said (the thread) -----------------------------------------------------
    claims: dict[int, dict[int, str]] = field(default_factory=dict)
    claimed: set[int] = field(default_factory=set)
    """Seats whose result this seat has claimed: read off its own posts in its view, like the rest of
    the notes, so a bot resumed from a transcript claims what an uninterrupted one would."""

    def know(self, obs: Observation) -> None:
        """Take what the seat was told from the engine's observation of it."""
        ViewNotes.know(self, obs)
        posts = obs.budget("posts")
        self.posts_today = posts.total - posts.left if posts is not None and posts.total is not None else 0
        read = self.known_from
        if read and read[0] is obs.seats and read[1] is obs.inbox and read[2] == obs.day:
            return  # the same seats, results and day: the same partner and results
        self.known_from = (obs.seats, obs.inbox, obs.day)
        # only a lover's observation marks a partner (``observe.told``): other seats skip the scan
        lover = "lover" in obs.statuses
        self.partner = next((s.seat for s in obs.seats if "partner" in s.statuses), None) if lover else None
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

    def wrote(self, e: ev.Posted) -> None:
        self.claimed.update(target for target, _ in said(e.text))

    def read(self, seat: int, text: str) -> None:
        for target, result in said(text):
            self.claims.setdefault(seat, {})[target] = result

    def pack(self) -> frozenset[int]:
        return self.teams.get("wolf_pack", frozenset())

    def is_wolf(self) -> bool:
        return self.seat in self.pack() or self.role == "butterfly"
