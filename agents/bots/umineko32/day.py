"""The scripted bot by day: free actions (a killer's name, a detective's report), posts, votes, last words."""

from __future__ import annotations

from agents.bots.rand import unit
from agents.bots.umineko32 import talk
from agents.bots.umineko32.mind import Ctx, certain_white, most_suspect, reason, top_suspect
from engine.actions import Action, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.rulesets.umineko32.names import (
    BLACK_COLOR,
    DETECTIVE,
    DETECTIVES,
    INQUISITOR,
    KILLER,
    KILLERS,
    TELL_NAME,
    THEATERGOER,
    WHITE_COLOR,
    Ph,
)

ABSTAIN_RATE = 0.02
"""How often a seat without strong evidence abstains."""
BOLD_RATE = 0.5
"""In how many games the killers open day 2 with a fake detective claim (drawn once per game)."""
CROWD_WEIGHT = 12.0
"""How strongly a black seat follows each white seat's ballot."""
AGAIN_RATE = 0.25
"""How often a seat that has spoken today (its first restricted turn) speaks again on a later turn."""


# -- free actions ----------------------------------------------------------------------------------


def free_action(ctx: Ctx) -> Action | None:
    """A name for the accomplice, or a detective's report to 侦探群; None when there is nothing to do."""
    n = ctx.notes
    tell = ctx.legal.get(f"skill:{TELL_NAME}")
    if tell is not None and f"skill:{TELL_NAME}" not in n.free and n.name_today is None and tell.targets:
        told = dict(tell.note_params).get("seats", ())  # the living killers the accomplice knows
        fresh = [t for t in tell.targets if t not in told] or list(tell.targets)
        return UseSkill(seat=ctx.seat, skill=TELL_NAME, targets=(ctx.pick("tell", fresh),))
    report = unshared(ctx)
    if report:
        return TeamPost(seat=ctx.seat, team=DETECTIVES, text=talk.checks_text(report))
    return None


def unshared(ctx: Ctx) -> dict[int, str]:
    """A detective's own results its living partner has not been told yet (when 侦探群 is open)."""
    n = ctx.notes
    if f"team_post:{DETECTIVES}" not in ctx.legal or f"team_post:{DETECTIVES}" in n.free:
        return {}
    if not any(p in n.alive for p in n.my_team(DETECTIVES) if p != ctx.seat):
        return {}
    return {t: c for t, c in n.my_checks.items() if t not in n.shared}


# -- posts ---------------------------------------------------------------------------------------


def day_turn(ctx: Ctx) -> Action:
    """A turn in D1_FREE, RESTRICTED or FREE: a free action first, then a post or a pass."""
    action = free_action(ctx)
    if action is not None:
        return action
    post = ctx.legal.get("post")
    if post is None:
        return ctx.skip()
    n, phase = ctx.notes, ctx.turn.phase
    if phase == Ph.D1_FREE:
        return Post(seat=ctx.seat, text=ctx.pick("greet", talk.GREETINGS))
    blue = phase == Ph.RESTRICTED and (post.blue_left or 0) > 0
    claim = role_claim(ctx, blue) if n.turns == 0 else None
    if claim is None and (blue or phase != Ph.RESTRICTED):
        claim = fake_claim(ctx, blue)
    if claim is not None:
        return Post(seat=ctx.seat, text=claim, blue=blue)
    if (n.turns > 0 or phase == Ph.FREE) and ctx.roll("again") >= AGAIN_RATE:
        return ctx.skip()
    suspect = top_suspect(n, n.allies())
    if suspect is None:
        return Post(seat=ctx.seat, text=ctx.pick("chat", talk.CHATTER))
    target, reason = suspect
    if blue:
        return Post(seat=ctx.seat, text=talk.accuse(target, reason, blue=True), blue=True)
    if phase == Ph.RESTRICTED:  # no 蓝字 left: only role-play chat is free
        return Post(seat=ctx.seat, text=ctx.pick("chat", talk.CHATTER))
    return Post(seat=ctx.seat, text=talk.vote_line(target, reason))


def role_claim(ctx: Ctx, blue: bool) -> str | None:
    """A detective's or theatergoer's public claim, when it is time to speak up."""
    n = ctx.notes
    if n.role == DETECTIVE:
        return detective_claim(ctx, blue=blue)
    if n.role == THEATERGOER:
        public = n.public()
        found = [t for t, (c, _) in n.colours().items()
                 if c == BLACK_COLOR and t in n.alive and t not in public and t not in n.known]
        if found or n.claimed.get(ctx.seat) == THEATERGOER:
            return talk.theater_claim(list(n.auditions), min(found) if found else None, blue=blue)
    return None


def detective_claim(ctx: Ctx, *, blue: bool, pressed: bool = False) -> str | None:
    """Claim when I found a living black (or my partner did and can no longer say so), or when pressed."""
    n = ctx.notes
    blacks = sorted(t for t, c in n.known.items() if c == BLACK_COLOR and t in n.alive)
    partners = n.my_team(DETECTIVES)
    partner_alive = any(p in n.alive for p in partners if p != ctx.seat)
    mine = [t for t in blacks if t in n.my_checks]
    liars = [t for t in blacks if n.claimed.get(t) == DETECTIVE]
    if not (mine or liars or pressed or n.claimed.get(ctx.seat) == DETECTIVE or (blacks and not partner_alive)):
        return None
    results = dict(n.my_checks)
    results.update((t, BLACK_COLOR) for t in liars)
    if not partner_alive:
        results.update((t, c) for t, c in n.known.items() if t not in partners)
    push = liars or blacks
    return talk.detective_claim(results, push[0] if push else None, blue=blue)


