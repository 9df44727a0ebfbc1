"""The names a narration needs: seat → alias (马甲), and id → Chinese / English for everything else.

``Names`` is built from a rule set (its name tables) plus the aliases a game assigned; nothing here
reads a clock or a file. Tables a rule set does not expose as attributes (teams, phases, the English
renderings of aliases) are looked up in the rule set's own package, by convention.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from engine.events import AliasesAssigned, Event, LayerListed
from engine.layers import second_layer
from engine.names import Name, NameTable
from engine.narrate.table import EMPTY, Narration

if TYPE_CHECKING:
    from engine.ruleset import Ruleset

Lang = Literal["zh", "en"]



def ruleset_part(ruleset: Ruleset, part: str) -> Any:
    """A rule set's ``team_names``, ``phase_names`` or ``alias_english``, or None where it has none."""
    return getattr(ruleset, part, None)


def _table(what: str, value: Any) -> NameTable:
    return value if isinstance(value, NameTable) else NameTable(what, [])


def _empty(what: str) -> NameTable:
    return NameTable(what, [])


@dataclass(frozen=True, slots=True)
class Names:
    """Seat → alias and id → name, in both languages; unknown ids render as themselves."""

    ruleset: str = ""
    title: str = ""
    aliases: Mapping[int, str] = field(default_factory=dict)
    english: Mapping[str, str] = field(default_factory=dict)
    roles: NameTable = field(default_factory=lambda: _empty("role"))
    skills: NameTable = field(default_factory=lambda: _empty("skill"))
    factions: NameTable = field(default_factory=lambda: _empty("faction"))
    teams: NameTable = field(default_factory=lambda: _empty("team"))
    phases: NameTable = field(default_factory=lambda: _empty("phase"))
    flag_defaults: Mapping[str, Any] = field(default_factory=dict)
    majia: Mapping[int, str] = field(default_factory=dict)
    """A second public name list where a rule set has one (majiasha2's 马甲: number → name), whose
    numbers name persons, not seats; the seat each stands for is secret."""
    narration: Narration = EMPTY
    """The rule set's own texts (``engine.narrate.table``)."""

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset, aliases: Mapping[int, str] | None = None,
                     majia: Mapping[int, str] | None = None) -> Names:
        english = ruleset_part(ruleset, "alias_english")
        return cls(
            ruleset=ruleset.id, title=ruleset.title, aliases=dict(aliases or {}), majia=dict(majia or {}),
            english=dict(english) if isinstance(english, Mapping) else {},
            roles=ruleset.role_names, skills=ruleset.skill_names, factions=ruleset.faction_names,
            teams=_table("team", ruleset_part(ruleset, "team_names")),
            phases=_table("phase", ruleset_part(ruleset, "phase_names")),
            flag_defaults={f.name: f.default for f in ruleset.flags},
            narration=getattr(ruleset, "narration", EMPTY),
        )

    @classmethod
    def from_events(cls, ruleset: Ruleset, events: Iterable[Event]) -> Names:
        """Names for a game: the rule set's tables plus every alias the events assign."""
        aliases: dict[int, str] = {}
        majia: dict[int, str] = {}
        for event in events:
            if isinstance(event, AliasesAssigned):
                aliases.update({int(seat): alias for seat, alias in event.aliases.items()})
            elif isinstance(event, LayerListed) and second_layer(event.layer):
                majia.update({int(n): str(name) for n, name in event.names.items()})
        return cls.from_ruleset(ruleset, aliases, majia)

    def seat(self, seat: int, lang: Lang = "zh") -> str:
        """A seat as the thread shows it: its alias, else its number."""
        alias = self.aliases.get(seat)
        if alias is None:
            return f"{seat}号" if lang == "zh" else f"seat {seat}"
        return alias if lang == "zh" else self.english.get(alias, alias)

    def majia_label(self, number: int, lang: Lang = "zh") -> str:
        """A 马甲 as a target or in a list: ``马甲7号拿破仑`` / ``majia 7 Napoleon``, numbered so that it
        never reads as a seat."""
        name = self.majia.get(number, "")
        if lang == "en":
            return f"majia {number} {self.english.get(name, name)}".rstrip()
        return f"马甲{number}号{name}"

    def target(self, number: int, layer: str, lang: Lang = "zh") -> str:
        """A target number as its layer names it: an entry of the second list (a 马甲), else a seat."""
        return self.majia_label(number, lang) if second_layer(layer) else self.seat(number, lang)

    def _name(self, table: NameTable, ident: str, lang: Lang) -> str:
        found: Name | None = table.by_id.get(ident)
        if found is not None:
            return found.zh if lang == "zh" else found.en
        return ident

    def role(self, ident: str, lang: Lang = "zh") -> str:
        return self._name(self.roles, ident, lang)

    def skill(self, ident: str, lang: Lang = "zh") -> str:
        return self._name(self.skills, ident, lang)

    def faction(self, ident: str, lang: Lang = "zh") -> str:
        return self._name(self.factions, ident, lang)

    def team(self, ident: str, lang: Lang = "zh") -> str:
        return self._name(self.teams, ident, lang)

    def phase(self, ident: str, lang: Lang = "zh") -> str:
        return self._name(self.phases, ident, lang)
