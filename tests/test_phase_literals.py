"""No phase name is written outside its rule set: phases are data (issue 20).

Every layer outside a rule set's folder — the kernel, the runner, the judge console, the prompts,
the bots, the evaluations, the benches — asks the rule set's phase table (``Tag``s, ``night``,
``rank``, ``landmarks``) or imports the rule set's own names, so a rule set renaming or adding a
phase changes no shared file. This reads every Python file of the project but the rule sets'
folders and the tests, and lists each string constant that is the name of a phase of some rule set.
Where such a string is no phase reference (a word that happens to be one) it is listed below with why.
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.rulesets import get_ruleset, ruleset_ids

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arena", "agents", "prompts", "engine", "transcripts", "evals", "bench")
ALLOWED: dict[tuple[str, str], str] = {
    ("engine/state.py", "SETUP"): "the kernel's own phase of a game before its first PhaseBegan",
    ("arena/run/beliefs.py", "NIGHTFALL"): "the default checkpoint word stored by games before day_end",
}
"""(file, string) → why it is no phase reference of a rule set."""


def phase_names() -> dict[str, set[str]]:
    """Each phase name → the rule sets that have it."""
    names: dict[str, set[str]] = {}
    for ruleset in ruleset_ids():
        for name in get_ruleset(ruleset).phase_table.names():
            names.setdefault(name, set()).add(ruleset)
    return names


def outside_rule_sets() -> list[Path]:
    files = [f for package in PACKAGES for f in (ROOT / package).rglob("*.py")]
    return sorted(f for f in files if "rulesets" not in f.relative_to(ROOT).parts[:2])


def literals(path: Path, names: dict[str, set[str]]) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names
            and id(node) not in docstrings]


def test_no_phase_name_is_written_outside_its_rule_set() -> None:
    names = phase_names()
    assert {"NIGHTFALL", "STAGE1", "GUARD", "NIGHT"} <= names.keys()  # the scan knows every rule set's phases
    found = [f"{path.relative_to(ROOT)}:{line} {value!r} (a phase of {', '.join(sorted(names[value]))})"
             for path in outside_rule_sets() for line, value in literals(path, names)
             if (str(path.relative_to(ROOT)), value) not in ALLOWED]
    assert not found, "phase names written outside their rule set (import the rule set's names or ask " \
                      "its phase table):\n" + "\n".join(found)


def test_the_scan_finds_a_phase_name_where_one_is_written(tmp_path: Path) -> None:
    """The check can fail: a shared module naming a rule set's phase is found."""
    leaked = tmp_path / "leak.py"
    leaked.write_text('"""A module."""\n\nif phase == "NIGHTFALL":\n    pass\n', encoding="utf-8")
    assert literals(leaked, phase_names()) == [(3, "NIGHTFALL")]
