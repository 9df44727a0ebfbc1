"""The leak check can fail: deliberately leaked events, each slipped into a real game's log, are caught.

A check that never fails proves nothing; every conformance run relies on ``audience_ok``. So each
mutation below takes a game of random-legal players, changes one event the way a broken engine
would (a team chat or a skill submission relabelled public, a private notice or result sent to
the wrong seat, a majiasha2 mapping of 马甲 to seat put in a public event), and requires the check
to report that very event — while the unchanged game passes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache

import pytest

from engine.events import PUBLIC, Announced, Event, Feedback, Notice, SkillSubmitted, TeamPosted, seat_vis
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


def mapping_in_the_majia_list(events: list[Event]) -> tuple[int, Event]:
    listed = first(events, lambda e: isinstance(e, Announced) and e.topic == "majia_list")
    own = {int(e.vis[5:]): e.data["majia"] for e in events if isinstance(e, Notice) and e.topic == "majia_own"}
    data = {**listed.data, "pairs": {str(seat): majia for seat, majia in own.items()}}
    return listed.seq, dataclasses.replace(listed, data=data)


def mapping_of_a_living_seat_in_a_vote_result(events: list[Event]) -> tuple[int, Event]:
    result = first(events, lambda e: isinstance(e, Announced) and e.topic == "vote_result" and e.vis == PUBLIC)
    own = {int(e.vis[5:]): e.data["majia"] for e in events if isinstance(e, Notice) and e.topic == "majia_own"}
    out = set(result.data.get("out") or ()) | set(result.seats)
    living = next((seat for seat in sorted(own) if seat not in out), None)
    if living is None:
        raise LookupError("nobody is left to leak")
    pairs = {**dict(result.data.get("pairs") or {}), str(living): own[living]}
    return result.seq, dataclasses.replace(result, data={**result.data, "pairs": pairs})


MUTATIONS: list[tuple[str, Mutation]] = [
    *((rs, team_chat_made_public) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    *((rs, team_skill_made_public) for rs in ("umineko32", "suitang21", "qijian24")),
    *((rs, own_skill_made_public) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    *((rs, notice_to_the_wrong_seat) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    *((rs, result_to_the_wrong_seat) for rs in ("umineko32", "suitang21", "qijian24", "majiasha2")),
    ("majiasha2", mapping_in_the_majia_list),
    ("majiasha2", mapping_of_a_living_seat_in_a_vote_result),
]


@pytest.mark.parametrize("ruleset", ["umineko32", "suitang21", "qijian24", "majiasha2"])
def test_the_unchanged_game_passes(ruleset: str) -> None:
    assert audience_ok(get_ruleset(ruleset), list(log(ruleset))).leaks == []


@pytest.mark.parametrize(("ruleset", "mutation"), MUTATIONS, ids=[f"{r}-{m.__name__}" for r, m in MUTATIONS])
def test_each_leaked_event_is_caught(ruleset: str, mutation: Mutation) -> None:
    events, seq = mutated(ruleset, mutation)
    leaks = audience_ok(get_ruleset(ruleset), events).leaks
    assert any(at == seq for _, at, _ in leaks), f"{mutation.__name__} slipped through: {leaks[:3]}"
