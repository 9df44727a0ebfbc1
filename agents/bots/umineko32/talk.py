"""What the scripted bot says, and what it reads back out of posts (its own and everyone's).

Bots write claims in a small fixed vocabulary so that other bots can read them:
``我是侦探`` / ``我是观剧`` claims a role, ``【查验】7号=黑`` a check, ``【试镜】3号与9号=异`` an
audition, ``怀疑7号`` / ``投7号`` an accusation, ``刀7号`` a blade proposal (杀手群) and ``今晚我查7号``
a detective's plan (侦探群). ``parse`` reads any text, so an LLM or a human who writes the same
forms is understood too; everything else is chat and is ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.rulesets.umineko32.names import DETECTIVE, INQUISITOR, THEATERGOER

_CHECK = re.compile(r"【查验】\s*(\d{1,2})号\s*[=＝:：]\s*(黑|白)")
_MORE_CHECK = re.compile(r"[，,、]\s*(\d{1,2})号\s*[=＝:：]\s*(黑|白)")
_PAIR = re.compile(r"【试镜】\s*(\d{1,2})号与(\d{1,2})号\s*[=＝:：]\s*(同|异)")
_ACCUSE = re.compile(r"(?:怀疑|投)(\d{1,2})号")
_BLADE = re.compile(r"刀(\d{1,2})号")
_PLAN = re.compile(r"今晚我查(\d{1,2})号")
_ROLES = (("我是侦探", DETECTIVE), ("我是观剧", THEATERGOER), ("我是审问官", INQUISITOR))


@dataclass(frozen=True, slots=True)
class Said:
    """The machine-readable content of one text."""

    role: str | None = None
    checks: tuple[tuple[int, str], ...] = ()
    pairs: tuple[tuple[int, int, str], ...] = ()
    accused: tuple[int, ...] = ()
    blade: int | None = None
    plan: int | None = None
    claim: bool = False


NOTHING = Said()


@lru_cache(maxsize=4096)
def parse(text: str) -> Said:
    """Claims, checks, auditions, accusations and proposals found in ``text`` (cached: bots repeat)."""
    if "号" not in text and "我是" not in text:
        return NOTHING
    role = next((r for marker, r in _ROLES if marker in text), None)
    checks: list[tuple[int, str]] = []
    for m in _CHECK.finditer(text):
        checks.append((int(m[1]), m[2]))
        tail = text[m.end():]
        while (more := _MORE_CHECK.match(tail)) is not None:
            checks.append((int(more[1]), more[2]))
            tail = tail[more.end():]
    pairs = tuple((int(m[1]), int(m[2]), m[3]) for m in _PAIR.finditer(text))
    accused = tuple(int(m) for m in _ACCUSE.findall(text))
    blade = _BLADE.search(text)
    plan = _PLAN.search(text)
    return Said(role, tuple(checks), pairs, accused, int(blade[1]) if blade else None,
                int(plan[1]) if plan else None, bool(role or checks or pairs))


# -- composing -----------------------------------------------------------------------------------

REASONS = {
    "black": "被侦探查出是黑",
    "pair": "试镜结果里和白的人是异",
    "yi": "出现在异的试镜组里",
    "votes": "今天票型都在往这边走",
    "accused": "好几个人都在点这个位置",
    "behaviour": "之前的投票在打身份好的人",
    "hunch": "发言划水，感觉不对",
}

GREETINGS = (
    "大家好，第一天没什么信息，先听听大家发言。",
    "来了来了，今天先划个水，晚上看结果。",
    "第一天盲狙没意义，大家多说说自己的思路吧。",
    "好人加油，杀手藏不住的。",
)

CHATTER = (
    "同意楼上的部分观点，再观察一下。",
    "今天信息不多，先按票型看。",
    "还在想，晚点再说。",
    "这局节奏有点怪，大家稳一点。",
)


def checks_text(results: dict[int, str]) -> str:
    """``【查验】3号=白，7号=黑。`` for a detective's results (empty when there are none)."""
    if not results:
        return ""
    return "【查验】" + "，".join(f"{t}号={c}" for t, c in sorted(results.items())) + "。"


def pairs_text(pairs: list[tuple[int, int, str]]) -> str:
    return "".join(f"【试镜】{a}号与{b}号={r}。" for a, b, r in pairs)


def accuse(target: int, reason: str, *, blue: bool) -> str:
    lead = "蓝字：" if blue else ""
    return f"{lead}我怀疑{target}号，{REASONS.get(reason, REASONS['hunch'])}。"


def detective_claim(results: dict[int, str], target: int | None, *, blue: bool) -> str:
    tail = f"请大家投{target}号。" if target is not None else "大家参考。"
    lead = "蓝字：" if blue else ""
    return f"{lead}我是侦探。{checks_text(results)}{tail}"


def theater_claim(pairs: list[tuple[int, int, str]], target: int | None, *, blue: bool) -> str:
    tail = f"所以我怀疑{target}号。" if target is not None else ""
    lead = "蓝字：" if blue else ""
    return f"{lead}我是观剧。{pairs_text(pairs)}{tail}"


def vote_line(target: int, reason: str) -> str:
    return f"我今天投{target}号，{REASONS.get(reason, REASONS['hunch'])}。"
