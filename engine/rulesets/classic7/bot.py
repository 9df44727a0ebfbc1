"""classic7's scripted player: a pure policy over the seat's observation and its view (``Policy``).

It reads what the engine computed for the seat (identity, who lives, its results in ``inbox``, its
legal actions) and, from the public thread, the seer's claims (posts carrying ``N号=狼人`` /
``N号=好人``). Each decision draws from a generator keyed by (seed, seat, view length, label), so the
same arguments always give the same action. Heuristics:

* wolves kill a living non-wolf, a claimed seer first, else one drawn by (seed, night) so the pack
  agrees without talking (the lower wolf still says the target in the pack's chat); they vote a seat
  that claimed wolves on them, else a random non-wolf;
* the seer checks a living seat she has not checked and claims every result each day;
* the witch saves the night's victim while she can and poisons a claimed wolf;
* the hunter shoots a claimed wolf, else holds his fire;
* everyone else votes a seat the seer claimed wolf, else a random seat nobody cleared.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.events import Event, Feedback, Posted, TeamPosted
from engine.legal import LegalAction
from engine.observation import Observation
from engine.rulesets.classic7.names import CHECK, GOOD, KILL, PACK, POISON, SAVE, SEER, SHOOT, WEREWOLF, WOLF

CLAIM = re.compile(r"(\d+)号=(狼人|好人)")
"""How the seer's claim reads in a post: ``查验：3号=狼人，5号=好人``."""
CLAIM_WORD = {WOLF: "狼人", GOOD: "好人"}
Offered = dict[tuple[str, str | None], LegalAction]
"""The seat's legal actions by (kind, skill)."""


def decide(obs: Observation, view: Sequence[Event], seed: int) -> Action:
    """The seat's action now (``Policy``)."""
    seat = obs.seat or 0
    rand = random.Random(f"classic7/{seed}/{seat}/{len(view)}")
    offered: Offered = {(lg.kind, lg.skill): lg for lg in obs.legal}
    for choice in (_night, _witch, _shot, _day, _vote, _words):
        action = choice(obs, view, rand, offered)
        if action is not None:
            return action
    return Pass(seat=seat)


def _claims(view: Sequence[Event]) -> dict[int, str]:
    """Seat → ``wolf`` / ``good`` as public posts claimed them (the latest claim about a seat stands)."""
    out: dict[int, str] = {}
    for e in view:
        if isinstance(e, Posted):
            for number, word in CLAIM.findall(e.text):
                out[int(number)] = WOLF if word == "狼人" else GOOD
    return out


def _claimer(view: Sequence[Event]) -> int | None:
    """The seat that posted a claim last."""
    return next((e.seat for e in reversed(view) if isinstance(e, Posted) and CLAIM.search(e.text)), None)


def _results(obs: Observation) -> dict[int, str]:
    """The seer's own results, from her inbox."""
    return {e.targets[0]: e.result for e in obs.inbox if isinstance(e, Feedback) and e.skill == CHECK}


def _mates(obs: Observation) -> set[int]:
    own = {obs.seat} if obs.role == WEREWOLF and obs.seat is not None else set()
    return {s.seat for s in obs.seats if s.role == WEREWOLF} | own


def _night(obs: Observation, view: Sequence[Event], rand: random.Random,
           offered: Offered) -> Action | None:
    seat = obs.seat or 0
    kill = offered.get(("skill", KILL))
    if kill is not None:
        target = _prey(obs, view, kill)
        chat = offered.get(("team_post", None))
        said = any(isinstance(e, TeamPosted) and e.seat == seat and e.day == obs.day for e in view)
        if chat is not None and not said and seat == min(_mates(obs)):
            return TeamPost(seat=seat, team=PACK, text=f"今晚刀 {target} 号。")
        return UseSkill(seat=seat, skill=KILL, targets=(target,))
    check = offered.get(("skill", CHECK))
    if check is not None:
        known = _results(obs)
        fresh = [t for t in check.targets if t not in known] or list(check.targets)
        return UseSkill(seat=seat, skill=CHECK, targets=(rand.choice(fresh),))
    return None


