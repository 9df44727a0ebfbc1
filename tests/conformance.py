"""The conformance harness every rule set passes (in the manner of PettingZoo's api_test).

Random-legal play over many seeds must show: no exception but ``IllegalAction``; no event in a
seat's view outside its audience (checked against the *folded state at that moment*, not against
the filter under test); the same seed giving a byte-identical transcript; folding the log giving
the same state; and a game cut at any transaction boundary resuming to the same end.

The audience check (``audience_ok``) is a list of small checks (``CHECKS``), each given one event
seen by one seat together with the state folded just before it, each returning why it is a leak
(or ""). A check of a new kind of knowledge — an observation per seat, say — is one more function
in that list. What they hold, beside "the view filter agrees with the audience":

* a public event is of a kind the public may see (``PUBLIC_KINDS``): a team chat, a skill
  submission, a role, a result relabelled public is a leak, whatever its text;
* an event for one seat is about that seat: its acting seat is the owner, and a notice lists the
  owner among its seats (but for the notices that are about another seat, ``ABOUT_OTHERS``);
* a team event reaches exactly the team's members at that moment;
* in majiasha2 no public event pairs a seat with its 马甲 unless that seat leaves in it.

``tests/test_leak_mutations.py`` feeds deliberately leaked events to it and requires each caught.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from agents.random_legal import RandomAgent
from arena.run.runner import GameRunner
from engine.events import JUDGE, PUBLIC, Event, GameCreated, to_json
from engine.game import Game
from engine.ruleset import Ruleset
from engine.views import Viewer, can_see

PUBLIC_KINDS = frozenset({"game_created", "aliases", "phase_began", "posted", "vote_cast", "announced",
                          "last_words", "warned", "died", "win_latched", "game_ended", "dawn", "vote_result",
                          "seats_out", "sheriff", "role_revealed", "layer_listed"})
"""The kinds of event the public may see: anything else (a team chat, a skill submission, a role, a
result, a question) made public is a leak, whatever it says."""
ABOUT_OTHERS = frozenset({"killer_name", "lover", "majia_lover", "majia_redact"})
"""Notices to one seat that name another seat (the killer, the partner, the victim whose last words
it redacts), not the owner."""


def play(ruleset: Ruleset, seed: int, game: Game | None = None, boundaries: list[int] | None = None,
         options: dict[str, Any] | None = None) -> Game:
    """A whole game of random-legal players (or the rest of ``game``); ``options`` for a new game
    (a rule set of variable size takes its ``size`` there).

    ``boundaries`` collects the log lengths after each engine call (submit or advance): the points
    at which a writer flushes and from which a game may be resumed.
    """
    game = game or ruleset.new_game(seed, options=options)
    agents = {seat: RandomAgent() for seat in range(1, seat_count(game.events) + 1)}
    listeners = [lambda g, new: boundaries.append(len(g.events))] if boundaries is not None else []
    asyncio.run(GameRunner(game, agents, listeners=listeners).run())
    return game


def seat_count(events: list[Event]) -> int:
    """The game's number of seats, from its header (a rule set's size may vary by game)."""
    header = events[0]
    assert isinstance(header, GameCreated)
    return header.seats


def transcript(game: Game) -> str:
    return "\n".join(to_json(e) for e in game.events)


@dataclass
class LeakReport:
    """What a leak check found: (seat, seq, why) for each bad event."""

    leaks: list[tuple[int, int, str]]


@dataclass(frozen=True, slots=True)
class Seen:
    """One event as one seat's view holds it, with the state folded just before it."""

    event: Event
    seat: int
    state: Any
    teams: Mapping[str, set[int]]
    ruleset: Ruleset
    end: Any
    """The state folded from the whole log (what stays fixed all game, such as majiasha2's 马甲)."""


Check = Callable[[Seen], str]


def audience_ok(ruleset: Ruleset, events: list[Event], checks: tuple[Check, ...] | None = None) -> LeakReport:
    """Re-fold the log and run every check on every (event, seat) pair; a seat that the view filter
    lets see an event outside its audience, or that misses one inside it, is reported too."""
    end = ruleset.new_state()
    for event in events:
        ruleset.fold(end, event)
    state = ruleset.new_state()
    seats = list(range(1, seat_count(events) + 1))
    leaks: list[tuple[int, int, str]] = []
    for event in events:
        teams = {team: set(members) for team, members in getattr(state, "teams", {}).items()}
        for seat in seats:
            seen = Seen(event, seat, state, teams, ruleset, end)
            visible = can_see(Viewer.of_seat(seat), event)
            if visible != in_audience(seen):
                leaks.append((seat, event.seq, "seen outside its audience" if visible else "missed by its audience"))
            if visible:
                leaks += [(seat, event.seq, why) for why in (check(seen) for check in checks or CHECKS) if why]
        ruleset.fold(state, event)
    return LeakReport(leaks)


