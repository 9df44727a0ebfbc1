"""The observation of every seat, computed by the engine, against an independent fold of its own
events (``tests.observing``), over random-legal games of every rule set; and what an observation
says of the shared concepts on small fixed situations."""

from __future__ import annotations

import os

import pytest

from engine.observation import Observation
from engine.rulesets import get_ruleset, ruleset_ids
from engine.views import Viewer
from tests.conformance import play
from tests.observing import check_points

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_seats_observation_agrees_with_its_own_events(ruleset: str) -> None:
    rules = get_ruleset(ruleset)
    bad: list[tuple[int, int, int, str]] = []
    for seed in range(GAMES):
        boundaries: list[int] = []
        game = play(rules, seed, boundaries=boundaries)
        bad += [(seed, k, seat, why) for k, seat, why in check_points(rules, game.events, boundaries, points=3)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_spectator_and_god_views(ruleset: str) -> None:
    rules = get_ruleset(ruleset)
    game = play(rules, 1)
    public = game.observe(Viewer.spectator())
    god = game.observe(Viewer.god())
    assert public.seat is None and not public.inbox and not public.legal
    assert {s.seat for s in god.seats} == {s.seat for s in public.seats}
    truth = {s.seat: s.alive for s in god.seats}
    assert all(truth[s.seat] is False for s in public.seats if not s.alive), "the public never outlives the truth"
    assert all(s.role for s in god.seats), "the god view names every identity"


def test_an_observation_is_frozen_and_deterministic() -> None:
    rules = get_ruleset("umineko32")
    a, b = play(rules, 4), play(rules, 4)
    first, second = a.observe(Viewer.of_seat(3)), b.observe(Viewer.of_seat(3))
    assert first == second
    with pytest.raises(AttributeError):
        first.day = 9  # type: ignore[misc]
    assert isinstance(first, Observation)
