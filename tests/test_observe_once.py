"""A seat's observation is made once per point of the game (``Game.observe``), and what it keeps is
what the rule set computes afresh: the cache, the one-pass build and ``amend`` change no field.

Why: the runner, an agent's tools and the web table ask for the same seat's observation at the same
point, and building it was a third of a scripted game's time (``bench/engine.py``)."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from typing import Any

import pytest

from agents.base import Turn
from agents.random_legal import random_action
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Game
from engine.observation import SeatStatus, amend, carried_over
from engine.rulesets import get_ruleset, ruleset_ids
from engine.views import Viewer


def _checked_points(ruleset_id: str, seed: int, every: int = 7) -> int:
    """A random-legal game, checked every ``every`` engine calls against a replay of its log to that
    point (a game that has never observed anything); how many points were checked."""
    ruleset = get_ruleset(ruleset_id)
    game, rand, calls, points = ruleset.new_game(seed), random.Random(seed), 0, 0
    while not game.over and calls < 400:
        calls += 1
        if calls % every == 0:
            _check_point(game, Game.replay(ruleset, list(game.events)))
            points += 1
        pending = game.pending()
        if not pending:
            game.advance()
            continue
        seat = rand.choice(sorted(pending))
        try:
            game.submit(random_action(rand, seat, pending[seat]))
        except IllegalAction:
            pass
    return points


def _check_point(game: Game, fresh: Game) -> None:
    """At one point: every viewer's kept observation is the one a fresh game makes, and the rule
    set's own (``Ruleset.observe``, with no inbox) agrees with it but for the inbox."""
    seats = len(game.state.public.aliases) or 1
    for viewer in [Viewer.god(), Viewer.spectator(), *(Viewer.of_seat(s) for s in range(1, seats + 1))]:
        kept = game.observe(viewer)
        assert game.observe(viewer) is kept, "asked twice at one point, it is made once"
        assert kept == fresh.observe(viewer), viewer
        computed = game.ruleset.observe(game.state, viewer)
        assert dataclasses.replace(kept, inbox=()) == computed, viewer


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_kept_observation_is_the_one_made_afresh(ruleset_id: str) -> None:
    assert _checked_points(ruleset_id, 3), "the game reached points to check"


def test_an_observation_is_made_again_after_an_event() -> None:
    game = get_ruleset("umineko32").new_game(1)
    seat = game.waiting()[0]
    before = game.observe(Viewer.of_seat(seat))
    action = random_action(random.Random(1), seat, game.legal(seat) or ())
    game.submit(action)
    after = game.observe(Viewer.of_seat(seat))
    assert after is not before and after == Game.replay(game.ruleset, list(game.events)).observe(Viewer.of_seat(seat))


def test_amend_is_dataclasses_replace() -> None:
    game = get_ruleset("qijian24").new_game(2)
    obs = game.observe(Viewer.of_seat(1))
    assert amend(obs, day=9, alias="x") == dataclasses.replace(obs, day=9, alias="x")
    assert amend(obs) == obs and amend(obs) is not obs
    status = obs.seats[0]
    assert isinstance(status, SeatStatus) and amend(status, alive=False) == dataclasses.replace(status, alive=False)
    with pytest.raises(TypeError):
        amend(obs, no_such_field=1)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_an_observation_kept_across_chatter_is_the_one_made_afresh(ruleset_id: str) -> None:
    """A seat observed at each of its turns, as the runner observes it: ``Game`` keeps a seat's
    observation across the rule set's chatter (``Ruleset.chatter``) and brings only the phase, the
    day, the skills, the budgets and the legal actions up to date, so each must still equal the
    rule set's observation computed afresh from the state (but for the inbox, which that has not)."""
    ruleset = get_ruleset(ruleset_id)
    game, rand, turns = ruleset.new_game(5), random.Random(5), 0
    while not game.over and turns < 600:
        turns += 1
        pending = game.pending()
        if not pending:
            game.advance()
            continue
        seat = min(pending)
        viewer = Viewer.of_seat(seat)
        assert dataclasses.replace(game.observe(viewer), inbox=()) == ruleset.observe(game.state, viewer), turns
        try:
            game.submit(random_action(rand, seat, pending[seat]))
        except IllegalAction:
            pass
    assert turns > 10


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_no_result_or_notice_is_chatter(ruleset_id: str) -> None:
    """``Game._read_log`` takes a seat's results and notices only from events that are not chatter (one
    test per event instead of two): a kind of the inbox declared chatter would be lost from it."""
    from engine.observation import INBOX_KINDS

    assert get_ruleset(ruleset_id).chatter.isdisjoint(INBOX_KINDS)


