"""The suitang21 bot's decisions, one small function per window (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TypeVar

from agents.base import Turn
from agents.bots.rand import unit
from agents.bots.suitang21.notes import CLAIM_TEXT, DETECTIVE_TEXT, Notes
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, UseSkill, Vote
from engine.legal import LegalAction
from engine.observation import derive
from engine.rulesets.suitang21.names import DAY, NIGHT, REACT, SETUP, WITCH_WAVE

T = TypeVar("T")
Legal = Mapping[tuple[str, str | None], LegalAction]
"""The turn's templates by (kind, skill)."""
TALKS = 3
MIN_POSTS = 5
"""Posts a bot makes before voting; it then asks to accelerate (加速), as forum players do once they have
said their piece, which lifts the activity minimums of an accelerated day."""
NON_VILLAGE = "非村民阵营"
TALK = ("我先听听大家的发言。", "昨晚的信息不多，我说说我的看法。", "{s}号今天的发言很可疑，我会关注。",
        "我是好人，请大家相信我。", "希望预言家尽快报验人结果。", "{s}号的投票理由站不住脚。")


def pick(turn: Turn, label: str, options: Sequence[T]) -> T:
    """One of ``options`` (not empty), drawn on (seed, seat, view length, label)."""
    return options[int(unit(turn.seed, turn.seat, len(turn.events), label) * len(options))]


def night_pick(turn: Turn, label: str, options: Sequence[T]) -> T:
    """A draw keyed by the night alone, so the members of a team draw the same seat."""
    return options[int(unit(turn.seed, 0, turn.day, label) * len(options))]


def menu(offered: tuple[LegalAction, ...]) -> Legal:
    """``offered`` by (kind, skill), kept per offered tuple (``engine.observation.derive``): the engine
    hands a seat's day menu as the same tuple while it is the same (``legal._day_menu``), and the map
    was built again at every turn; it is only read."""
    return derive(_menu, offered)


def _menu(offered: tuple[LegalAction, ...]) -> Legal:
    return {(t.kind, t.skill): t for t in offered}


def decide(notes: Notes, turn: Turn) -> Action:
    legal = menu(turn.legal)
    phase = turn.phase
    if turn.error is not None:
        return Pass(seat=turn.seat)
    if phase == DAY:
        return day(notes, turn, legal)
    if phase in (NIGHT, WITCH_WAVE):
        return night(notes, turn, legal)
    if phase == REACT:
        return react(notes, turn, legal)
    if phase == SETUP and ("skill", "arrow") in legal:
        targets = [t for t in legal["skill", "arrow"].targets if t != turn.seat]
        first = pick(turn, "arrow1", targets)
        second = pick(turn, "arrow2", [t for t in targets if t != first])
        return UseSkill(seat=turn.seat, skill="arrow", targets=(first, second))
    if ("last_words", None) in legal:
        return SubmitLastWords(seat=turn.seat, text=last_words(notes))
    return Pass(seat=turn.seat)


def suspect(notes: Notes, turn: Turn, alive: Sequence[int]) -> int | None:
    """The seat to accuse: for wolves a claimed seer or a non-wolf; for others a seat called 非村民."""
    others = _others(alive, turn.seat, notes.partner)
    if notes.is_wolf():
        return _wolf_suspect(notes, turn, others)
    named = _called(notes, others)
    if named is not None:
        return named
    trusted = _trusted(notes)
    if notes.ballots:  # (no ballot today: no leader, and ``leaders`` need not sort nothing)
        for s in notes.leaders():
            if s in others and s not in trusted:
                return s
    pool = _without(others, trusted) or others
    return pick(turn, f"hunch{notes.day}", pool) if pool else None


def _others(alive: Sequence[int], seat: int, partner: int | None) -> list[int]:
    """``alive`` (distinct seats) less the seat itself and its partner, in order: two C-level removals,
    where a comprehension compared every seat twice at every day turn."""
    others = list(alive)
    if seat in others:
        others.remove(seat)
    if partner is not None and partner in others:
        others.remove(partner)
    return others


def _without(seats: list[int], gone: AbstractSet[int]) -> list[int]:
    """``seats`` (distinct) less ``gone``, in order."""
    out = seats.copy()
    for s in gone:
        if s in out:
            out.remove(s)
    return out


def _wolf_suspect(notes: Notes, turn: Turn, others: list[int]) -> int | None:
    """A wolf's accusation: the first claimed seer outside the pack, else today's leader outside it
    (``leaders`` read only then), else a draw."""
    outside = _without(others, notes.pack())
    for s in notes.claims:
        if s in outside:
            return s
    if notes.ballots:
        for s in notes.leaders():
            if s in outside:
                return s
    return pick(turn, "wolf_vote", outside) if outside else None


def _trusted(notes: Notes) -> set[int]:
    """The seats a villager trusts: those its own checks cleared, every claimer, and every seat a
    claim cleared."""
    trusted = {s for s, r in notes.camp_of.items() if r != NON_VILLAGE}
    for claimer, results in notes.claims.items():
        trusted.add(claimer)
        for s, r in results.items():
            if r != NON_VILLAGE:
                trusted.add(s)
    return trusted


