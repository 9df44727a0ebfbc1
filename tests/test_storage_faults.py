"""Storage faults meet the real ``arena play``: a full disk, a file size limit, a read-only file or
directory, a damaged file, a file locked by another process. Each says, in the user's language,
which file, what went wrong and what to do — before a game is played wherever that can be known
(the file is opened and a write tried first) — and a game cut by a failed write stays resumable to
the same end as if nothing had happened.

The faults are real: a process file-size limit (``RLIMIT_FSIZE``), a small tmpfs (where the tests
may mount one), file modes checked by an unprivileged user (the tests drop to ``nobody`` when run
as root, who ignores modes), bytes overwritten in the file, a second process holding it.
"""

from __future__ import annotations

import contextlib
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.events import to_json
from engine.rulesets import get_ruleset
from transcripts.reader import list_games, load_events
from transcripts.writer import TranscriptWriter

ROOT = Path(__file__).resolve().parents[1]
Preexec = Callable[[], None] | None


def arena(*args: str, preexec: Preexec = None, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ARENA_FLUSH_S": "0.05", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "arena", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, preexec_fn=preexec, cwd=tempfile.gettempdir())


def said(proc: subprocess.CompletedProcess[str]) -> str:
    return " ".join(proc.stderr.split())


def scripted_game(seed: int) -> list[str]:
    """What an uninterrupted scripted game of ``seed`` stores (the CLI's players are the same bots)."""
    from agents.scripted import ScriptedAgent
    from arena.run.runner import GameRunner

    game = get_ruleset("umineko32").new_game(seed)
    import asyncio

    asyncio.run(GameRunner(game, {s: ScriptedAgent() for s in range(1, 19)}).run())
    return [to_json(e) for e in game.events]


def stored(db: Path) -> tuple[str, list[str]]:
    game = list_games(db)[0]
    return game.game_id, [to_json(e) for e in load_events(db, game.game_id)]


# -- a full disk, a size limit -----------------------------------------------------------------------


def size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails with EFBIG instead of killing us
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return apply


def test_a_file_size_limit_stops_the_game_with_the_fix_and_the_stored_part_resumes(tmp_path: Path) -> None:
    db = tmp_path / "limit.duckdb"
    cut = arena("play", "--players", "scripted", "--seed", "3", "--db", str(db), "--show", "none",
                preexec=size_limit(300_000))
    assert cut.returncode == 2, cut.stderr
    text = said(cut)
    assert str(db) in text and "大小上限" in text and "ulimit -f" in text and "--resume" in text and "Traceback" not in text
    gid, prefix = stored(db)
    assert 0 < len(prefix) and "胜者" not in cut.stdout
    resumed = arena("play", "--db", str(db), "--resume", gid, "--show", "none")
    assert resumed.returncode == 0, resumed.stderr
    assert stored(db)[1] == scripted_game(3)


@contextlib.contextmanager
def small_disk(size: str) -> Iterator[Path]:
    """A tmpfs of ``size`` (skips where this process may not mount one)."""
    where = Path(tempfile.mkdtemp())
    if os.geteuid() != 0 or shutil.which("mount") is None or \
            subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                           capture_output=True).returncode != 0:
        where.rmdir()
        pytest.skip("cannot mount a small tmpfs here (needs root and mount rights)")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], capture_output=True)
        where.rmdir()


def test_a_full_disk_stops_the_game_with_the_fix_and_the_stored_part_resumes() -> None:
    with small_disk("320k") as disk:
        db = disk / "full.duckdb"
        cut = arena("play", "--players", "scripted", "--seed", "5", "--db", str(db), "--show", "none", "--lang", "en")
        assert cut.returncode == 2, cut.stderr
        text = said(cut)
        assert str(db) in text and "the disk is full" in text and "Free some space" in text, text
        assert "--resume" in text and "Traceback" not in text
        subprocess.run(["mount", "-o", "remount,size=16m", str(disk)], check=True)
        gid, _ = stored(db)
        resumed = arena("play", "--db", str(db), "--resume", gid, "--show", "none")
        assert resumed.returncode == 0, resumed.stderr
        assert stored(db)[1] == scripted_game(5)


# -- read-only -------------------------------------------------------------------------------------


def run(*command: str) -> bool:
    return shutil.which(command[0]) is not None and subprocess.run(command, capture_output=True).returncode == 0