def test_maker_is_the_dataclass_constructor() -> None:
    from agents.base import Turn
    from engine.observation import maker
    from engine.table.window import Window

    make = maker(Turn)
    fields = dict(ruleset="qijian24", seed=2, seat=3, day=1, phase="DAY", events=(), new_from=0, legal=())
    made = make(**fields, decision=7)
    assert made == Turn(**fields, decision=7) and made.error is None and made.observation is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.seat = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        make(ruleset="qijian24")  # a field missing
    with pytest.raises(TypeError):
        make(**fields, no_such_field=1)
    with pytest.raises(TypeError):
        maker(Window)  # its __post_init__ does more than set fields


class _Checked:
    """A seat's player that, before it answers, checks the observation its turn carries against the rule
    set's own made afresh from the state (``Ruleset.observe``; but for the inbox, which that has not)."""

    concurrent = False

    def __init__(self, agent: Any, game: Game, checked: list[int]) -> None:
        self.agent, self.game, self.checked, self.name = agent, game, checked, agent.name

    async def act(self, turn: Turn) -> Action | None:
        assert turn.observation is not None
        fresh = self.game.ruleset.observe(self.game.state, Viewer.of_seat(turn.seat))
        assert dataclasses.replace(turn.observation, inbox=()) == fresh, (turn.seat, turn.decision, turn.phase)
        self.checked.append(turn.decision)
        action: Action | None = await self.agent.act(turn)
        return action


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_observation_a_scripted_game_hands_its_seats_is_the_one_made_afresh(ruleset_id: str) -> None:
    """Whole games of the scripted bots, as ``arena play`` runs them: at every decision the observation
    ``Game.observe`` kept, carried across chatter and brought up to date, equals the rule set's computed
    afresh. The random-legal games above reach few of the phases the bots play through (a night's
    results, a dawn's outs, vote results, last words); these reach them all, at every seat's turn."""
    ruleset = get_ruleset(ruleset_id)
    for seed in range(4):
        game, checked = ruleset.new_game(seed), []
        configs = parse_players("scripted", ruleset.seats)
        agents = {seat: _Checked(agent, game, checked) for seat, agent in agents_for(configs).items()}
        asyncio.run(GameRunner(game, agents).run())
        assert game.over and len(checked) > 20, (seed, len(checked))


@pytest.mark.parametrize("ruleset_id", ["umineko32", "suitang21", "qijian24", "majiasha2"])
def test_a_seats_observation_is_carried_over_a_public_death_and_stays_the_one_made_afresh(
        ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a death, a dawn, a vote result (the rule set's ``carried`` kinds) a seat's kept observation
    takes the new public part and keeps its own (``engine.observation.carried_over``) instead of being
    made afresh: whole scripted games carry some over, and every observation handed out still equals the
    rule set's own (``_Checked``)."""
    import engine.game

    ruleset = get_ruleset(ruleset_id)
    assert ruleset.carried and ruleset.carried.isdisjoint(ruleset.chatter)
    outcomes: list[bool] = []

    def counted(obs: Any, was: Any, now: Any) -> Any:
        out = carried_over(obs, was, now)
        outcomes.append(out is not None)
        return out

    monkeypatch.setattr(engine.game, "carried_over", counted)
    game, checked = ruleset.new_game(2), []
    agents = {seat: _Checked(agent, game, checked)
              for seat, agent in agents_for(parse_players("scripted", ruleset.seats)).items()}
    asyncio.run(GameRunner(game, agents).run())
    assert game.over and any(outcomes), (len(checked), outcomes)


def test_carried_over_takes_the_new_public_list_and_keeps_the_seats_own_entries() -> None:
    """The seat's own entries (another object than the public one under it) are kept where the public entry
    under them did not move; where it moved, nothing is carried (the observation is made afresh)."""
    public = tuple(SeatStatus(seat, f"马甲{seat}", True) for seat in (1, 2, 3))
    mine = amend(public[0], role="平民", faction="白")
    obs = dataclasses.replace(get_ruleset("umineko32").new_game(1).observe(Viewer.of_seat(1)),
                              seats=(mine, public[1], public[2]), sheriff=None)
    was = {"seats": public, "layer": "", "layer_names": (), "sheriff": None, "sheriff_majia": None, "winners": ()}
    third_out = (public[0], public[1], SeatStatus(3, "马甲3", False, out_day=1, cause="vote"))
    carried = carried_over(obs, was, {**was, "seats": third_out, "sheriff": 2})
    assert carried is not None and carried.seats == (mine, public[1], third_out[2]) and carried.sheriff == 2
    assert carried.seats[0] is mine and carried.role == obs.role and carried.inbox == obs.inbox
    first_out = (SeatStatus(1, "马甲1", False, out_day=1, cause="vote"), public[1], public[2])
    assert carried_over(obs, was, {**was, "seats": first_out}) is None  # its own entry moved under it
    assert carried_over(obs, was, was) is obs
    told_sheriff = dataclasses.replace(obs, sheriff=3)  # a sheriff the seat holds otherwise than the public
    assert carried_over(told_sheriff, was, {**was, "sheriff": 2}) is None
