"""Seat ↔ alias for one seat's tools: the names a model sees, and lenient reading of what it writes.

Tools offer targets as enums of seat labels in the prompt's language (by default the alias; the
LLM agent passes the prompt's own label, ``3号右代宫战人`` / ``Battler(3)``, so the enum reads as the
thread does). A model without constrained decoding may still answer with a bare alias, the other
language's, a seat number ("3", "3号", "seat 3") or stray quotes, and those are read too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from engine.narrate.names import Lang, Names

_SEAT_FORMS = re.compile(r"^(?:seat\s*|#|no\.?\s*|角色|account\s*)?(\d{1,3})\s*(?:号|號)?$", re.IGNORECASE)
Label = Callable[[Names, int, Lang], str]
"""How a seat is shown: (names, seat, lang) → text."""
_STRIP = " \t\n\"'`“”‘’「」『』【】@"


def _key(text: str) -> str:
    return text.strip(_STRIP).casefold()


def alias_label(names: Names, seat: int, lang: Lang) -> str:
    """The bare alias (the default label)."""
    return names.seat(seat, lang)


@dataclass(frozen=True)
class AliasBook:
    """The aliases of a game in one language, and their reverse lookup."""

    names: Names
    lang: Lang
    label: Label = alias_label
    _lookup: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        lookup: dict[str, int] = {}
        for seat in self.names.aliases:
            for lang in ("zh", "en"):
                lookup.setdefault(_key(self.label(self.names, seat, lang)), seat)
                lookup.setdefault(_key(self.names.seat(seat, lang)), seat)
        object.__setattr__(self, "_lookup", lookup)

    def alias(self, seat: int) -> str:
        """The seat as the model sees it."""
        return self.label(self.names, seat, self.lang)

    def aliases(self, seats: Iterable[int]) -> list[str]:
        return [self.alias(seat) for seat in seats]

    def labels(self, numbers: Iterable[int], layer: str = "") -> list[str]:
        """Targets as the model sees them: seat labels, or account numbers (``角色3号`` / ``account 3``)
        where a template's ``layer`` says its numbers name another layer; ``seat_of`` reads both."""
        if layer != "account":
            return self.aliases(numbers)
        return [f"角色{n}号" if self.lang == "zh" else f"account {n}" for n in numbers]

    def seat_of(self, text: object) -> int | None:
        """The seat an answer names (alias in either language, or a seat number), else None."""
        if isinstance(text, bool):
            return None
        if isinstance(text, int):
            return text if text in self.names.aliases or not self.names.aliases else None
        if not isinstance(text, str):
            return None
        key = _key(text)
        found = self._lookup.get(key)
        if found is not None:
            return found
        match = _SEAT_FORMS.match(key)
        if match:
            seat = int(match.group(1))
            if seat in self.names.aliases or not self.names.aliases:
                return seat
        return None
