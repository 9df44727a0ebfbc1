"""The observation check of the conformance harness: the engine's observation of a seat against an
independent fold of that seat's own events.

``Game.observe`` is computed by the rule set from the *state* (``engine.observation``); here the same
facts are folded from the events the seat may see (``Game.view``), by different code, and the two
must agree: who is alive and out as the judge has announced it, the identities published, the
seat's own identity as it was told it, its own 马甲, its results and notices, its legal actions. A
seat is never shown another seat's identity that was neither published nor its team mate's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine import events as ev
from engine.game import Game
from engine.observation import INBOX_KINDS, Observation
from engine.ruleset import Ruleset
from engine.views import Viewer
from tests.observing_majiasha2 import mismatches as majiasha2_mismatches


@dataclass
class Folded:
    """What one seat's own events say it knows."""

    seat: int
    seats: int = 0
    out: set[int] = field(default_factory=set)
    published: dict[int, str] = field(default_factory=dict)
    role: str | None = None
    dealt: str | None = None
    faction: str | None = None
    majia: int | None = None
    inbox: list[ev.Event] = field(default_factory=list)
    learned: dict[int, str] = field(default_factory=dict)
    """Identities of other seats that the seat's private results named (``LEARNED``)."""


def _qijian24_learned(e: ev.Event) -> dict[int, str]:
    """qijian24: the sword chain and a check name the target's identity in the judge's words."""
    from engine.rulesets.qijian24.texts import IDENTITIES

    by_words = {zh: ident for ident, (zh, _) in IDENTITIES.items()}
    if isinstance(e, ev.Feedback) and e.skill in ("chain", "check") and e.targets and e.result in by_words:
        return {e.targets[0]: by_words[e.result]}
    return {}


def _suitang21_learned(e: ev.Event) -> dict[int, str]:
    """suitang21: 犯罪天才 tells the detective its target's identity and the target the detective's,
    by the role's name (B-17)."""
    from engine.rulesets.suitang21.names import ROLE_NAMES

    if isinstance(e, ev.Feedback) and e.skill == "detect" and e.targets and e.result in ROLE_NAMES:
        return {e.targets[0]: ROLE_NAMES.id(e.result)}
    return {}


LEARNED: dict[str, Callable[[ev.Event], dict[int, str]]] = {"qijian24": _qijian24_learned,
                                                           "suitang21": _suitang21_learned}
"""Rule set → what one private event tells its seat of other seats' identities ({seat: identity}),
where the rules tell a seat more than the public record and its team (qijian24's sword chain and
checks): the observation must name exactly those identities for those seats (unless published)."""


def _suitang21_camp(e: ev.Event) -> str | None:
    """suitang21: each lover is told the lovers' camp in the judge's notice (B-09)."""
    if isinstance(e, ev.Notice) and e.topic == "lover" and e.data.get("camp"):
        return str(e.data["camp"])
    return None


CAMP_TOLD: dict[str, Callable[[ev.Event], str | None]] = {"suitang21": _suitang21_camp}
"""Rule set → the faction one private event tells its seat, beyond its dealt role and a notice naming
its new identity (suitang21's lovers are told the lovers' camp)."""


def fold_view(events: list[ev.Event], seat: int) -> Folded:
    """The facts of ``seat``'s own view (see the module docstring)."""
    f = Folded(seat)
    learn: Callable[[ev.Event], dict[int, str]] | None = None
    camp: Callable[[ev.Event], str | None] | None = None
    for e in events:
        if isinstance(e, ev.GameCreated):
            f.seats = e.seats
            learn = LEARNED.get(e.ruleset)
            camp = CAMP_TOLD.get(e.ruleset)
        elif isinstance(e, ev.Dawn):
            f.out |= set(e.seats)
            f.out -= set(e.revived)
        elif isinstance(e, ev.VoteResult):
            f.out |= set(e.died)
        elif isinstance(e, ev.SeatsOut):
            f.out |= set(e.seats)
        if isinstance(e, ev.Dawn | ev.VoteResult | ev.SeatsOut | ev.RoleRevealed) and e.vis == ev.PUBLIC:
            f.published.update(e.roles)
        if isinstance(e, ev.RoleDealt) and e.seat == seat:
            f.role, f.faction = e.role, e.faction
            f.dealt = f.dealt or e.role
        elif isinstance(e, ev.Notice) and e.role is not None and e.seats[:1] == [seat] and e.vis == ev.seat_vis(seat):
            f.role, f.faction = e.role, e.faction or f.faction
        elif isinstance(e, ev.LayerAssigned) and e.seat == seat:
            f.majia = e.number
        if e.kind in INBOX_KINDS and e.vis != ev.PUBLIC:
            f.inbox.append(e)
        if learn is not None and e.vis == ev.seat_vis(seat):
            f.learned.update({t: ident for t, ident in learn(e).items() if t != seat})
        if camp is not None and e.vis == ev.seat_vis(seat) and (told := camp(e)) is not None:
            f.faction = told
    return f


