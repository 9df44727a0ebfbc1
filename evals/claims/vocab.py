"""Each rule set's claim vocabulary, in the seed's terms: who may claim what, and how a forum writes it.

A role claim names a role as the rule set names it (``Ruleset.role_names``: the rules text's Chinese,
the English label), with the forum's own words for some (suitang21's 预言家 is "预言"/"预"; the seed
documents' 跳身份: 我是X, 跳X, 本X). A result claim states what a checking skill said about a seat,
in the words its result takes (``RESULTS``: the engine's result strings, with the forum's synonyms —
查杀 and 金水 — mapped onto them). An alibi of the night says what the claimant did to a seat last night
(``ALIBI``: a verb per skill). Everything a claim can say is normalised to the engine's ids, so that a
claim compares with the god state directly.

The seeds (``shared/seeds``): umineko32 — 侦探权限 tells 黑/白 (one per night; a 侦探 reports its
results as 【查验】), 演员试镜 tells 同/异 of a pair; suitang21 — the 预言家's 预言 tells 村民阵营/非村民阵营,
the 侦探's 犯罪天才 names an identity; qijian24 — 刘郁芳's 查验 names a sword, 庄民, a killer, or 验证失败;
majiasha2 — the 先知's 预言 names a role, by 马甲.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from engine.layers import second_layer
from engine.rulesets import get_ruleset

V = TypeVar("V")


@dataclass(frozen=True)
class Result:
    """One word a result claim may use: the skill and role it comes from, the result the engine writes."""

    skill: str
    role: str
    result: str
    bad: bool
    """Whether it calls the target one of the other side (an accusation: 黑, 查杀, 非村民阵营, a killer)."""


@dataclass(frozen=True)
class Vocab:
    """What claims read like in one rule set."""

    ruleset: str
    roles: dict[str, str]
    """A word naming a role (Chinese name, English label, forum alias) → role id, longest first."""
    results: dict[str, Result]
    """A result word (or synonym) → what it means, longest first."""
    pair_skill: str | None = None
    """A two-seat result (umineko32's 演员试镜: 同/异), with its role; None where the rule set has none."""
    pair_role: str | None = None
    pair_results: dict[str, str] = field(default_factory=dict)
    alibi: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """A verb of the night (查, 守, 救…) → the skills it may be (the truth is any of them)."""
    majia: bool = False
    """Whether results name 马甲 (majiasha2's 预言): "马甲N号" is a 马甲 number, not a seat."""

    def role_of(self, word: str) -> str | None:
        return self.roles.get(word.strip().strip("【】").lower()) or self.roles.get(word.strip().strip("【】"))


RESULT_WORDS: dict[str, list[tuple[str, str, str, bool, tuple[str, ...]]]] = {
    # ruleset: (skill, role, engine result, bad, synonyms)
    "umineko32": [("detect", "detective", "黑", True, ("黑", "查杀", "black")),
                  ("detect", "detective", "白", False, ("白", "金水", "white"))],
    "suitang21": [("check", "seer", "非村民阵营", True, ("非村民阵营", "查杀", "狼人阵营", "non-village")),
                  ("check", "seer", "村民阵营", False, ("村民阵营", "金水", "好人阵营", "village")),
                  ("detect", "detective", "狼人", True, ("狼人",)),
                  ("detect", "detective", "花蝴蝶", True, ("花蝴蝶",))],
    "qijian24": [("check", "mage", "验证失败", False, ("验证失败",))],
    "majiasha2": [],
}
"""Result words the engine writes, per rule set; role-valued results (a check naming a role) are added
from the rule set's roles in ``vocab``."""

ROLE_RESULTS: dict[str, tuple[str, str, frozenset[str]]] = {
    "qijian24": ("check", "mage", frozenset({"fenghuo", "guageluo", "tushi", "lone_killer", "envoy", "helper"})),
    "majiasha2": ("divine", "seer", frozenset({"killer"})),
}
"""Rule sets whose check names a role: (skill, role, the roles that are an accusation)."""

WORLD: dict[tuple[str, str], tuple[str, frozenset[str]]] = {
    ("umineko32", "detect"): ("bad_if", frozenset({"black"})),
    ("umineko32", "audition"): ("same_side", frozenset({"black"})),
    ("suitang21", "check"): ("good_if", frozenset({"village"})),
    ("suitang21", "detect"): ("role", frozenset()),
    ("qijian24", "check"): ("role", frozenset()),
    ("majiasha2", "divine"): ("role", frozenset()),
}
"""What a checking skill would say of a seat nobody has checked yet, from the god state: a colour by the
target's faction (``bad_if``: these factions read bad; ``good_if``: only these read good), the same or
different colour of a pair (``same_side``), or the target's role (``role``). A result the judge did tell
someone about that seat with that skill is taken as it was told; this is the fallback."""

ROLE_ALIASES: dict[str, dict[str, str]] = {
    "suitang21": {"预言": "seer", "预": "seer", "女巫": "witch", "守卫": "guard", "猎人": "hunter", "狼": "werewolf"},
    "umineko32": {"侦": "detective", "观剧人": "theatergoer", "审问": "inquisitor"},
    "majiasha2": {"预言家": "seer"},
    "qijian24": {"法师": "mage", "游侠": "ranger_reveal"},
}
"""The forum's words for roles beside the rules text's names (from the seeds)."""

ALIBI: dict[str, dict[str, tuple[str, ...]]] = {
    "umineko32": {"查": ("detect",), "验": ("detect",), "试镜": ("audition",), "结界": ("barrier",),
                  "保护": ("barrier",), "守": ("barrier",), "刀": ("blade",), "标记": ("mark",)},
    "suitang21": {"查": ("check", "detect"), "验": ("check", "detect"), "守": ("shield",), "救": ("save",),
                  "毒": ("poison",), "刀": ("kill",), "抱": ("hug",)},
    "qijian24": {"查": ("check",), "验": ("check",), "保护": ("protect",), "守": ("protect",), "刀": ("kill", "assassinate"),
                 "杀": ("kill", "assassinate"), "狙": ("snipe",)},
    "majiasha2": {"查": ("divine",), "验": ("divine",), "守": ("shield",), "保护": ("shield",), "刀": ("kill",),
                  "杀": ("kill",)},
}


@cache
def vocab(ruleset: str) -> Vocab:
    """The claim vocabulary of ``ruleset``."""
    rules = get_ruleset(ruleset)
    roles: dict[str, str] = {}
    for name in rules.role_names:
        for word in (name.zh, name.en.lower(), name.en.split(" (")[0].lower()):
            if word:
                roles.setdefault(word, name.id)
    roles.update(ROLE_ALIASES.get(ruleset, {}))
    results: dict[str, Result] = {}
    for skill, role, result, bad, words in RESULT_WORDS.get(ruleset, []):
        for word in words:
            results[word] = Result(skill, role, result, bad)
    if ruleset in ROLE_RESULTS:
        skill, role, bad_roles = ROLE_RESULTS[ruleset]
        for name in rules.role_names:
            results.setdefault(name.zh, Result(skill, role, name.zh, name.id in bad_roles))
    pair = ("audition", "theatergoer", {"同": "同", "异": "异", "same": "同", "different": "异"}) \
        if ruleset == "umineko32" else (None, None, {})
    return Vocab(ruleset, _longest_first(roles), _longest_first(results), pair[0], pair[1], dict(pair[2]),
                 ALIBI.get(ruleset, {}), majia=second_layer(rules.name_layer))


def _longest_first(table: dict[str, V]) -> dict[str, V]:
    return dict(sorted(table.items(), key=lambda kv: -len(kv[0])))