def _prey(obs: Observation, view: Sequence[Event], kill: LegalAction) -> int:
    """The pack's target: a claimed seer first, else a draw keyed by the night alone."""
    others = [t for t in kill.targets if t not in _mates(obs)] or list(kill.targets)
    claimer = _claimer(view)
    if claimer in others:
        return claimer
    return random.Random(f"classic7/pack/{obs.day}/{len(others)}").choice(others)


def _witch(obs: Observation, view: Sequence[Event], rand: random.Random,
           offered: Offered) -> Action | None:
    seat = obs.seat or 0
    save, poison = offered.get(("skill", SAVE)), offered.get(("skill", POISON))
    if save is not None:
        return UseSkill(seat=seat, skill=SAVE, targets=save.targets[:1])
    if poison is not None:
        wolves = [t for t, word in _claims(view).items() if word == WOLF and t in poison.targets]
        if wolves:
            return UseSkill(seat=seat, skill=POISON, targets=(wolves[0],))
    return Pass(seat=seat) if save is not None or poison is not None else None


def _shot(obs: Observation, view: Sequence[Event], rand: random.Random,
          offered: Offered) -> Action | None:
    shoot = offered.get(("choose", SHOOT))
    if shoot is None:
        return None
    wolves = [t for t, word in _claims(view).items() if word == WOLF and t in shoot.targets]
    seat = obs.seat or 0
    return Choose(seat=seat, skill=SHOOT, targets=(wolves[0],)) if wolves else Choose(seat=seat, skill=SHOOT, use=False)


def _day(obs: Observation, view: Sequence[Event], rand: random.Random,
         offered: Offered) -> Action | None:
    if ("post", None) not in offered:
        return None
    seat = obs.seat or 0
    if obs.role == SEER and _results(obs):
        found = "，".join(f"{t}号={CLAIM_WORD[r]}" for t, r in sorted(_results(obs).items()))
        return Post(seat=seat, text=f"我是预言家。查验：{found}。")
    suspect = _suspect(obs, view, rand)
    return Post(seat=seat, text=f"我是好人。我怀疑 {suspect} 号。" if suspect else "我是好人，过。")


def _suspect(obs: Observation, view: Sequence[Event], rand: random.Random) -> int | None:
    """Whom the seat would vote: a claimed wolf (a wolf: a seat that is no mate, the claimer first)."""
    seat = obs.seat or 0
    living = [t for t in obs.living() if t != seat]
    if obs.role == WEREWOLF:
        mates = _mates(obs)
        claimer = _claimer(view)
        prey = [t for t in living if t not in mates]
        return claimer if claimer in prey else (rand.choice(prey) if prey else None)
    known = {**_claims(view), **_results(obs)}
    wolves = [t for t in living if known.get(t) == WOLF]
    if wolves:
        return wolves[0]
    unclear = [t for t in living if known.get(t) != GOOD and t != _claimer(view)] or living
    return rand.choice(unclear) if unclear else None


def _vote(obs: Observation, view: Sequence[Event], rand: random.Random,
          offered: Offered) -> Action | None:
    ballot = offered.get(("vote", None))
    if ballot is None:
        return None
    target = _suspect(obs, view, rand)
    seat = obs.seat or 0
    if target not in ballot.targets:
        return Vote(seat=seat, target=None, reason="弃票")
    return Vote(seat=seat, target=target, reason="最可疑")


def _words(obs: Observation, view: Sequence[Event], rand: random.Random,
           offered: Offered) -> Action | None:
    if ("last_words", None) not in offered:
        return None
    seat = obs.seat or 0
    results = _results(obs)
    if obs.role == SEER and results:
        found = "，".join(f"{t}号={CLAIM_WORD[r]}" for t, r in sorted(results.items()))
        return SubmitLastWords(seat=seat, text=f"我是预言家。查验：{found}。")
    return SubmitLastWords(seat=seat, text="我是好人，大家加油。")
