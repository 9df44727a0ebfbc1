"""The events of a game: the log is the truth, the state is a fold over it.

Every event is a frozen, slotted dataclass tagged by ``kind`` and carries its envelope: sequence
number, game day, phase, and its *visibility* — who may ever see it:

* ``public``        everyone, spectators included;
* ``team:<id>``     the members of a team chat *at the moment of the event* (listed in ``to``),
                    so a later member does not gain the team's history and a view is a pure filter;
* ``seat:<n>``      one seat (private judge messages, one's own submissions);
* ``judge``         the judge (god view) alone: random draws, resolutions, causes of death.

One pydantic ``TypeAdapter`` (``EVENT_ADAPTER``) reads and writes every kind as JSON, in the manner
of Pydantic-AI's message unions; the dataclasses stay plain so the engine's hot path pays nothing
for validation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field, TypeAdapter

# The stored forms of an audience, re-exported where every rule set has always imported them.
from engine.audience import JUDGE as JUDGE
from engine.audience import PUBLIC as PUBLIC
from engine.audience import seat_vis as seat_vis
from engine.audience import team_vis as team_vis

E = TypeVar("E", bound="Envelope")


@dataclass(frozen=True, slots=True, kw_only=True)
class Envelope:
    """Fields every event carries; filled in by ``Game.emit``."""

    seq: int
    day: int
    phase: str
    vis: str
    to: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameCreated(Envelope):
    """The header of a play-through: which rules, which seed, which flags."""

    kind: Literal["game_created"] = "game_created"
    ruleset: str
    version: str
    seed: int
    seats: int
    flags: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw(Envelope):
    """A random draw (deal, speaking order, successor…); recorded so replay never draws again."""

    kind: Literal["draw"] = "draw"
    name: str
    index: int
    result: list[Any]
    pinned: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AliasesAssigned(Envelope):
    """The public aliases (马甲) of every seat."""

    kind: Literal["aliases"] = "aliases"
    aliases: dict[int, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoleDealt(Envelope):
    """A seat learns its role (visible to that seat and the judge)."""

    kind: Literal["role_dealt"] = "role_dealt"
    seat: int
    role: str
    faction: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamFormed(Envelope):
    """A team chat opens with these members."""

    kind: Literal["team_formed"] = "team_formed"
    team: str
    members: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamJoined(Envelope):
    """A seat joins a team chat (the notice goes to the team including the newcomer).

    ``majia`` is the newcomer's signature where a rule set signs chats by a second name layer
    (majiasha2's 马甲); a seat's view may then show ``seat`` 0 (see ``Ruleset.shown``)."""

    kind: Literal["team_joined"] = "team_joined"
    team: str
    seat: int
    majia: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseBegan(Envelope):
    """A phase opens; ``order`` is the speaking order where the phase has turns."""

    kind: Literal["phase_began"] = "phase_began"
    name: str
    number: int
    order: list[int] = field(default_factory=list)
    rounds: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Awaiting(Envelope):
    """Judge-only: the seats a window waits for, where naming them would reveal roles
    (the 平民 choosing a belief, the night's skill holders, the witch being asked to castle)."""

    kind: Literal["awaiting"] = "awaiting"
    seats: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Posted(Envelope):
    """A public post on the thread. ``blue`` is its 蓝字 number when it is a counted reasoning post."""

    kind: Literal["posted"] = "posted"
    seat: int
    text: str
    floor: int
    blue: int | None = None
    quote: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PostWithheld(Envelope):
    """A post the judge took down (蓝字 overflow, curfew); the author is told why."""

    kind: Literal["post_withheld"] = "post_withheld"
    seat: int
    text: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamPosted(Envelope):
    """A message in a team chat.

    ``majia`` is the signature the chat shows where a rule set signs chats by a second name layer
    (majiasha2's 马甲); a chat mate's view then holds ``seat`` 0 (see ``Ruleset.shown``)."""

    kind: Literal["team_posted"] = "team_posted"
    team: str
    seat: int
    text: str
    majia: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Envelope):
    """A seat ends its turn or its part in a window without (further) action.

    ``fallback`` says the pass was not chosen but taken for the seat (a timeout, a player that
    kept answering illegally); ``reason`` says why.
    """

    kind: Literal["passed"] = "passed"
    seat: int
    fallback: bool = False
    reason: str = ""
    """A code (``engine.narrate.messages.FALLBACKS``) where the pass was taken for the seat."""
    detail: dict[str, Any] = field(default_factory=dict)
    """The code's parameters (the engine's error that caused it, as ``{"code", "params"}``, a deadline…)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteCast(Envelope):
    """A ballot; ``target`` None is an explicit abstention. ``majia`` signs a ballot cast in a team
    chat where chats are signed by a second name layer (majiasha2's elder elections)."""

    kind: Literal["vote_cast"] = "vote_cast"
    seat: int
    target: int | None
    reason: str = ""
    majia: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillSubmitted(Envelope):
    """A skill's targets submitted for the current window (the last submission counts)."""

    kind: Literal["skill_submitted"] = "skill_submitted"
    seat: int
    skill: str
    targets: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Question(Envelope):
    """The judge asks a seat a reactive question (castling, a hunter's shot…)."""

    kind: Literal["question"] = "question"
    seat: int
    skill: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceMade(Envelope):
    """The answer to a question, or a setup choice (a 平民's belief)."""

    kind: Literal["choice_made"] = "choice_made"
    seat: int
    skill: str
    use: bool | None = None
    targets: list[int] = field(default_factory=list)
    default: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Resolved(Envelope):
    """The judge settles one effect (a barrier, a mark, an audition…). Judge-only."""

    kind: Literal["resolved"] = "resolved"
    skill: str
    actor: int | None
    targets: list[int]
    result: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Feedback(Envelope):
    """A private result a seat receives from its skill."""

    kind: Literal["feedback"] = "feedback"
    seat: int
    skill: str
    targets: list[int]
    result: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Notice(Envelope):
    """A private judge message that carries no skill result (promotion, death notice…).

    ``role`` and ``faction`` are set where the notice tells its seat (``seats[0]``) a new identity
    (umineko32's 共犯 and 见习魔女): the typed form of "you are now…", so that what a seat knows of
    itself is read off the notice, never guessed from its topic."""

    kind: Literal["notice"] = "notice"
    topic: str
    seats: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    role: str | None = None
    faction: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoleChanged(Envelope):
    """A seat's identity or faction changes (共犯, 见习魔女…)."""

    kind: Literal["role_changed"] = "role_changed"
    seat: int
    role: str
    faction: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Died(Envelope):
    """A death, with its cause (judge-only; the public learns of it by an announcement)."""

    kind: Literal["died"] = "died"
    seat: int
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Announced(Envelope):
    """A public judge post of a rule set's own (魔女复苏, a request to accelerate…), named by ``topic``
    and rendered by that rule set's texts. What every rule set announces — the dawn, a vote's
    result, an out, the sheriff, a published identity — has a typed event of its own below."""

    kind: Literal["announced"] = "announced"
    topic: str
    seats: list[int] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class LastWords(Envelope):
    """Last words: submitted (``published`` False, seen by the author) or published (public)."""

    kind: Literal["last_words"] = "last_words"
    seat: int
    text: str
    published: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Warned(Envelope):
    """A disciplinary warning (public, as a judge posts it)."""

    kind: Literal["warned"] = "warned"
    seat: int
    reason: str
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WinLatched(Envelope):
    """A side's condition holds (the witch's side win latches without ending the game)."""

    kind: Literal["win_latched"] = "win_latched"
    faction: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(Envelope):
    """The end: the winning factions (co-victory allowed)."""

    kind: Literal["game_ended"] = "game_ended"
    winners: list[str]
    reason: str = ""


# -- the typed public events of concepts every rule set shares ---------------------------------------
#
# Each is one judge post (one line of the thread), so a legacy ``Announced`` maps to exactly one of
# them and stored games keep their sequence numbers when they are upgraded on read
# (``Ruleset.upgrade``). Seats are seats; where a rule set names persons by a second public name
# list (majiasha2's 马甲), the numbers of that list are in the fields that say ``majia``.


@dataclass(frozen=True, slots=True, kw_only=True)
class Dawn(Envelope):
    """The morning post: who went out since the last one, in order, with what the rules publish."""

    kind: Literal["dawn"] = "dawn"
    seats: list[int] = field(default_factory=list)
    """Out since the last dawn, in the order they went (the night's deaths; suitang21 lists the
    day's outs too, which are already known)."""
    roles: dict[int, str] = field(default_factory=dict)
    """Identities published with them (qijian24 every out; umineko32 under its reveal flag)."""
    majia: dict[int, int] = field(default_factory=dict)
    """The 马甲 published for out seats (majiasha2's reveals): seat → 马甲 number."""
    revived: list[int] = field(default_factory=list)
    """Seats back in the game (qijian24's revivals)."""
    voted: list[int] = field(default_factory=list)
    """Outs of the day before, repeated in the morning post (majiasha2)."""
    sheriff: int | None = None
    """The sheriff, where the morning post names one by seat (suitang21)."""
    sheriff_majia: int | None = None
    """The sheriff, where it is named by 马甲 (majiasha2)."""
    alive: list[int] | None = None
    """The living, where the morning post lists them (suitang21); None where it does not."""


@dataclass(frozen=True, slots=True, kw_only=True)
class VoteResult(Envelope):
    """The result of a vote count: who is voted out, who dies by it, and the tally."""

    kind: Literal["vote_result"] = "vote_result"
    seats: list[int] = field(default_factory=list)
    """Voted out (umineko32: a voted-out piece may survive by 舞台特权)."""
    died: list[int] = field(default_factory=list)
    """Who is out by this vote (umineko32: the 王车易位 replacement dies instead of the witch;
    majiasha2: every out of the count, cascades included)."""
    tally: dict[int, int] = field(default_factory=dict)
    """Ballots per target as counted (weights applied): seats, or 马甲 numbers when ``layer`` says so."""
    layer: str = ""
    """What ``tally`` and ``named`` number: seats (""), or ``"majia"``."""
    named: int | None = None
    """The target the vote named where it is not a seat (majiasha2: a 马甲)."""
    roles: dict[int, str] = field(default_factory=dict)
    """Identities published with the outs (qijian24)."""
    majia: dict[int, int] = field(default_factory=dict)
    """The 马甲 published for out seats (majiasha2): seat → 马甲 number."""
    stage: int | None = None
    """The vote stage, where a day has several (qijian24)."""
    privilege: bool = False
    """A privilege changed the result (qijian24's 日月剑 or 禁武使者)."""
    next: str = ""
    """What follows (qijian24: the next stage's phase, or the night)."""
    candidates: list[int] = field(default_factory=list)
    """Whom the next stage may name (qijian24)."""
    everyone: bool = False
    """Fewer than two suspects: every player is a candidate of the next stage (qijian24)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsOut(Envelope):
    """Seats out at once, outside a dawn or a count: drowned, sent off, died for love, shot…"""

    kind: Literal["seats_out"] = "seats_out"
    seats: list[int]
    cause: str
    """The cause as the post says it (a code the rule set's texts name)."""
    roles: dict[int, str] = field(default_factory=dict)
    majia: dict[int, int] = field(default_factory=dict)
    nonce: str = ""
    """The code of a judge's message pasted in public (qijian24's 贴证), where that is the cause."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SheriffChanged(Envelope):
    """Who is sheriff now (None: nobody), and how they came to be."""

    kind: Literal["sheriff"] = "sheriff"
    seat: int | None = None
    majia: int | None = None
    """The sheriff's 马甲, where the sheriff is named by 马甲 alone (majiasha2: the seat stays secret)."""
    by: str = ""
    """``election``, ``successor``, ``random`` or ``none``."""
    tally: dict[int, int] = field(default_factory=dict)
    """The election's ballots, where it was elected."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoleRevealed(Envelope):
    """A seat's identity made public (qijian24's ranger publication; majiasha2's piper out)."""

    kind: Literal["role_revealed"] = "role_revealed"
    seats: list[int]
    roles: dict[int, str] = field(default_factory=dict)
    reason: str = ""
    """Why it is published (a code the rule set's texts name)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LayerListed(Envelope):
    """A second public name list (majiasha2's 马甲): number → name; which seat each is stays secret."""

    kind: Literal["layer_listed"] = "layer_listed"
    layer: str
    names: dict[int, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class LayerAssigned(Envelope):
    """A seat is told its own number in a second name layer (majiasha2's own 马甲)."""

    kind: Literal["layer_assigned"] = "layer_assigned"
    seat: int
    layer: str
    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Reseeded(Envelope):
    """Judge-only: from this event on, the game draws its randomness from ``seed`` (a fork's ``--seed``:
    the shared prefix keeps the origin's draws, what is played after the fork point draws anew).
    Every draw is derived from (seed, index, name), so one event is the whole change."""

    kind: Literal["reseeded"] = "reseeded"
    seed: int


Event = (
    GameCreated | Draw | AliasesAssigned | RoleDealt | TeamFormed | TeamJoined | PhaseBegan | Awaiting | Posted
    | PostWithheld | TeamPosted | Passed | VoteCast | SkillSubmitted | Question | ChoiceMade | Resolved
    | Feedback | Notice | RoleChanged | Died | Announced | LastWords | Warned | WinLatched | GameEnded
    | Dawn | VoteResult | SeatsOut | SheriffChanged | RoleRevealed | LayerListed | LayerAssigned | Reseeded
)

ENGINE_KINDS = frozenset({"reseeded"})
"""Kinds the generic ``Ruleset.apply`` folds itself (no rule set's own fold sees them)."""


def fold_engine(state: Any, event: Event) -> None:
    """Apply an event of ``ENGINE_KINDS`` to the fields every state has (``engine.state.BaseState``)."""
    if isinstance(event, Reseeded):
        state.seed = event.seed

SHARED_PUBLIC_KINDS = frozenset({"dawn", "vote_result", "seats_out", "sheriff", "role_revealed", "layer_listed"})
"""The typed public events of shared concepts, which ``engine.public`` folds for every rule set."""

JUDGE_POSTS = frozenset({"announced", "warned", "game_ended", *SHARED_PUBLIC_KINDS})
"""The kinds that are the judge's public posts on the thread (what a summary or a judge's
settlement lists as announcements)."""

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Annotated[Event, Field(discriminator="kind")])
EVENTS_ADAPTER: TypeAdapter[list[Event]] = TypeAdapter(list[Annotated[Event, Field(discriminator="kind")]])


def to_json(event: Event) -> str:
    """One event as JSON text (the form stored in DuckDB)."""
    return EVENT_ADAPTER.dump_json(event).decode()


def from_json(text: str | bytes) -> Event:
    """The inverse of ``to_json``."""
    return EVENT_ADAPTER.validate_json(text)


def builder(cls: type[E]) -> Callable[..., E]:
    """A keyword constructor for event class ``cls`` equal to ``cls(**fields)``, about 3× faster.

    A frozen dataclass's ``__init__`` goes through ``object.__setattr__`` once per field; this sets
    the slots through their descriptors instead (``emitter``'s constructor, which ``Game.emit`` calls
    itself, taking the envelope by position). The instances are the same frozen objects.
    """
    found = _BUILDERS.get(cls)
    if found is None:
        emit = emitter(cls)

        def build(*, seq: int, day: int, phase: str, vis: str, to: tuple[int, ...] = (), **fields: Any) -> E:
            return emit(seq, day, phase, vis, to, fields)

        found = _BUILDERS[cls] = build
    return found


_BUILDERS: dict[type, Callable[..., Any]] = {}

ENVELOPE = ("seq", "day", "phase", "vis", "to")
"""The envelope's fields, in the order ``emitter``'s constructors take them."""


def emitter(cls: type[E]) -> Callable[[int, int, str, str, tuple[int, ...], dict[str, Any]], E]:
    """The constructor of event class ``cls`` for ``Game.emit``: the envelope by position and the
    event's own fields as the dict ``emit`` received them in, so they are not merged into a second keyword dict and unpacked
    again at every event (the line that built an event was the emit's dearest). The same frozen
    instance as ``cls(**fields)``; an unknown or missing field is a ``TypeError``, as there."""
    found = _EMITTERS.get(cls)
    if found is None:
        found = _EMITTERS[cls] = _make_emitter(cls)
    return found


def _make_emitter(cls: type[E]) -> Callable[..., E]:
    own = [f for f in fields(cls) if f.name not in ENVELOPE]
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_MISSING": MISSING,
                             "_names": frozenset(f.name for f in own)}
    lines = ["    o = _new(_cls)"]
    for name in ENVELOPE:
        scope[f"_set_{name}"] = getattr(cls, name).__set__
        lines.append(f"    _set_{name}(o, {name})")
    for f in own:
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            scope[f"_d_{f.name}"] = f.default
            lines.append(f"    _set_{f.name}(o, fields.get({f.name!r}, _d_{f.name}))")
        elif f.default_factory is not MISSING:
            scope[f"_f_{f.name}"] = f.default_factory
            lines.append(f"    v = fields.get({f.name!r}, _MISSING)")
            lines.append(f"    _set_{f.name}(o, _f_{f.name}() if v is _MISSING else v)")
        else:
            lines.append(f"    if {f.name!r} not in fields: raise TypeError({cls.__name__ + ' needs ' + f.name!r})")
            lines.append(f"    _set_{f.name}(o, fields[{f.name!r}])")
    check = ("    if not _names.issuperset(fields):\n"
             f"        raise TypeError({cls.__name__!r} + ' has no field ' + repr(sorted(set(fields) - _names)[0]))\n")
    source = "def emit_build(seq, day, phase, vis, to, fields):\n" + check + "\n".join(lines) + "\n    return o\n"
    exec(source, scope)  # the source is made of the class's own field names
    built: Callable[..., E] = scope["emit_build"]
    return built


_EMITTERS: dict[type, Callable[..., Any]] = {}
