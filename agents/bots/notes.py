"""The notes every scripted bot keeps on its seat: one fold over the seat's view, shared by all rule sets.

Two sources, kept apart. What the rules told the seat (who it is, its chats, its results) is the
engine's observation (``Turn.observation``): ``know`` takes it as it is, and the notes never
re-derive it from announcements. What players said and did is the seat's view (``Turn.events``):
the notes fold it, one event at a time, merged in log order with the observation's inbox (results
and notices), so each result lands where the seat learned it.

``ViewNotes`` owns the fold: the cursor (``seen``, ``last``, ``received``; the per-seat cache,
``agents.bots.view_notes``, checks a view continues it), the dispatch of an event to the handler
named ``on_<kind>`` (a subclass adds handlers by defining them), and the bookkeeping every bot
repeats: the table's size, the day and phase, today's ballots, the seat's own posts. A rule set's
notes subclass it with what really differs: which phases open a day, how a post is read (claim
patterns), its strategy facts. Nothing but ``follow`` writes the notes, and the fold reads nothing
but them and the seed, so notes brought up turn by turn equal the notes a fresh bot folds from index
0 of the same view and observation, and a game resumed from its transcript plays on identically.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import events as ev
from engine.observation import INBOX_KINDS, Observation, TeamState

Handler = Callable[[Any, Any], None]


def handlers_of(cls: type) -> dict[str, Handler]:
    """Event kind → the class's handler: each method named ``on_<kind>``, a subclass's over its base's."""
    return {name[3:]: getattr(cls, name) for name in dir(cls) if name.startswith("on_")}


