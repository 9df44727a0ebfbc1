"""The scripted bot's judgement: one decision's context, and how suspicious each seat looks.

Suspicion = the seat's standing for the day (colours, 异 pairs, claims, past ballots and a stable
daily hunch, computed once a day or when beliefs change: ``beliefs``) + today's heat
(ballots and public accusations so far). So a bot that accuses 7号 in the morning still votes 7号
at night unless the day's talk moved it. The reason is worked out only for the seat that wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from agents.base import Turn
from agents.bots.fallback import keyed
from agents.bots.rand import DecisionRandom, unit
from agents.bots.umineko32.notes import VOTE_HEAT, Notes
from engine.actions import Pass
from engine.legal import LegalAction
from engine.rulesets.umineko32.names import BLACK_COLOR, DETECTIVE, INQUISITOR, THEATERGOER

KEY_CLAIMS = {DETECTIVE: 100.0, THEATERGOER: 80.0, INQUISITOR: 70.0}
"""How much the killers want a seat that claimed this role."""

T = TypeVar("T")


@dataclass(slots=True)
class Ctx:
    """One decision: the seat's notes, the turn, and the legal templates by ``kind[:skill|team]``."""

    notes: Notes
    turn: Turn
    legal: Mapping[str, LegalAction]

    @staticmethod
    def of(notes: Notes, turn: Turn) -> Ctx:
        return Ctx(notes, turn, keyed(turn.legal))

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

    def skip(self) -> Pass:
        """Pass (one shared, immutable action per seat: passing is the commonest answer)."""
        return pass_for(self.turn.seat)


@lru_cache(maxsize=64)
def pass_for(seat: int) -> Pass:
    return Pass(seat=seat)


def scores(notes: Notes, candidates: Sequence[int], extra: dict[int, float] | None = None) -> list[tuple[float, int]]:
    """(suspicion, seat) for each candidate: the day's standing suspicion (``beliefs``) plus
    today's heat (ballots, accusations), plus ``extra`` where given (the black side's crowd)."""
    standing, heat = notes.standing(), notes.heat
    if extra:
        return [(standing[t] + heat.get(t, 0.0) + extra.get(t, 0.0), t) for t in candidates]
    return [(standing[t] + heat.get(t, 0.0), t) for t in candidates]


def most_suspect(notes: Notes, candidates: Sequence[int],
                 extra: dict[int, float] | None = None) -> tuple[float, int] | None:
    """The most suspicious candidate (ties: the higher seat); None when there is none."""
    found = scores(notes, candidates, extra)
    return max(found) if found else None


def ranked(notes: Notes, candidates: Sequence[int]) -> list[int]:
    """Candidates, most suspicious first."""
    return [t for _, t in sorted(scores(notes, candidates), reverse=True)]


def reason(notes: Notes, target: int) -> str:
    """The main reason to suspect ``target`` (a key of ``talk.REASONS``)."""
    beliefs = notes.beliefs()
    colour = beliefs.colours.get(target)
    if colour is not None and colour[0] == BLACK_COLOR:
        return "black" if target in notes.known or target in beliefs.public else "pair"
    votes = VOTE_HEAT * notes.votes_on(target)
    terms = (
        (votes, "votes"),
        (notes.heat.get(target, 0.0) - votes, "accused"),
        (notes.behaviour().get(target, 0.0), "behaviour"),
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
