"""What ``arena play`` imports: a game of bots loads neither the LLM stack nor any other command's.

A crashed game is resumed by a fresh process, and the crash test (``tests/test_crash_kill.py``)
starts hundreds of them, so a bot game's start-up is paid over and over. It once imported every
command's module to build the command line (the tournament's, hence openai and langgraph; the
report's, hence matplotlib and numpy) and the LLM agent to attach cap hand-overs: about 2 s of
CPU before the first move. Each heavy package here is one a bot game never uses; a seat that
plays a model, or the command that needs one, imports it where it is used.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from arena.run.players import parse_players
from arena.run.runner import RunnerConfig
from engine.rulesets import get_ruleset
from tests.conformance import seat_count
from transcripts.records import GameHeader
from transcripts.writer import TranscriptWriter

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("openai", "langgraph", "langchain_core", "httpx", "fastapi", "uvicorn", "starlette", "matplotlib",
         "numpy", "sklearn", "openskill", "ray", "rich.progress", "agents.llm.agent", "agents.llm.pool")
PROBE = ("import json, sys\n"
         "from arena.cli import main\n"
         "code = main(sys.argv[1:])\n"
         "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n")


def loaded_by(*args: str) -> tuple[int, set[str]]:
    """The exit code of ``arena ARGS`` in a fresh process, and the top modules it had loaded at its end."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    return int(report["code"]), set(report["modules"])


def heavy(modules: set[str]) -> list[str]:
    return [name for name in HEAVY if name in modules]


def interrupted(db: Path) -> str:
    """A scripted game of which only the header and its first events are stored (as after a crash)."""
    ruleset = get_ruleset("qijian24")
    game = ruleset.new_game(3)
    configs = parse_players("scripted", seat_count(game.events))
    with TranscriptWriter(db) as writer:
        game_id = writer.begin_game(GameHeader.from_events(game.events, configs, RunnerConfig().record()))
        writer.flush(game_id)
    return game_id


def test_a_bot_game_and_its_resume_load_no_llm_stack_nor_other_commands(tmp_path: Path) -> None:
    db = str(tmp_path / "t.duckdb")
    code, modules = loaded_by("play", "--players", "scripted", "--ruleset", "qijian24", "--seed", "3",
                              "--db", db, "--show", "none", "--lang", "en")
    assert code == 0 and "arena.cli.play" in modules
    assert heavy(modules) == []
    assert not {"arena.tournament", "arena.report", "arena.judge", "arena.cli.serve", "arena.run.persuasion"} & modules
    game_id = interrupted(tmp_path / "cut.duckdb")
    code, modules = loaded_by("play", "--db", str(tmp_path / "cut.duckdb"), "--resume", game_id, "--show", "none",
                              "--lang", "en")
    assert code == 0 and "arena.run.resume" in modules
    assert heavy(modules) == []


def test_a_game_of_random_players_loads_its_own_rule_set_alone(tmp_path: Path) -> None:
    """The embedded demo's speaking rounds name umineko32's phases without importing its package: a
    game of another rule set pays for none of it (the scripted bots still read umineko32's names)."""
    code, modules = loaded_by("play", "--players", "random", "--ruleset", "qijian24", "--seed", "3",
                              "--db", str(tmp_path / "r.duckdb"), "--show", "none", "--lang", "en")
    assert code == 0
    assert {name.split(".")[2] for name in modules if name.startswith("engine.rulesets.")} == {"qijian24"}


def test_the_command_list_still_names_every_command() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "arena", "--help"], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    from arena.cli import COMMANDS

    for name, (_module, help_text) in COMMANDS.items():
        assert name in done.stdout and help_text[:20] in done.stdout, name
    played = subprocess.run([sys.executable, "-m", "arena", "play", "--help"], cwd=ROOT, env=env,
                            capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert played.returncode == 0 and "--resume" in played.stdout and "--seats" in played.stdout
