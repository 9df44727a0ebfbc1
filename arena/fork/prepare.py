"""Forks of a stored game: the same game up to a point, then played on by the players given.

``prepare`` reads the origin and makes the fork's game at the point where live play begins,
checking everything before anything is stored:

* the origin's log is driven through the engine again (``engine.redrive``), which proves every
  step of it and finds where its engine calls begin: a point inside one (a night's resolution, a
  vote count) is refused, naming the points before and after it;
* a point past the end, a game over at the point, a game of another schema or rule-set version, a
  floor that does not exist or lies after the point: each is a ``ForkError`` rendered in the reader's
  language;
* ``--edit F=TEXT`` has the same author post ``TEXT`` at floor F (through the engine, which checks
  it as any post), ``--drop F`` has the author not post it; the origin's later steps up to the point
  are then submitted again (a later quote of a dropped floor loses its target, later floors move
  up), and if one is no longer legal the fork is refused with the fork at the floor itself as the
  way out;
* ``--seed N`` draws what is played after the point from seed N (a judge-only ``Reseeded`` event).

The fork shares the origin's events up to the first one it changes (``diverge``: the edited floor,
else the point); they are stored once, under the origin (``transcripts.forks``). ``play`` stores the
fork whole (its row, its counterfactual floors, its own events so far) in one transaction, then
plays it to the end through the ordinary runner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from arena.fork.texts import ForkError, say
from engine import events as ev
from engine.actions import Action, Pass, Post
from engine.errors import EngineError
from engine.events import Event
from engine.game import Game
from engine.narrate import Lang, Names
from engine.redrive import RedriveError, Step, Walk, redrive
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset
from transcripts.forks import ForkEdit, ForkOrigin
from transcripts.reader import Db, connect, load_events, load_header
from transcripts.records import GameRow
from transcripts.schema import SCHEMA_VERSION

FLOOR = re.compile(r"^(?:f|F|floor:?|#)\s*(\d+)$|^(\d+)\s*楼$")


@dataclass(frozen=True, slots=True)
class ForkRequest:
    """What ``arena fork`` was asked for."""

    game: str
    at: str
    edit: tuple[int, str] | None = None
    drop: int | None = None
    seed: int | None = None


@dataclass
class Prepared:
    """A fork made ready to play (nothing stored yet)."""

    origin: GameRow
    ruleset: Ruleset
    events: list[Event]
    """The origin's log."""
    game: Game
    """The fork at the point where live play begins (the edit applied, reseeded)."""
    point: int
    """The fork point in the origin's numbering (a boundary of its engine calls)."""
    diverge: int
    """The first seq the fork stores itself (the edited floor's, else the point)."""
    edits: list[ForkEdit] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)

    @property
    def own(self) -> list[Event]:
        """The fork's events so far that are its own (from ``diverge`` on)."""
        return self.game.events[self.diverge:]

    def origin_record(self) -> ForkOrigin:
        return ForkOrigin(self.origin.game_id, self.diverge, self.record, tuple(self.edits))


def parse_point(text: str) -> tuple[str, int]:
    """``("seq", n)`` for ``120``, ``("floor", n)`` for ``f12`` / ``12楼`` / ``floor:12`` / ``#12``."""
    value = text.strip()
    if value.isdigit():
        return "seq", int(value)
    found = FLOOR.match(value)
    if found is None:
        raise ForkError("fork_point", point=text)
    return "floor", int(found[1] or found[2])


def parse_edit(text: str) -> tuple[int, str]:
    """``FLOOR=TEXT`` (the text may hold ``=`` itself)."""
    floor, sep, body = text.partition("=")
    if not sep or not floor.strip().isdigit() or not body.strip():
        raise ForkError("fork_edit_form")
    return int(floor), body


def floors(events: list[Event]) -> dict[int, ev.Posted]:
    """The thread's public posts by floor."""
    return {e.floor: e for e in events if isinstance(e, ev.Posted) and e.vis == ev.PUBLIC}


def prepare(db: Db, request: ForkRequest, lang: Lang = "zh") -> Prepared:
    """The fork of ``request`` at its live point, every check passed (see the module docstring)."""
    with connect(db) as con:
        origin = load_header(con, request.game)
        events = load_events(con, origin.game_id)
    ruleset = _check_versions(origin)
    posts = floors(events)
    point = _point(request.at, origin.game_id, events, posts)
    target = request.edit[0] if request.edit is not None else request.drop
    diverge = point
    if target is not None:
        post = posts.get(target)
        if post is None:
            raise ForkError("fork_no_floor", game=origin.game_id, floor=target, floors=len(posts))
        if post.seq > point:
            raise ForkError("fork_edit_after", floor=target, seq=post.seq, point=point)
        diverge = post.seq
    walk = _walk(ruleset, origin.game_id, events, point, lang, extra=target is not None and diverge == point)
    game = Game.replay(ruleset, events[:diverge])
    prepared = Prepared(origin, ruleset, events, game, point, diverge)
    if target is not None:
        _counterfactual(prepared, walk, posts[target], request, lang)
    if game.over:
        raise ForkError("fork_over", game=origin.game_id, seq=point)
    if request.seed is not None:
        game.reseed(request.seed)
    prepared.record = {"at": request.at, "point": point, "live_from": len(game.events), "seed": request.seed,
                       "edit": None if target is None else {"action": "drop" if request.drop is not None else "edit",
                                                            "floor": target}}
    return prepared


