"""The crash test: real ``arena play`` processes killed with SIGKILL at random moments, resumed with
``arena play --resume``, killed again, until the game's kills are spent — and then compared, event by
event, with the same game played without a single interruption.

Every rule set, with scripted bots, random players, and LLM seats on a fake OpenAI-compatible
endpoint (``tests/fake_openai.py``, answering each request as a function of the request alone, as
a deterministic model would; four LLM seats among scripted ones, which write notes, summarise their
days and report beliefs). ``CRASH_KILLS`` (200) kills in all, shared out by ``SHARE``: 22 per rule
set for each bot kind, 6 for the LLM seats. Each uninterrupted game is the reference of ``COPIES``
crashed copies, each killed at ``PER_GAME`` moments drawn all through the game (a copy whose game
ends before its next kill leaves the rest to the next copy); majiasha2 plays at its smallest size,
umineko32 with the demo's speaking rounds. The resumed game must hold the very events of the
uninterrupted one, the same model calls (none lost to a kill, none stored twice, each linked to the
event its decision led to), the same belief rows and the same stored answers.

Kills land anywhere: during the imports, while the stored part is replayed, between two writes,
in the middle of a write (DuckDB's own transaction keeps the file whole), in the middle of a round
of LLM seats. Writes of bots' moves are made frequent (``ARENA_FLUSH_S=0.1``) so that kills fall
between them too. The files live in ``/dev/shm`` where there is one: a SIGKILL loses nothing the
file system holds, so a commit's fsync buys this test nothing.

Cost (2 cores shared with other work, ``/usr/bin/time pytest tests/test_crash_kill.py``): a kill
costs about 1.4 s of CPU in a bot game (0.8 s of it the process's imports) and about 10 s in a game
with LLM seats. The default, 200 kills in 72 crashed copies, took 510 CPU-s (1,111 s of wall time at
a load of 5-9; at least 4.3 minutes on 2 free cores); with 10 kills for LLM seats and 20 per bot kind,
621 CPU-s. The earlier harness took 353 CPU-s for 48 kills.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pytest

from tests.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[1]
KILLS = int(os.environ.get("CRASH_KILLS", "200"))
"""Kills in all, shared by the rule sets and player kinds in the proportions of ``SHARE``."""
SHARE = {"scripted": 11, "random": 11, "llm": 3}
"""A kill of a game with LLM seats costs about 10 s of CPU against a bot game's 1.4 (measured): its
process loads the LLM stack (about 3 s a start: openai, langgraph, the o200k encoding) and its seats
run through every stored decision again to rebuild their memory. So of 200 kills, 22 per rule set
for each bot kind and 6 for the LLM seats."""
PER_GAME = 8
"""Kills of one crashed copy of a game."""
COPIES = 2
"""Crashed copies of each uninterrupted game (one reference run serves them all)."""
EARLY = 0.2
"""Share of resumed runs killed before their banner (in their imports), at up to a second."""
SHORTER = {"majiasha2": ["--size", "9"],
           "umineko32": ["--rounds", "D1_FREE=1", "--rounds", "RESTRICTED=1", "--rounds", "FREE=0"]}
"""Shorter games where the rule set allows: majiasha2 at its smallest table, umineko32 with the
demo game's speaking rounds (``arena.local.seats.rounds()``). suitang21 and qijian24 have neither."""
RULESETS = ("umineko32", "suitang21", "qijian24", "majiasha2")
KINDS = ("scripted", "random", "llm")
RAND = random.Random(os.environ.get("CRASH_SEED", "22"))
"""Kill moments: reproducible for a given seed (the processes' timing is not, which is the point)."""
LOCK = threading.Lock()
SHM = Path("/dev/shm")
"""Where the files live, if there: a SIGKILL loses nothing a file system holds, so a commit's fsync
to a disk (10-20 ms here) buys the crash test nothing."""


def seat_file(where: Path, base_url: str) -> Path:
    path = where / "seats.toml"
    path.write_text(
        f'[defaults]\nplayer = "scripted"\n\n[endpoints.fake]\nbase_url = "{base_url}"\nmodel = "fake-model"\n'
        'api_key_env = ""\nmax_tokens = 300\ncontext_budget = 3000\ntimeout_s = 20\n\n'
        '[seats]\n"2" = "llm:fake"\n"5" = "llm:fake"\n"8" = "llm:fake"\n"9" = "llm:fake"\n', encoding="utf-8")
    return path


