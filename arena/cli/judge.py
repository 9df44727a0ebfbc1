"""``arena judge FILE``: settle a judge scenario (``shared/rules/SCENARIOS.md``) and print its outcome.

The settling is the judge console's (``arena.judge.console``); this is its command line. A scenario
that cannot be run (shape, roster, names) or an illegal action in one of its steps exits 2, saying
which and what to fix, and prints no outcome.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from arena.judge.console import StepError, narrate_settlement, outcome, settle
from arena.judge.scenario import Scenario, ScenarioError, check, load
from engine.errors import EngineError
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the scenario file (JSON; YAML when PyYAML is installed)")
    parser.add_argument("--json", action="store_true", help="print the outcome as one JSON object (SCENARIOS.md)")


def run(args: argparse.Namespace) -> int:
    """Settle the scenario and print its outcome; 2 when the scenario or one of its actions is bad."""
    try:
        scenario = load(Path(args.file))
        ruleset = _ruleset(scenario)
        check(scenario, ruleset)
        judged = settle(scenario, ruleset)
    except ScenarioError as err:
        print(f"arena judge: {args.file}: {err}", file=sys.stderr)
        return 2
    except StepError as err:
        print(f"arena judge: {args.file}: illegal action in {err}\nNothing was settled; fix this step and run "
              "the scenario again.", file=sys.stderr)
        return 2
    for note in judged.notes:
        print(f"arena judge: note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps(outcome(judged), ensure_ascii=False))
    else:
        print(narrate_settlement(judged))
    return 0


def _ruleset(scenario: Scenario) -> Ruleset:
    try:
        return get_ruleset(scenario.ruleset)
    except EngineError as err:
        raise ScenarioError(f"ruleset: {err}") from None
