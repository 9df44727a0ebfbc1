"""The conformance harness, one for every rule set (in the manner of PettingZoo's api_test).

Parametrised over every rule set the registry finds, so a new rule set is checked with no line added
here: random-legal play over ``GAMES`` seeds ends every game with a winner (exactly one where the rule
set says so, ``ONE_WINNER``); no seat sees outside its audience at that moment
(``tests.conformance.audience_ok``); spectators see only public events; the same seed gives a
byte-identical transcript; folding the log gives the same state; a game cut at any transaction
boundary resumes to the same end; events stored in DuckDB read back and fold the same. A rule set's
own invariants (its rare paths, majiasha2's two name layers) are parameters of the same harness
(``tests.conformance_rules.RULESET_CHECKS``), run over the same games
(``tests.conformance_games.games_of``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.events import to_json
from engine.game import Game
from engine.rulesets import get_ruleset, ruleset_ids
from engine.views import Viewer
from tests.conformance import audience_ok, transcript
from tests.conformance_games import GAMES, games_of, played
from tests.conformance_rules import ONE_WINNER, RULESET_CHECKS, GameCheck
from transcripts.reader import load_events
from transcripts.records import GameHeader
from transcripts.replay import replay_game
from transcripts.writer import TranscriptWriter

every_ruleset = pytest.mark.parametrize("ruleset_id", ruleset_ids())

OWN_CHECKS: list[tuple[str, GameCheck]] = [
    (ruleset_id, check) for ruleset_id in ruleset_ids() for check in RULESET_CHECKS.get(ruleset_id, ())
]
"""Every rule set's own checks, one case each."""


@every_ruleset
def test_every_game_ends_with_a_winner(ruleset_id: str) -> None:
    games = games_of(ruleset_id)
    assert len(games) >= GAMES
    for game in games:
        assert game.over and game.winners, f"{ruleset_id} seed {game.state.seed} did not end"
        if ruleset_id in ONE_WINNER:
            assert len(game.winners) == 1, f"{ruleset_id} seed {game.state.seed} did not end with one winner"


@every_ruleset
def test_no_seat_sees_outside_its_audience(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    for game in games_of(ruleset_id):
        report = audience_ok(ruleset, game.events)
        assert not report.leaks, f"{ruleset_id} seed {game.state.seed}: {report.leaks[:5]}"


@every_ruleset
def test_spectators_see_only_public_events(ruleset_id: str) -> None:
    for game in games_of(ruleset_id)[:50]:
        assert all(e.vis == "public" for e in game.view(Viewer.spectator()))


@every_ruleset
def test_same_seed_same_transcript(ruleset_id: str) -> None:
    for seed in range(0, GAMES, 10):
        assert transcript(played(ruleset_id, seed)) == transcript(games_of(ruleset_id)[seed])


@every_ruleset
def test_folding_the_log_gives_the_same_state(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    for game in games_of(ruleset_id):
        assert Game.replay(ruleset, game.events).state == game.state


@every_ruleset
def test_resume_from_any_boundary_reaches_the_same_end(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    for seed in range(0, GAMES, 10):
        cuts: list[int] = []
        game = played(ruleset_id, seed, boundaries=cuts)
        for cut in cuts[:: max(1, len(cuts) // 5)]:
            resumed = played(ruleset_id, seed, Game.replay(ruleset, game.events[:cut]))
            assert transcript(resumed) == transcript(game), f"{ruleset_id} seed {seed} cut at {cut}"


@every_ruleset
def test_folding_events_stored_in_duckdb_gives_the_same_state(ruleset_id: str, tmp_path: Path) -> None:
    games = games_of(ruleset_id)
    db = tmp_path / "conformance.duckdb"
    with TranscriptWriter(db) as writer:
        ids = []
        for game in games:
            game_id = writer.begin_game(GameHeader.from_events(game.events))
            writer.append(game_id, game.events)
            writer.flush(game_id)
            ids.append(game_id)
    for game, game_id in zip(games, ids, strict=True):
        stored = load_events(db, game_id)
        assert [to_json(e) for e in stored] == [to_json(e) for e in game.events]
        assert replay_game(db, game_id).state == game.state


@pytest.mark.parametrize(("ruleset_id", "check"), OWN_CHECKS, ids=[f"{r}-{c.__name__}" for r, c in OWN_CHECKS])
def test_the_rule_sets_own_invariant(ruleset_id: str, check: GameCheck) -> None:
    """A rule set's own invariant (``RULESET_CHECKS``) over the same games as the shared checks."""
    check(games_of(ruleset_id))
