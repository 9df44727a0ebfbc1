"""Settling qijian24 judge scenarios in-process for the tests, with small readers for the asserts."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.cli import judge as judge_cmd
from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine.rulesets import get_ruleset
from engine.rulesets.qijian24.state import QijianState
from engine.rulesets.qijian24.texts import IDENTITIES

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "qijian24"
Edit = Callable[[dict[str, Any]], None]


class Settled:
    """A settled scenario: the ``--json`` outcome, the game and its final state."""

    def __init__(self, data: dict[str, Any]) -> None:
        parsed = parse(data)
        ruleset = get_ruleset(parsed.ruleset)
        check(parsed, ruleset)
        judged = judge.settle(parsed, ruleset)
        self.out, self.notes, self.game = judge.outcome(judged), judged.notes, judged.game
        self.text = judge.narrate_settlement(judged)
        """The judge console's readable settlement."""
        state = judged.game.state
        assert isinstance(state, QijianState)
        self.state = state

    @property
    def alive(self) -> set[int]:
        return set(self.out["alive"])

    def deaths(self) -> list[tuple[int, str, str]]:
        return [(d["seat"], d["when"], d["cause"]) for d in self.out["deaths"]]

    def topic(self, topic: str) -> list[dict[str, Any]]:
        """The rule set's own public posts of ``topic`` (``winners``)."""
        return [e for e in self.out["events"] if e["kind"] == "announced" and e["topic"] == topic]

    def typed(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        """The typed public posts of ``kind`` (``dawn``, ``vote_result``, ``seats_out``, ``role_revealed``)."""
        return [e for e in self.out["events"] if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]

    def identities(self, kind: str, **match: Any) -> list[dict[str, str]]:
        """The identities each post of ``kind`` publishes, in the judge's words (``杀手团·瓜哥洛``)."""
        return [{seat: IDENTITIES[ident][0] for seat, ident in e["roles"].items()} for e in self.typed(kind, **match)]

    def resolved(self, skill: str) -> list[tuple[int | None, list[int], str]]:
        return [(e["actor"], e["targets"], e["result"]) for e in self.out["events"]
                if e["kind"] == "resolved" and e["skill"] == skill]

    def charges(self, seat: int, skill: str) -> int:
        return self.state.seats[seat].charges[skill]


def data_of(name: str, edit: Edit | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if edit is not None:
        edit(data)
    return data


def settled(name: str, edit: Edit | None = None, **flags: Any) -> Settled:
    data = data_of(name, edit)
    data["flags"] = {**data.get("flags", {}), **{f"qijian.{k}": v for k, v in flags.items()}}
    return Settled(data)


def refused(data: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Run a scenario that must be refused by ``arena judge``: status 2, nothing on stdout."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = judge_cmd.run(argparse.Namespace(file=str(path), json=True))
    captured = capsys.readouterr()
    assert code == 2, captured.err
    assert captured.out == ""
    return captured.err


def step(data: dict[str, Any], key: str, number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in data["steps"] if s.get(key) == number)
    return found
