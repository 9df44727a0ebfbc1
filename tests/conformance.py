"""The conformance harness every rule set passes (in the manner of PettingZoo's api_test).

Random-legal play over many seeds must show: no exception but ``IllegalAction``; no event in a
seat's view outside its audience (checked against the *folded state at that moment*, not against
the filter under test); the same seed giving a byte-identical transcript; folding the log giving
the same state; and a game cut at any transaction boundary resuming to the same end.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from agents.random_legal import RandomAgent
from arena.runner import GameRunner
from engine.events import JUDGE, PUBLIC, Event, GameCreated, to_json
from engine.game import Game
from engine.ruleset import Ruleset
from engine.views import Viewer, view

PRIVATE_KINDS = {"role_dealt", "feedback", "question", "choice_made", "post_withheld", "passed", "last_words"}


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


def audience_ok(ruleset: Ruleset, events: list[Event]) -> LeakReport:
    """Re-fold the log and check every seat's view against team membership *at each event*."""
    state = ruleset.new_state()
    seats = list(range(1, seat_count(events) + 1))
    leaks: list[tuple[int, int, str]] = []
    for event in events:
        teams = {team: set(members) for team, members in getattr(state, "teams", {}).items()}
        for seat in seats:
            if event in view([event], Viewer.of_seat(seat)):
                why = _why_leak(event, seat, teams, state)
                if why:
                    leaks.append((seat, event.seq, why))
        ruleset.fold(state, event)
    return LeakReport(leaks)


def _why_leak(event: Event, seat: int, teams: dict[str, set[int]], state: object) -> str:
    if event.vis == JUDGE:
        return "a judge-only event"
    if event.vis == PUBLIC:
        if event.kind == "last_words" and getattr(event, "published", False):
            return ""
        if event.kind == "phase_began" and getattr(event, "order", None):
            alive = {p.seat for p in getattr(state, "pieces", {}).values() if p.alive}
            dead_last_words = event.phase in ("LAST_WORDS", "VOTE_LAST_WORDS")
            if not dead_last_words and set(event.order) != alive:
                return f"a public {event.phase} banner singles out seats {event.order}"
        return "" if event.kind not in PRIVATE_KINDS else f"a private kind {event.kind} made public"
    if event.vis.startswith("seat:"):
        owner = int(event.vis[5:])
        subject = getattr(event, "seat", owner)
        if owner != seat:
            return f"seat {owner}'s private event"
        if event.kind in ("role_dealt", "feedback", "question") and subject != seat:
            return f"another seat's {event.kind}"
        return ""
    team = event.vis.split(":", 1)[1]
    members = teams.get(team, set())
    if event.kind == "team_formed":
        members = set(getattr(event, "members", []))
    if event.kind == "team_joined":
        members = members | {getattr(event, "seat", 0)}
    if seat not in members:
        return f"team {team} event to a non-member"
    return ""
