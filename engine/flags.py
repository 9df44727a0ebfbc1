"""Adjudication flags: every ambiguity of a rule spec is a named flag with the spec's default."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.errors import SetupError


@dataclass(frozen=True, slots=True)
class Flag:
    """One adjudication: its name (``umineko.witch_vacuous_win``), default, allowed values, spec item."""

    name: str
    default: Any
    ref: str
    doc: str
    choices: tuple[Any, ...] = ()

    def check(self, value: Any) -> Any:
        """``value`` if it is allowed for this flag, else a ``SetupError`` that lists what is."""
        allowed = self.choices or ((True, False) if isinstance(self.default, bool) else ())
        if allowed and value not in allowed:
            raise SetupError(f"flag {self.name!r} cannot be {value!r}; allowed: {', '.join(map(repr, allowed))}")
        return value


class Adjudication(NamedTuple):
    """One item of a spec's adjudications without a flag: the ruling the engine follows, and why there
    is no flag (``Ruleset.adjudications``)."""

    id: str
    ruling: str
    flag: str | None
    reason: str


def resolve_flags(defined: Iterable[Flag], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The full flag set: defaults overridden by ``given``; unknown names are an error."""
    table = {f.name: f for f in defined}
    out = {name: f.default for name, f in table.items()}
    for name, value in (given or {}).items():
        if name not in table:
            raise SetupError(f"unknown flag {name!r}; this rule set defines: {', '.join(sorted(table))}")
        out[name] = table[name].check(value)
    return out
