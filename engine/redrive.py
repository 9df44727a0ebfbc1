"""A stored log driven through the engine again: its transactions, each re-derived and checked.

A log records events, not the actions and deadlines that made them. To cut a game at a point and
play on from there (a fork), the point must lie between two engine calls: a cut inside the events
that one ``submit`` or ``advance`` produced (a night's resolution, a vote count) would leave a state
no player could ever have been asked in. ``redrive`` finds those calls from the log alone: it starts
the game anew from its header, and at each point tries the actions the next stored event can have
come from (a ``Posted`` from a ``Post`` of its text, a ``VoteCast`` from a ``Vote``…), then a
deadline (``advance``), keeping the one whose events equal the stored ones byte for byte (their
JSON). So every step it returns is proven: the engine, given that action, writes exactly the stored
events. A log it cannot re-derive (another rule-set version, an edited file) is an ``EngineError``
naming the first event that no action or deadline gives.

Pure: the engine alone, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine import events as ev
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import EngineError
from engine.events import Event, to_json
from engine.game import Game
from engine.ruleset import Ruleset


class RedriveError(EngineError):
    """A stored log that the engine does not write again from its header (the code says where)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One engine call of a log: its events are ``events[start:end]``; ``action`` None is a deadline
    (``Game.advance``)."""

    start: int
    end: int
    action: Action | None
    reseed: int | None = None
    """A fork's ``Game.reseed`` (the step is that call, not a deadline)."""


@dataclass(frozen=True, slots=True)
class Walk:
    """A log re-derived: where its setup ends and each engine call after it."""

    setup: int
    """The events ``new_game`` writes (header, deal, aliases, the first phase)."""
    steps: tuple[Step, ...]

    def boundaries(self) -> list[int]:
        """Every point of the log between two engine calls (where a player may be asked)."""
        return [self.setup, *(step.end for step in self.steps)]

    def step_at(self, seq: int) -> Step | None:
        """The step whose first event is ``seq``."""
        return next((s for s in self.steps if s.start == seq), None)


def candidates(event: Event) -> list[Action]:
    """The actions that may have produced ``event`` as the first event of their engine call."""
    if isinstance(event, ev.Posted):
        return [Post(seat=event.seat, text=event.text, blue=event.blue is not None, quote=event.quote)]
    if isinstance(event, ev.PostWithheld):
        return [Post(seat=event.seat, text=event.text, blue=blue) for blue in (True, False)]
    if isinstance(event, ev.TeamPosted):
        return [TeamPost(seat=event.seat, team=event.team, text=event.text)]
    if isinstance(event, ev.VoteCast):
        return [Vote(seat=event.seat, target=event.target, reason=event.reason)]
    if isinstance(event, ev.SkillSubmitted):
        return [UseSkill(seat=event.seat, skill=event.skill, targets=tuple(event.targets))]
    if isinstance(event, ev.ChoiceMade) and not event.default:
        return [Choose(seat=event.seat, skill=event.skill, use=event.use, targets=tuple(event.targets))]
    if isinstance(event, ev.LastWords) and not event.published:
        return [SubmitLastWords(seat=event.seat, text=event.text)]
    if isinstance(event, ev.Resolved) and event.actor is not None and event.result:
        return [SubmitLastWords(seat=event.actor, text=event.result)]  # majiasha2's 编辑 redacts a will
    if isinstance(event, ev.Passed):
        return [Pass(seat=event.seat, fallback=event.fallback, reason=event.reason, detail=dict(event.detail))]
    return []


def free_actions(game: Game, event: Event) -> list[Action]:
    """Actions without a text or target that write no event of their seat's own first (majiasha2's
    agreement to shorten the day is a public post of the judge): the argument-free legal actions of
    the waiting seats, those the event names first."""
    named = [int(s) for s in getattr(event, "seats", ()) or ()] + [int(getattr(event, "seat", 0) or 0)]
    waiting = game.waiting()
    seats = [s for s in dict.fromkeys(named) if s in waiting] + [s for s in waiting if s not in named]
    out: list[Action] = []
    for seat in seats:
        for template in game.legal(seat) or ():
            if template.kind == "skill" and template.arity <= 0 and template.skill:
                out.append(UseSkill(seat=seat, skill=template.skill))
            elif template.kind == "choose" and template.yes_no and template.skill:
                out += [Choose(seat=seat, skill=template.skill, use=use) for use in (True, False)]
    return out


def start_of(ruleset: Ruleset, header: ev.GameCreated) -> Game:
    """A new game of ``header``'s seed, flags and options (the setup a stored game began with)."""
    return ruleset.new_game(header.seed, flags=dict(header.flags), options=dict(header.options))


def redrive(ruleset: Ruleset, events: Sequence[Event], upto: int | None = None) -> tuple[Game, Walk]:
    """Drive ``events`` through the engine again (see the module docstring), up to the first
    boundary at or past ``upto`` (None: the whole log); the game there, and the walk so far."""
    header = events[0] if events else None
    if not isinstance(header, ev.GameCreated):
        raise RedriveError("redrive_no_header")
    game = start_of(ruleset, header)
    setup = len(game.events)
    if _texts(game.events) != _texts(events[:setup]):
        raise RedriveError("redrive_setup", seq=_first_difference(game.events, events))
    steps: list[Step] = []
    end = len(events) if upto is None else min(upto, len(events))
    while len(game.events) < end:
        steps.append(next_step(game, events))
    return game, Walk(setup, tuple(steps))


def next_step(game: Game, events: Sequence[Event]) -> Step:
    """Apply to ``game`` the engine call that writes the stored events from ``len(game.events)`` on."""
    start = len(game.events)
    event = events[start]
    if isinstance(event, ev.Reseeded) and _matches(game, events, lambda: game.reseed(event.seed)):
        return Step(start, len(game.events), None, reseed=event.seed)
    for action in [*candidates(event), *free_actions(game, event)]:
        if _matches(game, events, _submit(game, action)):
            return Step(start, len(game.events), action)
    if _matches(game, events, game.advance):
        return Step(start, len(game.events), None)
    raise RedriveError("redrive_diverges", seq=start, kind=event.kind)


def _submit(game: Game, action: Action) -> Callable[[], object]:
    return lambda: game.submit(action)


def _matches(game: Game, events: Sequence[Event], call: Callable[[], object]) -> bool:
    """Whether ``call`` writes exactly the stored events that follow; undone when it does not."""
    snapshot = game.snapshot()
    start = snapshot[0]
    try:
        call()
    except EngineError:
        game.restore(snapshot)
        return False
    made = game.events[start:]
    if made and _texts(made) == _texts(events[start:start + len(made)]):
        return True
    game.restore(snapshot)
    return False


def _texts(events: Sequence[Event]) -> list[str]:
    return [to_json(e) for e in events]


def _first_difference(made: Sequence[Event], stored: Sequence[Event]) -> int:
    for i, (a, b) in enumerate(zip(made, stored, strict=False)):
        if to_json(a) != to_json(b):
            return i
    return min(len(made), len(stored))
