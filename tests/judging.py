"""Settling judge scenarios in-process for the tests, with small readers for the asserts."""

from __future__ import annotations

from typing import Any

from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine.rulesets import get_ruleset
from engine.rulesets.umineko32.state import UminekoState

STANDARD = {1: "侦探", 2: "侦探", 3: "观剧", 4: "审问官", 5: "魔女", **{s: "平民" for s in range(6, 15)},
            **{s: "杀手" for s in range(15, 19)}}
"""The standard umineko32 seating of the spec's golden scenarios (§7)."""


class Outcome:
    """A settled scenario: the ``--json`` outcome, the final state and the judge's notes."""

    def __init__(self, data: dict[str, Any]) -> None:
        parsed = parse(data)
        ruleset = get_ruleset(parsed.ruleset)
        check(parsed, ruleset)
        judged = judge.settle(parsed, ruleset)
        self.out, self.notes = judge.outcome(judged), judged.notes
        state = judged.game.state
        assert isinstance(state, UminekoState)
        self.state = state

    def __getitem__(self, key: str) -> Any:
        return self.out[key]

    @property
    def deaths(self) -> list[tuple[int, str, str]]:
        return [(d["seat"], d["when"], d["cause"]) for d in self.out["deaths"]]

    @property
    def voted_out(self) -> list[tuple[int, int, bool]]:
        return [(v["day"], v["seat"], v["died"]) for v in self.out["voted_out"]]

    def feedback(self, when: str, skill: str | None = None) -> list[tuple[int, str, list[int], str]]:
        return [(f["seat"], f["skill"], f["targets"], f["result"]) for f in self.out["feedback"]
                if f["when"] == when and (skill is None or f["skill"] == skill)]

    def says(self, when: str, *parts: str) -> bool:
        """Whether one of the judge's public posts of ``when`` holds every one of ``parts``."""
        texts = [a["text"] for a in self.out["announcements"] if a["when"] == when]
        return any(all(part in text for part in parts) for text in texts)

    def dawn(self, day: int) -> list[tuple[list[int], dict[str, str]]]:
        """The morning posts of ``day``: who died in the night, and the roles published with them."""
        return [(e["seats"], e["roles"]) for e in self.events("dawn", day=day)]

    def vote_results(self, day: int) -> list[tuple[list[int], list[int], dict[str, int]]]:
        """The vote results of ``day``: voted out, died, the tally."""
        return [(e["seats"], e["died"], e["tally"]) for e in self.events("vote_result", day=day)]

    def events(self, kind: str, **match: Any) -> list[dict[str, Any]]:
        return [e for e in self.out["events"] if e["kind"] == kind and all(e.get(k) == v for k, v in match.items())]

    def changed_roles(self) -> dict[int, tuple[str, str]]:
        """Seats whose role differs from the standard seating: role and faction."""
        return {int(s): (r, self.out["factions"][s]) for s, r in self.out["roles"].items() if STANDARD[int(s)] != r}
