"""The prompt templates, read from package data with ``importlib.resources``.

Layout (``prompts/templates/``, or a rule set's own ``engine/rulesets/<id>/templates/`` without the
``<ruleset>/`` level: ``home``)::

    common/<lang>.toml            frames every rule set shares: headings, action words, limits, notes
    <ruleset>/config.toml         token limits, the phases whose banners are not shown, and which
                                  judge notice gives a seat a derived role
    <ruleset>/<lang>/frame.toml   optional: the rule set's own wording of common frames (same keys,
                                  table by table over ``common/<lang>.toml``; majiasha2 names its
                                  seats 角色 and its votes 马甲, where the common frame says 棋子)
    <ruleset>/<lang>/rules.md     the rules as a player must know them
    <ruleset>/<lang>/rules_brief.md  optional: the same rules in brief, for the ``brief`` prompt
                                  layout of a small local model (else the full rules serve)
    <ruleset>/<lang>/roles.toml   one card per role, derived roles included
    <ruleset>/<lang>/phases.toml  what to do now, per phase: ``all`` for everyone plus one entry per role
    <ruleset>/<lang>/roles_brief.toml, phases_brief.toml
                                  optional: cards and the phase guide in brief, for the ``brief``
                                  layout (read anew in each of a seat's requests); an entry missing
                                  there keeps its full text, an empty one is dropped
    <ruleset>/<lang>/flag_words.toml
                                  optional: a ``{flag}`` slot of the rules text in words, one table
                                  per flag (its name after the prefix), one phrase per value
                                  (``true``/``false``, or the value as written; ``_`` any other
                                  value, with ``{value}`` in it), so that the rules say a flag's
                                  setting as a rule, never as ``flag = value``

``<lang>`` is ``zh`` (the default) or ``en``. Templates are plain text with ``{name}`` slots, filled
by ``fill`` (only the names given are replaced, so other braces in the text stay as written).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from engine.narrate import Lang
from engine.rulesets import get_ruleset, ruleset_ids

LANGS: tuple[Lang, ...] = ("zh", "en")

DEFAULT_LIMITS: dict[str, int] = {"post": 200, "team_post": 150, "last_words": 300, "vote_reason": 60, "notes": 600}
"""Token limits used where a rule set's config names none."""


def _root() -> Traversable:
    return files("prompts").joinpath("templates")


def home(ruleset: str) -> Traversable:
    """Where ``ruleset``'s templates are: ``prompts/templates/<id>/`` where that exists, else the
    ``templates/`` folder of the rule set's own package (``Ruleset.package``), so that a rule set
    written in one folder brings its prompts with it and touches no file here."""
    shared = _root().joinpath(ruleset)
    if shared.is_dir() or ruleset not in ruleset_ids():
        return shared
    return files(get_ruleset(ruleset).package).joinpath("templates")


def _toml(path: Traversable) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def fill(template: str, values: Mapping[str, Any]) -> str:
    """``template`` with each ``{name}`` of ``values`` replaced."""
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


