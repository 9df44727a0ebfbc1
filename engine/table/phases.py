"""Phases as data: what each phase is, who it waits for, what its close does, what may follow.

The engine walks the table (``TableRuleset.advance``: the open phase's ``close`` resolves it and names
the phase that follows; the kernel opens that one), so a closer never imports the next phase's code,
and everything outside the engine that needs the phase order (the judge console's schedule, the
progress display, the belief checkpoints) reads it from here instead of repeating the names.

Kinds, after boardgame.io's phases and stages:

* ``TURNS``: one speaker at a time, ``rounds`` times round the order (a forum day's speeches);
* ``WINDOW``: every eligible seat answers once, in any order (a vote, a night, a question);
* ``RESOLUTION``: nobody is asked; the judge settles (stamped with its own ``PhaseBegan`` so the log
  reads like the judge's timetable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class Kind(StrEnum):
    """How a phase takes its answers."""

    TURNS = "turns"
    WINDOW = "window"
    RESOLUTION = "resolution"


class Waits(StrEnum):
    """Whom a phase waits for when it opens (unless its opener names the seats)."""

    LIVING = "living"
    """Every living seat (a day's speeches, a vote)."""
    LISTED = "listed"
    """The seats its opener lists (a night's skill holders, the dying's last words, a question)."""
    NOBODY = "nobody"
    """Nobody (a resolution)."""


class Tag(StrEnum):
    """What a phase is for, as the layers outside the engine ask it (a bot's move, a prompt's guide,
    the judge console's step, a belief checkpoint) instead of naming a rule set's phases."""

    SETUP = "setup"
    """The game's start: setup choices, night 0."""
    SPEECH = "speech"
    """Players post on the thread (a day's discussion)."""
    VOTE = "vote"
    """Ballots are cast (a day's vote, a vote stage, an election)."""
    NIGHT_ACTION = "night_action"
    """Night skills are submitted."""
    LAST_WORDS = "last_words"
    """The outs leave their last words."""
    QUESTION = "question"
    """A seat answers a question the judge asks (a reaction, a successor, a redaction)."""
    DAY_END = "day_end"
    """The phase whose start ends a day's talk and vote (curfew, the night's first step): where the
    belief checkpoints ask every seat by default."""


@dataclass(frozen=True, slots=True)
class Next:
    """What a phase's close opens: ``phase`` on game day ``day`` (None: the current day), waiting for
    ``order`` (None: as the phase's ``waits`` says), ``rounds`` turns round it (None: the phase's)."""

    phase: str
    day: int | None = None
    order: tuple[int, ...] | None = None
    rounds: int | None = None


Closer = Callable[["Game"], "Next | None"]
"""A phase's close: resolve it (emitting events), then name what opens next, or None when the game
is over or the closer opened the next phase itself (a question asked in the middle of a resolution)."""


Opener = Callable[["Game"], None]
"""A phase's on-begin hook: what the judge says or tells as the phase opens (emitting events)."""


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a rule set's timetable."""

    name: str
    kind: Kind
    close: Closer | None = None
    """What closing it does; None for a resolution stamp that closes inside another phase's close."""
    follows: tuple[str, ...] = ()
    """The phases its close may open (the timetable's arrows, checked against the table)."""
    night: bool = False
    """Whether it belongs to the night (a judge scenario's night step, the replay's 第N夜)."""
    rank: int = 0
    """Its order inside one game day (a judge scenario's position is (day, rank))."""
    waits: Waits = Waits.LIVING
    secret: bool = False
    """Whether the seats it waits for are told to the judge alone (at night they would show roles)."""
    rounds: int = 1
    """Speaking rounds of a turn phase (a rule set's option may change them)."""
    aside: bool = False
    """Whether it interrupts a day or night and belongs to it (the witch's castling question)."""
    living_only: bool = False
    """Whether a seat that goes out while it is open stops being waited for (a vote stage)."""
    tags: frozenset[Tag] = frozenset()
    """What the phase is for (``Tag``), for the layers outside the engine."""
    hidden: bool = False
    """Whether its banner (``PhaseBegan``) is told to the judge alone: a question whose banner would
    show who was asked (umineko32's castling question)."""
    opens: Opener | None = None
    """What opening it does once its ``PhaseBegan`` is out (the morning's announcements, a forced
    skill's notice to the seats it waits for); None: nothing."""


@dataclass(frozen=True, slots=True)
class Landmarks:
    """Where a judge scenario's steps land in a rule set's table (``arena judge`` derives its schedule
    from the table and these): night N's actions in ``night`` (a skill not offered there waits for
    one of ``later``, the witch's window), day N's posts in ``day``, its ballots in ``vote``, night
    0's in ``setup`` (None: the rule set has no night 0). ``night_first``: night N comes before day
    N (classic werewolf: night 1 opens the game), else after it. ``draws``: the named draws a
    scenario may pin (``Game.draw``). ``first_day``: day 1's posts where day 1 opens otherwise than
    the days after it (umineko32's free discussion). ``seat_options``: a roster entry's setup option
    → (the setup choice it answers, the roles that take it). ``note_defaults``: whether the judge's
    closing notes name each default the engine took. ``setup`` may name no phase of the table (a game
    that opens with a day): it then ranks 0, at night, before every phase.

    For the judge's settlement: ``stages``, a day's vote stages in order (a scenario's
    ``stage_votes`` name them 1, 2, …); ``noted_draws``, the draws that settle a decision the
    scenario left open (a mandatory kill nobody gave, drawn at random: the closing notes name it)."""

    night: str
    vote: str
    day: str
    setup: str | None = None
    night_first: bool = False
    first_vote_day: int = 1
    later: tuple[str, ...] = ()
    draws: tuple[str, ...] = ()
    first_day: str | None = None
    seat_options: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    stages: tuple[str, ...] = ()
    noted_draws: tuple[str, ...] = ()
    note_defaults: bool = True
    cards: Callable[..., None] | None = None
    """How the rule set gives a judge's card ``(game, seat, card, reason)`` (suitang21's 蓝牌/黄牌/红牌);
    None: it has no cards."""
    void_ballots: Mapping[str, str] = field(default_factory=dict)
    """The refusal codes of a ballot the rules count as void when posted anyway (code → ``spoiled``,
    废票, or ``void``, a change beyond the limit): the judge records such a ballot instead of stopping."""
    windows: Mapping[str, str] = field(default_factory=dict)
    """Night skill → the window it is offered in, where one night step's actions fall in several
    windows (majiasha2's steps 1 to 5): the judge applies each action in its own window, moving
    forward to it, and night 0's ballots in ``setup_votes``; empty: the judge's generic steps."""
    setup_votes: str | None = None
    """The window night 0's ballots are cast in (majiasha2's elder elections)."""
    rank: Callable[[Any], int] | None = None
    """A phase's rank where it depends on more than its name (majiasha2's successor, asked by day or
    by night): state → rank; None: the table's."""
    sizes: tuple[int, ...] = ()
    """Player counts a rule set of variable size plays (the scenario's roster then sets the count)."""
    roster: Callable[[int], Mapping[str, int]] | None = None
    """For a variable size: the role counts the roster of ``n`` seats must hold."""
    defaults: Mapping[str, str] = field(default_factory=dict)
    """A draw's name (or its prefix) → the rule behind the default the engine drew where nobody chose:
    the judge's closing notes name each one that was not pinned (majiasha2's)."""


class PhaseTable:
    """A rule set's phases, in timetable order, by name."""

    def __init__(self, *phases: Phase) -> None:
        self._phases: dict[str, Phase] = {p.name: p for p in phases}
        if len(self._phases) != len(phases):
            raise ValueError("a phase name appears twice in the table")
        for p in phases:
            unknown = [n for n in p.follows if n not in self._phases]
            if unknown:
                raise ValueError(f"phase {p.name} follows into unknown phases {unknown}")
        self.living_only: frozenset[str] = frozenset(p.name for p in phases if p.living_only)
        """The phases that stop waiting for a seat that goes out (asked on every ``waiting``: kept as a set)."""
        self.resolutions: frozenset[str] = self.of_kind(Kind.RESOLUTION)
        """The resolution phases (asked on every ``window_complete``)."""

    def __getitem__(self, name: str) -> Phase:
        return self._phases[name]

    def __contains__(self, name: object) -> bool:
        return name in self._phases

    def __iter__(self) -> Iterator[Phase]:
        return iter(self._phases.values())

    def names(self) -> tuple[str, ...]:
        """Every phase name, in timetable order."""
        return tuple(self._phases)

    def ranks(self) -> Mapping[str, int]:
        """Phase → its rank inside a game day."""
        return {p.name: p.rank for p in self}

    def night_phases(self) -> frozenset[str]:
        return frozenset(p.name for p in self if p.night)

    def asides(self) -> frozenset[str]:
        return frozenset(p.name for p in self if p.aside)

    def of_kind(self, *kinds: Kind) -> frozenset[str]:
        """The names of the phases of ``kinds``."""
        return frozenset(p.name for p in self if p.kind in kinds)

    def asks(self) -> frozenset[str]:
        """The phases in which players are asked (turns and windows), e.g. for belief checkpoints."""
        return self.of_kind(Kind.TURNS, Kind.WINDOW)

    def tagged(self, *tags: Tag) -> frozenset[str]:
        """The names of the phases carrying any of ``tags`` (e.g. every last-words phase)."""
        return frozenset(p.name for p in self if p.tags & set(tags))

    def describe(self) -> list[dict[str, Any]]:
        """The table as plain data (``arena rules --phases``, ARCHITECTURE.md's drawing)."""
        return [{"name": p.name, "kind": str(p.kind), "night": p.night, "rank": p.rank,
                 "follows": list(p.follows), "waits": str(p.waits), "tags": sorted(str(t) for t in p.tags)}
                for p in self]
