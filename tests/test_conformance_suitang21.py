"""Conformance of suitang21 over many seeded random-legal games (see tests/conformance.py).

Random players draw many yellow cards, and two red cards in a camp end a game early; so a third of
the games run with every penalty, a third with none (long games that reach the night's rarer
paths: hugs, 通灵, shots, successions, 寡妇刀) and a third with the no-vote card alone (staggered
red cards, each sending one role off).
"""

from __future__ import annotations

import os
from collections import Counter
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

RULESET = get_ruleset("suitang21")
GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))


DISCIPLINE: tuple[bool | list[str], ...] = (True, False, ["no_vote"])


def game_for(seed: int) -> Game:
    """A fresh game: every penalty, none, or the no-vote card alone, by seed."""
    return RULESET.new_game(seed, options={"discipline": DISCIPLINE[seed % 3]})


def played(seed: int, boundaries: list[int] | None = None) -> Game:
    return play(RULESET, seed, game_for(seed), boundaries)


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [played(seed) for seed in range(GAMES)]


def test_every_game_ends_with_exactly_one_winner(games: list[Game]) -> None:
    assert len(games) >= GAMES
    for game in games:
        assert game.over and len(game.winners) == 1, f"seed {game.state.seed} did not end with one winner"


def test_random_play_reaches_the_rare_paths(games: list[Game]) -> None:
    seen: Counter[str] = Counter()
    for game in games:
        for e in game.events:
            seen[getattr(e, "cause", "") or getattr(e, "skill", "") or getattr(e, "topic", "")] += 1
    for what in ("martyr", "shot", "poison", "red_card", "hug", "elder_penalty", "defeat", "succession", "accelerated"):
        assert seen[what], f"no game reached {what}"


def test_no_seat_sees_outside_its_audience(games: list[Game]) -> None:
    for game in games:
        report = audience_ok(RULESET, game.events)
        assert not report.leaks, f"seed {game.state.seed}: {report.leaks[:5]}"


def test_spectators_see_only_public_events(games: list[Game]) -> None:
    for game in games[:50]:
        assert all(e.vis == "public" for e in game.view(Viewer.spectator()))


def test_same_seed_same_transcript() -> None:
    for seed in range(0, GAMES, 10):
        assert transcript(played(seed)) == transcript(played(seed))


def test_folding_the_log_gives_the_same_state(games: list[Game]) -> None:
    for game in games:
        assert Game.replay(RULESET, game.events).state == game.state


def test_resume_from_any_boundary_reaches_the_same_end() -> None:
    for seed in range(0, GAMES, 10):
        cuts: list[int] = []
        game = played(seed, cuts)
        for cut in cuts[:: max(1, len(cuts) // 6)]:
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
