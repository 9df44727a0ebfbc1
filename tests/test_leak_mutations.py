"""The leak check can fail: deliberately leaked events, each slipped into a real game's log, are caught.

A check that never fails proves nothing; every conformance run relies on ``audience_ok``. So each
mutation below takes a game of random-legal players, changes one event the way a broken engine
would (a team chat or a skill submission relabelled public, a private notice or result sent to
the wrong seat, a majiasha2 seat paired with its 马甲 in public or told another's), and requires the check
to report that very event — while the unchanged game passes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache

import pytest

from engine.events import (
    PUBLIC,
    Dawn,
    Event,
    Feedback,
    LayerAssigned,
    Notice,
    SheriffChanged,
    SkillSubmitted,
    TeamPosted,
    VoteResult,
    seat_vis,
)
from engine.rulesets import get_ruleset
from tests.conformance import audience_ok, play, seat_count

Mutation = Callable[[list[Event]], tuple[int, Event]]
"""Finds the event to break in a log: (its seq, the broken event)."""


@cache
def log(ruleset: str, seed: int = 3) -> tuple[Event, ...]:
    return tuple(play(get_ruleset(ruleset), seed).events)


def first(events: list[Event], test: Callable[[Event], bool]) -> Event:
    found = next((e for e in events if test(e)), None)
    if found is None:
        raise LookupError("this game has no event to mutate")
    return found


def mutated(ruleset: str, mutation: Mutation) -> tuple[list[Event], int]:
    """The log of the first seeded game that has an event for ``mutation``, with that event broken."""
    for seed in range(40):
        events = list(log(ruleset, seed))
        try:
            seq, broken = mutation(events)
        except LookupError:
            continue
        events[seq] = broken
        return events, seq
    raise AssertionError(f"no {ruleset} game of seeds 0..39 has an event for {mutation.__name__}")


def team_chat_made_public(events: list[Event]) -> tuple[int, Event]:
    post = first(events, lambda e: isinstance(e, TeamPosted))
    return post.seq, dataclasses.replace(post, vis=PUBLIC, to=())


def team_skill_made_public(events: list[Event]) -> tuple[int, Event]:
    skill = first(events, lambda e: isinstance(e, SkillSubmitted) and e.vis.startswith("team:"))
    return skill.seq, dataclasses.replace(skill, vis=PUBLIC, to=())


def own_skill_made_public(events: list[Event]) -> tuple[int, Event]:
    skill = first(events, lambda e: isinstance(e, SkillSubmitted) and e.vis.startswith("seat:"))
    return skill.seq, dataclasses.replace(skill, vis=PUBLIC)


def notice_to_the_wrong_seat(events: list[Event]) -> tuple[int, Event]:
    notice = first(events, lambda e: isinstance(e, Notice) and e.vis.startswith("seat:") and len(e.seats) == 1
                   and int(e.vis[5:]) in e.seats)
    other = notice.seats[0] % seat_count(events) + 1
    return notice.seq, dataclasses.replace(notice, vis=seat_vis(other))


def result_to_the_wrong_seat(events: list[Event]) -> tuple[int, Event]:
    feedback = first(events, lambda e: isinstance(e, Feedback))
    other = feedback.seat % seat_count(events) + 1
    return feedback.seq, dataclasses.replace(feedback, vis=seat_vis(other))


def own_majia(events: list[Event]) -> dict[int, int]:
    return {e.seat: e.number for e in events if isinstance(e, LayerAssigned)}


def mapping_of_a_living_seat_in_a_dawn(events: list[Event]) -> tuple[int, Event]:
    dawn = first(events, lambda e: isinstance(e, Dawn))
    own = own_majia(events)
    living = next((seat for seat in sorted(own) if seat not in dawn.seats), None)
    if living is None:
        raise LookupError("nobody is left to leak")
    return dawn.seq, dataclasses.replace(dawn, majia={**dawn.majia, living: own[living]})


def mapping_of_a_living_seat_in_a_vote_result(events: list[Event]) -> tuple[int, Event]:
    result = first(events, lambda e: isinstance(e, VoteResult) and e.vis == PUBLIC)
    own = own_majia(events)
    living = next((seat for seat in sorted(own) if seat not in {*result.seats, *result.died}), None)
    if living is None:
        raise LookupError("nobody is left to leak")
    return result.seq, dataclasses.replace(result, majia={**result.majia, living: own[living]})


def sheriff_named_by_seat_and_majia(events: list[Event]) -> tuple[int, Event]:
    sheriff = first(events, lambda e: isinstance(e, SheriffChanged) and e.majia is not None)
    seat = next(s for s, number in own_majia(events).items() if number == sheriff.majia)
    return sheriff.seq, dataclasses.replace(sheriff, seat=seat)


def own_majia_to_the_wrong_seat(events: list[Event]) -> tuple[int, Event]:
    told = first(events, lambda e: isinstance(e, LayerAssigned))
    other = told.seat % seat_count(events) + 1
    return told.seq, dataclasses.replace(told, vis=seat_vis(other), seat=other)


MUTATIONS: list[tuple[str, Mutation]] = [
    *((rs, team_chat_made_public) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    *((rs, team_skill_made_public) for rs in ("umineko32", "suitang21", "qijian24")),
    *((rs, own_skill_made_public) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    *((rs, notice_to_the_wrong_seat) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    *((rs, result_to_the_wrong_seat) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    ("majiasha2", mapping_of_a_living_seat_in_a_dawn),
    ("majiasha2", mapping_of_a_living_seat_in_a_vote_result),
    ("majiasha2", sheriff_named_by_seat_and_majia),
    ("majiasha2", own_majia_to_the_wrong_seat),
]


@pytest.mark.parametrize("ruleset", ["umineko32", "suitang21", "qijian24", "majiasha2"])
def test_the_unchanged_game_passes(ruleset: str) -> None:
    assert audience_ok(get_ruleset(ruleset), list(log(ruleset))).leaks == []


@pytest.mark.parametrize(("ruleset", "mutation"), MUTATIONS, ids=[f"{r}-{m.__name__}" for r, m in MUTATIONS])
def test_each_leaked_event_is_caught(ruleset: str, mutation: Mutation) -> None:
    events, seq = mutated(ruleset, mutation)
    leaks = audience_ok(get_ruleset(ruleset), events).leaks
    assert any(at == seq for _, at, _ in leaks), f"{mutation.__name__} slipped through: {leaks[:3]}"
