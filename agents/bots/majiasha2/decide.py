"""The majiasha2 bot's decisions, one small function per window (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from agents.base import Turn
from agents.bots.fallback import keyed
from agents.bots.majiasha2.notes import Notes
from agents.bots.rand import key_of, unit
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.legal import LegalAction
from engine.rulesets.majiasha2.names import Ph

T = TypeVar("T")
MASK = "■"


class Ctx:
    """One decision: notes, the turn, the legal templates by ``kind[:skill|team]`` (``fallback.keyed``)."""

    def __init__(self, notes: Notes, turn: Turn) -> None:
        self.notes, self.turn, self.seat = notes, turn, turn.seat
        self.legal: Mapping[str, LegalAction] = keyed(turn.legal)

    def pick(self, label: str, options: Sequence[T]) -> T:
        """One of ``options`` keyed by (seed, seat, view length, label)."""
        roll = unit(self.turn.seed, self.seat, len(self.turn.events), label)
        return options[int(roll * len(options))]

    def squad_pick(self, label: str, options: Sequence[T]) -> T:
        """One of ``options`` keyed by (seed, day, faction, label): teammates who know the same agree."""
        roll = unit(key_of(self.turn.seed, self.turn.day, self.notes.faction), label)
        return options[int(roll * len(options))]

    def skip(self) -> Action:
        return Pass(seat=self.seat)


def decide(notes: Notes, turn: Turn) -> Action:
    ctx = Ctx(notes, turn)
    if turn.error is not None:
        return _fallback(ctx)
    handler = PHASES.get(turn.phase, _night)
    return handler(ctx)


def _fallback(ctx: Ctx) -> Action:
    if "vote" in ctx.legal:
        return Vote(seat=ctx.seat, target=None, reason="弃票")
    return ctx.skip()


# -- night 0 ----------------------------------------------------------------------------------------


def _cupid(ctx: Ctx) -> Action:
    arrow = ctx.legal.get("skill:arrow")
    if arrow is None or len(arrow.targets) < 2:
        return ctx.skip()
    first = ctx.pick("arrow1", arrow.targets)
    second = ctx.pick("arrow2", [t for t in arrow.targets if t != first])
    return UseSkill(seat=ctx.seat, skill="arrow", targets=(first, second))


def _elect(ctx: Ctx) -> Action:
    ballot = ctx.legal.get("vote")
    if ballot is None or not ballot.targets:
        return ctx.skip()
    return Vote(seat=ctx.seat, target=min(ballot.targets), reason="按惯例推举最小号")


def _appoint(ctx: Ctx) -> Action:
    appoint = ctx.legal.get("skill:appoint")
    if appoint is None:
        return ctx.skip()
    pool = list(appoint.targets)
    chosen: list[int] = []
    for i in range(appoint.arity):
        chosen.append(ctx.pick(f"appoint{i}", [t for t in pool if t not in chosen]))
    return UseSkill(seat=ctx.seat, skill="appoint", targets=tuple(chosen))


# -- the day ------------------------------------------------------------------------------------------


def _day(ctx: Ctx) -> Action:
    """One post naming the 马甲 it will vote for; bots never agree to shorten the day (缩短白天), so a
    day they play always hears every seat."""
    if "post" not in ctx.legal:
        return ctx.skip()
    target = _vote_target(ctx)
    if ctx.turn.day == 1:
        text = f"第一天，我支持马甲{target}号竞岗警长，请大家考虑。" if target else "第一天先听大家发言。"
    else:
        text = f"我觉得马甲{target}号有问题，今天先投他。" if target else "今天信息不多，先听大家发言。"
    return Post(seat=ctx.seat, text=text)


def _vote(ctx: Ctx) -> Action:
    ballot = ctx.legal.get("vote")
    if ballot is None:
        return ctx.skip()
    target = _vote_target(ctx)
    if target not in ballot.targets:
        target = None
    return Vote(seat=ctx.seat, target=target, reason="综合判断" if target else "弃票")


def _vote_target(ctx: Ctx) -> int | None:
    """A 马甲 (ballots name 马甲). Day 1: own elder's as sheriff (else its own); later: the downstream
    elder's if known, else a squad pick among the downstream list, else any 马甲 outside its chats."""
    notes = ctx.notes
    ballot = ctx.legal.get("vote")
    living = list(ballot.targets) if ballot else []
    mates = notes.mate_majia()
    if ctx.turn.day == 1:
        return notes.elder_majia or notes.majia or None
    known = [m for m in living if notes.roles_seen.get(m) == "长老" and m in notes.downstream]
    if known:
        return known[0]
    listed = sorted(m for m in notes.downstream if m in living and m not in mates)
    if listed:
        return ctx.squad_pick("vote", listed)
    others = [m for m in living if m not in mates]
    return ctx.pick("vote", others) if others else None


def _succession(ctx: Ctx) -> Action:
    choose = ctx.legal.get("choose:successor")
    if choose is None or not choose.targets:
        return ctx.skip()
    mates = [t for t in choose.targets if t in ctx.notes.mate_majia() and t != ctx.notes.majia]
    return Choose(seat=ctx.seat, skill="successor", targets=(ctx.pick("heir", mates or list(choose.targets)),))


def _words(ctx: Ctx) -> Action:
    if "last_words" not in ctx.legal:
        return ctx.skip()
    notes = ctx.notes
    if ctx.turn.phase == Ph.REDACT and notes.redact:
        text = notes.redact[-1]
        return SubmitLastWords(seat=ctx.seat, text=text[:5] + MASK * (len(text) - 5))
    seen = "，".join(f"马甲{m}号是{r}" for m, r in sorted(notes.roles_seen.items())) or "没有查验信息"
    text = f"我是{notes.faction}阵营的好人，{seen}，大家加油。"[:200]
    return SubmitLastWords(seat=ctx.seat, text=text)