def _check_versions(origin: GameRow) -> Ruleset:
    if origin.schema_version != SCHEMA_VERSION:
        raise ForkError("fork_schema", game=origin.game_id, found=origin.schema_version, expected=SCHEMA_VERSION)
    ruleset = get_ruleset(origin.header.ruleset)
    if origin.header.ruleset_version != ruleset.version:
        raise ForkError("fork_version", game=origin.game_id, ruleset=ruleset.id,
                        found=origin.header.ruleset_version, expected=ruleset.version)
    return ruleset


def _point(at: str, gid: str, events: list[Event], posts: dict[int, ev.Posted]) -> int:
    kind, n = parse_point(at)
    if kind == "floor":
        post = posts.get(n)
        if post is None:
            raise ForkError("fork_past_end" if n > len(posts) else "fork_no_floor", game=gid, point=at,
                            floor=n, floors=len(posts), events=len(events))
        return post.seq
    if n > len(events):
        raise ForkError("fork_past_end", game=gid, point=at, events=len(events), floors=len(posts))
    return n


def _walk(ruleset: Ruleset, gid: str, events: list[Event], point: int, lang: Lang, *, extra: bool = False) -> Walk:
    """The origin's engine calls up to ``point``, which must lie between two of them (``extra``: and the
    call that follows it, the edited floor's)."""
    try:
        _, walk = redrive(ruleset, events, upto=min(point + 1, len(events)) if extra else max(point, 1))
    except RedriveError as exc:
        raise ForkError("fork_replay", game=gid, seq=exc.params.get("seq", 0), kind=exc.params.get("kind", "")) from None
    if point not in walk.boundaries():
        step = next((s for s in walk.steps if s.start < point < s.end), None)
        start, end = (step.start, step.end) if step is not None else (0, walk.setup)
        what = "action" if step is not None and step.action is not None else "resolution"
        raise ForkError("fork_mid", seq=point, start=start, last=end - 1, end=end, what=say(lang, what))
    return walk


def _counterfactual(p: Prepared, walk: Walk, post: ev.Posted, request: ForkRequest, lang: Lang) -> None:
    """Apply the edit or drop of ``post`` to ``p.game``, then the origin's steps up to the point."""
    step = walk.step_at(post.seq)
    if step is None or not isinstance(step.action, Post):
        raise ForkError("fork_mid", seq=post.seq, start=post.seq, last=post.seq, end=post.seq + 1,
                        what=say(lang, "resolution"))
    game, seats = p.game, int(getattr(p.events[0], "seats", 0))
    audience = tuple(range(1, seats + 1)) if post.vis == ev.PUBLIC else tuple(post.to)
    if request.edit is not None:
        edited = step.action.model_copy(update={"text": request.edit[1]})
        try:
            game.submit(edited)
        except EngineError as exc:
            raise ForkError("fork_edit_refused", floor=post.floor, error=exc.render(lang, _names(p))) from None
        made = next(e for e in game.events[p.diverge:] if isinstance(e, ev.Posted) and e.seat == post.seat)
        p.edits.append(ForkEdit(made.seq, made.floor, post.seat, "edit", request.edit[1], post.seq, post.floor,
                                post.vis, audience))
    else:
        p.edits.append(ForkEdit(p.diverge, post.floor, post.seat, "drop", None, post.seq, post.floor, post.vis,
                                audience))
    dropped = post.floor if request.drop is not None else None
    for later in walk.steps:
        if later.start >= step.end and later.end <= p.point:
            _again(p, later, post, dropped, lang)


def _again(p: Prepared, step: Step, post: ev.Posted, dropped: int | None, lang: Lang) -> None:
    """Submit one of the origin's later steps again (its quote moved where a floor was dropped)."""
    game = p.game
    if step.reseed is not None:
        game.reseed(step.reseed)
        return
    if step.action is None:
        game.advance()
        return
    action = _moved(step.action, dropped)
    for attempt in range(2):
        try:
            game.submit(action)
            return
        except EngineError as exc:
            if isinstance(action, Pass):
                return  # the turn it ended is already over (the dropped post ended it)
            if attempt == 0 and post.seat in game.waiting():
                game.submit(Pass(seat=post.seat))  # the author, whose post is gone, ends its turn
                continue
            raise ForkError("fork_replay_refused", seq=step.start, floor=post.floor,
                            error=exc.render(lang, _names(p))) from None


def _moved(action: Action, dropped: int | None) -> Action:
    if dropped is None or not isinstance(action, Post) or action.quote is None or action.quote < dropped:
        return action
    return action.model_copy(update={"quote": None if action.quote == dropped else action.quote - 1})


def _names(p: Prepared) -> Names:
    return Names.from_events(p.ruleset, p.events)
