"""Claims read out of a post's free text, by the rule set's vocabulary (``evals.claims.vocab``).

What counts as a claim is what the seed's forums write when they claim (跳身份 and results), never a
mention: ``我是侦探`` and ``【查验】7号=黑`` are claims, ``我怀疑7号，被侦探查出是黑`` (a reference to someone
else's check) and ``如果我是侦探`` are not. The forms:

* role: ``我是X`` / ``我就是X`` / ``我才是X`` / ``本X`` / ``跳X`` / ``身份是X`` / ``【X】`` opening a result, and
  in English ``I am (the) X`` / ``I'm (the) X`` (X a role word; not after 不, 如果, 假如, 要是, 怀疑);
* check: ``[【查验】/查验/验了/查了] N号 [=＝:：是为] R`` with more ``，M号=R`` after it, ``查杀N号``, ``N号(是)金水``,
  ``金水N号`` and ``【X】N号 是 R`` / ``【X】查验 N号：R`` (R a result word);
* audition: ``【试镜】N号与M号=同|异`` (umineko32);
* alibi: ``昨晚/昨夜/第K晚 我 V(了) N号`` (V a verb of the night's skills).

Seat numbers outside the game are dropped (text is data). Where results name 马甲 (majiasha2's
``马甲N号``), the number is kept as a 马甲 (``Claim.majia``) for the ledger to map to its seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from evals.claims.vocab import Vocab, vocab

NEGATORS = ("不", "非", "如果", "假如", "要是", "怀疑", "若", "假设", "not", "if")


@dataclass(frozen=True, slots=True)
class Claim:
    """One claim of a post (see the module docstring). ``target``/``other`` are seats (or 马甲 where
    ``majia``); ``result`` is the engine's result string; ``night`` the night an alibi is about."""

    kind: str
    role: str | None = None
    target: int | None = None
    other: int | None = None
    result: str | None = None
    night: int | None = None
    majia: bool = False

    def key(self) -> tuple[object, ...]:
        return (self.kind, self.role, self.target, self.other, self.result, self.night)


def _alt(words: object) -> str:
    return "|".join(re.escape(str(w)) for w in words)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Patterns:
    role: re.Pattern[str]
    role_en: re.Pattern[str]
    marked: re.Pattern[str]
    check: re.Pattern[str]
    more: re.Pattern[str]
    kill: re.Pattern[str]
    gold: re.Pattern[str]
    pair: re.Pattern[str] | None
    alibi: re.Pattern[str] | None
    majia: re.Pattern[str] | None


NUM = r"(?:马甲\s*)?(\d{1,2})\s*号"
SEP = r"\s*[=＝:：]?\s*(?:是|为|=|＝|:|：)?\s*"


def patterns(v: Vocab) -> Patterns:
    """The compiled forms of ``v`` (once per rule set)."""
    return _patterns(v.ruleset)


@cache
def _patterns(ruleset: str) -> Patterns:
    v = vocab(ruleset)
    roles, results = _alt(v.roles), _alt(v.results)
    role = re.compile(rf"(?:我(?:就|才|也)?是(?:真的?)?|本|跳|起跳|身份是|身份为)\s*【?({roles})】?")
    role_en = re.compile(rf"\bI(?: am|'m)(?: the| a| an)?\s+({roles})\b", re.IGNORECASE)
    marked = re.compile(rf"【({roles})】\s*(?:查验|验了|查了)?\s*{NUM}{SEP}({results})")
    check = re.compile(rf"(?:【查验】|查验|验了|查了|验)\s*{NUM}{SEP}({results})")
    more = re.compile(rf"\s*[，,、；;]\s*{NUM}{SEP}({results})")
    kill = re.compile(rf"查杀\s*{NUM}")
    gold = re.compile(rf"{NUM}\s*(?:是|为)?\s*(?:我的)?金水|金水\s*{NUM}")
    pair = re.compile(rf"【?试镜】?\s*{NUM}\s*(?:与|和|跟)\s*{NUM}{SEP}({_alt(v.pair_results)})") if v.pair_skill else None
    alibi = re.compile(rf"(?:昨晚|昨夜|昨天晚上|第\s*(\d+)\s*[晚夜])\s*我?\s*(?:去)?({_alt(v.alibi)})了?\s*{NUM}") \
        if v.alibi else None
    majia = re.compile(rf"马甲\s*(\d{{1,2}})\s*号\s*(?:是|为|=|＝|:|：)\s*({results})") if v.majia else None
    return Patterns(role, role_en, marked, check, more, kill, gold, pair, alibi, majia)