def fake_claim(ctx: Ctx, blue: bool) -> str | None:
    """The killers' fake detective claims (悍跳). In some games one killer opens day 2 with a claim
    that calls a white seat 黑 and a teammate 白. And whenever a claim names a teammate 黑, the
    team's claimer (else the lowest living killer not named) answers it once: the teammate is 白,
    the claimer 黑."""
    n = ctx.notes
    if n.role != KILLER:
        return None
    allies = n.allies()
    team = sorted(t for t in n.my_team(KILLERS) if t in n.alive and t != n.accomplice)
    faker = next((t for t in team if n.claimed.get(t) == DETECTIVE), None)
    named = {t for c, said in n.claims.items() if c not in allies
             for t, colour in said.items() if colour == BLACK_COLOR and t in allies and t in n.alive}
    accusers = sorted(c for c, said in n.claims.items() if c not in allies and c in n.alive
                      and any(said.get(t) == BLACK_COLOR for t in named))
    mine = n.claims.get(ctx.seat, {})
    if named and any(mine.get(c) != BLACK_COLOR for c in accusers):
        speaker = faker if faker is not None else ([t for t in team if t not in named] or team or [0])[0]
        if speaker != ctx.seat:
            return None
        results = mine | {t: WHITE_COLOR for t in named if t != ctx.seat} | {c: BLACK_COLOR for c in accusers}
        return talk.detective_claim(results, accusers[0], blue=blue)
    if faker is None and n.day == 2 and team[-1:] == [ctx.seat] and unit(n.seed, "bold") < BOLD_RATE:
        suspect = top_suspect(n, allies)
        if suspect is None:
            return None
        results = {suspect[0]: BLACK_COLOR} | {t: WHITE_COLOR for t in team[:1] if t != ctx.seat}
        return talk.detective_claim(results, suspect[0], blue=blue)
    return None


# -- the vote window -----------------------------------------------------------------------------


def vote_window(ctx: Ctx) -> Action:
    """Free actions, a detective's claim under pressure, then the ballot."""
    action = free_action(ctx)
    if action is not None:
        return action
    n = ctx.notes
    if ("post" in ctx.legal and n.role == DETECTIVE and n.claimed.get(ctx.seat) != DETECTIVE
            and n.votes_on(ctx.seat) >= 3):
        claim = detective_claim(ctx, blue=False, pressed=True)
        if claim is not None:
            return Post(seat=ctx.seat, text=claim)
    return ballot(ctx)


def ballot(ctx: Ctx) -> Action:
    """Vote my top suspect (the black side: with the crowd, away from teammates); rarely abstain."""
    n = ctx.notes
    template = ctx.legal.get("vote")
    if template is None:
        return ctx.skip()
    exclude = n.allies()
    if not n.black_side():
        exclude |= certain_white(n)
    crowd: dict[int, float] | None = None
    if n.black_side():  # follow the white seats' votes, so the team does not vote as a block
        crowd = {}
        for voter, t in n.ballots.items():
            if t is not None and voter not in exclude:
                crowd[t] = crowd.get(t, 0.0) + CROWD_WEIGHT
    best = most_suspect(n, [t for t in template.targets if t not in exclude], crowd)
    if best is None:
        return Vote(seat=ctx.seat, target=None, reason="没有可投的人，弃票")
    score, target = best
    if score < 20.0 and ctx.roll("abstain") < ABSTAIN_RATE:
        return Vote(seat=ctx.seat, target=None, reason="信息不够，先弃票")
    return Vote(seat=ctx.seat, target=target, reason=talk.REASONS[reason(n, target)])


# -- last words ----------------------------------------------------------------------------------


def last_words(ctx: Ctx) -> Action:
    """The key roles reveal what they learned; everybody else says 平民 and names a suspect."""
    if "last_words" not in ctx.legal:
        return ctx.skip()
    n = ctx.notes
    suspect = top_suspect(n, n.allies())
    tail = f"我怀疑{suspect[0]}号。" if suspect else "大家加油。"
    if n.role == DETECTIVE:
        partners = n.my_team(DETECTIVES)
        results = {t: c for t, c in n.known.items() if t not in partners}
        text = f"遗言：我是侦探。{talk.checks_text(results)}{tail}"
    elif n.role == THEATERGOER:
        text = f"遗言：我是观剧。{talk.pairs_text(list(n.auditions))}{tail}"
    elif n.role == INQUISITOR:
        used = "、".join(f"{t}号" for t in sorted(set(n.barriers.values())))
        text = f"遗言：我是审问官，结界给过{used or '自己'}。{tail}"
    else:
        text = f"遗言：我是平民，没什么信息。{tail}"
    return SubmitLastWords(seat=ctx.seat, text=text)


def killers_chat(ctx: Ctx, target: int) -> Action:
    """The blade proposal in 杀手群."""
    return TeamPost(seat=ctx.seat, team=KILLERS, text=f"今晚刀{target}号。")