def _called(notes: Notes, others: list[int]) -> int | None:
    """The first of ``others`` the seat's own results call 非村民 or 狼人, else the first seat a claim
    calls 非村民 (claims in the order they came), else None."""
    if notes.camp_of or notes.identity_of:  # (a seer's or a detective's: most seats hold no result)
        bad = {s for s, r in notes.camp_of.items() if r == NON_VILLAGE}
        bad.update(s for s, i in notes.identity_of.items() if i == "狼人")
        for s in others:
            if s in bad:
                return s
    for results in notes.claims.values():
        for s, r in results.items():
            if r == NON_VILLAGE and s in others:
                return s
    return None


def day(notes: Notes, turn: Turn, legal: Legal) -> Action:
    """Post, vote, accelerate, top up the posts, pass; today's suspect is worked out only for a turn
    that names it (a ballot, or ordinary talk)."""
    vote = legal.get(("vote", None))
    posting = ("post", None) in legal
    if posting and notes.posts_today < TALKS:
        return Post(seat=turn.seat, text=talk(notes, turn, vote))
    if vote is not None and not notes.voted_today:
        target = suspect(notes, turn, vote.targets) if vote.targets else None
        return Vote(seat=turn.seat, target=target, reason=f"{target}号发言和行为最可疑" if target else "弃权")
    if ("skill", "accelerate") in legal:
        return UseSkill(seat=turn.seat, skill="accelerate")
    if posting and notes.posts_today < MIN_POSTS:
        return Post(seat=turn.seat, text=talk(notes, turn, vote))
    return Pass(seat=turn.seat)


def talk(notes: Notes, turn: Turn, vote: LegalAction | None) -> str:
    """A day's post: a seer's claim first, else ordinary talk naming today's suspect (among the
    ballot's targets, ``vote``)."""
    if notes.role == "seer":
        fresh = sorted(((s, r) for s, r in notes.camp_of.items() if s not in notes.claimed),
                       key=lambda item: item[1] != NON_VILLAGE)
        if fresh:
            return CLAIM_TEXT.format(seat=fresh[0][0], result=fresh[0][1])
    if notes.role == "detective":
        found = [(s, i) for s, i in notes.identity_of.items() if i in ("狼人", "花蝴蝶") and s not in notes.claimed]
        if found:
            return DETECTIVE_TEXT.format(seat=found[0][0], identity=found[0][1])
    line = pick(turn, "talk", TALK)
    target = suspect(notes, turn, vote.targets) if vote is not None and vote.targets else None
    return line.format(s=target if target is not None else "几")


def night(notes: Notes, turn: Turn, legal: Legal) -> Action:
    for (kind, skill), template in legal.items():
        if kind == "skill" and skill is not None:
            action = night_skill(notes, turn, skill, template.targets)
            if action is not None:
                return action
    return Pass(seat=turn.seat)


def night_skill(notes: Notes, turn: Turn, skill: str, targets: tuple[int, ...]) -> Action | None:
    seat = turn.seat
    chosen = _night_target(notes, turn, skill, [t for t in targets if t != notes.partner or skill == "shield"])
    return None if chosen is None else UseSkill(seat=seat, skill=skill, targets=(chosen,))


def _night_target(notes: Notes, turn: Turn, skill: str, targets: list[int]) -> int | None:
    if not targets:
        return None
    if skill == "kill":
        outside = [t for t in targets if t not in notes.pack() and t != turn.seat]
        seers = [s for s in notes.claims if s in outside]
        return seers[0] if seers else (night_pick(turn, "kill", outside) if outside else None)
    if skill == "shield":
        seers = [s for s in notes.claims if s in targets]
        return seers[0] if seers else turn.seat if turn.seat in targets else pick(turn, "shield", targets)
    if skill == "check":
        fresh = [t for t in targets if t not in notes.camp_of]
        return pick(turn, "check", fresh or targets)
    if skill == "detect":
        return pick(turn, "detect", targets) if turn.day >= 2 else None
    if skill == "save":
        heard = [t for t in notes.kill_heard if t in targets]
        return heard[0] if heard else None
    if skill == "poison":
        bad = [t for t in targets if notes.camp_of.get(t) == NON_VILLAGE or notes.identity_of.get(t) == "狼人"]
        called = [s for results in notes.claims.values() for s, r in results.items() if r == NON_VILLAGE]
        found = [t for t in (*bad, *called) if t in targets and t != turn.seat]
        return found[0] if found and turn.day >= 2 else None
    return pick(turn, skill, targets)


def react(notes: Notes, turn: Turn, legal: Legal) -> Action:
    for (kind, skill), template in legal.items():
        if kind == "choose" and skill is not None and template.targets:
            if skill == "shot":
                target = suspect(notes, turn, template.targets)
            else:
                trusted = [t for t in template.targets if notes.camp_of.get(t) == "村民阵营" or t in notes.claims]
                mates = [t for t in template.targets if t in notes.pack()] if notes.is_wolf() else []
                target = (mates or trusted or [pick(turn, "heir", template.targets)])[0]
            if target is not None:
                return Choose(seat=turn.seat, skill=skill, targets=(target,))
    return Pass(seat=turn.seat)


def last_words(notes: Notes) -> str:
    if notes.is_wolf():
        return "我是村民，大家好好找狼。"
    found = [f"{s}号{r}" for s, r in notes.camp_of.items()]
    return "我是好人。" + ("验人：" + "，".join(found) if found else "")
