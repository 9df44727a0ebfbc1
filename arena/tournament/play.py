"""Playing a tournament's designed games, resumably, many at once (``arena tournament FILE.toml``:
``arena.cli.tournament``).

The plan (``arena.tournament.plan``) fixes every game's id, seed and seats; the database says which are
finished (skipped), which were cut short (taken up from their last stored event) and which are
new. Games run concurrently — ``concurrency`` at once, and each LLM endpoint within its own
``max_concurrency`` across all games (one shared client pool) — locally in one event loop, or as
Ray tasks (``--backend ray``) whose results the driver writes. Either way one writer, in this
process, puts every game into one DuckDB file.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from agents.llm.pool import ClientPool
from arena.tournament.file import Tournament, TournamentFileError
from arena.tournament.game import play_into_writer
from arena.tournament.plan import GameSpec, plan
from transcripts.writer import TranscriptWriter

Done = Callable[[GameSpec], None]


@dataclass
class Status:
    """What a run found and did."""

    planned: int = 0
    finished_before: int = 0
    resumed: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    """Games that raised (what and why); they stay unfinished in the database, for the next run."""
    twins: list[str] = field(default_factory=list)
    """Planned games not played: byte-identical to an earlier one (deterministic players)."""


def run_tournament(tournament: Tournament, db: Path, *, backend: str = "local", limit: int | None = None,
                   ray_address: str | None = None, console: Console | None = None) -> Status:
    """Play every planned game that is not finished yet (at most ``limit``); returns what was done."""
    console = console or Console(quiet=True)
    planned = plan(tournament)
    status = Status(planned=len(planned), twins=[s.game_id for s in planned if s.twin_of is not None])
    specs = [s for s in planned if s.twin_of is None]
    with TranscriptWriter(db) as writer:
        stored = stored_games(writer, specs)
        todo = [s for s in specs if stored.get(s.game_id) != "finished"]
        status.finished_before = len(specs) - len(todo)
        todo = todo[:limit] if limit is not None else todo
        status.resumed = [s.game_id for s in todo if s.game_id in stored]
        with _progress(console, len(specs), status.finished_before) as done:
            def finished(spec: GameSpec) -> None:
                status.played.append(spec.game_id)
                done(spec)

            if backend == "ray":
                from arena.tournament.ray import run_on_ray

                status.failed = run_on_ray(todo, writer, stored, tournament.concurrency, finished,
                                           address=ray_address)
            else:
                status.failed = asyncio.run(_run_local(tournament, todo, writer, stored, finished))
    return status


def stored_games(writer: TranscriptWriter, specs: Sequence[GameSpec]) -> dict[str, str]:
    """The status of every planned game already in the database; refuses a database whose games
    were played from another version of the tournament file (another seed or rule set)."""
    con = writer.cursor()
    try:
        rows = con.execute("SELECT game_id, status, seed, ruleset, seat_configs FROM games "
                           "WHERE game_id IN (SELECT unnest(?))", [[s.game_id for s in specs]]).fetchall()
    finally:
        con.close()
    by_id = {s.game_id: s for s in specs}
    for game_id, _, seed, ruleset, configs in rows:
        spec = by_id[game_id]
        labels = [c.get("label") for c in json.loads(configs or "[]")]
        if (seed, ruleset, labels) != (spec.seed, spec.ruleset, [c["label"] for c in spec.configs]):
            raise TournamentFileError(
                f"game {game_id} is stored with seed {seed} ({ruleset}) and players {_short(labels)}, but the "
                f"tournament file now plans seed {spec.seed} ({spec.ruleset}) and players "
                f"{_short([c['label'] for c in spec.configs])}: the file changed since those games were played. "
                "Give the tournament a new name, or use another --db.")
    return {game_id: status for game_id, status, *_ in rows}


def _short(labels: Sequence[object]) -> str:
    return ", ".join(map(str, labels[:4])) + (", …" if len(labels) > 4 else "")


async def _run_local(tournament: Tournament, todo: Sequence[GameSpec], writer: TranscriptWriter,
                     stored: dict[str, str], done: Done) -> list[str]:
    """Play ``todo`` in this event loop; returns the failures (one game's crash stops no other)."""
    limit = asyncio.Semaphore(tournament.concurrency)
    pool = ClientPool(seed=tournament.seed) if tournament.endpoints else None
    failed: list[str] = []

    async def one(spec: GameSpec) -> None:
        async with limit:
            try:
                await play_into_writer(spec, writer, stored.get(spec.game_id), pool)
            except Exception as exc:
                failed.append(f"{spec.game_id}: {type(exc).__name__}: {exc}")
                return
            done(spec)

    try:
        await asyncio.gather(*(one(s) for s in todo))
    finally:
        if pool is not None:
            await pool.aclose()
    return failed


class _progress:
    """A progress bar on a terminal, one line per finished game elsewhere (logs, CI)."""

    def __init__(self, console: Console, total: int, already: int) -> None:
        self.console, self.total, self.count = console, total, already
        self.bar = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=console, disable=not console.is_terminal)
        self.task = self.bar.add_task("games", total=total, completed=already)

    def __enter__(self) -> Done:
        self.bar.__enter__()
        return self.done

    def __exit__(self, *exc: object) -> None:
        self.bar.__exit__(None, None, None)

    def done(self, spec: GameSpec) -> None:
        self.count += 1
        self.bar.update(self.task, completed=self.count)
        if not self.console.is_terminal:
            self.console.print(f"[{self.count}/{self.total}] {spec.game_id} finished", highlight=False)
