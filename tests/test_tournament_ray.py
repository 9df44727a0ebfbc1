"""The Ray backend on a local Ray instance: the same games as the local backend, one DuckDB file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.tournament.file import parse_tournament
from arena.tournament.play import run_tournament
from engine.events import to_json
from tests.test_tournament import FILE
from transcripts.beliefs import load_beliefs
from transcripts.reader import list_games, load_events, load_header
from transcripts.records import GameHeader
from transcripts.writer import TranscriptWriter

ray = pytest.importorskip("ray")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}})
    yield
    ray.shutdown()


def _dump(db: Path) -> dict[str, tuple[str, list[str], int]]:
    return {g.game_id: (g.status, [to_json(e) for e in load_events(db, g.game_id)], len(load_beliefs(db, g.game_id)))
            for g in list_games(db)}


def test_ray_tasks_play_the_same_games_into_one_file_and_resume_a_cut_game(local_ray: None, tmp_path: Path) -> None:
    tournament = parse_tournament(FILE)
    local, remote, cut_db = tmp_path / "local.duckdb", tmp_path / "ray.duckdb", tmp_path / "cut.duckdb"
    run_tournament(tournament, local)
    status = run_tournament(tournament, remote, backend="ray")
    assert len(status.played) == 2
    assert _dump(remote) == _dump(local)

    gid = "t-umineko32-d000-r01"
    events, beliefs = load_events(local, gid), load_beliefs(local, gid)
    cut = next(e.seq for e in events if e.seq >= len(events) // 2 and e.kind == "posted")
    with TranscriptWriter(cut_db) as writer:
        writer.begin_game(GameHeader.from_events(events, load_header(local, gid).header.seat_configs), gid)
        writer.append(gid, events[:cut])
        writer.append_beliefs(gid, [b for b in beliefs if b.checkpoint < cut])
        writer.flush(gid)
    resumed = run_tournament(tournament, cut_db, backend="ray")
    assert resumed.resumed == [gid]
    assert _dump(cut_db) == _dump(local)
