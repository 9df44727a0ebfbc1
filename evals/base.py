"""What an evaluator is: a name, a version, the metrics it defines, and observations per game.

Every score is a ratio of sums over observations, ``sum(num) / sum(den)`` (a mean when ``den`` is
a count), so that a number and its clustered bootstrap interval come from the same per-game sums,
and the basis of every number — how many games, how many reports, votes or calls — is the sum of
``den`` and the games that gave it. An evaluator never invents what is missing: a seat that never
reported, a model that never answered, a game that ended early add no observation, and the
basis says so.

Metric kinds: ``ratio`` (num/den), ``skill`` (1 - num/den: num the score, den the prior's or the
worst case's), ``balanced`` (the mean over sides of each side's ratio: a model that drew the
stronger side more often gains nothing from it).

Every metric carries its definition and direction in both languages (the report's glossary prints
them, with the evaluator's version): a reader never meets an id without knowing what it counts and
which way is better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from evals.facts import GameFacts

Kind = Literal["ratio", "skill", "balanced"]
ALL = "*"
ALL_SIDES = ALL


@dataclass(frozen=True, slots=True)
class Metric:
    """One number an evaluator defines: how to read its observations, what its unit counts, what it means."""

    name: str
    kind: Kind
    basis: str
    """What one unit of ``den`` is (reports, votes, seats, calls…), said next to the number (English)."""
    description: str
    """Its definition, in English."""
    zh: str = ""
    """Its Chinese name."""
    zh_description: str = ""
    """Its definition, in Chinese."""
    zh_basis: str = ""
    binomial: bool = False
    """Whether num counts events out of den trials (then a rate with no event shows "—", not an interval)."""
    higher_is_better: bool | None = True
    """None: neither direction is better (a cost, a speed read for its own sake)."""
    group: str = ""
    """What ``Obs.group`` splits this metric by (``reporter``, ``role``…); "" for none."""
    source: str = ""
    """Where a metric taken from a peer is defined (its citation), "" for our own."""

    def label(self, lang: str) -> str:
        return self.zh if lang == "zh" and self.zh else self.name

    def definition(self, lang: str) -> str:
        return self.zh_description if lang == "zh" and self.zh_description else self.description

    def unit(self, lang: str) -> str:
        return self.zh_basis if lang == "zh" and self.zh_basis else self.basis


@dataclass(frozen=True, slots=True)
class Obs:
    """One observation: a contribution of one seat's play in one game to one metric."""

    game_id: str
    metric: str
    label: str
    side: str
    num: float
    den: float
    n: float | None = None
    """Units of the basis (reports, votes…) this observation holds; None: ``den`` itself (a count)."""
    group: str = ""
    """A finer population (the reporter of a belief gap, the role of a survival), per ``Metric.group``."""

    @property
    def units(self) -> float:
        return self.den if self.n is None else self.n


class Evaluator(Protocol):
    """A small scorer of stored games: ``observe`` is a pure function of one game's facts."""

    @property
    def name(self) -> str: ...

    @property
    def version(self) -> str: ...

    @property
    def metrics(self) -> tuple[Metric, ...]: ...

    def observe(self, game: GameFacts) -> list[Obs]:
        """This game's observations (none for what it does not hold)."""
        ...


def brier(probs: dict[str, float], truth: str) -> float:
    """Multi-class Brier score of one distribution against the true class (0 best, 2 worst)."""
    factions = set(probs) | {truth}
    return sum((probs.get(f, 0.0) - (1.0 if f == truth else 0.0)) ** 2 for f in factions)
