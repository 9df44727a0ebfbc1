"""classic7's own texts (its ``Narration``): the witch's notice, the seer's result, causes, the end,
its refusals and every flag in words, in zh and en. The shared frames of ``engine.narrate`` render
the rest (dawn, the vote's result, the shot's out, posts, ballots, last words)."""

from __future__ import annotations

from collections.abc import Callable

from engine import events as ev
from engine.narrate.context import Ctx
from engine.narrate.table import Narration, Pair
from engine.rulesets.classic7.flags import FIRST_WORDS, POISONED_SHOOTS, PUBLISH, SELF_SAVE


def _victim(e: ev.Feedback, c: Ctx) -> str:
    if not e.targets:
        return c.t("今晚狼人没有杀人", "The wolves killed nobody tonight")
    return c.t(f"今晚被狼人杀害的是 {c.seats(e.targets)}", f"Tonight the wolves killed {c.seats(e.targets)}")


def _check(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"{c.seats(e.targets)} 是{c.word(e.result)}", f"{c.seats(e.targets)} is {c.word(e.result)}")


FEEDBACK: dict[str, Callable[[ev.Feedback, Ctx], str]] = {"check": _check, "save": _victim}
"""The seer's result, and what the witch is told with her save potion: the night's victim."""

WORDS: dict[str, Pair] = {
    "killed": ("被杀", "killed"), "none": ("无人被杀", "nobody killed"), "good": ("好人", "good"), "wolf": ("狼人", "a wolf"), "not_offered": ("不在可选目标中", "not among the offered targets"),
    "choice.shoot.no": ("不开枪", "no shot"), "first_night": ("仅第一晚", "on night 1 only"),
    "never": ("从不", "never"), "always": ("任何一晚", "on any night"),
}

CAUSES: dict[str, Pair] = dict(
    kill=("被狼人杀害", "killed by the wolves"), poison=("被女巫毒杀", "poisoned by the witch"),
    vote=("被放逐", "voted out"), shoot=("被猎人开枪带走", "shot by the hunter"))
"""The judge's causes of an out (the god view; dawn publishes none)."""

END_REASONS: dict[str, Pair] = dict(
    wolves_out=("两名狼人均已出局", "both wolves are out"),
    gods_out=("预言家、女巫、猎人均已出局，屠神", "the seer, the witch and the hunter are all out"),
    villagers_out=("两名村民均已出局，屠民", "both villagers are out"))
"""Why the game ended (``outs.reason``)."""

FLAGS: dict[str, Pair] = {
    SELF_SAVE: ("女巫可以自救的夜晚", "the nights on which the witch may save herself"),
    FIRST_WORDS: ("第一天公布夜晚出局者的遗言", "the night's victims leave last words on day 1"),
    PUBLISH: ("法官公布出局者的身份", "the judge publishes the identity of every out"),
    POISONED_SHOOTS: ("被毒的猎人仍可开枪", "a poisoned hunter may still shoot"),
}

DRAWS: dict[str, str] = {"发牌": "the deal", "马甲": "the aliases"}

NARRATION = Narration(
    ruleset="classic7", feedback=FEEDBACK, words=WORDS, causes=CAUSES, end_reasons=END_REASONS,
    flags=FLAGS, draws=DRAWS,
)
