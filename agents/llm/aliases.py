"""Seat ↔ alias for one seat's tools: the names a model sees, and lenient reading of what it writes.

Tools offer targets as enums of seat labels in the prompt's language (by default the alias; the
LLM agent passes the prompt's own label, ``3号右代宫战人`` / ``Battler(3)``, so the enum reads as the
thread does). A model without constrained decoding may still answer with a bare alias, the other
language's, a seat number ("3", "3号", "seat 3") or stray quotes, and those are read too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from engine.layers import second_layer
from engine.narrate.names import Lang, Names
from prompts.targets import read_target

_SEAT_FORMS = re.compile(r"^(?:seat\s*|#|no\.?\s*|角色|account\s*)?(\d{1,3})\s*(?:号|號)?$", re.IGNORECASE)
_MAJIA_FORMS = re.compile(r"^(?:马甲|馬甲|majia\s*|#)?\s*(\d{1,3})\s*(?:号|號)?", re.IGNORECASE)
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
        """Targets as the model sees them: seat labels, or 马甲 labels (``马甲7号拿破仑`` / ``majia 7
        Napoleon``) where a template's ``layer`` says its numbers are 马甲 (majiasha2); ``number_of``
        reads both back."""
        if not second_layer(layer):
            return self.aliases(numbers)
        return [self.names.majia_label(n, self.lang) for n in numbers]

    def number_of(self, text: object, layer: str = "", allowed: Sequence[int] = ()) -> int | None:
        """The number an answer names in ``layer``: a seat (``seat_of``), or a 马甲 read from its
        label, its name in either language, or ``马甲7`` / ``majia 7``. In a game with a second name
        layer (majiasha2) every target is read by ``prompts.targets.read_target``, which refuses a form
        that reads both as a 角色 and as a 马甲 (``IllegalAction``, listing ``allowed``)."""
        if self.names.majia:
            return read_target(self.names, text, layer, allowed)
        if not second_layer(layer):
            return self.seat_of(text)
        if isinstance(text, bool):
            return None
        if isinstance(text, int):
            return text if text in self.names.majia else None
        if not isinstance(text, str):
            return None
        key = _key(text)
        for number, name in self.names.majia.items():
            forms = (self.names.majia_label(number, "zh"), self.names.majia_label(number, "en"), name,
                     self.names.english.get(name, name))
            if key in {_key(f) for f in forms}:
                return number
        match = _MAJIA_FORMS.match(key)
        if match and int(match.group(1)) in self.names.majia:
            return int(match.group(1))
        return None

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
