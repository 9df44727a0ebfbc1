"""What one viewer knows now: a typed, frozen observation computed by the engine.

In the manner of OpenSpiel's observers and boardgame.io's ``playerView``: the rule set computes,
from the state, what a seat (or a spectator, or the god view) is entitled to know at this moment —
its own identity and skills with what is left of each, its budgets, its teams and mates as the
rule set names them, who is alive and who is out with what the rules publish, the results and
notices it has received, and its legal actions. Every seat-facing renderer (the LLM prompt's own
part, the scripted bots, the web table, the terminal seat, the replay) reads this one object and
never re-folds events to learn the same things.

Codes, not sentences: ``cause``, ``note`` and ``statuses`` are ids that the rule set's texts name
in the reader's language (``engine.narrate``), so the observation itself is language-free.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal, TypeVar

from engine.events import Event
from engine.legal import LegalAction
from engine.public import PublicRecord
from engine.state import BaseState
from engine.views import Viewer

Budget = Literal["blue", "posts", "team_posts", "vote_changes", "last_words", "hp", "lives", "votes"]
"""What a budget counts: 蓝字 posts left in the phase, posts or team messages left in the window,
changes of vote left today, last words left (suitang21's five a game), hit points (majiasha2),
extra lives (qijian24's prayers), ballots left."""
Rec = TypeVar("Rec")
"""A frozen record of this module (``amend``)."""


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """One seat as the viewer knows it."""

    seat: int
    alias: str
    alive: bool
    """Alive as far as the viewer knows (the public record; the own seat and the god view: the truth)."""
    out_day: int | None = None
    out_seq: int | None = None
    """The seq of the event that told the viewer of the out (orders the outs)."""
    out_rank: int = 0
    """Its place among the outs the same event told (a dawn list is in the order they went)."""
    cause: str | None = None
    """The cause of the out as the viewer knows it (public: as announced; god: the judge's cause)."""
    role: str | None = None
    """The identity where the viewer knows it: published by the rules, the own seat, or the god view."""
    faction: str | None = None
    majia: int | None = None
    """The seat's 马甲 where the viewer knows it (published, or the own seat), in a rule set with a
    second name layer."""
    statuses: tuple[str, ...] = ()
    """Statuses the viewer may know (``sheriff``, ``lover`` for the own partner, ``dying`` …), as ids."""


@dataclass(frozen=True, slots=True)
class SkillState:
    """One of the own seat's skills and what is left of it."""

    skill: str
    left: int | None = None
    """Uses left (charges, a once-per-game use); None where the rules count no uses."""
    total: int | None = None
    """Uses in all, where the rules fix a number (a once-per-game skill: 1)."""
    usable: bool = True
    """Whether it can still be used at all (False: spent, lost, or not yet active)."""
    note: str = ""
    """What restricts it now, as a code of the rule set's texts (``restricted``, ``banned`` …)."""


@dataclass(frozen=True, slots=True)
class BudgetState:
    """A counted allowance of the own seat: what is left of it, and of how many."""

    what: Budget
    left: int
    total: int | None = None
    team: str | None = None
    """The team chat a ``team_posts`` budget belongs to."""


@dataclass(frozen=True, slots=True)
class TeamState:
    """A team chat the viewer is in, with its members as the rule set lets the viewer name them."""

    team: str
    members: tuple[int, ...]
    """Seats, or 马甲 numbers where ``layer`` is ``"majia"`` (majiasha2 signs its chats by 马甲)."""
    layer: str = ""
    reads_dead: bool = True
    """Whether members who are out still read the chat (rule sets differ)."""


def skill_state(skill: str, left: int | None = None, total: int | None = None, usable: bool = True,
                note: str = "") -> SkillState:
    """``SkillState(...)``, one object for the same values (``_kept``): a seat's skills are listed
    again at every turn of its observation, mostly unchanged, and the frozen ``__init__`` (one
    ``object.__setattr__`` a field) cost more than the lookup."""
    return _kept(SkillState, (skill, left, total, usable, note))


def budget_state(what: Budget, left: int, total: int | None = None, team: str | None = None) -> BudgetState:
    """``BudgetState(...)``, one object for the same values (as ``skill_state``)."""
    return _kept(BudgetState, (what, left, total, team))


def team_state(team: str, members: tuple[int, ...], layer: str = "", reads_dead: bool = True) -> TeamState:
    """``TeamState(...)``, one object for the same values (as ``skill_state``)."""
    return _kept(TeamState, (team, members, layer, reads_dead))


def _kept(cls: type[Rec], args: tuple[Hashable, ...]) -> Rec:
    """``cls(*args)`` for a small frozen record, the same object while the same values come again.
    The callers' values are typed (``bool`` where a field is one, ``int`` where it counts), so equal
    keys are identical values: ``1 == True`` cannot pair an ``int`` field with a ``bool`` one."""
    key = (cls, args)
    found = _KEPT.get(key)
    if found is None:
        if len(_KEPT) >= _KEPT_MAX:
            _KEPT.clear()
        found = _KEPT[key] = cls(*args)
    return found


_KEPT: dict[tuple[type, tuple[Hashable, ...]], Any] = {}
"""Small records by class and values (``_kept``)."""
_KEPT_MAX = 4096


@dataclass(frozen=True, slots=True)
class LayerEntry:
    """One name of a second public name list (majiasha2's 马甲 list) and whether it is still listed."""

    number: int
    name: str
    listed: bool = True
    """False once it is publicly known to be out (a target naming it is wasted)."""
    role: str | None = None
    """The identity behind the name where the viewer was told it (majiasha2: the seer's 预言, the
    elder notice), never the seat it posts as."""
    faction: str | None = None
    """Its faction where the viewer was told it (majiasha2: the elder's downstream list)."""
    statuses: tuple[str, ...] = ()
    """How it stands to the viewer, as ids of the rule set's texts (``self``, ``mate``, ``elder``,
    ``partner``, ``downstream`` …)."""


@dataclass(frozen=True)
class Observation:
    """What ``viewer`` knows now (see the module docstring). Fields of the own seat are empty for a
    spectator and for the god view.

    Without slots, unlike the small records: a seat's observation is amended two or three times as
    it is built, at every turn, and ``amend`` copies a ``__dict__`` of 25 fields in one call where
    slots take 25 descriptor calls (about 1 against 3 µs)."""

    ruleset: str
    viewer: Viewer
    day: int
    phase: str
    over: bool = False
    winners: tuple[str, ...] = ()
    seats: tuple[SeatStatus, ...] = ()
    layer: str = ""
    """The name of the second public name list, where the rule set has one (``"majia"``)."""
    layer_names: tuple[LayerEntry, ...] = ()
    sheriff: int | None = None
    """The sheriff's seat where the viewer knows it."""
    sheriff_majia: int | None = None
    """The sheriff's 马甲, where the sheriff is named by 马甲."""
    # -- the own seat ------------------------------------------------------------------------------
    seat: int | None = None
    alias: str = ""
    role: str | None = None
    """The identity the seat knows it has now (a derived role once the judge has told it)."""
    dealt: str | None = None
    """The identity dealt at the start."""
    faction: str | None = None
    alive: bool = True
    majia: int | None = None
    statuses: tuple[str, ...] = ()
    skills: tuple[SkillState, ...] = ()
    budgets: tuple[BudgetState, ...] = ()
    teams: tuple[TeamState, ...] = ()
    inbox: tuple[Event, ...] = ()
    """Every result and notice the seat has received, in order, each as it was shown to it."""
    legal: tuple[LegalAction, ...] = ()
    deadline: float | None = None
    """When the open window closes (seconds since the epoch), where a runner sets one; the engine
    has no clock, so it leaves this None and the runner or the server fills it in."""

    def status(self, seat: int) -> SeatStatus | None:
        """One seat's status (None for a seat the game does not have)."""
        seats = self.seats
        if 0 < seat <= len(seats) and seats[seat - 1].seat == seat:  # seats are listed 1..N
            return seats[seat - 1]
        return next((s for s in seats if s.seat == seat), None)

    def living(self) -> list[int]:
        """The seats the viewer knows to be alive."""
        return [s.seat for s in self.seats if s.alive]

    def out(self) -> list[SeatStatus]:
        """The seats the viewer knows to be out, in the order they went out."""
        gone = [s for s in self.seats if not s.alive]
        return sorted(gone, key=lambda s: (s.out_seq if s.out_seq is not None else -1, s.out_rank, s.seat))

    def skill(self, skill: str) -> SkillState | None:
        return next((s for s in self.skills if s.skill == skill), None)

    def budget(self, what: Budget, team: str | None = None) -> BudgetState | None:
        return next((b for b in self.budgets if b.what == what and (team is None or b.team == team)), None)


INBOX_KINDS = frozenset({"role_dealt", "role_changed", "feedback", "notice", "question", "layer_assigned",
                         "post_withheld", "team_formed", "team_joined"})
"""The kinds of event that tell a seat something privately: its results and notices."""


@dataclass(slots=True)
class Inbox:
    """A viewer's results and notices, folded incrementally from the log (``Game.observe``)."""

    upto: int = 0
    """How many of the seat's private results and notices (routed to it by ``Game``'s one pass over the
    log) this inbox has read."""
    events: list[Event] = field(default_factory=list)
    snapshot: tuple[Event, ...] = ()
    """``events`` as the observation holds them, copied only when one is added."""


def public_observation(state: BaseState, viewer: Viewer, *, inbox: tuple[Event, ...] = (),
                       legal: tuple[LegalAction, ...] = ()) -> Observation:
    """The part of any viewer's observation that everyone knows: the phase, the day, the end, and
    every seat as the public record has it (alive unless announced out; identities where published;
    the sheriff; the second name list with the names known to be out marked).

    A seat's ``inbox`` and ``legal`` actions come in here, so that its observation is built once
    and then amended by the rule set, not copied again for each of them (``Game.observe``). The
    fields every viewer shares are kept as one ``__dict__`` while the state's public side is the same
    (``_public_fields``), so a seat's observation is that dict copied with its three own fields set:
    one copy, where an ``amend`` of fourteen keyword arguments cost some 5 µs at every turn."""
    own = _public_fields(state).copy()
    own["viewer"], own["inbox"], own["legal"] = viewer, inbox, legal
    obs: Observation = _new(Observation)
    _put(obs, "__dict__", own)  # (as ``amend`` copies: one dict copy, set whole)
    return obs


_new, _put = object.__new__, object.__setattr__


def _public_fields(state: BaseState) -> dict[str, Any]:
    """The fields of an observation that every viewer of ``state`` shares, in field order (a blank
    observation's ``__dict__`` with them set), built again only when the public record moved
    (``PublicRecord.version``) or the phase, the day or the end did."""
    record = state.public
    key = (record.version, state.ruleset, state.day, state.phase, state.over, tuple(state.winners))
    hit = _FIELDS.get(id(record))
    if hit is not None and hit[0] is record and hit[1] == key:
        return hit[2]
    seats, layer, names = _public_part(record)
    shared = dict(_BLANK.__dict__)
    shared.update(ruleset=state.ruleset, day=state.day, phase=state.phase, over=state.over,
                  winners=key[5], seats=seats, layer=layer, layer_names=names, sheriff=record.sheriff,
                  sheriff_majia=record.sheriff_majia)
    if hit is None and len(_FIELDS) >= _PUBLIC_KEPT:
        del _FIELDS[next(iter(_FIELDS))]
    _FIELDS[id(record)] = (record, key, shared)
    return shared


def public_fields(state: BaseState) -> Mapping[str, Any]:
    """The fields every viewer of ``state`` shares (``_public_fields``), the one object while they stay
    the same: what a seat's kept observation was made over, to carry it over (``carried_over``)."""
    return _public_fields(state)


def carried_over(obs: Observation, was: Mapping[str, Any], now: Mapping[str, Any]) -> Observation | None:
    """A seat's observation ``obs``, made over the shared fields ``was``, over the shared fields ``now``:
    each shared field it took as it was is taken anew, and what the seat lays over the public seat list
    and second name list (its own seat, its mates, the names it was told of) is kept where the public
    entry under it is the one it was laid over. None where something the seat holds of its own moved
    under it (a mate's entry in the public list, a sheriff it knows otherwise): it is made afresh.

    Sound only where nothing else of the seat's own part moved: ``Game`` carries a seat's observation
    over only the rule set's ``carried`` events that neither name the seat nor were shown it privately
    (``Ruleset.carried``)."""
    changes: dict[str, Any] = {}
    mine = obs.__dict__
    for name in _CARRIED:
        old, new = was[name], now[name]
        if new is old:
            continue
        held = mine[name]
        if name in _LISTS:
            spliced = _spliced(held, old, new)
            if spliced is None:
                return None
            changes[name] = spliced
        elif new == old:
            continue
        elif held == old:
            changes[name] = new
        else:
            return None
    return amend(obs, **changes) if changes else obs


def _spliced(held: tuple[Any, ...], old: tuple[Any, ...], new: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """``new`` (a public list) with the entries ``held`` lays over ``old`` (by identity: public records are
    kept by value, an overlay is another object), or None where an overlaid entry's public one moved."""
    if held is old:
        return new
    if not len(held) == len(old) == len(new):
        return None
    out = list(new)
    for at, (mine, was) in enumerate(zip(held, old, strict=True)):
        if mine is not was:
            if new[at] is not was:
                return None
            out[at] = mine
    return tuple(out)


_CARRIED = ("seats", "layer", "layer_names", "sheriff", "sheriff_majia", "winners")
"""The shared fields a kept observation takes anew (phase and day: ``Game._rekept``; ``over``: the kept
observation holds only while the game's end is the same)."""
_LISTS = frozenset({"seats", "layer_names"})


_FIELDS: dict[int, tuple[PublicRecord, tuple[Any, ...], dict[str, Any]]] = {}
"""The last records' shared observation fields by ``id`` (held with the record, as ``_PUBLIC``)."""


_BLANK = Observation(ruleset="", viewer=Viewer.god(), day=0, phase="")
"""An observation whose every other field is its default: the fields ``_public_fields`` starts from."""


PublicPart = tuple[tuple[SeatStatus, ...], str, tuple[LayerEntry, ...]]
"""Every seat as the public record has it, and the second name list with its name (if any)."""


def _public_part(record: PublicRecord) -> PublicPart:
    """Every seat and the second name list as the public record has them, built again only when the
    record moved (``PublicRecord.version``): the runner observes every turn, and building 24 frozen
    seat records (and majiasha2's 马甲 list) a turn was most of a scripted game's observation time
    (``bench/engine.py``). The records are frozen, so one tuple serves every viewer of one record."""
    hit = _PUBLIC.get(id(record))
    if hit is not None and hit[0] is record and hit[1] == record.version:
        return hit[2]
    seats = tuple([_public_seat(record, seat) for seat in range(1, record.seats + 1)])
    layer, names = "", tuple[LayerEntry, ...]()
    if record.layers:
        layer, listed = next(iter(record.layers.items()))
        out_majia = {m for seat, m in record.majia.items() if seat in record.outs}
        names = tuple([_kept(LayerEntry, (n, name, n not in out_majia, None, None, ()))
                       for n, name in sorted(listed.items())])
    if hit is None:
        if len(_PUBLIC) >= _PUBLIC_KEPT:
            del _PUBLIC[next(iter(_PUBLIC))]
    elif hit[0] is record:  # the record moved: where a list came out the same, the same object
        old_seats, _, old_names = hit[2]
        seats = old_seats if seats == old_seats else seats  # (records kept by value: compared by identity)
        names = old_names if names == old_names else names
    part = (seats, layer, names)
    _PUBLIC[id(record)] = (record, record.version, part)
    return part


_PUBLIC: dict[int, tuple[PublicRecord, int, PublicPart]] = {}
"""The last records' public parts by ``id``: the entry holds its record, so an id is never reused
while cached."""
_PUBLIC_KEPT = 64


def _public_seat(record: PublicRecord, seat: int) -> SeatStatus:
    """One seat as the public record has it: one object for the same values (``_kept``), so that a list
    built again after the record moved is the list it was wherever no seat changed (``_public_part``),
    and what every viewer derives from it (``derive``) is kept too."""
    out = record.outs.get(seat)
    statuses = _SHERIFF if record.sheriff == seat else ()
    if out is None:
        return _kept(SeatStatus, (seat, record.aliases.get(seat, ""), True, None, None, 0, None,
                                  record.roles.get(seat), None, record.majia.get(seat), statuses))
    return _kept(SeatStatus, (seat, record.aliases.get(seat, ""), False, out.day, out.seq, out.rank, out.cause,
                              record.roles.get(seat), None, record.majia.get(seat), statuses))


_SHERIFF = ("sheriff",)


Seats = tuple[SeatStatus, ...]
Out = TypeVar("Out")
"""What ``derive`` keeps: a tuple of frozen records, or a map of them that its readers only read."""


def derive(build: Callable[..., Out], seats: tuple[Any, ...], *args: Hashable) -> Out:
    """``build(seats, *args)``, kept while ``seats`` (by identity) and ``args`` (by value) are the same
    (a seat list, another tuple of frozen records such as majiasha2's 马甲 list, or a seat's legal
    templates, which the scripted bots key once per tuple the engine hands them).

    A seat's list of every seat is the public one with what the seat knows of some of them laid over
    it (its own identity, its mates', its results), and the runner observes every turn: between two
    turns of a seat the public list (kept per record version, ``_public_part``) and what it knows
    mostly stay the same, so the same frozen tuple comes back instead of 18 to 32 records copied
    again. ``build`` is a module-level function, pure in ``seats`` and ``args`` (the key names it);
    ``args`` say everything it reads besides ``seats``."""
    key = (build, id(seats), args)
    hit = _DERIVED.get(key)
    if hit is not None and hit[0] is seats:
        return hit[1]  # type: ignore[no-any-return]
    if len(_DERIVED) >= _DERIVED_KEPT:
        _DERIVED.clear()
    out = _DERIVED[key] = (seats, build(seats, *args))
    return out[1]


_DERIVED: dict[tuple[Callable[..., Any], int, tuple[Hashable, ...]], tuple[Any, Any]] = {}
"""Derived seat lists by (build, id of the list it was built from, args): the entry holds that list,
so an id is never reused while cached."""
_DERIVED_KEPT = 4096


def own_seat(seats: Seats, seat: int, alive: bool, role: str | None, faction: str | None,
             majia: int | None) -> Seats:
    """``seats`` with ``seat`` as it knows itself (``derive``)."""
    return replaced(seats, seat, lambda s: amend(s, alive=alive, role=role, faction=faction, majia=majia))


def replaced(seats: Seats, seat: int, change: Callable[[SeatStatus], SeatStatus]) -> Seats:
    """``seats`` with ``seat``'s status changed by ``change``: found by its place, since a seat list holds
    seats 1..N in order (the rest of the tuple is copied by slices, not walked record by record)."""
    at = seat - 1
    if 0 <= at < len(seats) and seats[at].seat == seat:
        return (*seats[:at], change(seats[at]), *seats[at + 1:])
    return tuple(change(s) if s.seat == seat else s for s in seats)


def with_seat(obs: Observation, status: SeatStatus) -> Observation:
    """``obs`` with one seat's status replaced (a rule set adding what the viewer knows of it)."""
    return amend(obs, seats=replaced(obs.seats, status.seat, lambda _: status))


def amend(obs: Rec, **changes: Any) -> Rec:
    """``dataclasses.replace(obs, **changes)`` for the frozen records of this module, three to eight
    times faster: ``replace`` walks the fields and goes through the frozen ``__init__`` (one
    ``object.__setattr__`` a field), and an observation of some 25 fields is amended at every turn
    of every seat. The copy updates the ``__dict__`` of a record without slots (``Observation``) and
    sets a slotted record's slots through their descriptors, as ``engine.events.builder`` builds
    events; an unknown field name is a ``TypeError``, as with ``replace``."""
    copier = _COPIERS.get(type(obs))
    if copier is None:
        copier = _COPIERS[type(obs)] = _make_copier(type(obs))
    return copier(obs, **changes)  # type: ignore[no-any-return]


def _make_copier(cls: type) -> Callable[..., Any]:
    names = [f.name for f in fields(cls)]
    if "__slots__" not in cls.__dict__:
        return _dict_copier(cls, frozenset(names))
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_KEEP": _KEEP}
    lines = ["    o = _new(_cls)"]
    for name in names:
        scope[f"_set_{name}"] = getattr(cls, name).__set__
        lines.append(f"    _set_{name}(o, old.{name} if {name} is _KEEP else {name})")
    params = ", ".join(f"{name}=_KEEP" for name in names)
    source = f"def amend(old, *, {params}):\n" + "\n".join(lines) + "\n    return o\n"
    exec(source, scope)  # the source is made of the class's own field names
    return scope["amend"]  # type: ignore[no-any-return]


def _dict_copier(cls: type, names: frozenset[str]) -> Callable[..., Any]:
    """The copier of a record without slots: the old ``__dict__`` copied, the changes laid over it, and
    the copy set as the new record's ``__dict__`` (``object.__setattr__``: the record is frozen). About
    twice as fast as filling the new record's own ``__dict__``, which Python first builds from the
    object's inline values and then grows field by field."""
    new, put = object.__new__, object.__setattr__

    def amend(old: Any, **changes: Any) -> Any:
        if not names.issuperset(changes):
            raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
        fields_of = old.__dict__.copy()
        fields_of.update(changes)
        copy: Any = new(cls)
        put(copy, "__dict__", fields_of)
        return copy

    return amend


def maker(cls: type[Rec]) -> Callable[..., Rec]:
    """The keyword constructor of the frozen slotted dataclass ``cls``, equal to ``cls(**fields)``
    (defaults applied, a missing or unknown field a ``TypeError``) but setting each slot through its
    descriptor, where the frozen ``__init__`` goes through ``object.__setattr__`` once a field: for a
    record made at every turn of every seat (``agents.base.Turn``, fourteen fields). A class with a
    ``__post_init__`` or a field made by a factory is refused: its constructor does more than this."""
    found = _MAKERS.get(cls)
    if found is None:
        found = _MAKERS[cls] = _make_maker(cls)
    return found


def _make_maker(cls: type) -> Callable[..., Any]:
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"maker needs a slotted dataclass without __post_init__, not {cls.__name__}")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params, lines = [], ["    o = _new(_cls)"]
    for f in fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"maker does not build {cls.__name__}.{f.name} (a default factory)")
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            scope[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        lines.append(f"    _set_{f.name}(o, {f.name})")
    source = f"def make(*, {', '.join(params)}):\n" + "\n".join(lines) + "\n    return o\n"
    exec(source, scope)  # the source is made of the class's own field names
    return scope["make"]  # type: ignore[no-any-return]


_MAKERS: dict[type, Callable[..., Any]] = {}

_KEEP = object()
"""A field not named in ``amend``: the copy keeps the old value."""
_COPIERS: dict[type, Callable[..., Any]] = {}
