"""The README's two commands and CI's: what a newcomer types is what CI runs.

CI once installed ``.[dev]`` while the README installed ``.[dev,local]``, so a test that played a
whole game on the embedded model (the local extra's) passed CI and never finished for a newcomer.
Here the README's install line and test command are read from the README itself and looked for,
token for token, among the commands of ``.ci/run``.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def bash_blocks(text: str) -> list[str]:
    """The ```bash blocks of a Markdown text, in order."""
    return re.findall(r"^```bash\n(.*?)^```", text, flags=re.M | re.S)


def quick_start() -> list[str]:
    """The README's two commands: the first bash block of Quick start and the one after "Run the tests"."""
    section = README[README.index("## Quick start"):]
    section = section[:section.index("\n## ", 1)]
    install = bash_blocks(section)[0].strip()
    tests = bash_blocks(section[section.index("Run the tests"):])[0].strip()
    return [install, tests]


def commands(script: str) -> list[list[str]]:
    """Each simple command of a shell script as its words (``&&`` chains split; comments dropped)."""
    out = []
    for line in script.splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        while words:
            cut = words.index("&&") if "&&" in words else len(words)
            out.append(words[:cut])
            words = words[cut + 1:]
    return [c for c in out if c]


def extras(words: list[str]) -> set[str]:
    """The extras of an ``pip install -e ".[a,b]"`` command's project argument."""
    target = words[words.index("-e") + 1]
    found = re.fullmatch(r"\.\[(.*)\]", target)
    return set(found.group(1).split(",")) if found else set()


def pip_installs(cmds: list[list[str]]) -> list[list[str]]:
    return [c for c in cmds if "install" in c and "-e" in c and any(w.endswith("pip") for w in c)]


def pytest_runs(cmds: list[list[str]]) -> list[list[str]]:
    return [c for c in cmds if c[1:3] == ["-m", "pytest"] or (c and c[0].endswith("pytest"))]


def test_the_readme_has_its_two_commands() -> None:
    install, tests = quick_start()
    assert install.startswith("python3 -m venv .venv && ") and install.endswith(".venv/bin/arena play")
    assert tests == ".venv/bin/python -m pytest"


def test_ci_runs_the_readme_s_install_line_with_the_same_extras() -> None:
    install = commands(quick_start()[0])
    (readme_pip,) = pip_installs(install)
    ci = commands(CI)
    assert extras(readme_pip) == {"dev", "local"}
    assert [extras(c) for c in pip_installs(ci)] == [extras(readme_pip)], "CI installs other extras than the README"
    assert readme_pip in ci, f"CI does not run the README's install line {shlex.join(readme_pip)!r}"
    assert ["python3", "-m", "venv", ".venv"] in ci  # the same fresh environment first


def test_ci_runs_the_readme_s_test_command_and_no_other() -> None:
    readme_tests = commands(quick_start()[1])
    assert pytest_runs(commands(CI)) == readme_tests, "CI's test command differs from the README's"


def test_ci_keeps_lint_and_type_checks_and_times_each_step() -> None:
    ci = commands(CI)
    assert [".venv/bin/ruff", "check", "."] in ci and [".venv/bin/mypy", "--strict", "engine"] in ci
    begun = [c for c in ci if c[0] == "begin"]
    assert len(begun) >= 4 and sum(1 for c in ci if c == ["end"]) >= len(begun) - 1  # chromium's is optional
    assert "trap summary EXIT" in CI


def test_the_readme_says_how_to_skip_the_real_model_tests() -> None:
    assert '-m "not local_model"' in README
