"""A player that picks uniformly among its legal actions: the conformance harness's fuzzer.

Its randomness is derived from the game seed, its seat and how much it has seen, so a game of
random players is reproducible and can be resumed from its transcript alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from agents.base import Turn
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.legal import LegalAction

TEXTS = ("我觉得3号发言有问题。", "过。", "蓝字：从昨晚的结果看，刀口很奇怪。", "I think seat 5 is hiding something.")


def random_action(rand: random.Random, seat: int, legal: Sequence[LegalAction]) -> Action:
    """One action drawn uniformly from the templates, with uniformly drawn legal targets."""
    template = rand.choice(list(legal))
    kind = template.kind
    if kind == "post":
        return Post(seat=seat, text=rand.choice(TEXTS), blue=rand.random() < 0.5)
    if kind == "team_post":
        return TeamPost(seat=seat, team=template.team or "", text=rand.choice(TEXTS))
    if kind == "vote":
        options: list[int | None] = [*template.targets, None]
        return Vote(seat=seat, target=rand.choice(options), reason="随机")
    if kind == "skill":
        return UseSkill(seat=seat, skill=template.skill or "", targets=_targets(rand, template))
    if kind == "choose" and template.targets:
        return Choose(seat=seat, skill=template.skill or "", targets=_targets(rand, template))
    if kind == "choose":
        return Choose(seat=seat, skill=template.skill or "", use=rand.random() < 0.5)
    if kind == "last_words":
        return SubmitLastWords(seat=seat, text="我是好人，大家加油。")
    return Pass(seat=seat)


def _targets(rand: random.Random, template: LegalAction) -> tuple[int, ...]:
    if template.arity == 1:
        return (rand.choice(template.targets),)
    if template.first_from:
        first = rand.choice(template.first_from)
        rest = [t for t in template.targets if t not in template.first_from]
        return (first, rand.choice(rest))
    return tuple(rand.sample(list(template.targets), template.arity))


class RandomAgent:
    """The random-legal player as an ``Agent``; its draws depend only on what it has seen."""

    concurrent = False
    recomputable = True
    """Its draws depend only on the turn: a resumed game asks it again (``arena.run.replay``)."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    async def act(self, turn: Turn) -> Action | None:
        rand = random.Random(f"random/{turn.seed}/{turn.seat}/{len(turn.events)}/{turn.error or ''}")
        return random_action(rand, turn.seat, turn.legal)