@contextlib.contextmanager
def read_only_file(path: Path) -> Iterator[str]:
    """``path`` made read-only: its mode (an ordinary user), or immutable (root, whom modes do not stop)."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield "mode"
        path.chmod(0o644)
        return
    if not run("chattr", "+i", str(path)):
        pytest.skip("root ignores file modes, and chattr +i is not available here")
    try:
        yield "immutable"
    finally:
        run("chattr", "-i", str(path))


@contextlib.contextmanager
def read_only_dir(path: Path) -> Iterator[str]:
    """``path`` made read-only: its mode (an ordinary user), or bind-mounted read-only (root)."""
    if os.geteuid() != 0:
        path.chmod(0o555)
        yield "mode"
        path.chmod(0o755)
        return
    if not (run("mount", "--bind", str(path), str(path)) and run("mount", "-o", "remount,bind,ro", str(path))):
        run("umount", str(path))
        pytest.skip("root ignores file modes, and a read-only bind mount is not allowed here")
    try:
        yield "mount"
    finally:
        run("umount", str(path))


READ_ONLY_WORDS = {"zh": {"file": "是只读的", "mode": "无法在", "mount": "只读挂载"},
                   "en": {"file": "is read-only", "mode": "cannot write files in", "mount": "mounted read-only"}}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_read_only_file_is_refused_before_a_game_is_played(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "ro.duckdb"
    TranscriptWriter(db).close()
    with read_only_file(db):
        proc = arena("play", "--players", "scripted", "--db", str(db), "--lang", lang)
    text = said(proc)
    assert proc.returncode == 2 and str(db) in text and READ_ONLY_WORDS[lang]["file"] in text, text
    assert "seed" not in proc.stdout and "Traceback" not in text  # refused before the game began


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_read_only_directory_is_refused_before_a_game_is_played(tmp_path: Path, lang: str) -> None:
    where = tmp_path / "dir"
    where.mkdir()
    TranscriptWriter(where / "in.duckdb").close()
    with read_only_dir(where) as how:
        for db in (where / "in.duckdb", where / "new.duckdb"):
            proc = arena("play", "--players", "scripted", "--db", str(db), "--lang", lang)
            text = said(proc)
            assert proc.returncode == 2 and READ_ONLY_WORDS[lang][how] in text, (db, text)
            assert "seed" not in proc.stdout and "Traceback" not in text


# -- damaged, locked ---------------------------------------------------------------------------------


def fresh_db(path: Path) -> None:
    TranscriptWriter(path).close()


def damage(path: Path, start: int) -> None:
    """Overwrite the start of every 256 KiB block of the file from ``start`` on (DuckDB's block size)."""
    size = path.stat().st_size
    with path.open("r+b") as f:
        for offset in range(start, size, 256 * 1024):
            f.seek(offset)
            f.write(os.urandom(64))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_damaged_file_is_refused_before_a_game_and_a_resume_says_so(tmp_path: Path, lang: str) -> None:
    words = {"zh": ("已损坏", "arena export"), "en": ("is damaged", "arena export")}[lang]
    header = tmp_path / "header.duckdb"
    fresh_db(header)
    damage(header, 4096 + 8)  # past the magic bytes, in the first database header
    new_game = arena("play", "--players", "scripted", "--db", str(header), "--lang", lang)
    assert new_game.returncode == 2 and all(w in said(new_game) for w in words), said(new_game)
    assert "seed" not in new_game.stdout

    blocks = tmp_path / "blocks.duckdb"
    made = arena("play", "--players", "scripted", "--seed", "2", "--db", str(blocks), "--show", "none")
    assert made.returncode == 0, made.stderr
    gid = list_games(blocks)[0].game_id
    damage(blocks, 12 * 1024)
    resumed = arena("play", "--db", str(blocks), "--resume", gid, "--lang", lang)
    assert resumed.returncode == 2 and words[0] in said(resumed) and "Traceback" not in said(resumed), said(resumed)


HOLD = """
import sys, time
from transcripts.writer import TranscriptWriter
with TranscriptWriter(sys.argv[1]):
    print("ready", flush=True)
    time.sleep(60)
"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_file_locked_by_another_process_names_it_and_what_to_do(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "held.duckdb"
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(db)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        proc = arena("play", "--players", "scripted", "--db", str(db), "--lang", lang)
    finally:
        holder.kill()
        holder.wait()
    text = said(proc)
    words = {"zh": f"正被进程 {holder.pid} 打开", "en": f"locked by process {holder.pid}"}[lang]
    assert proc.returncode == 2 and words in text and "--db" in text and "seed" not in proc.stdout, text