@dataclass(frozen=True)
class Texts:
    """Every template of one rule set in one language."""

    ruleset: str
    lang: Lang
    common: dict[str, Any]
    rules: str
    roles: dict[str, dict[str, str]]
    phases: dict[str, dict[str, str]]
    limits: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_LIMITS))
    quiet_phases: frozenset[str] = frozenset()
    roles_by_notice: dict[str, str] = field(default_factory=dict)
    """A judge notice's topic → the derived role a seat named in it now has (共犯, 见习魔女)."""
    rules_brief: str = ""
    """The rules in brief (``rules_brief.md``), where the rule set has them in this language."""
    roles_brief: dict[str, dict[str, str]] = field(default_factory=dict)
    """Cards in brief (``roles_brief.toml``), over ``roles`` entry by entry."""
    phases_brief: dict[str, dict[str, str]] = field(default_factory=dict)
    """The phase guide in brief (``phases_brief.toml``), over ``phases`` entry by entry."""
    flag_words: dict[str, dict[str, str]] = field(default_factory=dict)
    """A flag's short name → its value (as ``_shown`` writes it) → the phrase its rules slot reads
    (``flag_words.toml``); ``_`` is the phrase of any other value, with ``{value}`` in it."""

    def word(self, key: str, **values: Any) -> str:
        """A frame from ``common/<lang>.toml`` (dotted keys reach into tables), filled."""
        node: Any = self.common
        for part in key.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise KeyError(f"prompts: no text {key!r} in common/{self.lang}.toml")
            node = node[part]
        return fill(str(node), values)

    def fill_rules(self, flags: Mapping[str, Any], *, brief: bool = False) -> str:
        """The rules text (``brief``: the brief one, where it exists) with each ``{flag}`` slot (a
        flag's name after its rule set's prefix) filled: with the phrase ``flag_words`` gives its
        value, else the value as written."""
        text = self.rules_brief if brief and self.rules_brief else self.rules
        return fill(text, {slot: self.flag_phrase(slot, value) for name, value in flags.items()
                           for slot in (name.rsplit(".", 1)[-1],)})

    def flag_phrase(self, slot: str, value: Any) -> str:
        """One rules-text slot's words for ``value``: the phrase of that value, else the ``_`` phrase
        with ``{value}`` filled, else the value as written."""
        shown = _shown(value)
        words = self.flag_words.get(slot, {})
        return words[shown] if shown in words else words.get("_", shown).replace("{value}", shown)

    def role_card(self, role: str, *, brief: bool = False) -> str:
        """The role's card (``brief``: the brief one, where it exists)."""
        card = {**self.roles.get(role, {}), **(self.roles_brief.get(role, {}) if brief else {})}
        return str(card.get("card", "")).strip()

    def cards(self) -> list[tuple[str, str]]:
        """Every role's card, in the file's order: ``(role id, card)`` (derived roles included)."""
        return [(role, entry["card"].strip()) for role, entry in self.roles.items() if entry.get("card")]

    def guide(self, *, brief: bool = False) -> list[tuple[str, str, list[tuple[str, str]]]]:
        """What to do in each phase: ``(phase, text for everyone, [(role id, the role's own text)])``
        (``brief``: the brief entries over the full ones)."""
        out = []
        for phase, full in self.phases.items():
            entry = {**full, **(self.phases_brief.get(phase, {}) if brief else {})}
            own = [(role, str(text).strip()) for role, text in entry.items() if role != "all" and str(text).strip()]
            out.append((phase, str(entry.get("all", "")).strip(), own))
        return out


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@cache
def load(ruleset: str, lang: Lang = "zh") -> Texts:
    """The templates of ``ruleset`` in ``lang``; a missing rule set or language is an error that lists what exists."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {LANGS}, not {lang!r}")
    root = _root()
    base = home(ruleset)
    if not base.joinpath(lang, "rules.md").is_file():
        known = sorted(r for r in ruleset_ids() if home(r).joinpath(lang, "rules.md").is_file())
        raise ValueError(f"no prompt templates for rule set {ruleset!r} in {lang!r}; known: {', '.join(known)}")
    config = _toml(base.joinpath("config.toml"))
    return Texts(
        ruleset=ruleset, lang=lang,
        common=_over(_toml(root.joinpath("common", f"{lang}.toml")), _toml(base.joinpath(lang, "frame.toml"))),
        rules=base.joinpath(lang, "rules.md").read_text(encoding="utf-8").strip(),
        roles=_toml(base.joinpath(lang, "roles.toml")),
        phases=_toml(base.joinpath(lang, "phases.toml")),
        limits={**DEFAULT_LIMITS, **{k: int(v) for k, v in config.get("limits", {}).items()}},
        quiet_phases=frozenset(config.get("quiet_phases", ())),
        roles_by_notice={str(k): str(v) for k, v in config.get("derived_roles", {}).items()},
        rules_brief=_text(base.joinpath(lang, "rules_brief.md")),
        roles_brief=_toml(base.joinpath(lang, "roles_brief.toml")),
        phases_brief=_toml(base.joinpath(lang, "phases_brief.toml")),
        flag_words={str(k): {str(v): str(w) for v, w in dict(t).items()}
                    for k, t in _toml(base.joinpath(lang, "flag_words.toml")).items()},
    )


def _over(common: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """``common`` with a rule set's own frames over it, table by table."""
    out = dict(common)
    for key, value in own.items():
        out[key] = {**out[key], **value} if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _text(path: Traversable) -> str:
    return path.read_text(encoding="utf-8").strip() if path.is_file() else ""
