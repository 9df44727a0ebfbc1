"""The scripted bot's judgement: one decision's context, and how suspicious each seat looks.

Suspicion is a sum of small, readable terms: colours (own results, trusted claims, audition
pairs), today's votes and accusations, past behaviour (voting cleared seats or claimed roles),
and the seat's stable daily hunch, so that a bot that accuses 7号 in the morning still votes 7号
at night. Scoring is one flat loop (it runs for most decisions); the reason is worked out only
for the seat that wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from agents.base import Turn
from agents.scripted_notes import Notes
from agents.scripted_rand import DecisionRandom, unit
from engine.legal import LegalAction
from engine.rulesets.umineko32.names import BLACK_COLOR, DETECTIVE, INQUISITOR, THEATERGOER

KEY_CLAIMS = {DETECTIVE: 100.0, THEATERGOER: 80.0, INQUISITOR: 70.0}
"""How much the killers want a seat that claimed this role."""
CLAIM_TRUST = 25.0
"""How much less a white seat suspects a seat that claimed a key role."""

T = TypeVar("T")


@dataclass(slots=True)
class Ctx:
    """One decision: the seat's notes, the turn, and the legal templates by ``kind[:skill|team]``."""

    notes: Notes
    turn: Turn
    legal: dict[str, LegalAction]

    @staticmethod
    def of(notes: Notes, turn: Turn) -> Ctx:
        legal: dict[str, LegalAction] = {}
        for template in turn.legal:
            what = template.skill or template.team
            legal[template.kind if what is None else f"{template.kind}:{what}"] = template
        return Ctx(notes, turn, legal)

    def rand(self, label: str) -> DecisionRandom:
        """This decision's generator: (seed, seat, view length, label), nothing else."""
        turn = self.turn
        return DecisionRandom(turn.seed, turn.seat, len(turn.events), label)

    def roll(self, label: str) -> float:
        """One uniform draw in [0, 1) on the same key, without building a generator (cheaper)."""
        turn = self.turn
        return unit(turn.seed, turn.seat, len(turn.events), label)

    def pick(self, label: str, options: Sequence[T]) -> T:
        """One of ``options`` (not empty), drawn on the same key."""
        return options[int(self.roll(label) * len(options))]

    @property
    def seat(self) -> int:
        return self.turn.seat


def scores(notes: Notes, candidates: Sequence[int], extra: dict[int, float] | None = None) -> list[tuple[float, int]]:
    """(suspicion, seat) for each candidate, plus ``extra`` where given (the black side's crowd)."""
    colours, _, yi, behaviour = notes.beliefs()[1:]
    noise = notes.noise or [0.0] * (notes.seats + 1)
    heat, claimed = notes.heat, notes.claimed
    out = []
    for t in candidates:
        score = 10.0 * noise[t] + heat.get(t, 0.0) + behaviour.get(t, 0.0)
        colour = colours.get(t)
        if colour is None:
            if t in yi:
                score += 12.0
            if t in claimed:
                score -= CLAIM_TRUST
        elif colour[0] == BLACK_COLOR:
            score += 100.0 if colour[1] else 60.0
        else:
            score -= (100.0 if colour[1] else 60.0) + (CLAIM_TRUST if t in claimed else 0.0)
        out.append((score, t))
    if extra:
        out = [(score + extra.get(t, 0.0), t) for score, t in out]
    return out


def most_suspect(notes: Notes, candidates: Sequence[int],
                 extra: dict[int, float] | None = None) -> tuple[float, int] | None:
    """The most suspicious candidate (ties: the higher seat); None when there is none."""
    found = scores(notes, candidates, extra)
    return max(found) if found else None


def ranked(notes: Notes, candidates: Sequence[int]) -> list[int]:
    """Candidates, most suspicious first."""
    return [t for _, t in sorted(scores(notes, candidates), reverse=True)]


def reason(notes: Notes, target: int) -> str:
    """The main reason to suspect ``target`` (a key of ``scripted_talk.REASONS``)."""
    beliefs = notes.beliefs()
    colour = beliefs.colours.get(target)
    if colour is not None and colour[0] == BLACK_COLOR:
        return "black" if target in notes.known or target in beliefs.public else "pair"
    terms = (
        (4.0 * notes.vote_count.get(target, 0), "votes"),
        (2.0 * notes.accused.get(target, 0), "accused"),
        (beliefs.behaviour.get(target, 0.0), "behaviour"),
        (12.0 if target in beliefs.yi else 0.0, "yi"),
        (10.0 * notes.noise[target] if notes.noise else 0.0, "hunch"),
    )
    return max(terms)[1]


def top_suspect(notes: Notes, exclude: set[int]) -> tuple[int, str] | None:
    """The living seat I suspect most outside ``exclude``, with the reason; None when nobody is left."""
    best = most_suspect(notes, [t for t in notes.alive if t not in exclude])
    return None if best is None else (best[1], reason(notes, best[1]))


def certain_white(notes: Notes) -> set[int]:
    """Seats I know are white (never voted by a white seat)."""
    return {t for t, (c, sure) in notes.colours().items() if sure and c != BLACK_COLOR}
