"""``TableState.living_seats`` is kept, not computed at each call: it must be the seats whose record
says alive at every point of every rule set's games. That holds only while every fold that moves a
seat's ``alive`` counts it in ``TableState.outs`` (the kernel's ``died``, qijian24's revival): a rule
set that adds another such fold without counting it fails here."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset, ruleset_ids
from tests.conformance_games import played

GAMES = 12


def _stale(game: Game) -> bool:
    state = game.state
    return state.living_seats() != tuple(n for n, s in state.seats.items() if s.alive)


def _refold(ruleset: Ruleset, game: Game) -> int:
    """The game's log folded again one event at a time, the kept list read after each (so that a fold
    that moves ``alive`` without counting it is read stale at once); the revivals met."""
    fresh, revived = Game(ruleset), 0
    for event in game.events:
        ruleset.apply(fresh.state, event)
        fresh.events.append(event)
        assert not _stale(fresh), f"{ruleset.id}: living_seats is stale after event {event.seq} ({event.kind})"
        revived += event.kind == "resolved" and getattr(event, "result", None) == "revived"
    return revived


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_the_kept_living_seats_are_the_living_after_every_event(ruleset_id: str) -> None:
    ruleset, outs = get_ruleset(ruleset_id), 0
    for seed in range(GAMES):
        game = played(ruleset_id, seed)
        assert not _stale(game)
        _refold(ruleset, game)
        outs += game.state.outs
    assert outs > GAMES, "the games must send seats out for the check to mean anything"


def test_a_revival_is_counted() -> None:
    """qijian24's revival brings a seat back: the kept list must show it again at once."""
    ruleset = get_ruleset("qijian24")
    revived = sum(_refold(ruleset, played("qijian24", seed)) for seed in range(40))
    assert revived, "no revival in 40 random qijian24 games: the check met nothing to check"


def test_majiasha2_kept_answers_are_the_fresh_ones_after_every_event() -> None:
    """majiasha2 keeps its 马甲 list (``listed``), who holds what (``roles``) and what each seat was told
    (``told``) until a fold that moves them empties them: after every event of random games each kept
    answer must equal the one worked out afresh (a fold that moves one without emptying it fails)."""
    import copy

    ruleset = get_ruleset("majiasha2")
    checked = 0
    for seed in range(GAMES):
        game = played("majiasha2", seed)
        fresh = Game(ruleset)
        for event in game.events:
            ruleset.apply(fresh.state, event)
            fresh.events.append(event)
            s: Any = fresh.state
            if not s.seats:
                continue
            s.listed(), s.roles(), [s.told(seat) for seat in s.seats]  # read, so a stale memo would show
            blank = copy.copy(s)
            blank.listed_memo, blank.role_memo, blank.told_memo = None, None, {}
            assert s.listed() == blank.listed(), f"seed {seed}: the 马甲 list is stale after {event.kind}"
            assert s.roles() == blank.roles(), f"seed {seed}: who holds what is stale after {event.kind}"
            assert all(s.told(n) == blank.told(n) for n in s.seats), f"seed {seed}: told is stale after {event.kind}"
            checked += 1
    assert checked > GAMES * 50
