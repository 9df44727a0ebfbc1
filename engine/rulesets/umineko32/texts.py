"""umineko32's own texts: its judge posts, results, notices, causes and words, in zh and en.

The rule set's ``Narration`` (``engine.narrate.table``); the shared frames of ``engine.narrate``
look these up for umineko32's games only.
"""

from __future__ import annotations

from engine import events as ev
from engine.narrate.context import Ctx
from engine.narrate.table import Narration, Pair
from engine.narrate.thread import with_identities
from engine.rulesets.umineko32.errors import ERRORS
from engine.rulesets.umineko32.flags import TEXTS as FLAG_TEXTS
from engine.rulesets.umineko32.flags import VALUES as FLAG_VALUES
from engine.rulesets.umineko32.legal import CHAIN_NOTE, TOLD_NOTE


def _dawn(e: ev.Dawn, c: Ctx) -> str:
    if not e.seats:
        return c.judge(c.t("昨夜平安夜，无人死亡", "Nobody died last night"))
    return c.judge(c.t("昨夜死亡：", "Died last night: ") + with_identities(c, e.seats, e.roles, e.majia))


def _detect(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你查验了 {c.seats(e.targets)}：{c.word(e.result)}",
               f"You checked {c.seats(e.targets)}: {c.word(e.result)}")


def _audition(e: ev.Feedback, c: Ctx) -> str:
    pair = c.t(" 与 ", " and ").join(c.seat(s) for s in e.targets)
    return c.t(f"你试镜了 {pair}：{c.word(e.result)}", f"You auditioned {pair}: {c.word(e.result)}")


def _mark(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"你标记了 {c.seats(e.targets)}：{c.word(e.result)}",
               f"You marked {c.seats(e.targets)}: {c.word(e.result)}")


def _prophecy(e: ev.Feedback, c: Ctx) -> str:
    return c.t(f"以下棋子不是平民：{c.seats(e.targets)}", f"These pieces are not commoners: {c.seats(e.targets)}")


def _merged(e: ev.Notice, c: Ctx) -> str:
    return c.t("你已知晓所有存活杀手，弃明投暗，加入杀手群", "You know every living killer: you merge and join the killers' chat")


def _killer_name(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"杀手告知你：{c.seats(e.seats)} 是杀手", f"The killers tell you: {c.seats(e.seats)} is a killer")


def _blade_target(e: ev.Notice, c: Ctx) -> str:
    return c.t(f"杀手今晚的目标：{c.seats(e.seats)}", f"The killers' target tonight: {c.seats(e.seats)}")


def _death(e: ev.Notice, c: Ctx) -> str:
    if e.data.get("last_words"):
        return c.t("你已死亡。请在遗言阶段提交遗言", "You are dead. Submit your last words in the last-words phase")
    return c.t("你已死亡，不能留下遗言", "You are dead and may leave no last words")


def _apprentice(e: ev.Notice, c: Ctx) -> str:
    if e.data.get("soul"):
        return c.t("你已死亡，成为见习魔女的灵魂，加入魔女群",
                   "You died and became the apprentice witch's soul; you join the witches' chat")
    return c.t("你成为了见习魔女，加入魔女群", "You became the apprentice witch; you join the witches' chat")


def _promotion(e: ev.Notice, c: Ctx) -> str:
    acc = e.data.get("accomplice")
    name = e.data.get("killer_name")
    who = c.seat(int(acc)) if isinstance(acc, int) else c.seats(e.seats)
    told = c.seat(name) if isinstance(name, int) else c.t("（第一天未告知）", "(none given on day 1)")
    return c.t(f"共犯诞生：{who}；第一天告知的杀手：{told}",
               f"The accomplice is {who}; the killer named on day 1: {told}")


def _barrier_restricted(e: ev.Notice, c: Ctx) -> str:
    return c.t("你的【红字结界】已受限：此后只能选择自己或从未选过的棋子",
               "Your Red barrier is now restricted: from now on only yourself or pieces never chosen before")


def _witch_revival(e: ev.Announced, c: Ctx) -> str:
    return c.t("魔女复苏", "The witch revives (魔女复苏)")


def _vote_tally(e: ev.Resolved, c: Ctx) -> str:
    pairs = [p.split(":", 1) for p in e.result.split(",") if ":" in p]
    counts = c.sep.join(f"{c.seat(int(s))} {n.strip()}" for s, n in pairs if s.strip().isdigit()) or c.t("无", "none")
    return c.t(f"计票：{counts}；出局：{c.seats(e.targets)}", f"tally: {counts}; voted out: {c.seats(e.targets)}")


def _castling(e: ev.Resolved, c: Ctx) -> str:
    how = c.t("刀杀", "the blade") if e.result == "night" else c.t("投票", "the vote")
    return c.t(f"【{c.skill(e.skill)}】{c.seat(e.actor)} 发动：{c.seats(e.targets)} 代她承受{how}",
               f"{c.skill(e.skill)}: {c.seat(e.actor)} castles; {c.seats(e.targets)} takes {how} in her place")


def _privilege(e: ev.Resolved, c: Ctx) -> str:
    return c.t(f"【{c.skill(e.skill)}】{c.seats(e.targets)} 第{e.result}天免于投票死亡",
               f"{c.skill(e.skill)}: {c.seats(e.targets)} cannot die by vote on day {e.result}")