def umineko32_told(events: list[ev.Event], seat: int) -> dict[int, str]:
    """What an umineko32 seat's own events name of others: its chat mates (杀手群 and 侦探群 are formed of
    one identity each, 魔女群 of the witch; a seat joining 杀手群 is the accomplice, one joining 魔女群
    the apprentice, and a newcomer learns the members its join notice goes to), the accomplice named by
    the promotion notice, the killers named to the accomplice."""
    formed = {"killers": "killer", "detectives": "detective", "witches": "witch"}
    joined = {"killers": "accomplice", "witches": "apprentice"}
    out: dict[int, str] = {}
    for e in events:
        if isinstance(e, ev.TeamFormed):
            out.update(dict.fromkeys(e.members, formed[e.team]))
        elif isinstance(e, ev.TeamJoined):
            out[e.seat] = joined[e.team]
            if e.seat == seat:  # the newcomer learns who reads the chat: the notice's recipients
                out.update({m: formed[e.team] for m in e.to if m not in out})
        elif isinstance(e, ev.Notice) and e.topic == "promotion":
            acc = int(e.data["accomplice"])
            out[acc] = "accomplice"
            if acc == seat and e.data.get("killer_name") is not None:
                out[int(e.data["killer_name"])] = "killer"
        elif isinstance(e, ev.Notice) and e.topic == "killer_name":
            out.update(dict.fromkeys(e.seats, "killer"))
    out.pop(seat, None)
    return out


TOLD_OF_OTHERS: dict[str, Callable[[list[ev.Event], int], dict[int, str]]] = {"umineko32": umineko32_told}
"""Rule set → the identities of other seats that a seat's whole view tells it, where a single private
event does not (``LEARNED``): umineko32's chat mates and the notices its chats receive, folded from
the events alone; they join ``Folded.learned``, which the observation must name exactly."""


RULESET_CHECKS: dict[str, Callable[[Observation, list[ev.Event], int], list[str]]] = {
    "majiasha2": majiasha2_mismatches,
}
"""A rule set's own knowledge, checked by its own independent fold of the seat's view (majiasha2: the
马甲 its seat knows, its chats by 马甲, its own statuses)."""


def mismatches(game: Game, seat: int) -> list[str]:
    """Where ``game``'s observation of ``seat`` disagrees with the fold of its view (empty: none)."""
    obs = game.observe(Viewer.of_seat(seat))
    events = game.view(Viewer.of_seat(seat))
    folded = fold_view(events, seat)
    told = TOLD_OF_OTHERS.get(game.ruleset.id)
    if told is not None:
        folded.learned.update(told(events, seat))
    extra = RULESET_CHECKS.get(obs.ruleset)
    return _compare(obs, folded, game) + (extra(obs, events, seat) if extra is not None else [])


    view = game.view(Viewer.of_seat(seat))
    folded = fold_view(view, seat)
    extra = RULESET_CHECKS.get(obs.ruleset)
    return _compare(obs, folded, game) + (extra(obs, view, seat) if extra is not None else [])


def _compare(obs: Observation, f: Folded, game: Game) -> list[str]:
    bad: list[str] = []
    if (obs.seat, obs.role, obs.dealt, obs.faction, obs.majia) != (f.seat, f.role, f.dealt, f.faction, f.majia):
        bad.append(f"identity {(obs.role, obs.dealt, obs.faction, obs.majia)} != told {(f.role, f.dealt, f.faction, f.majia)}")
    if len(obs.seats) != f.seats:
        bad.append(f"{len(obs.seats)} seats observed, the game has {f.seats}")
    mates = {m for team in obs.teams for m in team.members} if not any(t.layer for t in obs.teams) else set()
    for status in obs.seats:
        if status.seat == f.seat:
            if status.seat in f.out and obs.alive:
                bad.append("the seat was announced out but observes itself alive")
            continue
        if status.alive == (status.seat in f.out):
            bad.append(f"seat {status.seat}: alive={status.alive}, announced out={status.seat in f.out}")
        known = f.published.get(status.seat) or f.learned.get(status.seat)
        if status.role is not None and status.role != known and status.seat not in mates:
            bad.append(f"seat {status.seat}: identity {status.role!r} neither published nor a mate's nor told")
        if status.seat in f.learned and status.seat not in f.published and status.role != f.learned[status.seat]:
            bad.append(f"seat {status.seat}: told {f.learned[status.seat]!r} in private, observed {status.role!r}")
    if list(obs.inbox) != f.inbox:
        bad.append(f"inbox of {len(obs.inbox)} events, the view's results and notices are {len(f.inbox)}")
    if obs.legal != (game.legal(f.seat) or ()):
        bad.append("legal actions differ from Game.legal")
    return bad


def check_points(ruleset: Ruleset, events: list[ev.Event], boundaries: list[int], points: int = 6
                 ) -> list[tuple[int, int, str]]:
    """Mismatches (log length, seat, what) at ``points`` of a finished game's transaction boundaries (the
    log lengths after each engine call, where a player may be asked), every seat."""
    found: list[tuple[int, int, str]] = []
    header = events[0]
    assert isinstance(header, ev.GameCreated)
    step = max(1, len(boundaries) // points)
    for k in sorted(set(boundaries[step - 1::step]) | {len(events)}):
        game = Game.replay(ruleset, events[:k])
        for seat in range(1, header.seats + 1):
            found += [(k, seat, why) for why in mismatches(game, seat)]
    return found
