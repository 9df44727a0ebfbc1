"""Detectability (``evals.detectability``): the people's "who was a bot?" answers against who played.

Three stored games, each with people at seats 1 and 2 (their stand-ins played the games here) and
bots elsewhere; the people's answers are written by hand, so every rate is known: how often each
label was taken for a human, how often a named model was the right one, per game clusters. A file
of schema version 2, 3 or 4 gains the answers' tables by the chained migration.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import duckdb
import pytest

from arena.run.players import make_agent
from arena.run.runner import GameRunner
from engine.rulesets import get_ruleset
from evals.detectability import DetectabilityEvaluator
from evals.facts import load_facts
from evals.summary import bootstrap, summarise
from transcripts.guesses import GuessRow, guessed, load_guesses, save_guesses
from transcripts.records import GameHeader, final_seats
from transcripts.schema import FORK_COLUMNS, SCHEMA_VERSION, V3_CALL_COLUMNS, V5_TABLES
from transcripts.store import migrate_db, open_db
from transcripts.writer import TranscriptWriter

HUMANS = (1, 2)


def _configs() -> list[dict[str, object]]:
    return [{"seat": s, "kind": "human", "bot": {"kind": "scripted"}} if s in HUMANS
            else {"seat": s, "kind": "scripted" if s <= 10 else "random"} for s in range(1, 19)]


def _store(writer: TranscriptWriter, seed: int) -> str:
    game = get_ruleset("umineko32").new_game(seed)
    asyncio.run(GameRunner(game, {s: make_agent("scripted") for s in range(1, 19)}).run())
    configs = _configs()
    gid = writer.begin_game(GameHeader.from_events(game.events, configs), game_id=f"g{seed}")
    writer.append(gid, game.events)
    writer.finish(gid, game.winners, game.state.day, final_seats(game.events, configs))
    return gid


def _answers(guesser: int, human: set[int], models: dict[int, str]) -> list[GuessRow]:
    return [GuessRow(guesser, t, "human" if t in human else "bot", models.get(t))
            for t in range(1, 19) if t != guesser]


def test_each_label_is_scored_by_how_often_the_people_took_it_for_a_human(tmp_path: Path) -> None:
    db = tmp_path / "guesses.duckdb"
    with TranscriptWriter(db) as writer:
        games = [_store(writer, seed) for seed in (1, 2, 3)]
        con = writer.cursor()
        # game 1: both see through everyone; game 2: seat 1 takes seat 3 (scripted) and seat 11 (random) for people;
        # game 3: seat 2 takes seat 1 for a bot and names the right model twice, a wrong one once
        save_guesses(con, games[0], _answers(1, {2}, {}))
        save_guesses(con, games[0], _answers(2, {1}, {}))
        save_guesses(con, games[1], _answers(1, {2, 3, 11}, {}))
        save_guesses(con, games[1], _answers(2, {1}, {}))
        save_guesses(con, games[2], _answers(1, {2}, {}))
        save_guesses(con, games[2], _answers(2, set(), {3: "scripted", 4: "scripted", 12: "scripted"}))
        assert guessed(con, games[0], 1) and not guessed(con, games[0], 3)
        assert len(load_guesses(con, games[1])[games[1]]) == 34
        con.close()
    with open_db(db, create=False) as con:
        facts = load_facts(con)
    rows = summarise([DetectabilityEvaluator()], facts, resamples=400, by="game")
    pooled = {(r.metric, r.label): r for r in rows if r.ruleset == "*" and r.side == "*"}
    human, scripted, random_ = (pooled[("taken_for_human", label)] for label in ("human", "scripted", "random"))
    assert (human.value, human.n, human.games) == (5 / 6, 6, 3)  # people taken for people: 5 of 6 answers
    assert (scripted.value, scripted.n) == (1 / 48, 48)  # 8 scripted seats x 2 people x 3 games
    assert (random_.value, random_.n) == (1 / 48, 48)
    assert human.lo is not None and human.hi is not None and human.lo < human.value <= human.hi
    boot = bootstrap(facts, resamples=400)
    assert len(boot.keys) == 3  # the clusters are the games, not the answers
    named = pooled[("model_named", "scripted")], pooled[("model_named", "random")]
    assert (named[0].value, named[0].n) == (2 / 2, 2) and (named[1].value, named[1].n) == (0.0, 1)
    sides = {r.side for r in rows if r.metric == "taken_for_human" and r.label == "scripted"}
    assert "*" in sides and len(sides) > 1  # per the guessed seat's side, with the pooled row


@pytest.mark.parametrize("found", [2, 3, 4])
def test_an_older_file_gains_the_answers_table_by_the_chained_migration(tmp_path: Path, found: int) -> None:
    db = tmp_path / f"v{found}.duckdb"
    with TranscriptWriter(db):
        pass
    with duckdb.connect(str(db)) as con:  # the file as version ``found`` wrote it
        for table in ("bot_guesses", "served_games", "seat_tokens", "persuasion_beliefs"):
            con.execute(f"DROP TABLE {table}")
        if found <= 3:
            for table in ("fork_edits", "claims", "persuasion_votes"):
                con.execute(f"DROP TABLE {table}")
            for name, _ in FORK_COLUMNS:
                con.execute(f"ALTER TABLE games DROP COLUMN {name}")
        if found <= 2:
            for name, _ in V3_CALL_COLUMNS:
                con.execute(f"ALTER TABLE llm_calls DROP COLUMN {name}")
        con.execute(f"UPDATE meta SET schema_version = {found}")
    assert migrate_db(db) == (found, SCHEMA_VERSION)
    with duckdb.connect(str(db), read_only=True) as con:
        tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        columns = {r[0] for r in con.execute("SELECT column_name FROM information_schema.columns "
                                             "WHERE table_name IN ('llm_calls', 'games')").fetchall()}
    assert {"bot_guesses", "served_games", "seat_tokens", "claims", "fork_edits"} <= tables and len(V5_TABLES) == 3
    assert {name for name, _ in (*V3_CALL_COLUMNS, *FORK_COLUMNS)} <= columns
    with open_db(db, create=False) as con:  # and it loads as a current file
        assert load_guesses(con, "none") == {}
