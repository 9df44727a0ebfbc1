"""What a seat the open phase waits for may do: classic7's ``LegalAction``s, phase by phase."""

from __future__ import annotations

from engine.legal import PASS, LegalAction
from engine.rulesets.classic7.flags import SELF_SAVE
from engine.rulesets.classic7.names import CHECK, KILL, PACK, POISON, SAVE, SEER, SHOOT, WEREWOLF, WITCH
from engine.rulesets.classic7.state import Classic7State

WORDS = (LegalAction("last_words"), PASS)


def actions(s: Classic7State, seat: int) -> tuple[LegalAction, ...]:
    """The templates of ``seat`` in the open phase (the kernel asks only for seats it waits for)."""
    phase = s.phase
    if phase == "NIGHT":
        return night(s, seat)
    if phase == "WITCH":
        return witch(s, seat)
    if phase in ("NIGHT_SHOT", "DAY_SHOT"):
        return (LegalAction("choose", skill=SHOOT, targets=tuple(t for t in s.alive() if t != seat), arity=1), PASS)
    if phase in ("LAST_WORDS", "VOTE_LAST_WORDS"):
        return WORDS
    if phase == "DAY":
        return (LegalAction("post"), PASS)
    if phase == "VOTE":
        return (LegalAction("vote", targets=tuple(t for t in s.alive() if t != seat), abstain=True),)
    return ()


def night(s: Classic7State, seat: int) -> tuple[LegalAction, ...]:
    """A wolf: the pack's kill (any living seat) and the pack's chat; the seer: a check of another."""
    role = s.seats[seat].role
    if role == WEREWOLF:
        return (LegalAction("skill", skill=KILL, targets=s.living_seats(), arity=1),
                LegalAction("team_post", team=PACK, free=True), PASS)
    if role == SEER:
        return (LegalAction("skill", skill=CHECK, targets=tuple(t for t in s.alive() if t != seat), arity=1), PASS)
    return (PASS,)


def may_save(s: Classic7State, witch: int) -> bool:
    """Whether the witch may save tonight's victim: a bottle left, a victim, and herself only as the
    flag allows (``classic7.witch_self_save``)."""
    if s.save_used or s.kill is None:
        return False
    if s.kill != witch:
        return True
    rule = s.flags.get(SELF_SAVE, "first_night")
    return rule == "always" or (rule == "first_night" and s.day == 1)


def witch(s: Classic7State, seat: int) -> tuple[LegalAction, ...]:
    """Each bottle while it lasts; one of them a night (either ends her window)."""
    if s.seats[seat].role != WITCH:
        return (PASS,)
    offered: list[LegalAction] = []
    if may_save(s, seat) and s.kill is not None:
        offered.append(LegalAction("skill", skill=SAVE, targets=(s.kill,), arity=1))
    if not s.poison_used:
        offered.append(LegalAction("skill", skill=POISON, targets=tuple(t for t in s.alive() if t != seat), arity=1))
    return (*offered, PASS)


def vocabulary(role: str | None) -> tuple[LegalAction, ...]:
    """Every template a seat of ``role`` may ever be offered (targets empty: any seat)."""
    common = (LegalAction("post"), LegalAction("vote", abstain=True), *WORDS)
    own: dict[str | None, tuple[LegalAction, ...]] = {
        WEREWOLF: (LegalAction("skill", skill=KILL, arity=1), LegalAction("team_post", team=PACK, free=True)),
        SEER: (LegalAction("skill", skill=CHECK, arity=1),),
        WITCH: (LegalAction("skill", skill=SAVE, arity=1), LegalAction("skill", skill=POISON, arity=1)),
        "hunter": (LegalAction("choose", skill=SHOOT, arity=1),),
    }
    return (*own.get(role, ()), *common)
