"""A seat's role card on the table: the card the rules give the role, and a line on what each skill does.

The card is the one the seat's LLM players read (``prompts.texts``: one per role and language,
derived roles included), so a person and a model are told the same thing. Each skill's line is the
card's own line that names it (``技能【侦探权限】：每晚查验…`` / ``Skill Detect: each night…``); a
skill the card names nowhere (a passive one, such as 杀人诛心) takes its line from
``skill_lines.toml``, written for this table. The tips (``思路`` / ``Tips``) are advice, not a
skill's definition, and never stand for one.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from engine.narrate.names import Lang, Names
from engine.rulesets import get_ruleset
from prompts.texts import load

TIPS = ("思路", "Tips", "注意", "Beware")
"""Card lines that advise rather than define."""


@cache
def _extra() -> dict[str, dict[str, dict[str, str]]]:
    text = (resources.files("arena.server") / "skill_lines.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def role_card(ruleset: str, role: str | None, lang: Lang) -> str:
    """The role's card in ``lang`` ("" for a role without one)."""
    if role is None:
        return ""
    try:
        return load(ruleset, lang).role_card(role)
    except ValueError:
        return ""


def skill_line(ruleset: str, role: str | None, skill: str, names: Names, lang: Lang) -> str:
    """What ``skill`` does, in one line of ``lang`` ("" where nothing says)."""
    own = _extra().get(ruleset, {}).get(skill, {}).get(lang)
    if own:
        return own
    name = names.skill(skill, lang)
    for line in role_card(ruleset, role, lang).splitlines():
        text = line.strip()
        if name and name in text and not text.startswith(TIPS):
            return text
    return ""


def roles_with(ruleset: str) -> list[tuple[str, tuple[str, ...]]]:
    """Every role of ``ruleset`` with its skills (for the test that each skill has a line)."""
    return [(role.id, role.skills) for role in get_ruleset(ruleset).roles]