# -- the night ------------------------------------------------------------------------------------------


def _night(ctx: Ctx) -> Action:
    chat = _chat(ctx)
    if chat is not None:
        return chat
    for key, choose in NIGHT_SKILLS.items():
        if key in ctx.legal:
            action = choose(ctx, ctx.legal[key])
            if action is not None:
                return action
    if "skill:confirm" in ctx.legal:
        return UseSkill(seat=ctx.seat, skill="confirm")
    return ctx.skip()


def _chat(ctx: Ctx) -> Action | None:
    """Once a night in the faction chat: one's 马甲 and 角色 (the chat shows only the 马甲; members may
    tell their 角色, spec §0); the elder's list; the seer's findings."""
    notes = ctx.notes
    team = next((k.split(":", 1)[1] for k in ctx.legal if k.startswith("team_post:")), None)
    if team is None or _in_window(ctx, "team_posted", "seat", ctx.seat, 0):
        return None
    parts = [f"马甲:{notes.majia}", f"角色:{ctx.seat}"]
    if notes.downstream and notes.role == "elder":
        parts.append("下家:" + ",".join(map(str, sorted(notes.downstream))))
    parts += [f"预言:{m}={r}" for m, r in sorted(notes.roles_seen.items())]
    return TeamPost(seat=ctx.seat, team=team, text=" ".join(parts))


def _kill(ctx: Ctx, legal: LegalAction) -> Action | None:
    notes = ctx.notes
    if _submitted(ctx, "kill"):
        return None
    avoid = notes.mates()
    pool = [t for t in legal.targets if t not in avoid] or list(legal.targets)
    return UseSkill(seat=ctx.seat, skill="kill", targets=(ctx.squad_pick("kill", sorted(pool)),))


def _prophecy(ctx: Ctx, legal: LegalAction) -> Action | None:
    notes = ctx.notes
    if _submitted(ctx, "divine"):
        return None
    fresh = [t for t in legal.targets if t not in notes.roles_seen and t not in notes.mate_majia()]
    listed = [t for t in fresh if t in notes.downstream]
    pool = listed or fresh or list(legal.targets)
    return UseSkill(seat=ctx.seat, skill="divine", targets=(ctx.pick("check", pool),))


def _shield(ctx: Ctx, legal: LegalAction) -> Action | None:
    notes = ctx.notes
    if _submitted(ctx, "shield"):
        return None
    options = [a for a in (notes.elder, ctx.seat) if a in legal.targets]
    target = options[0] if options else ctx.pick("shield", legal.targets)
    return UseSkill(seat=ctx.seat, skill="shield", targets=(target,))


def _soundproof(ctx: Ctx, legal: LegalAction) -> Action | None:
    mates = sorted(a for a in ctx.notes.mates() if a in legal.targets and a != ctx.seat)
    if _submitted(ctx, "soundproof") or not mates or unit(ctx.turn.seed, ctx.seat, ctx.turn.day, "sp") > 0.5:
        return None
    return UseSkill(seat=ctx.seat, skill="soundproof", targets=(ctx.pick("soundproof", mates),))


def _pipe(ctx: Ctx, legal: LegalAction) -> Action | None:
    if _submitted(ctx, "pipe"):
        return None
    fresh = [t for t in legal.targets if t not in ctx.notes.piped] or list(legal.targets)
    first = ctx.pick("pipe1", fresh)
    rest = [t for t in fresh if t != first]
    targets = (first, ctx.pick("pipe2", rest)) if rest and legal.arity >= 2 else (first,)
    return UseSkill(seat=ctx.seat, skill="pipe", targets=targets)


def _potion(ctx: Ctx, legal: LegalAction) -> Action | None:
    notes = ctx.notes
    if _submitted(ctx, "potion"):
        return None
    saving = [m for m in notes.dying if m in notes.mate_majia() and m != notes.majia and m in legal.targets]
    if not saving:
        return None
    elder = [m for m in saving if notes.roles_seen.get(m) == "长老"]
    return UseSkill(seat=ctx.seat, skill="potion", targets=((elder or saving)[0],))


def _submitted(ctx: Ctx, skill: str) -> bool:
    """Whether this seat already submitted ``skill`` in the open window (its own view shows it)."""
    return _in_window(ctx, "skill_submitted", "skill", skill, "")


def _in_window(ctx: Ctx, kind: str, name: str, value: object, default: object) -> bool:
    """Whether an event of the open window, in this seat's view, is a ``kind`` whose field ``name``
    (``default`` where it has none) is ``value`` (by fields, not a test function: a call per event
    of the window cost more than the walk)."""
    for e in reversed(ctx.turn.events):
        seen = e.kind
        if seen == "phase_began":
            return False
        if seen == kind and getattr(e, name, default) == value:
            return True
    return False


NIGHT_SKILLS: dict[str, Callable[[Ctx, LegalAction], Action | None]] = {
    "skill:shield": _shield, "skill:soundproof": _soundproof, "skill:pipe": _pipe,
    "skill:divine": _prophecy, "skill:kill": _kill, "skill:potion": _potion,
}

PHASES: dict[str, Callable[[Ctx], Action]] = {
    Ph.CUPID: _cupid, Ph.ELECT: _elect, Ph.APPOINT: _appoint, Ph.DAY: _day, Ph.VOTE: _vote,
    Ph.SUCCESSION: _succession, Ph.LAST_WORDS: _words, Ph.VOTE_LAST_WORDS: _words, Ph.REDACT: _words,
}