@dataclass(slots=True)
class ViewNotes:
    """One seat's notes: the fold's cursor and the bookkeeping every rule set's bot keeps."""

    seed: int
    seat: int
    seen: int = 0
    """How many events of the view are folded in."""
    last: ev.Event | None = None
    """The last event folded in."""
    received: int = 0
    """How many of the observation's inbox entries are folded in."""
    # what the engine says the seat is (``know``)
    role: str = ""
    faction: str = ""
    teams: dict[str, frozenset[int]] = field(default_factory=dict)
    # the board and today, from the view
    seats: int = 0
    day: int = 0
    phase: str = ""
    ballots: dict[int, int | None] = field(default_factory=dict)
    """Today's ballots so far: voter → target (None: an abstention); a changed ballot replaces the old."""
    teams_read: tuple[TeamState, ...] = field(default=(), compare=False, repr=False)
    """The chats ``know`` last read (the engine keeps a seat's unchanged chats as one tuple)."""

    FOLD: ClassVar[dict[str, Handler]] = {}
    """Event kind → handler, gathered from the ``on_<kind>`` methods when a subclass is defined."""
    READS_INBOX: ClassVar[bool] = False
    """Whether a handler takes a kind of result or notice: else the inbox has nothing to fold (and no
    merge is paid for)."""
    DAY_STARTS: ClassVar[frozenset[str]] = frozenset()
    """The phases that open a day (``new_day``: today's ballots start empty)."""

    VIEW_FOLD: ClassVar[dict[str, Handler]] = {}
    """``FOLD`` for the view's events, a result or notice kind's handler taking only public ones (the
    private ones come from the inbox): one lookup an event, the fold's hottest loop."""

    def __init_subclass__(cls) -> None:  # no super(): a slotted dataclass's methods see the class before slots
        cls.FOLD = handlers_of(cls)
        cls.VIEW_FOLD = view_fold(cls.FOLD)
        cls.READS_INBOX = not INBOX_KINDS.isdisjoint(cls.FOLD)

    # -- bringing the notes up to a turn -------------------------------------------------------------

    def follow(self, events: Sequence[ev.Event], obs: Observation) -> None:
        """Bring the notes up to the seat's view and observation: first what the engine says the seat
        knows (the fold may weigh what it reads by who the seat is), then what is new in the view."""
        self.know(obs)
        if self.seen < len(events) or self.received < len(obs.inbox):
            self.update(events, self.seen, obs.inbox)

    def know(self, obs: Observation) -> None:
        """Take what the engine says the seat knows now (a subclass reads more, after this)."""
        self.role, self.faction = obs.role or "", obs.faction or ""
        if obs.teams is not self.teams_read:
            self.teams_read = obs.teams
            self.teams = {team.team: frozenset(team.members) for team in obs.teams}

    def update(self, events: Sequence[ev.Event], start: int, inbox: Sequence[ev.Event] = ()) -> None:
        """Fold ``events[start:]`` (the view: the thread, chats, the seat's moves) and
        ``inbox[received:]`` (the observation's results and notices), merged in log order."""
        received = inbox[self.received:] if self.READS_INBOX else ()
        if received:
            self._merged(events[start:], received)
        else:  # mostly nothing new in the inbox: the thread alone, without a merge (and inline: a bot
            view = self.VIEW_FOLD  # folds every event of its view)
            for event in events[start:]:
                handler = view.get(event.kind)
                if handler is not None:
                    handler(self, event)
        self.seen, self.received = len(events), len(inbox)
        self.last = events[-1] if events else None

    def _merged(self, thread: Sequence[ev.Event], received: Sequence[ev.Event]) -> None:
        """Fold ``thread`` (the view's new events) and ``received`` (the inbox's new results and notices)
        in log order, by ``seq``: the view's own copies of results and notices are left out, the inbox
        holds them as they were shown to the seat. A walk of the thread that hands on the few received
        entries as it passes their place, where ``heapq.merge`` took a key call and a generator step
        for every event."""
        handlers = self.FOLD
        queue = iter(received)
        nxt = next(queue, None)
        for event in thread:
            if event.kind in INBOX_KINDS and event.vis != ev.PUBLIC:
                continue
            while nxt is not None and nxt.seq < event.seq:
                handler = handlers.get(nxt.kind)
                if handler is not None:
                    handler(self, nxt)
                nxt = next(queue, None)
            handler = handlers.get(event.kind)
            if handler is not None:
                handler(self, event)
        while nxt is not None:
            handler = handlers.get(nxt.kind)
            if handler is not None:
                handler(self, nxt)
            nxt = next(queue, None)

    # -- the bookkeeping every bot keeps ---------------------------------------------------------------

    def on_game_created(self, e: ev.GameCreated) -> None:
        self.seats = e.seats

    def on_phase_began(self, e: ev.PhaseBegan) -> None:
        if e.name in self.DAY_STARTS:
            self.new_day(e)
        self.day, self.phase = e.number, e.name
        self.new_phase(e)

    def on_vote_cast(self, e: ev.VoteCast) -> None:
        old = self.ballots.get(e.seat)
        self.ballots[e.seat] = e.target
        self.ballot(e, old)

    def on_posted(self, e: ev.Posted) -> None:
        if e.seat == self.seat:
            self.wrote(e)
        self.read(e.seat, e.text)

    # -- hooks: what a rule set's notes add --------------------------------------------------------------

    def new_day(self, e: ev.PhaseBegan) -> None:
        """A day opens (before ``day`` moves to it): today's ballots start empty."""
        self.ballots = {}

    def new_phase(self, e: ev.PhaseBegan) -> None:
        """Any phase has opened (``day`` and ``phase`` already say which)."""

    def ballot(self, e: ev.VoteCast, old: int | None) -> None:
        """A ballot was cast (``ballots`` already holds it); ``old`` is the voter's earlier target today."""

    def wrote(self, e: ev.Posted) -> None:
        """The seat's own public post (read by ``read`` right after, like everyone's)."""

    def read(self, seat: int, text: str) -> None:
        """A public post by ``seat``: claims, accusations, whatever the rule set's bots read in it."""

    # -- reading -----------------------------------------------------------------------------------------

    @property
    def voted_today(self) -> bool:
        return self.seat in self.ballots

    def leaders(self) -> list[int]:
        """Today's most-voted seats so far, most votes first (ties: the lower seat)."""
        counts: dict[int, int] = {}
        for target in self.ballots.values():
            if target is not None:
                counts[target] = counts.get(target, 0) + 1
        return sorted(counts, key=lambda s: (-counts[s], s))


def view_fold(fold: dict[str, Handler]) -> dict[str, Handler]:
    """``fold`` with each handler of a result or notice kind taking only public events of it."""
    return {kind: _public_only(handler) if kind in INBOX_KINDS else handler for kind, handler in fold.items()}


def _public_only(handler: Handler) -> Handler:
    def public(notes: Any, event: Any) -> None:
        if event.vis == ev.PUBLIC:
            handler(notes, event)

    return public


ViewNotes.FOLD = handlers_of(ViewNotes)
ViewNotes.VIEW_FOLD = view_fold(ViewNotes.FOLD)