def extract(text: str, v: Vocab, seats: int, *, day: int = 0) -> list[Claim]:
    """The claims of ``text`` (a post of ``day`` in a game of ``seats`` seats), in the order they appear."""
    if not text:
        return []
    p = patterns(v)
    found: list[tuple[int, Claim]] = []
    for m in p.role.finditer(text):
        if not _negated(text, m.start()) and (role := v.role_of(m[1])) is not None:
            found.append((m.start(), Claim("role", role=role)))
    for m in p.role_en.finditer(text):
        if (role := v.role_of(m[1])) is not None:
            found.append((m.start(), Claim("role", role=role)))
    taken: list[tuple[int, int]] = []
    for m in p.marked.finditer(text):
        role = v.role_of(m[1])
        if role is not None:
            found.append((m.start(), Claim("role", role=role)))
        found += _results(text, m, 2, v, seats, p, taken)
    for m in p.check.finditer(text):
        if not _inside(m.start(), taken) and not _negated(text, m.start()):
            found += _results(text, m, 1, v, seats, p, taken)
    for m in p.majia.finditer(text) if p.majia is not None else ():
        if not _inside(m.start(), taken):
            found += _results(text, m, 1, v, seats, p, taken)
    found += _synonyms(text, v, seats, p)
    found += _pairs(text, v, seats, p)
    found += _alibis(text, v, seats, p, day)
    return _unique([c for _, c in sorted(found, key=lambda x: x[0])])


def _results(text: str, m: re.Match[str], at: int, v: Vocab, seats: int, p: Patterns,
             taken: list[tuple[int, int]]) -> list[tuple[int, Claim]]:
    """The result of ``m`` (seat at group ``at``, word after it) and the ``，M号=R`` that follow."""
    out: list[tuple[int, Claim]] = []
    pairs = [(m.group(at), m.group(at + 1), m.start(), m.group(0))]
    end = m.end()
    while (more := p.more.match(text, end)) is not None:
        pairs.append((more[1], more[2], more.start(), more[0]))
        end = more.end()
    taken.append((m.start(), end))
    for seat, word, start, whole in pairs:
        claim = _result(int(seat), word, v, seats, "马甲" in whole)
        if claim is not None:
            out.append((start, claim))
    return out


def _result(seat: int, word: str, v: Vocab, seats: int, majia: bool) -> Claim | None:
    meaning = v.results.get(word) or v.results.get(word.lower())
    if meaning is None or not 1 <= seat <= max(seats, 30 if majia else seats):
        return None
    return Claim("check", role=meaning.role, target=seat, result=meaning.result, majia=majia or v.majia)


def _synonyms(text: str, v: Vocab, seats: int, p: Patterns) -> list[tuple[int, Claim]]:
    out: list[tuple[int, Claim]] = []
    for pattern, word in ((p.kill, "查杀"), (p.gold, "金水")):
        if word not in v.results:
            continue
        for m in pattern.finditer(text):
            seat = int(next(g for g in m.groups() if g))
            claim = _result(seat, word, v, seats, False)
            if claim is not None and not _negated(text, m.start()):
                out.append((m.start(), claim))
    return out


def _pairs(text: str, v: Vocab, seats: int, p: Patterns) -> list[tuple[int, Claim]]:
    if p.pair is None:
        return []
    out: list[tuple[int, Claim]] = []
    for m in p.pair.finditer(text):
        a, b = int(m[1]), int(m[2])
        if 1 <= a <= seats and 1 <= b <= seats and a != b:
            out.append((m.start(), Claim("audition", role=v.pair_role, target=a, other=b,
                                         result=v.pair_results[m[3]])))
    return out


def _alibis(text: str, v: Vocab, seats: int, p: Patterns, day: int) -> list[tuple[int, Claim]]:
    if p.alibi is None:
        return []
    out: list[tuple[int, Claim]] = []
    for m in p.alibi.finditer(text):
        seat = int(m[3])
        night = int(m[1]) if m[1] else day - 1
        if 1 <= seat <= seats and night >= 0 and not _negated(text, m.start()):
            out.append((m.start(), Claim("alibi", result=m[2], target=seat, night=night)))
    return out


def _negated(text: str, start: int) -> bool:
    before = text[max(0, start - 4):start].lower()
    return any(before.endswith(n) or f"{n}我" in before[-3:] for n in NEGATORS)


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= at < b for a, b in spans)


def _unique(claims: list[Claim]) -> list[Claim]:
    return list(dict.fromkeys(claims))