WORDS: dict[str, Pair] = {
    "黑": ("黑", "black"), "白": ("白", "white"), "同": ("同", "same"), "异": ("异", "different"),
    "无效": ("无效（目标当晚已死亡）", "void (the target died that night)"),
    "非平民": ("非平民", "not a commoner"),
    "protect": ("保护", "protected"), "kill": ("第二次结界，黑，处决", "second use on a black piece: killed"),
    "void": ("第二次结界，白，未保护，审问官受限", "second use on a white piece: not protected, inquisitor restricted"),
    "accomplice": ("成为共犯", "became the accomplice"), "merged": ("已合流", "merged"),
    "apprentice": ("成为见习魔女", "became the apprentice witch"),
    "soul": ("死亡，成为见习魔女的灵魂", "died and became the apprentice's soul"),
    "soul_pending": ("死亡，成为见习魔女的灵魂（遗言后入群）",
                     "died and became the apprentice's soul (joins after last words)"),
    "night": ("夜晚", "night"), "vote": ("投票", "vote"),
    "died": ("死亡", "died"), "immune": ("舞台特权，未死亡", "stage privilege: survived"),
    "castled": ("王车易位，替身死亡", "castled: the replacement died"),
    "castled_immune": ("王车易位，替身有舞台特权，无人死亡", "castled: the replacement was immune, nobody died"),
    "choice.belief.yes": ("信仰魔女", "believe"), "choice.belief.no": ("不信仰魔女", "do not believe"),
    **FLAG_VALUES,
}

CAUSES: dict[str, Pair] = {
    "drowned": ("累计警告，淹死", "drowned (too many warnings)"),
    "blade": ("无常之刃", "the blade"),
    "barrier": ("红字结界（第二次用于黑）", "a second red barrier on a black piece"),
    "castling": ("王车易位（替魔女而死）", "castling (died in the witch's place)"),
    "ascension": ("魔女复苏（离场）", "the witch's revival (left the game)"),
    "inheritance": ("魔法传承（成为见习魔女的灵魂）", "inheritance (became the apprentice's soul)"),
}
"""Causes of a death: the public ``drowned``, and the judge's (``Died.cause``; the thread never says them)."""

WARNINGS: dict[str, Pair] = {
    "silence": ("当日未发言", "no public post today"), "no_vote": ("未投票", "did not vote"),
    "blue_overflow": ("蓝字超限", "too many blue (reasoning) posts"), "curfew": ("宵禁后发言", "posting after curfew"),
}

WITHHELD: dict[str, Pair] = {
    "blue_overflow": ("蓝字超限，被法官抽走", "over the blue (reasoning) limit, taken down by the judge"),
    "curfew": ("宵禁中，不得发言", "curfew: the thread is closed"),
}

QUESTIONS: dict[str, Pair] = {
    "night": ("你即将被【无常之刃】杀害。", "You are about to die by the blade. "),
    "vote": ("你被投票出局，即将死亡。", "You were voted out and are about to die. "),
}

END_REASONS: dict[str, Pair] = {
    "key whites all dead": ("白方关键棋子全部死亡", "every key white piece is dead"),
    "killers all dead": ("杀手全部死亡", "every killer is dead"),
    "both": ("黑白双方同时达成胜利条件", "both Black and White met their conditions"),
}

STATUSES: dict[str, Pair] = {
    "restricted": ("已受限：只能选自己或从未选过的棋子", "restricted: only yourself or pieces never chosen"),
    "blocked_tonight": ("昨夜试镜结果为同，今晚不能试镜", "blocked tonight after last night's 同"),
    "latched": ("魔女胜利条件已锁定，技能停止", "stopped: the witch's condition has latched"),
    "believer": ("信仰魔女", "believes in the witch"),
    "merged": ("已合流（属于杀手群，显示为【黑】）", "merged (in the killers' chat, shows black)"),
    "marked": ("已被魔女标记", "marked by the witch"),
    "immune": ("今天有舞台特权", "stage privilege today"),
    "night1_only": ("仅第一晚有效，已过", "night 1 only: over"),
    "given": ("开局时已给出", "given at the start"),
}

NOTES: dict[str, Pair] = {
    TOLD_NOTE: ("共犯已经知道的存活杀手：{seats}", "the accomplice already knows these living killers: {seats}"),
    CHAIN_NOTE: ("规则③：其中恰好一个目标必须是昨晚结果为【异】的两人之一",
                 "rule ③: exactly one target must be one of last night's 异 pair"),
}
"""The notes of umineko32's legal actions (``LegalAction.note``)."""

DRAWS: dict[str, str] = {"魔女预言": "witch prophecy", "王车易位": "castling replacement", "魔法传承": "inheritance"}

NARRATION = Narration(
    ruleset="umineko32",
    kinds={"dawn": _dawn},
    announcements={"witch_revival": _witch_revival},
    notices={"merged": _merged, "killer_name": _killer_name, "blade_target": _blade_target, "death": _death,
             "apprentice": _apprentice, "promotion": _promotion, "barrier_restricted": _barrier_restricted},
    feedback={"detect": _detect, "audition": _audition, "mark": _mark, "prophecy": _prophecy},
    resolved={"vote": _vote_tally, "stage_privilege": _privilege, "castling": _castling},
    words=WORDS, causes=CAUSES, warnings=WARNINGS, withheld=WITHHELD, questions=QUESTIONS,
    end_reasons=END_REASONS, draws=DRAWS, statuses=STATUSES, errors=ERRORS, notes=NOTES,
    flags=FLAG_TEXTS,
)
