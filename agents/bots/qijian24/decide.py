"""The qijian24 bot's decisions: a stage's post, ballot and privileges; a night's skills; last words.

Heuristics, from what the seat knows (its observation, ``notes.Known``) and its strategy notes: vote and kill known enemies first, then the day's most
voted seat that is not a known friend, then a stable hunch; never a known friend. The doctor guards
the sword it knows, the prayer a published sword, the revivers a dead friend; the mage checks until
it finds a 杀手团 member and then kills it; the rangers reveal and ban early; 日月剑 and 禁武使者
spare a friend who is on the block.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import filterfalse

from agents.base import Turn
from agents.bots.qijian24.notes import SURE, Known, Notes
from engine.actions import Action, Pass, Post, SubmitLastWords, UseSkill, Vote
from engine.legal import LegalAction
from engine.rulesets.qijian24.names import STAGE1

HUNCH_WEIGHT = 4.0
"""How many of today's ballots a strong hunch outweighs: the first voters spread, a crowd of four or
more then draws the rest (a forum's day, not one instant bandwagon)."""
RANGER_CHOICES = ("independent", "help_killers", "help_wuzhuang")
RANGER_KEYS = frozenset(("skill", choice) for choice in RANGER_CHOICES)
"""The ranger's choices as keys of ``Decision.legal``: any of them offered, the seat chooses its side."""


class Decision:
    """One decision: what the seat knows, its notes, the turn, a generator keyed by (seed, seat, view
    length, label)."""

    def __init__(self, notes: Notes, turn: Turn) -> None:
        self.n, self.turn = notes, turn
        self.k = Known.of(turn.seat, turn.observation)
        self.legal = {(t.kind, t.skill): t for t in turn.legal}

    def rand(self, label: str) -> random.Random:
        return random.Random(f"qj/{self.turn.seed}/{self.turn.seat}/{len(self.turn.events)}/{label}")

    def hunch(self, seat: int) -> float:
        """A stable per-day suspicion of ``seat`` (the same all day, different each day), drawn once a day."""
        if self.n.hunch_day != self.n.day:
            rand = random.Random(f"qj-hunch/{self.turn.seed}/{self.turn.seat}/{self.n.day}")
            self.n.hunches, self.n.hunch_day = {s: rand.random() for s in range(1, 25)}, self.n.day
        return self.n.hunches.get(seat, 0.0)

    def pick(self, options: Sequence[int], label: str) -> int | None:
        """Known enemies first, then today's ballots weighed against the day's hunch; never a friend (the
        first seat of the best score, as ``max`` answers: a plain loop costs fewer instructions than a key
        call, or ``map``, per seat)."""
        n, k = self.n, self.k
        pool = list(filterfalse(k.friends.__contains__, options))
        if not pool:
            return None
        enemies = k.foes | n.accusers if label == "assassinate" else k.foes
        chosen = list(filter(enemies.__contains__, pool)) or pool
        self.hunch(pool[0])
        hunches, heat = n.hunches, n.heat
        best, top = chosen[0], -1.0
        for t in chosen:
            score = heat.get(t, 0) + HUNCH_WEIGHT * hunches.get(t, 0.0)
            if score > top:
                best, top = t, score
        return best

    # -- the day -------------------------------------------------------------------------------------

    def stage(self) -> Action:
        seat = self.turn.seat
        if not RANGER_KEYS.isdisjoint(self.legal):
            return UseSkill(seat=seat, skill=self._allegiance())
        privilege = self._privilege()
        if privilege is not None:
            return privilege
        vote = self.legal.get(("vote", None))
        if vote is None:
            return Pass(seat=seat)
        target = self.pick(vote.targets, "vote")
        if not self.n.posted:
            return Post(seat=seat, text=self._speech(target))
        return Vote(seat=seat, target=target, reason="直觉" if target is None or not self.k.enemy(target) else "身份已明")

    def _speech(self, target: int | None) -> str:
        if target is None:
            return "目前没有明确的怀疑对象，先听听大家的意见。"
        if self.k.enemy(target):
            return f"{target}号{SURE}了，这一轮请集中投{target}号。"
        return self.rand("speech").choice([f"我觉得{target}号发言偏划水，倾向投{target}号。",
                                           f"{target}号的票型很可疑，大家注意。", f"先踩一下{target}号，理由稍后补充。"])

    def _allegiance(self) -> str:
        """The mage stays independent; the others help a side (independent once refused)."""
        if self.k.rejected or self.k.role == "mage":
            return "independent"
        return self.rand("side").choice(RANGER_CHOICES[1:])

    def _privilege(self) -> Action | None:
        """禁武使者 and 日月剑 spare a friend who leads the day's votes in Stage 2 or 3."""
        seat = self.turn.seat
        if self.turn.phase == STAGE1:
            return None
        leader = self._leader()
        if leader is None or self.k.enemy(leader):
            return None
        gamble = self.rand("privilege").random() < 0.3
        if not (self.k.friend(leader) or gamble):
            return None
        if ("skill", "immunity") in self.legal:
            return UseSkill(seat=seat, skill="immunity", targets=(leader,))
        if ("skill", "exempt") in self.legal:
            return UseSkill(seat=seat, skill="exempt")
        return None

    def _leader(self) -> int | None:
        """The ballot's candidate with the most of today's ballots (the first of a tie), if any has one."""
        vote = self.legal.get(("vote", None))
        heat = self.n.heat
        if vote is None or not heat:
            return None
        counts = [heat.get(t, 0) for t in vote.targets]
        most = max(counts, default=0)
        return vote.targets[counts.index(most)] if most else None

    # -- the night -----------------------------------------------------------------------------------

    def night(self) -> Action:
        seat = self.turn.seat
        if ("last_words", None) in self.legal:
            return SubmitLastWords(seat=seat, text=self._last_words())
        for (kind, skill), template in self.legal.items():
            if kind == "skill" and skill is not None:
                chosen = self._target(skill, template)
                if chosen is not None:
                    return UseSkill(seat=seat, skill=skill, targets=(chosen,))
        return Pass(seat=seat)

    def _target(self, skill: str, template: LegalAction) -> int | None:
        options, n, k = list(template.targets), self.n, self.k
        unknown = [t for t in options if t not in k.known and t != self.turn.seat]
        if skill in ("assassinate", "snipe", "kill"):
            if skill != "assassinate" and not any(k.enemy(t) for t in options) and n.day < 2:
                return None
            return self.pick(options, skill)
        if skill == "check":
            return min(unknown, key=self.hunch, default=None)
        if skill == "protect":
            friends = [t for t in options if t != self.turn.seat and k.friend(t)]
            return friends[0] if friends else (self.turn.seat if self.turn.seat in options else options[0])
        if skill == "revive":
            friends = [t for t in options if k.friend(t)]
            return friends[0] if friends else None
        if skill == "pray":
            swords = [t for t in options if k.sword(t)]
            return swords[0] if swords else self.rand("pray").choice(options)
        if skill in ("kill_ban", "ban"):
            return self.pick(options, skill) if n.day >= 2 else None
        if skill == "reveal":
            return min(unknown, key=self.hunch, default=None)
        return None

    def _last_words(self) -> str:
        enemies = sorted(t for t in self.k.known if self.k.enemy(t) and t in self.k.alive)
        if enemies:
            return f"我出局了。请大家注意{'、'.join(f'{t}号' for t in enemies)}。"
        return "我出局了，祝本方好运。"
