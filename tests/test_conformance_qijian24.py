"""Conformance of qijian24 over many seeded random-legal games (see tests/conformance.py).

Even seeds play with every discipline rule on (random players often skip a ballot, so seats drown
and games are short); odd seeds with discipline off, so that games run many nights deep and reach
every skill, revive and win condition.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.events import to_json
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.views import Viewer
from tests.conformance import audience_ok, play, transcript
from transcripts.reader import load_events
from transcripts.records import GameHeader
from transcripts.replay import replay_game
from transcripts.writer import TranscriptWriter

RULESET = get_ruleset("qijian24")
GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))


def fresh(seed: int) -> Game:
    return RULESET.new_game(seed, options={"discipline": seed % 2 == 0})


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [play(RULESET, seed, fresh(seed)) for seed in range(GAMES)]


def test_every_game_ends_with_a_winner(games: list[Game]) -> None:
    assert len(games) >= GAMES
    for game in games:
        assert game.over and game.winners, f"seed {game.state.seed} did not end"


def test_random_play_reaches_every_night_mechanic(games: list[Game]) -> None:
    results = {(e.skill, e.result) for game in games for e in game.events if e.kind == "resolved"}
    for wanted in (("assassinate", "cancelled"), ("assassinate", "no_effect"), ("lives", "1"),
                   ("revive", "revived"), ("activate", "lone_killer"), ("activate", "sheshen"),
                   ("kill_ban", "kill_banned"), ("pray", "life"), ("ban", "banned")):
        assert wanted in results, wanted
    winners = {side for game in games for side in game.winners}
    assert winners == {"killers", "wuzhuang", "rangers"}


def test_no_seat_sees_outside_its_audience(games: list[Game]) -> None:
    for game in games:
        report = audience_ok(RULESET, game.events)
        assert not report.leaks, f"seed {game.state.seed}: {report.leaks[:5]}"


def test_spectators_see_only_public_events(games: list[Game]) -> None:
    for game in games[:50]:
        assert all(e.vis == "public" for e in game.view(Viewer.spectator()))


def test_same_seed_same_transcript() -> None:
    for seed in range(0, GAMES, 10):
        assert transcript(play(RULESET, seed, fresh(seed))) == transcript(play(RULESET, seed, fresh(seed)))


def test_folding_the_log_gives_the_same_state(games: list[Game]) -> None:
    for game in games:
        assert Game.replay(RULESET, game.events).state == game.state


def test_resume_from_any_boundary_reaches_the_same_end() -> None:
    for seed in range(0, GAMES, 10):
        cuts: list[int] = []
        game = play(RULESET, seed, fresh(seed), boundaries=cuts)
        for cut in cuts[:: max(1, len(cuts) // 5)]:
            resumed = play(RULESET, seed, Game.replay(RULESET, game.events[:cut]))
            assert transcript(resumed) == transcript(game), f"seed {seed} cut at {cut}"


def test_folding_events_stored_in_duckdb_gives_the_same_state(games: list[Game], tmp_path: Path) -> None:
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
