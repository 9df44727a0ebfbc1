"""Conformance of majiasha2 over many seeded random-legal games of every size 9..26 (tests/conformance.py),
and the rule set's own invariant: no seat's view pairs another living actor's 马甲 with its 角色."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from engine.events import Event, to_json
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.views import Viewer
from tests.conformance import audience_ok, play, seat_count, transcript
from transcripts.reader import load_events
from transcripts.records import GameHeader
from transcripts.replay import replay_game
from transcripts.writer import TranscriptWriter

RULESET = get_ruleset("majiasha2")
GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))


def options(seed: int) -> dict[str, Any]:
    """Every size; penalty points on for even seeds (random players pass a lot and are sent off in two
    days), off for odd ones so that games run longer."""
    return {"size": 9 + seed % 18, "discipline": seed % 2 == 0}


def game_of(seed: int, game: Game | None = None, cuts: list[int] | None = None) -> Game:
    return play(RULESET, seed, game, cuts, options=options(seed))


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [game_of(seed) for seed in range(GAMES)]


def test_every_game_ends_with_one_winner(games: list[Game]) -> None:
    assert len(games) >= GAMES
    for game in games:
        assert game.over and len(game.winners) == 1, f"seed {game.state.seed} did not end with one winner"
    assert {seat_count(g.events) for g in games} == set(range(9, 27)) or GAMES < 18


def test_no_seat_sees_outside_its_audience(games: list[Game]) -> None:
    for game in games:
        report = audience_ok(RULESET, game.events)
        assert not report.leaks, f"seed {game.state.seed}: {report.leaks[:5]}"


def _pairs_seen(events: list[Event]) -> set[tuple[int, int]]:
    """(马甲, 角色) pairs a view states: own account notices, public exits, redaction notices."""
    out: set[tuple[int, int]] = set()
    for e in events:
        if e.kind not in ("notice", "announced"):
            continue
        data = getattr(e, "data", None) or {}
        seats = list(getattr(e, "seats", []))
        if "account" in data and seats:
            out.add((seats[0], int(data["account"])))
        if isinstance(data.get("accounts"), list):
            out.update(zip(seats, data["accounts"], strict=False))
        if isinstance(data.get("accounts"), dict) and e.kind == "announced" and e.topic == "vote_result":
            out.update((int(k), int(v)) for k, v in data["accounts"].items())
    return out


def test_the_alias_account_mapping_stays_secret(games: list[Game]) -> None:
    """A seat learns another actor's 角色 only once that actor is out (D-07) — never from the engine
    while it plays (cupid's lovers and team chats learn 马甲 only)."""
    for game in games[:60]:
        for seat in range(1, seat_count(game.events) + 1):
            seen = game.view(Viewer.of_seat(seat))
            out_by = {e.seat: e.seq for e in game.events if e.kind == "died"}
            for e in seen:
                for majia, _ in _pairs_seen([e]):
                    if majia != seat:
                        assert majia in out_by and out_by[majia] < e.seq, (game.state.seed, seat, e)


def test_spectators_see_only_public_events(games: list[Game]) -> None:
    for game in games[:50]:
        assert all(e.vis == "public" for e in game.view(Viewer.spectator()))


def test_same_seed_same_transcript() -> None:
    for seed in range(0, GAMES, 10):
        assert transcript(game_of(seed)) == transcript(game_of(seed))


def test_folding_the_log_gives_the_same_state(games: list[Game]) -> None:
    for game in games:
        assert Game.replay(RULESET, game.events).state == game.state


def test_resume_from_any_boundary_reaches_the_same_end() -> None:
    for seed in range(0, GAMES, 10):
        cuts: list[int] = []
        game = game_of(seed, cuts=cuts)
        for cut in cuts[:: max(1, len(cuts) // 5)]:
            resumed = game_of(seed, Game.replay(RULESET, game.events[:cut]))
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
