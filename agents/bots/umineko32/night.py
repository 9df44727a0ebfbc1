"""The scripted bot by night (blade, check, audition, barrier, mark) and its yes/no answers."""

from __future__ import annotations

from collections import Counter

from agents.bots.rand import unit
from agents.bots.umineko32.day import killers_chat, unshared
from agents.bots.umineko32.mind import KEY_CLAIMS, Ctx, most_suspect, ranked, scores
from agents.bots.umineko32.talk import checks_text
from engine.actions import Action, Choose, TeamPost, UseSkill
from engine.legal import LegalAction
from engine.rulesets.umineko32.names import (
    AUDITION,
    BARRIER,
    BELIEF,
    BLACK_COLOR,
    BLADE,
    CASTLING,
    DETECT,
    DETECTIVES,
    KILLERS,
    MARK,
    WHITE_COLOR,
)

BELIEF_RATE = 0.4
"""How often a 平民 believes in the witch."""


def night(ctx: Ctx) -> Action:
    """The night window: a team message first where one is due, then the seat's skill."""
    legal = ctx.legal
    for skill, act in ((BLADE, blade), (DETECT, detect), (AUDITION, audition), (BARRIER, barrier),
                       (MARK, mark)):
        template = legal.get(f"skill:{skill}")
        if template is not None:
            return act(ctx, template)
    return ctx.skip()


# -- killers ---------------------------------------------------------------------------------------


def blade(ctx: Ctx, template: LegalAction) -> Action:
    """The lowest living killer proposes in 杀手群; the others follow what they see there."""
    n = ctx.notes
    allies = n.allies()
    target = n.proposal if n.proposal in template.targets and n.proposal not in allies else None
    if target is None:
        target = blade_pick(ctx, template, allies)
        if target is None:
            return ctx.skip()
        team = sorted(t for t in n.my_team(KILLERS) if t in n.alive)
        leader = team[0] if team else ctx.seat
        if leader == ctx.seat and len(team) > 1 and f"team_post:{KILLERS}" in ctx.legal \
                and f"team_post:{KILLERS}" not in n.free:
            return killers_chat(ctx, target)
    return UseSkill(seat=ctx.seat, skill=BLADE, targets=(target,))


def blade_pick(ctx: Ctx, template: LegalAction, allies: set[int]) -> int | None:
    """Claimed key whites first, then a hunch the whole team shares (so parallel picks agree). Never
    a seat a teammate's fake claim called 黑: a night death would prove the claim false."""
    n = ctx.notes
    framed = {t for c in allies for t, colour in n.claims.get(c, {}).items() if colour == BLACK_COLOR}
    best, best_score = None, float("-inf")
    for t in template.targets:
        if t in allies or t in framed:
            continue
        score = 20.0 * unit(n.seed, n.day, t, "blade")
        score += KEY_CLAIMS.get(n.claimed.get(t, ""), 0.0)
        if t in n.said_white:
            score -= 5.0
        if score > best_score:
            best, best_score = t, score
    return best


# -- detectives ------------------------------------------------------------------------------------


def detect(ctx: Ctx, template: LegalAction) -> Action:
    """Tell the partner tonight's target (and any unshared result), then check it."""
    n = ctx.notes
    planned = n.plans.get(ctx.seat)
    if planned in template.targets:
        return UseSkill(seat=ctx.seat, skill=DETECT, targets=(planned,))
    target = detect_pick(ctx, template)
    partner_alive = any(p in n.alive for p in n.my_team(DETECTIVES) if p != ctx.seat)
    if partner_alive and f"team_post:{DETECTIVES}" in ctx.legal and f"team_post:{DETECTIVES}" not in n.free:
        report = checks_text(unshared(ctx))
        return TeamPost(seat=ctx.seat, team=DETECTIVES, text=f"{report}今晚我查{target}号。")
    return UseSkill(seat=ctx.seat, skill=DETECT, targets=(target,))


