"""The Ray backend of ``arena tournament``: each game a Ray task, every result written by the driver.

Tasks play a game with no database at hand (``play_detached``: from scratch, or replaying what is
stored of a game cut short) and return what it adds; the driver, which holds the one writer, writes
each result as it arrives, so all games land in one DuckDB file and a finished game is never lost
to a later failure. At most ``concurrency`` tasks are in flight. Without ``address`` a local Ray
instance is started (and stopped after); with one, the games run on that cluster, whose workers
must have this package installed. Within a task, an LLM endpoint's ``max_concurrency`` holds per
game (each task has its own client pool); ``concurrency`` bounds the games, hence the calls, at once.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from arena.run.replay import StoredGame
from arena.run.resume import load_stored, starting_game
from arena.tournament.game import GameResult, play_detached, store_result
from arena.tournament.plan import GameSpec
from transcripts.writer import TranscriptWriter

ROOT = Path(__file__).resolve().parents[2]


def play_task(spec: GameSpec, stored: tuple[StoredGame, bool] | None) -> GameResult:
    """The body of one Ray task (``stored``: what is stored of a game cut short, and whether it replays exactly)."""
    if stored is None:
        return asyncio.run(play_detached(spec, None))
    saved, exact = stored
    return asyncio.run(play_detached(spec, saved, saved.next_call(), fold=not exact))


def run_on_ray(todo: Sequence[GameSpec], writer: TranscriptWriter, stored: dict[str, str], concurrency: int,
               done: Callable[[GameSpec], None], *, address: str | None = None) -> list[str]:
    """Play ``todo`` as Ray tasks, writing each result as it comes back; returns the failures."""
    try:
        import ray
    except ImportError:
        raise ValueError("--backend ray needs Ray: pip install 'bansha-arena[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 runtime_env=None if address else {"env_vars": {"PYTHONPATH": _pythonpath()}})
    try:
        return _drive(ray, ray.remote(play_task), todo, writer, stored, concurrency, done)
    finally:
        if started:
            ray.shutdown()


def _drive(ray: Any, task: Any, todo: Sequence[GameSpec], writer: TranscriptWriter, stored: dict[str, str],
           concurrency: int, done: Callable[[GameSpec], None]) -> list[str]:
    waiting = list(todo)
    running: dict[Any, GameSpec] = {}
    failed: list[str] = []
    while waiting or running:
        while waiting and len(running) < concurrency:
            spec = waiting.pop(0)
            running[task.remote(spec, _stored(writer, spec, stored))] = spec
        ready, _ = ray.wait(list(running), num_returns=1)
        for ref in ready:
            spec = running.pop(ref)
            try:
                result = ray.get(ref)
            except Exception as exc:  # one task's failure (a crash, a lost worker) stops no other
                failed.append(f"{spec.game_id}: {type(exc).__name__}: {(str(exc).strip().splitlines() or [''])[-1]}")
                continue
            store_result(spec, writer, stored.get(spec.game_id), result)
            done(spec)
    return failed


def _stored(writer: TranscriptWriter, spec: GameSpec, stored: dict[str, str]) -> tuple[StoredGame, bool] | None:
    """What is stored of a game cut short (for the task to replay), and whether it replays exactly."""
    if spec.game_id not in stored:
        return None
    con = writer.cursor()
    try:
        row, saved, _ = load_stored(con, spec.game_id)
    finally:
        con.close()
    return saved, starting_game(row, saved)[1]


def _pythonpath() -> str:
    """This package's root first, so local workers import this very checkout."""
    return os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
