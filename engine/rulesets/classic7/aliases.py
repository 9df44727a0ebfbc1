"""The alias (马甲) pool: the village of a fairy tale, one name for each of more than seven seats."""

from __future__ import annotations

ALIASES: tuple[tuple[str, str], ...] = (
    ("铁匠", "Smith"), ("磨坊主", "Miller"), ("牧羊人", "Shepherd"), ("面包师", "Baker"), ("织布女", "Weaver"),
    ("樵夫", "Woodcutter"), ("渔夫", "Fisher"), ("酒馆老板", "Innkeeper"), ("裁缝", "Tailor"), ("老猎户", "Trapper"),
    ("修鞋匠", "Cobbler"), ("养蜂人", "Beekeeper"),
)

ENGLISH: dict[str, str] = dict(ALIASES)
"""Each alias's English rendering (``Ruleset.alias_english``)."""
