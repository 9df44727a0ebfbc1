"""What each rule set's private messages tell a seat about other seats' cards.

A *card* is a seat's dealt (role, faction). A clue (``evals.facts.Clue``) becomes constraints
"seat t holds a card of this set", which the knowledge-aware prior (``evals.knowledge``) conditions
the deal on. Only what the role itself tells the seat is read — its team chats and its own skills'
results — never public talk, claims, ballots or published identities: those are what a player's
inference is scored on.

Per rule set (results are matched on the exact strings the engine writes):

* ``umineko32``: the killers', detectives' and witches' chats name their members (the accomplice
  and the apprentice when they join); 侦探权限 黑/白 (黑: the killers, and the witch under flag
  A-01 ``umineko.witch_color`` 黑), 契约标记 成功/失败 (成功: a 平民), the witch's 预言 非平民. Not
  read: 演员试镜 同/异 (a relation of two seats, not a set of cards for one).
* ``qijian24``: the killer team's chat; the 七剑 chain and every check naming an identity; the
  mage's 验证失败 (not one of the killer team she can see, flag ``qijian.mage_sees_lone``).
* ``suitang21``: the wolf pack's chat (the lovers' chat tells no card); 预言 村民阵营/非村民阵营,
  read as the dealt camp (a village seat that joined the black lovers' camp reads as a wolf: the
  conversion is not modelled); 犯罪天才 naming a role.
* ``majiasha2``: nothing seat-addressed. Its chats are signed by 马甲 (a mate's 角色 seat is never
  shown) and 预言 names a 马甲, not a seat; only the cupid's arrow names seats, and its result
  (the lovers' common faction) is read.

A rule set not listed here reads its team chats as naming their members' cards and no result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from evals.facts import Clue

Card = tuple[str, str]
"""A dealt (role, faction)."""
Allowed = Callable[[Card], bool]
Decoded = list[tuple[int, Allowed]]


@dataclass(frozen=True)
class ClueRules:
    """How one rule set's clues read: which chats name cards, and what each result allows."""

    silent_teams: frozenset[str] | None = frozenset()
    """Chats whose membership tells no card (None: every chat; majiasha2 signs chats by 马甲)."""
    results: dict[str, Callable[[str, dict[str, Any]], Allowed | None]] = field(default_factory=dict)
    """Skill → (result, flags) → the cards the result allows for every target (None: tells nothing)."""

    def team_names_cards(self, team: str) -> bool:
        return self.silent_teams is not None and team not in self.silent_teams

    def decode(self, clue: Clue, flags: dict[str, Any]) -> Decoded:
        read = self.results.get(clue.name)
        allowed = read(clue.result, flags) if read is not None else None
        return [] if allowed is None else [(t, allowed) for t in clue.targets]


def role_is(*roles: str) -> Allowed:
    wanted = frozenset(roles)
    return lambda card: card[0] in wanted


def role_not(*roles: str) -> Allowed:
    unwanted = frozenset(roles)
    return lambda card: card[0] not in unwanted


def faction_is(faction: str) -> Allowed:
    return lambda card: card[1] == faction


def named_role(names: dict[str, str]) -> Callable[[str, dict[str, Any]], Allowed | None]:
    """A result that names an identity (``杀手团·秃狮``: the part after ``·``) by its Chinese name."""
    def read(result: str, flags: dict[str, Any]) -> Allowed | None:
        found = names.get(result) or names.get(result.split("·")[-1])
        return None if found is None else role_is(found)
    return read


def _zh_names(ruleset: str) -> dict[str, str]:
    from engine.rulesets import get_ruleset

    return {n.zh: n.id for n in get_ruleset(ruleset).role_names}


def _umineko32() -> ClueRules:
    from engine.rulesets.umineko32 import names as u

    def detect(result: str, flags: dict[str, Any]) -> Allowed | None:
        black = {u.KILLER} | ({u.WITCH} if flags.get("umineko.witch_color") == u.BLACK_COLOR else set())
        if result == u.BLACK_COLOR:
            return role_is(*black)
        return role_not(*black) if result == u.WHITE_COLOR else None

    def mark(result: str, flags: dict[str, Any]) -> Allowed | None:
        return {"成功": role_is(u.COMMONER), "失败": role_not(u.COMMONER)}.get(result)

    def prophecy(result: str, flags: dict[str, Any]) -> Allowed | None:
        return role_not(u.COMMONER) if result == "非平民" else None

    return ClueRules(results={u.DETECT: detect, u.MARK: mark, u.PROPHECY: prophecy})


def _qijian24() -> ClueRules:
    from engine.rulesets.qijian24 import names as q

    identity = named_role({text: role for role, text in q.IDENTITY.items()} | _zh_names("qijian24"))

    def check(result: str, flags: dict[str, Any]) -> Allowed | None:
        if result == q.FAILED:
            shown = (*q.KILLER_TEAM, q.LONE) if flags.get("qijian.mage_sees_lone", False) else q.KILLER_TEAM
            return role_not(*shown)
        return identity(result, flags)

    return ClueRules(results={q.CHAIN: identity, q.CHECK: check})


def _suitang21() -> ClueRules:
    from engine.rulesets.suitang21 import names as s

    def check(result: str, flags: dict[str, Any]) -> Allowed | None:
        if result == s.VILLAGE_RESULT:
            return faction_is(s.VILLAGE)
        return (lambda card: card[1] != s.VILLAGE) if result == s.NON_VILLAGE_RESULT else None

    return ClueRules(silent_teams=frozenset({s.LOVER_TEAM}),
                     results={s.CHECK: check, s.DETECT: named_role(_zh_names("suitang21"))})


def _majiasha2() -> ClueRules:
    from engine.rulesets.majiasha2 import names as m

    def arrow(result: str, flags: dict[str, Any]) -> Allowed | None:
        return None if result == m.LOVERS else faction_is(result)

    return ClueRules(silent_teams=None, results={m.ARROW: arrow})


BUILDERS: dict[str, Callable[[], ClueRules]] = {
    "umineko32": _umineko32, "qijian24": _qijian24, "suitang21": _suitang21, "majiasha2": _majiasha2}
_CACHE: dict[str, ClueRules] = {}


def clue_rules(ruleset: str) -> ClueRules:
    """The reading of ``ruleset``'s clues (built once)."""
    if ruleset not in _CACHE:
        build = BUILDERS.get(ruleset)
        _CACHE[ruleset] = build() if build is not None else ClueRules()
    return _CACHE[ruleset]
