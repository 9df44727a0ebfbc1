"""Belief elicitation: private reports at checkpoints, stored with the checkpoint, never part of the game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import duckdb
import pytest

from agents.base import Agent
from agents.beliefs import BeliefError, BeliefRequest, normalise, roster_prior
from agents.random_legal import RandomAgent
from arena.run.beliefs import (
    DAY_END,
    STORED_DEFAULT,
    BeliefCheckpoints,
    checkpoint_phases,
    day_end,
    factions_of,
)
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine.rulesets import get_ruleset
from transcripts import SCHEMA_VERSION, TranscriptWriter, migrate_db, open_db
from transcripts.beliefs import BeliefRow, load_beliefs
from transcripts.records import GameHeader

RULESET = get_ruleset("umineko32")


def _play(seed: int, *, beliefs: bool) -> tuple[list, list[BeliefRow]]:
    game = RULESET.new_game(seed)
    agents = agents_for(parse_players("scripted", RULESET.seats))
    rows: list[BeliefRow] = []
    checkpoints = [BeliefCheckpoints(RULESET, agents, rows.extend)] if beliefs else []
    asyncio.run(GameRunner(game, agents, checkpoints=checkpoints).run())
    return game.events, rows


def test_scripted_bots_report_at_the_end_of_every_day_without_changing_the_game() -> None:
    with_beliefs, rows = _play(7, beliefs=True)
    without, _ = _play(7, beliefs=False)
    assert with_beliefs == without
    nightfalls = [e for e in with_beliefs if e.kind == "phase_began" and e.name == "NIGHTFALL"]
    assert sorted({r.checkpoint for r in rows}) == [e.seq for e in nightfalls]
    died_before = {cp: {e.seat for e in with_beliefs if e.kind == "died" and e.seq < cp} for cp in {r.checkpoint for r in rows}}
    by_report: dict[tuple[int, int, int], float] = {}
    for r in rows:
        assert r.seat != r.target and r.target not in died_before[r.checkpoint] and r.seat not in died_before[r.checkpoint]
        assert 0 < r.prob < 1 and r.source == "scripted"
        by_report[(r.checkpoint, r.seat, r.target)] = by_report.get((r.checkpoint, r.seat, r.target), 0) + r.prob
    assert all(abs(total - 1) < 1e-9 for total in by_report.values())
    # a killer knows its teammates: P(black) of each is the team weight
    killers = {e.seat for e in with_beliefs if e.kind == "role_dealt" and e.role == "killer"}
    first = min(r.checkpoint for r in rows)
    killer = min(killers)
    mates = {r.target: r.prob for r in rows if r.checkpoint == first and r.seat == killer and r.faction == "black"}
    assert all(mates[m] > 0.9 for m in killers - {killer}) and max(p for t, p in mates.items() if t not in killers) < 0.9


def test_reports_are_stored_with_their_checkpoint_and_read_back(tmp_path: Path) -> None:
    events, rows = _play(3, beliefs=True)
    db = tmp_path / "b.duckdb"
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(events), "g")
        writer.append(gid, events)
        writer.append_beliefs(gid, rows)
        writer.flush(gid)
    assert load_beliefs(db, "g") == sorted(rows, key=lambda r: (r.checkpoint, r.seat, r.target, r.faction))


def _request(**changes: object) -> BeliefRequest:
    values: dict[str, object] = dict(ruleset="umineko32", seed=1, seat=1, day=1, phase="NIGHTFALL", checkpoint=9,
                                     events=(), targets={2: "a", 3: "b"}, factions=("black", "white", "witch"))
    values.update(changes)
    return BeliefRequest(**values)  # type: ignore[arg-type]


def test_normalise_keeps_what_was_said_and_refuses_what_cannot_be_read() -> None:
    clean = normalise({2: {"black": 2.0, "white": 2.0}}, _request())
    assert clean == {2: {"black": 0.5, "white": 0.5, "witch": 0.0}}  # seat 3 left out stays out
    for raw, message in (({4: {"black": 1.0}}, "not a living other seat"), ({2: {"wolf": 1.0}}, "unknown faction"),
                         ({2: {"black": 0.0, "white": -1.0}}, "all zero")):
        with pytest.raises(BeliefError, match=message):
            normalise(raw, _request())


def test_roster_prior_removes_ones_own_seat() -> None:
    assert roster_prior({"black": 4, "white": 13, "witch": 1}, "witch") == {"black": 4 / 17, "white": 13 / 17, "witch": 0}
    assert factions_of(RULESET) == ("white", "witch", "black")
    assert day_end(RULESET) == ("NIGHTFALL",)


class _Broken:
    name, belief_source = "broken", "llm"

    async def act(self, turn: object) -> None:
        return None

    async def beliefs(self, request: BeliefRequest) -> dict[int, dict[str, float]]:
        raise RuntimeError("endpoint down")


def test_a_seat_that_fails_to_report_adds_nothing_and_is_noted() -> None:
    game = RULESET.new_game(5)
    agents = agents_for(parse_players("scripted", RULESET.seats))
    agents[4] = _Broken()  # type: ignore[assignment]
    rows: list[BeliefRow] = []
    checkpoints = BeliefCheckpoints(RULESET, agents, rows.extend)
    asyncio.run(GameRunner(game, agents, checkpoints=[checkpoints]).run())
    assert rows and not any(r.seat == 4 for r in rows)
    assert checkpoints.failures and all("seat 4" in f and "endpoint down" in f for f in checkpoints.failures)


def test_a_version_1_file_migrates_to_version_2_with_the_new_tables(tmp_path: Path) -> None:
    db = tmp_path / "v1.duckdb"
    open_db(db, create=True).close()
    with duckdb.connect(str(db)) as con:
        con.execute("DROP TABLE beliefs")
        con.execute("DROP TABLE tournament_games")
        con.execute("UPDATE meta SET schema_version = 1")
    assert migrate_db(db) == (1, SCHEMA_VERSION)
    with open_db(db, create=False) as con:
        assert con.execute("SELECT count(*) FROM beliefs").fetchone() == (0,)


class _Asked(RandomAgent):
    """A random player that reports even odds and notes each checkpoint it was asked at."""

    belief_source = "test"

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def beliefs(self, request: BeliefRequest) -> dict[int, dict[str, float]]:
        self.asked.append(request.phase)
        return {t: {f: 1 / len(request.factions) for f in request.factions} for t in request.targets}


@pytest.mark.parametrize("ruleset", ["umineko32", "suitang21", "qijian24", "majiasha2", "classic7"])
def test_every_rule_set_has_a_day_end_checkpoint_and_the_stored_default_reads_as_it(ruleset: str) -> None:
    """The default checkpoint is each rule set's end of day as its phase table tags it (majiasha2 had
    none: its games were never asked for beliefs); games stored with the old default word ask there."""
    rules = get_ruleset(ruleset)
    ends = day_end(rules)
    assert len(ends) == 1 and ends[0] in rules.phase_names
    assert checkpoint_phases(rules, [DAY_END]) == checkpoint_phases(rules, [STORED_DEFAULT]) == frozenset(ends)
    game = rules.new_game(3)
    agents: dict[int, Agent] = {seat: _Asked() for seat in range(1, rules.seats + 1)}
    rows: list[BeliefRow] = []
    asyncio.run(GameRunner(game, agents, checkpoints=[BeliefCheckpoints(rules, agents, rows.extend)]).run())
    nights = [e for e in game.events if e.kind == "phase_began" and e.name in ends]
    asked = {phase for agent in agents.values() for phase in getattr(agent, "asked", [])}
    assert nights and rows and asked == set(ends)
