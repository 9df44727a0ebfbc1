"""The part of every game's state that the generic ``Game`` relies on."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.public import PublicRecord, Told


@dataclass
class BaseState:
    """Fields every rule set's state has. Only ``fold`` (via ``Game.emit``) ever changes a state."""

    ruleset: str = ""
    seed: int = 0
    flags: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    day: int = 0
    phase: str = "SETUP"
    draws: int = 0
    over: bool = False
    winners: list[str] = field(default_factory=list)
    public: PublicRecord = field(default_factory=PublicRecord)
    """What the judge's public posts have told everyone (``engine.public``): folded for every rule
    set by ``Ruleset.apply`` before the rule set's own fold."""
    identities: dict[int, Told] = field(default_factory=dict)
    """What each seat was told of its own identity (``engine.public.Told``)."""
