"""Who may do what, with which targets (spec §3.1): ``actions`` (what the kernel offers a seat the
open phase waits for) and the validation of skills.

Both read the same target functions, so what ``actions`` offers is what ``submit`` accepts. Targets
of 杀人, 守护之盾, 隔音之盾, 吹笛 and 爱神之箭 are seats (a seat is its 角色 account); every other target
(votes, elections, 任命, 预言, 药剂, the sheriff's successor) is a 马甲 number, and its template says
so with ``layer="majia"`` so that prompts, tools and the web table name it as a 马甲.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from engine.legal import PASS, LegalAction
from engine.mechanics.team_chat import may_post
from engine.rulesets.majiasha2.names import (
    ACCOUNT_SKILLS,
    APPOINT,
    ARROW,
    CONFIRM,
    CUPID,
    ELDER,
    GENERAL,
    GUARD,
    KILL,
    KILLER,
    LOVERS,
    PIPE,
    PIPER,
    POTION,
    PROPHECY,
    SEER,
    SHIELD,
    SHORTEN,
    SOUNDPROOF,
    SUCCESSOR,
    WITCH,
    Ph,
)
from engine.rulesets.majiasha2.refusals import refuse, why
from engine.rulesets.majiasha2.state import ALIVE, OUT, MajiaSeat, MajiaState
from engine.rulesets.majiasha2.table import row
from engine.rulesets.majiasha2.words import MIN_UNMASKED, word_limits
from engine.table.templates import POST, team_post, team_posts

SUBMITS_PER_WINDOW = 2
"""Submissions (a first one and one change) a seat may make in one night step before it must confirm or pass."""
TEAM_POSTS_PER_WINDOW = 2
MAJIA = "majia"
"""``LegalAction.layer`` of a template whose targets are 马甲 numbers."""

CONFIRM_ACTION = LegalAction("skill", CONFIRM, free=False, note="note_confirm")
SHORTEN_ACTION = LegalAction("skill", SHORTEN, free=True, note="note_shorten")


@lru_cache(maxsize=16)
def last_words_action(low: int, high: int) -> LegalAction:
    """Last words with the rule the engine checks (spec §2.4: one line of ``low``..``high`` characters)."""
    return LegalAction("last_words", note="note_last_words", note_params=(("low", low), ("high", high)))


@lru_cache(maxsize=64)
def redact_action(victim: int, length: int) -> LegalAction:
    """The killer's redaction of ``victim``'s last words (``length`` characters; at least 5 left unmasked)."""
    return LegalAction("last_words", note="note_redact",
                       note_params=(("target", victim), ("length", length), ("least", MIN_UNMASKED)))


def actions(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    """What ``seat``, which the open phase waits for, may do now (by the phase's own function: one
    lookup in place of a chain of six comparisons before a night step's)."""
    return _BY_PHASE.get(s.phase, _skills)(s, seat)


def _redact(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    victim = next(v for v, k in s.redactors.items() if k == seat)
    return (redact_action(victim, len(s.last_words[victim])), PASS)


def _words(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    low, high = word_limits(s)
    return (last_words_action(low, high), PASS)


def _day(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    quota = int(s.options.get("rounds", {}).get(Ph.DAY, 1))
    shorten = () if seat in s.shortened else (SHORTEN_ACTION,)
    return (POST, *shorten, PASS) if s.window.posts.get(seat, 0) < quota else (*shorten, PASS)


def _vote(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    return (vote_ballot(s.listed()), PASS)


def _elect(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    return (vote_ballot(tuple(election_targets(s, seat))), *_team_posts(s, seat), PASS)


def _succession(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    return (LegalAction("choose", SUCCESSOR, s.listed(), 1, layer=MAJIA), PASS)


def _skills(s: MajiaState, seat: int) -> tuple[LegalAction, ...]:
    """Night 0's and the night steps' skills, 确定 once the seat submitted one, step 3&4's chat posts."""
    phase = s.phase
    out = [_skill_template(s, seat, skill, targets) for skill, targets in _usable(s, seat)]
    if seat in s.submits and phase in Ph.NIGHT_STEPS:
        out.append(CONFIRM_ACTION)
    if phase == Ph.STRIKE:
        out.extend(_team_posts(s, seat))
    return (*out, PASS)


_BY_PHASE: dict[str, Callable[[MajiaState, int], tuple[LegalAction, ...]]] = {
    Ph.REDACT: _redact, Ph.LAST_WORDS: _words, Ph.VOTE_LAST_WORDS: _words, Ph.DAY: _day, Ph.VOTE: _vote,
    Ph.ELECT: _elect, Ph.SUCCESSION: _succession,
}
"""``actions`` by phase; any other phase (night 0's steps, the night steps) offers its skills (``_skills``)."""


def _team_posts(s: MajiaState, seat: int) -> list[LegalAction]:
    """The seat's chat posts in the open window (``team_posts``), as the kernel offers them."""
    return team_posts(s, seat, TEAM_POSTS_PER_WINDOW, may_post(s.teams, seat, s.seats[seat].alive))


@lru_cache(maxsize=256)
def vote_ballot(targets: tuple[int, ...]) -> LegalAction:
    return LegalAction("vote", targets=targets, arity=1, abstain=True, layer=MAJIA)


def _skill_template(s: MajiaState, seat: int, skill: str, found: Sequence[int] | None) -> LegalAction:
    """The template of ``skill`` for ``seat`` now (one object per skill and targets: ``_template``), with
    its targets where ``_usable`` has found them already."""
    targets = tuple(targets_for(s, seat, skill) if found is None else found)
    if skill == APPOINT:
        order = row(s.size).appointed()
        return _template(APPOINT, targets, len(order), note_params=(("role", tuple(order)),))
    return _template(skill, targets)


@lru_cache(maxsize=2048)
def _template(skill: str, targets: tuple[int, ...], arity: int = 0,
              note_params: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> LegalAction:
    """A skill's template, one object for the same skill and targets (``arity`` and ``note_params``:
    任命's, which depend on the table's size): a night's windows ask every seat's skills again at each
    step, and a frozen dataclass's ``__init__`` cost more than the lookup."""
    if skill == ARROW:
        return LegalAction("skill", ARROW, targets, 2, note="note_arrow")
    if skill == APPOINT:
        return LegalAction("skill", APPOINT, targets, arity, note="note_appoint", layer=MAJIA, note_params=note_params)
    if skill == PIPE:
        return LegalAction("skill", PIPE, targets, min(2, len(targets)), free=True, note="note_pipe")
    account = skill in ACCOUNT_SKILLS
    return LegalAction("skill", skill, targets, 1, free=True, layer="" if account else MAJIA,
                       note="note_account" if account else "note_majia")


# -- who holds which skill now ------------------------------------------------------------------------


def _may_act(s: MajiaState, seat: int) -> bool:
    """Whether ``seat`` may use a night skill at all (out, dying and defeated, by the flags)."""
    actor = s.seats[seat]
    if actor.status == OUT:
        return False
    if actor.status != ALIVE and not s.flags.get("majia.dying_may_act", True):
        return False
    if not s.flags.get("majia.defeated_keep_skills", True):
        return actor.origin not in s.defeated and actor.faction not in s.defeated
    return True


_HELD: dict[tuple[str, str], tuple[str, ...]] = {
    (Ph.GUARD, GUARD): (SHIELD, SOUNDPROOF), (Ph.PIPER, PIPER): (PIPE,), (Ph.STRIKE, SEER): (PROPHECY,),
    (Ph.STRIKE, KILLER): (KILL,), (Ph.WITCH, WITCH): (POTION,),
}
"""The night skills of each step by identity, before what the seat has spent or its status takes away."""


def _held(phase: str, actor: MajiaSeat) -> tuple[str, ...]:
    """The skills ``actor``'s identity holds in night step ``phase`` (a spent shield or potion, a
    dying killer's 杀人 taken away): looked up first, as most seats hold none and need no more checks."""
    held = _HELD.get((phase, actor.role), ())
    if not held:
        return held
    first = held[0]
    if first == SHIELD and actor.soundproof_used:
        return (SHIELD,)
    if (first == KILL and actor.status != ALIVE) or (first == POTION and actor.potion_used):
        return ()
    return held


def skills_now(s: MajiaState, seat: int, phase: str | None = None) -> list[str]:
    """The skills ``seat`` may submit in the open window, or in ``phase`` about to open (and has not used up)."""
    return [skill for skill, _ in _usable(s, seat, phase)]


def _usable(s: MajiaState, seat: int, phase: str | None = None) -> list[tuple[str, Sequence[int] | None]]:
    """``skills_now`` with the targets each was found usable by (None: night 0's, which are not asked
    for targets first), so that the templates and the validation need not find them again."""
    opening = phase is not None and phase != s.phase
    phase, actor = phase or s.phase, s.seats[seat]
    if phase == Ph.CUPID:
        return [(ARROW, None)] if actor.role == CUPID else []
    if phase == Ph.APPOINT:
        return [(APPOINT, None)] if actor.role == ELDER else []
    held = _held(phase, actor)
    if not held or not _may_act(s, seat) or (not opening and s.submits.get(seat, 0) >= SUBMITS_PER_WINDOW):
        return []
    out: list[tuple[str, Sequence[int] | None]] = []
    for skill in held:
        targets = targets_for(s, seat, skill)
        if targets:
            out.append((skill, targets))
    return out


_NIGHT0_HOLDER = {Ph.CUPID: CUPID, Ph.APPOINT: ELDER}
"""The one identity that holds night 0's skill of each of its steps with one."""


def night_eligible(s: MajiaState, phase: str) -> list[int]:
    """Seats a night step waits for: holders of its skills, and (in step 3&4) chat members. A seat
    whose identity holds none of the step's skills is passed over before ``skills_now``: most seats
    hold none, and asking each of them cost some 2.5k Python operations a game."""
    strike = phase == Ph.STRIKE
    night0 = _NIGHT0_HOLDER.get(phase)
    return [seat for seat, actor in s.seats.items()
            if (((phase, actor.role) in _HELD or actor.role == night0) and _usable(s, seat, phase))
            or (strike and _team_posts(s, seat))]


def targets_for(s: MajiaState, seat: int, skill: str) -> Sequence[int]:
    """The legal single targets of ``skill`` for ``seat`` now: seats for 角色 skills, 马甲 numbers else.
    The kept tuples (``living_seats``, ``listed``) are answered as they are, not copied: every
    night turn asks each holder's targets."""
    living = s.living_seats()
    if skill == ARROW:
        no_piper = s.flags.get("majia.cupid_may_not_link_piper", False)
        return [a.seat for a in s.seats.values() if a.seat != seat and not (no_piper and a.role == PIPER)]
    if skill == APPOINT:
        faction = s.seats[seat].origin
        return sorted(a.majia for m, a in s.seats.items() if a.origin == faction and m != seat and a.role != CUPID)
    if skill == SHIELD:
        last = s.seats[seat].guard_last
        banned = last[1] if last and last[0] == s.day - 1 and s.flags.get("majia.guard_consecutive_rule", True) else None
        return living if banned is None else [t for t in living if t != banned]
    if skill == SOUNDPROOF:
        return living
    if skill == PIPE:
        self_ok = s.flags.get("majia.piper_may_target_self", False)
        return [t for t in living if not s.seats[t].frenzied and (self_ok or t != seat)]
    if skill == KILL:
        if s.flags.get("majia.killers_may_hit_own_faction", True):
            return living
        mine = s.seats[seat].origin
        return [t for t in living if s.seats[t].origin != mine]
    if skill == PROPHECY:
        own = s.seats[seat].majia
        return [m for m in s.listed() if m != own]
    if skill == POTION:
        return s.listed()
    return []


def vote_targets(s: MajiaState) -> list[int]:
    """马甲 a day vote may name: every one not publicly known out (with D-07 off a night-out 马甲 stays
    listed; a ballot on it is counted for nobody)."""
    return s.listed_majia()


def election_targets(s: MajiaState, seat: int) -> list[int]:
    """The 马甲 of the voter's electorate (D-22): members by origin; a joined 爱神 votes, is not elected."""
    actor = s.seats[seat]
    faction = actor.faction if actor.role == CUPID else actor.origin
    return sorted(a.majia for a in s.seats.values() if a.origin == faction and a.role != CUPID)


# -- validation --------------------------------------------------------------------------------------


def check_skill(s: MajiaState, seat: int, skill: str, targets: tuple[int, ...]) -> None:
    """Raise ``IllegalAction`` naming the step, the seat and the rule, unless the skill is legal now."""
    if skill == CONFIRM:
        if seat not in s.submits:
            raise refuse("confirm_nothing", seat=seat, skill=skill, phase=s.phase, day=s.day)
        return
    if skill == SHORTEN:
        if s.phase != Ph.DAY or seat in s.shortened or s.seats[seat].status == OUT:
            raise refuse("shorten_again" if seat in s.shortened else "shorten_not_now", seat=seat)
        return
    usable = dict(_usable(s, seat))
    if skill not in usable:
        raise refuse("skill_now", seat=seat, skill=skill, phase=s.phase, day=s.day, why=_why_no_skill(s, seat, skill))
    _check_targets(s, seat, skill, targets, usable[skill])


def _check_targets(s: MajiaState, seat: int, skill: str, targets: tuple[int, ...], found: Sequence[int] | None) -> None:
    want = {ARROW: (2,), APPOINT: (len(row(s.size).appointed()),), PIPE: (1, 2)}.get(skill, (1,))
    if len(targets) not in want or len(set(targets)) != len(targets):
        if len(want) == 1:
            raise refuse("skill_arity", seat=seat, skill=skill, n=want[0], count=len(targets))
        raise refuse("skill_arity_range", seat=seat, skill=skill, low=want[0], high=want[-1], count=len(targets))
    legal = list(targets_for(s, seat, skill) if found is None else found)
    for target in targets:
        if target in legal:
            continue
        reason = _why_not(s, seat, skill, target)
        if skill in ACCOUNT_SKILLS:
            raise refuse("skill_target", seat=seat, skill=skill, target=target, why=reason, allowed=legal)
        raise refuse("skill_target_majia", seat=seat, skill=skill, majia=target, why=reason, listed=legal)


def _why_no_skill(s: MajiaState, seat: int, skill: str) -> dict[str, object]:
    actor = s.seats[seat]
    if actor.status == OUT:
        return why("why_out")
    if skill == KILL and actor.status != ALIVE:
        return why("why_dying_killer")
    if s.submits.get(seat, 0) >= SUBMITS_PER_WINDOW:
        return why("why_submits_used", n=SUBMITS_PER_WINDOW)
    if skill == SOUNDPROOF and actor.soundproof_used:
        return why("why_soundproof_used")
    if skill == POTION and actor.potion_used:
        return why("why_potion_used")
    return why("why_no_skill")


def _why_not(s: MajiaState, seat: int, skill: str, target: int) -> dict[str, object]:
    if not 1 <= target <= s.size:
        return why("why_range", count=s.size)
    if skill in ACCOUNT_SKILLS:
        actor = s.seats[target]
        if actor.status == OUT:
            return why("why_target_out")
        if skill == SHIELD:
            return why("why_guard_repeat")
        if skill == PIPE and actor.frenzied:
            return why("why_frenzied")
        if skill in (PIPE, ARROW) and target == seat:
            return why("why_self")
        return why("why_rules")
    if target not in s.listed_majia():
        return why("why_majia_out")
    if target == s.seats[seat].majia:
        return why("why_own_majia")
    return why("why_not_faction") if skill == APPOINT else why("why_rules")


# -- the vocabulary of an identity (tool lists that stay the same all game) ---------------------------------

_COMMON = (POST, SHORTEN_ACTION, LegalAction("vote", arity=1, abstain=True, layer=MAJIA),
           LegalAction("last_words", note="note_last_words_any"),
           LegalAction("choose", SUCCESSOR, (), 1, layer=MAJIA), *(team_post(t) for t in (*GENERAL, LOVERS)), PASS)
_ROLE_VOCABULARY: dict[str, tuple[LegalAction, ...]] = {
    ELDER: (LegalAction("skill", APPOINT, (), 1, layer=MAJIA),),
    SEER: (LegalAction("skill", PROPHECY, (), 1, layer=MAJIA), CONFIRM_ACTION),
    WITCH: (LegalAction("skill", POTION, (), 1, layer=MAJIA), CONFIRM_ACTION),
    GUARD: (LegalAction("skill", SHIELD, (), 1), LegalAction("skill", SOUNDPROOF, (), 1), CONFIRM_ACTION),
    KILLER: (LegalAction("skill", KILL, (), 1), CONFIRM_ACTION),
    CUPID: (LegalAction("skill", ARROW, (), 2),),
    PIPER: (LegalAction("skill", PIPE, (), 2), CONFIRM_ACTION),
}


def vocabulary(role: str | None) -> tuple[LegalAction, ...]:
    """Every template a seat of ``role`` may be offered; a faction member may become any general identity."""
    if role in (None, "", "member"):
        extra = tuple(a for r in (ELDER, SEER, WITCH, GUARD, KILLER) for a in _ROLE_VOCABULARY[r])
        return (*_COMMON, *dict.fromkeys(extra))
    return (*_COMMON, *_ROLE_VOCABULARY.get(role, ()))
