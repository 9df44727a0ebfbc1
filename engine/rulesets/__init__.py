"""The registry of rule sets, by id.

Each rule set is a subpackage of this one whose ``__init__`` names its class ``RULESET``; the
registry finds them by listing the package, so adding a rule set touches no shared file.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from engine.errors import UnknownName
from engine.ruleset import Ruleset


@cache
def _found() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def ruleset_ids() -> list[str]:
    """Every rule set id the engine can play, sorted."""
    return list(_found())


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The rule set named ``ruleset_id``; an unknown id lists the known ones."""
    if ruleset_id not in _found():
        raise UnknownName(f"unknown rule set {ruleset_id!r}; known: {', '.join(ruleset_ids())}")
    module = importlib.import_module(f"{__name__}.{ruleset_id}")
    ruleset: Ruleset = module.RULESET()
    return ruleset