def start(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ARENA_FLUSH_S": "0.1", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "arena", "play", *args, "--show", "none", "--lang", "en"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


@dataclass
class Stored:
    """What a transcript file holds of its one game."""

    game_id: str
    status: str
    events: list[str]
    calls: list[tuple[object, ...]]
    """(seat, decision, event it led to, reply id, error) of every model call, in order (their ids
    follow the order concurrent answers came in, which differs from run to run)."""
    beliefs: list[tuple[object, ...]]
    answers: list[tuple[object, ...]]


def stored(db: Path) -> Stored | None:
    if not db.exists():
        return None
    with duckdb.connect(str(db), read_only=True) as con:
        row = con.execute("SELECT game_id, status FROM games").fetchone()
        if row is None:
            return None
        gid, status = row
        events = [p for (p,) in con.execute("SELECT payload FROM events WHERE game_id = ? ORDER BY seq", [gid]).fetchall()]
        calls = con.execute("SELECT seat, decision, event_seq, response->>'id', error FROM llm_calls "
                            "WHERE game_id = ? ORDER BY ALL", [gid]).fetchall()
        beliefs = con.execute("SELECT checkpoint, seat, target, faction, prob FROM beliefs WHERE game_id = ? "
                              "ORDER BY ALL", [gid]).fetchall()
        answers = con.execute("SELECT decision, seat, action, error FROM answers WHERE game_id = ? ORDER BY decision",
                              [gid]).fetchall()
    return Stored(str(gid), str(status), events, calls, beliefs, answers)


def uninterrupted(db: Path, args: list[str]) -> tuple[Stored, float]:
    """The game played once to its end; and how long it played after it began (its banner)."""
    proc = start("--db", str(db), *args)
    began = _banner(proc)
    _out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    game = stored(db)
    assert game is not None and game.status == "finished"
    return game, time.monotonic() - began


def _banner(proc: subprocess.Popen[str]) -> float:
    """When the game began: its first line (printed once the game row is stored)."""
    assert proc.stdout is not None
    proc.stdout.readline()
    return time.monotonic()


@dataclass
class Crashed:
    """One rule set and player kind: how many kills, and whether every game came back the same."""

    ruleset: str
    kind: str
    kills: int = 0
    games: int = 0
    differences: list[str] = field(default_factory=list)


def kill_moments(count: int) -> list[float]:
    """Where ``count`` kills of one game fall, as shares of its uninterrupted time after its banner:
    drawn all through the game, in order (a resumed run replays the stored part first, so a moment
    before what is stored lands in the replay)."""
    with LOCK:
        return sorted(RAND.uniform(0.02, 1.0) for _ in range(count))


def crash_until_done(db: Path, args: list[str], span: float, moments: list[float]) -> int:
    """Play into ``db``, killing the process once at each of ``moments`` (shares of ``span``, the
    uninterrupted game's time after its banner) and resuming, until the kills are spent or the game
    ended first; then let it finish. Returns the kills.

    A run is killed that long after its game began (its row stored); a resumed run, now and then
    (``EARLY``), before: in its imports, before its banner."""
    kills = 0
    command = ["--db", str(db), *args]
    for moment in moments:
        resuming = "--resume" in command
        with LOCK:
            early = RAND.uniform(0.0, 1.0) if resuming and RAND.random() < EARLY else None
        proc = start(*command)
        if early is None:
            _banner(proc)
        try:
            proc.wait(timeout=span * moment if early is None else early)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            kills += 1
            game = stored(db)
            assert game is not None, "the game row is stored before the game begins"
            if game.status == "finished":  # killed after its end was written
                return kills
            command = ["--db", str(db), "--resume", game.game_id]
            continue
        _out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        return kills
    proc = start(*command)
    _out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return kills


def kills_of(kind: str) -> int:
    """The kills of one rule set and player kind (``SHARE``)."""
    return -(-KILLS * SHARE[kind] // (len(RULESETS) * sum(SHARE.values())))


def crash_config(tmp: Path, ruleset: str, kind: str, base_url: str, budget: int | None = None) -> Crashed:
    """Kill ``budget`` times games of ``ruleset`` played by ``kind``: ``COPIES`` crashed copies of each
    uninterrupted game, ``PER_GAME`` kills each, every copy compared with that one game."""
    budget = kills_of(kind) if budget is None else budget
    result = Crashed(ruleset, kind)
    players = ["--seats", str(seat_file(tmp, base_url))] if kind == "llm" else ["--players", kind]
    seed = 100
    while result.kills < budget:
        seed += 1
        args = ["--ruleset", ruleset, "--seed", str(seed), *players, *SHORTER.get(ruleset, [])]
        want, span = uninterrupted(tmp / f"ref-{seed}.duckdb", args)
        for copy in range(COPIES):
            if result.kills >= budget:
                break
            db = tmp / f"crash-{seed}-{copy}.duckdb"
            moments = kill_moments(min(PER_GAME, budget - result.kills))
            result.kills += crash_until_done(db, args, span, moments)
            result.games += 1
            got = stored(db)
            assert got is not None
            for what in ("status", "events", "calls", "beliefs", "answers"):
                if getattr(got, what) != getattr(want, what):
                    result.differences.append(f"seed {seed}, copy {copy}: {what} differ")
    return result


@pytest.mark.slow(reason="200 kills of real arena play processes, each start paying the imports and the replay (about 280 s on 2 cores)")
def test_games_killed_at_random_resume_to_the_same_events(tmp_path: Path) -> None:
    jobs = [(r, k) for k in KINDS[::-1] for r in RULESETS]  # the LLM games, the longest, first
    with FakeOpenAI(stateless=True, notes_every=4) as fake, \
            tempfile.TemporaryDirectory(dir=SHM if SHM.is_dir() else tmp_path) as where:
        for ruleset, kind in jobs:
            (Path(where) / f"{ruleset}-{kind}").mkdir()
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda job: crash_config(Path(where) / f"{job[0]}-{job[1]}", job[0], job[1],
                                                             fake.base_url),
                                    jobs))
    summary = {f"{r.ruleset}/{r.kind}": (r.kills, r.games) for r in results}
    print(f"kills, games per rule set and players: {summary}; {sum(r.kills for r in results)} kills in all")
    assert sum(r.kills for r in results) >= KILLS, summary
    assert all(r.kills >= kills_of(r.kind) for r in results), summary
    assert [d for r in results for d in r.differences] == [], summary
