"""``arena rules``: the roster with Chinese names, every skill and flag; ``--json``; unknown ids."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from arena import cli
from arena.cli import rules as rules_cmd
from engine.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parents[1]
RULESET = get_ruleset("umineko32")
MISSING = [m for m, _ in cli.COMMANDS.values() if importlib.util.find_spec(m) is None]


def expected_words() -> list[str]:
    return [*(r.zh for r in RULESET.roles), *(r.id for r in RULESET.roles),
            *(s.zh for s in RULESET.skill_names), *(s.id for s in RULESET.skill_names),
            *(f.name for f in RULESET.flags), *RULESET.options_doc, RULESET.title]


@pytest.fixture
def only_present_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    """``arena`` wires every subcommand at parse time; leave out those not written yet."""
    present = {k: v for k, v in cli.COMMANDS.items() if v[0] not in MISSING}
    monkeypatch.setattr(cli, "COMMANDS", present)


def test_rules_in_process(only_present_commands: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "umineko32"]) == 0
    out = capsys.readouterr().out
    for word in expected_words():
        assert word in out, word
    assert f"v{RULESET.version}" in out and "┃" not in out and "│" not in out  # plain text when not a terminal
    for role in RULESET.roles:
        row = next(line for line in out.splitlines() if line.startswith(role.zh + " "))
        assert role.id in row and RULESET.faction_names.zh(role.faction) in row


def test_rules_json(only_present_commands: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["id"], info["version"], info["title"]) == ("umineko32", RULESET.version, RULESET.title)
    assert [r["zh"] for r in info["roles"]] == [r.zh for r in RULESET.roles] and len(info["roles"]) == 8
    assert {s["zh"] for s in info["skills"]} == {s.zh for s in RULESET.skill_names}
    assert [f["name"] for f in info["flags"]] == [f.name for f in RULESET.flags]
    assert all(f["ref"] and f["doc"] for f in info["flags"])
    assert {o["name"] for o in info["options"]} == set(RULESET.options_doc)
    assert "RESTRICTED" in {p["id"] for p in info["phases"]}
    witch = next(r for r in info["roles"] if r["id"] == "witch")
    assert {s["id"] for s in witch["skills"]} == {"prophecy", "mark", "castling", "inheritance"}


def test_rules_english(only_present_commands: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "umineko32", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "## Roles" in out and "Detective 侦探" in out and "Apprentice witch 见习魔女" in out
    for flag in RULESET.flags:
        assert flag.name in out


def test_unknown_ruleset_exits_2(only_present_commands: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "nosuch" in err and "umineko32" in err


def test_rich_tables_on_a_terminal() -> None:
    console = Console(force_terminal=True, width=200, color_system=None, record=True)
    rules_cmd.print_rich(rules_cmd.describe(RULESET), "zh", console)
    out = console.export_text()
    assert "┃" in out or "│" in out
    for word in expected_words():
        assert word in out, word


STUB = ("import runpy, sys, types\n"
        "for name in sys.argv[1].split(','):\n"
        "    stub = types.ModuleType(name)\n"
        "    stub.add_arguments = lambda parser: None\n"
        "    sys.modules[name] = stub\n"
        "sys.argv = ['arena', *sys.argv[2:]]\n"
        "runpy.run_module('arena', run_name='__main__', alter_sys=True)\n")


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m arena ARGS`` in a fresh process; subcommands not written yet are stubbed."""
    head = [sys.executable, "-m", "arena"] if not MISSING else [sys.executable, "-c", STUB, ",".join(MISSING)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([*head, *args], cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8",
                          timeout=120)


def test_rules_subprocess() -> None:
    done = arena("rules", "umineko32")
    assert done.returncode == 0, done.stderr
    for word in expected_words():
        assert word in done.stdout, word


def test_rules_subprocess_json_and_unknown() -> None:
    done = arena("rules", "umineko32", "--json")
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["roles"]) == 8
    bad = arena("rules", "nosuch")
    assert bad.returncode == 2 and "umineko32" in bad.stderr