def in_audience(seen: Seen) -> bool:
    """Whether the seat is in the event's audience, from the folded state (not from the view filter):
    every seat for a public event, the owner for a seat's own, the members at that moment for a team's."""
    event, seat = seen.event, seen.seat
    if event.vis == PUBLIC:
        return True
    if event.vis == JUDGE:
        return False
    if event.vis.startswith("seat:"):
        return int(event.vis[5:]) == seat
    return seat in team_members(seen)


def team_members(seen: Seen) -> set[int]:
    event = seen.event
    members = set(seen.teams.get(event.vis.split(":", 1)[1], set()))
    if event.kind == "team_formed":
        members = set(getattr(event, "members", []))
    if event.kind == "team_joined":
        members |= {getattr(event, "seat", 0)}
    return members


def public_kind(seen: Seen) -> str:
    """A public event is of a kind the public may see, and says no more than the public may know."""
    event = seen.event
    if event.vis != PUBLIC:
        return ""
    if event.kind not in PUBLIC_KINDS:
        return f"a {event.kind} made public"
    if event.kind == "last_words" and not getattr(event, "published", False):
        return "unpublished last words made public"
    if event.kind == "phase_began" and getattr(event, "order", None):
        records = getattr(seen.state, "seats", {})  # the kernel's seat records
        alive = {p.seat for p in records.values() if p.alive}
        dead_last_words = event.phase in ("LAST_WORDS", "VOTE_LAST_WORDS")
        if not dead_last_words and set(event.order) != alive:
            return f"a public {event.phase} banner singles out seats {event.order}"
    return ""


def own_subject(seen: Seen) -> str:
    """An event for one seat is about that seat: the seat it names as acting is the owner."""
    event = seen.event
    if not event.vis.startswith("seat:"):
        return ""
    owner = int(event.vis[5:])
    subject = getattr(event, "seat", None)
    if subject is not None and subject != owner:
        return f"seat {subject}'s {event.kind} sent to seat {owner}"
    seats = getattr(event, "seats", None)
    if event.kind == "notice" and seats and owner not in seats and getattr(event, "topic", "") not in ABOUT_OTHERS:
        return f"a {getattr(event, 'topic', '')} notice about seats {list(seats)} sent to seat {owner}"
    return ""


def majia_mapping(seen: Seen) -> str:
    """majiasha2: no public event pairs a seat with its 马甲 unless the seat leaves in it (the
    mapping of 马甲 to 角色 is the game's secret), and a seat is told its own 马甲, no other."""
    event, actors = seen.event, getattr(seen.end, "seats", None)  # the kernel's seat records (MajiaSeat.majia)
    if seen.ruleset.id != "majiasha2" or not actors:
        return ""
    if event.vis.startswith("seat:") and event.kind == "layer_assigned":
        owner = int(event.vis[5:])
        number = getattr(event, "number", None)
        return "" if number == actors[owner].majia else f"another seat's 马甲 told to seat {owner}"
    if event.vis != PUBLIC:
        return ""
    data = getattr(event, "data", {}) or {}
    leaving = {*_seats(getattr(event, "seats", ())), *_seats(getattr(event, "died", ())), *_seats(data.get("out"))}
    pairs = [*_pairs(getattr(event, "majia", None)), *_pairs(data)]
    seat, majia = getattr(event, "seat", None), getattr(event, "majia", None)
    if isinstance(seat, int) and isinstance(majia, int) and not isinstance(majia, bool):
        pairs.append((seat, majia))
    told = sorted({s for s, number in pairs if s in actors and s not in leaving and actors[s].majia == number})
    return f"the 马甲 of seats {told} in a public {event.kind}" if told else ""


def _seats(value: Any) -> list[int]:
    """A seat list of an event or a payload (a count of seats, or nothing, gives none)."""
    return [s for s in value if isinstance(s, int)] if isinstance(value, list | tuple) else []


def _pairs(value: Any) -> Iterator[tuple[int, int]]:
    """Every (seat, number) pair a payload holds as ``{seat: number}``, at any depth."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else key
            if isinstance(seat, int) and isinstance(item, int) and not isinstance(item, bool):
                yield seat, item
            else:
                yield from _pairs(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _pairs(item)


CHECKS: tuple[Check, ...] = (public_kind, own_subject, majia_mapping)
"""The checks ``audience_ok`` runs on every event a seat sees (a new kind of check joins here)."""
