"""Property tests: random — also malformed — input never corrupts a game.

Hypothesis drives a game with a mix of legal moves and arbitrary actions (unknown seats and
skills, dead or missing targets, wrong phase, other seats' turns). An ``EngineError`` must leave
the state and the log exactly as they were; anything else but ``EngineError`` is a bug.
"""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agents.random_legal import random_action
from engine.actions import Action, Choose, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import EngineError
from engine.game import Game
from engine.rulesets import get_ruleset

RULESET = get_ruleset("umineko32")
SKILLS = ["无常之刃", "blade", "侦探权限", "演员试镜", "红字结界", "契约标记", "王车易位", "弃明投暗", "信仰魔女",
          "nonsense", "", "杀人诛心"]
seats = st.integers(min_value=1, max_value=22)
targets = st.lists(st.integers(min_value=-1, max_value=25), max_size=3).map(tuple)
texts = st.text(min_size=1, max_size=40)

arbitrary: st.SearchStrategy[Action] = st.one_of(
    st.builds(Post, seat=seats, text=texts, blue=st.booleans(), quote=st.none() | st.integers(1, 500)),
    st.builds(TeamPost, seat=seats, team=st.sampled_from(["killers", "杀手群", "witches", "detectives", "x"]),
              text=texts),
    st.builds(Vote, seat=seats, target=st.none() | st.integers(-1, 25)),
    st.builds(UseSkill, seat=seats, skill=st.sampled_from(SKILLS), targets=targets),
    st.builds(Choose, seat=seats, skill=st.sampled_from(SKILLS), use=st.none() | st.booleans(), targets=targets),
    st.builds(SubmitLastWords, seat=seats, text=texts),
    st.builds(Pass, seat=seats),
)


def _snapshot(game: Game) -> tuple[object, int]:
    return copy.deepcopy(game.state), len(game.events)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), junk=st.lists(arbitrary, min_size=5, max_size=60),
       legal_every=st.integers(1, 4))
def test_malformed_actions_never_corrupt_state(seed: int, junk: list[Action], legal_every: int) -> None:
    game = RULESET.new_game(seed)
    rand = random.Random(seed)
    for i in range(2000):
        if game.over:
            break
        if i < len(junk) * legal_every and i % legal_every == 0:
            before_state, before_len = _snapshot(game)
            try:
                game.submit(junk[i // legal_every])
            except EngineError:
                assert game.state == before_state and len(game.events) == before_len
            continue
        pending = game.pending()
        if not pending:
            game.advance()
            continue
        seat = rand.choice(sorted(pending))
        game.submit(random_action(rand, seat, pending[seat]))
    assert Game.replay(RULESET, game.events).state == game.state


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), deadlines=st.lists(st.booleans(), min_size=10, max_size=200))
def test_deadlines_anywhere_never_break_the_game(seed: int, deadlines: list[bool]) -> None:
    """Closing windows early (timeouts) at arbitrary points still gives a consistent game."""
    game = RULESET.new_game(seed)
    rand = random.Random(seed)
    steps = 0
    while not game.over and steps < 5000:
        pending = game.pending()
        if not pending or (steps < len(deadlines) and deadlines[steps]):
            game.advance()
        else:
            seat = rand.choice(sorted(pending))
            game.submit(random_action(rand, seat, pending[seat]))
        steps += 1
    assert game.over
    assert Game.replay(RULESET, game.events).state == game.state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), junk=st.lists(arbitrary, min_size=1, max_size=20))
def test_check_is_a_dry_run_that_agrees_with_submit(seed: int, junk: list[Action]) -> None:
    """``Game.check`` never changes the game and predicts exactly what ``submit`` will say."""
    game = RULESET.new_game(seed)
    rand = random.Random(seed)
    for step in range(150):
        pending = game.pending()
        if not pending:
            game.advance()
            continue
        seat = rand.choice(sorted(pending))
        action = junk[step % len(junk)] if step % 3 == 0 else random_action(rand, seat, pending[seat])
        before_state, before_len = _snapshot(game)
        verdict = game.check(action)
        assert game.state == before_state and len(game.events) == before_len
        try:
            game.submit(action)
            assert verdict is None
        except EngineError as exc:
            assert verdict == str(exc)