def detect_pick(ctx: Ctx, template: LegalAction) -> int:
    """The most suspicious living seat whose colour I do not know, and that my partner is not checking."""
    n = ctx.notes
    colours = n.colours()
    busy = {t for seat, t in n.plans.items() if seat != ctx.seat} | n.my_team(DETECTIVES)
    fresh = [t for t in template.targets if t not in colours and t not in busy]
    pool = fresh or [t for t in template.targets if t not in n.known] or list(template.targets)
    best = most_suspect(n, pool)
    return pool[0] if best is None else best[1]


# -- the theatergoer -------------------------------------------------------------------------------


def audition(ctx: Ctx, template: LegalAction) -> Action:
    """Pair a seat of known colour with a suspect (the result then tells the suspect's colour);
    under rule ③ one target comes from last night's 异 pair (``first_from``)."""
    n = ctx.notes
    colours = n.colours()
    first = list(template.first_from)
    rest = [t for t in template.targets if t not in first]
    unknown = ranked(n, [t for t in rest if t not in colours])
    rand = ctx.rand("audition")
    if first:
        anchors = [t for t in first if t in colours] or first
        a = rand.choice(anchors)
        b = unknown[0] if unknown else rand.choice(rest)
        return UseSkill(seat=ctx.seat, skill=AUDITION, targets=(a, b))
    anchors = [t for t in rest if t in colours]
    if anchors and unknown:
        return UseSkill(seat=ctx.seat, skill=AUDITION, targets=(rand.choice(anchors), unknown[0]))
    a, b = unknown[:2] if len(unknown) >= 2 else rand.sample(rest, 2)
    return UseSkill(seat=ctx.seat, skill=AUDITION, targets=(a, b))


# -- the inquisitor --------------------------------------------------------------------------------


def barrier(ctx: Ctx, template: LegalAction) -> Action:
    """Protect a claimed key white, else myself, else a trusted seat; a second use only on a black."""
    n = ctx.notes
    uses = Counter(t for t in n.barriers.values() if t != ctx.seat)
    colours = n.colours()
    best, best_score = None, float("-inf")
    for t in template.targets:
        colour = colours.get(t, ("", False))[0]
        if t == ctx.seat:
            score = 30.0
        elif uses[t]:
            if colour != BLACK_COLOR:
                continue  # a second use on a white would void and restrict the barrier
            score = 200.0
        elif colour == BLACK_COLOR:
            continue
        else:
            score = 10.0 + (10.0 * n.noise[t] if n.noise else 0.0) + KEY_CLAIMS.get(n.claimed.get(t, ""), 0.0)
            score += 10.0 if colour == WHITE_COLOR else 0.0
        if score > best_score:
            best, best_score = t, score
    if best is None:
        return ctx.skip()
    return UseSkill(seat=ctx.seat, skill=BARRIER, targets=(best,))


# -- the witch -------------------------------------------------------------------------------------


def mark(ctx: Ctx, template: LegalAction) -> Action:
    """Mark the least suspicious living seat that may be a 平民: not prophesied (the prophecy lists
    only non-平民), not marked yet, not found to be no 平民 by a failed mark, not a claimed role."""
    n = ctx.notes
    skip = n.allies() | n.prophecy | n.marked | n.not_commoner | set(n.claimed)
    cands = [t for t in template.targets if t in n.alive and t not in skip]
    if not cands:
        return ctx.skip()
    return UseSkill(seat=ctx.seat, skill=MARK, targets=(min(scores(n, cands))[1],))


# -- questions -------------------------------------------------------------------------------------


def choose(ctx: Ctx) -> Action:
    """A 平民's belief (sometimes yes); the witch's castling (always yes: she is about to die)."""
    template = ctx.legal.get(f"choose:{CASTLING}") or ctx.legal.get(f"choose:{BELIEF}")
    if template is None or template.skill is None:
        return ctx.skip()
    if template.skill == CASTLING:
        return Choose(seat=ctx.seat, skill=CASTLING, use=True)
    return Choose(seat=ctx.seat, skill=template.skill, use=ctx.roll("belief") < BELIEF_RATE)
