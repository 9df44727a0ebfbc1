"""The registry of rule sets, by id."""

from __future__ import annotations

from engine.errors import UnknownName
from engine.ruleset import Ruleset


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The rule set named ``ruleset_id``; an unknown id lists the known ones."""
    from engine.rulesets.umineko32 import Umineko32

    known: dict[str, Ruleset] = {"umineko32": Umineko32()}
    if ruleset_id not in known:
        raise UnknownName(f"unknown rule set {ruleset_id!r}; known: {', '.join(sorted(known))}")
    return known[ruleset_id]


def ruleset_ids() -> list[str]:
    """Every rule set id the engine can play."""
    return ["umineko32"]
