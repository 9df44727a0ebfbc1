"""The adjudications of qijian24 (spec §6, C-01..C-42): named flags, and the rulings without one.

Every item that names an alternative, or that a judge may reasonably want to turn, is a flag with
the spec's default (``FLAGS``, each with its item as ``ref``). Every other item is listed in
``ADJUDICATIONS`` with the ruling the engine follows and why it has no flag. Each of C-01..C-42
appears exactly once.
"""

from __future__ import annotations

from engine.flags import Flag
from engine.narrate.table import Pair

_FLAGS: tuple[Flag, ...] = (
    Flag("qijian.prayer_only_vs_assassins", False, "C-05",
         "prayer lives absorb only 暗杀 (杀手团, 独杀) hits; the doctor still blocks every night kill "
         "(default false: both protect against every night kill)"),
    Flag("qijian.prayer_per_hit", True, "C-06",
         "each prayer life absorbs one hit (false: one life absorbs every hit of one night)"),
    Flag("qijian.prayer_same_night", True, "C-07", "a prayer life protects from the night it is gained"),
    Flag("qijian.mutual_cancel", True, "C-09",
         "two kill parties that target each other's members cancel both kills (互杀抵消)"),
    Flag("qijian.killers_immune_both_ways", True, "C-10",
         "杀手团 ↔ 独杀 kills do nothing in both directions, mutual or not (false: only a mutual pair is "
         "void; a one-way kill between them stands)"),
    Flag("qijian.missing_kill", "random", "C-12",
         "a mandatory kill (杀手团, 独杀) missing at the deadline: a random legal target (random), or "
         "no kill and a warning to the killers (forfeit)", ("random", "forfeit")),
    Flag("qijian.ban_voids_team_kill", True, "C-18", "禁特权令 on a 杀手团 member voids the team kill"),
    Flag("qijian.voided_consumed", True, "C-19",
         "a limited skill used but voided (banned, kill-banned, cancelled) is consumed"),
    Flag("qijian.sheshen_latched", True, "C-14",
         "舍神's kill stays active once 由龙 is out and at most 4 swords live (false: only while that holds)"),
    Flag("qijian.ban_covers_next_day", True, "C-20",
         "禁特权令 also voids the target's day privileges (禁武, 日月) on the next day (false: the night only)"),
    Flag("qijian.immunity_per_stage", True, "C-22",
         "禁武's immunity holds for the one vote stage it is used in (false: for the rest of that day, "
         "and one use a day)"),
    Flag("qijian.rangers_need_independent", True, "C-28",
         "the rangers' 本方至少有1人存活 needs an independent ranger alive (false: any ranger-side member)"),
    Flag("qijian.two_killers_without_envoy", True, "C-29",
         "Wuzhuang B's 至少2杀出局 counts the 杀手团 and 独杀 (false: the envoy counts too)"),
    Flag("qijian.co_victory", True, "C-31",
         "several win conditions holding at one check all win (false: the first in the table's order)"),
    Flag("qijian.exempt_spent_on_declaration", True, "C-23",
         "日月剑's exemption is spent when declared, even with no effect (false: returned when it changes nothing)"),
    Flag("qijian.mage_bonus_any_ranger", True, "C-33",
         "the mage gains a kill for every ranger-side out, whatever its allegiance (false: only independent ones)"),
    Flag("qijian.mage_sees_lone", False, "C-34",
         "the mage's check shows the 独杀 too (default false: only 杀手团 members; 独杀 reads 验证失败)"),
    Flag("qijian.vote_victim_last_words", True, "C-35",
         "a player voted out has last words, given during the following night (false: none)"),
    Flag("qijian.link_any_cause", True, "C-37",
         "绿珠 goes out with 风火连城 by any cause (false: only when he goes out at night)"),
    Flag("qijian.mage_check_and_kill", True, "C-38",
         "the mage may check and kill on the same night (false: one of the two a night)"),
    Flag("qijian.exempt_then_immunity", True, "C-39",
         "日月剑's exemption picks the victim before 禁武使者's immunity is applied (false: immunity first)"),
    Flag("qijian.doctor_self_consecutive", True, "C-40",
         "the doctor may not protect itself two nights running either (false: self is exempt from the rule)"),
    Flag("qijian.no_vote_warning", True, "C-42",
         "a seat that does not vote in a stage is recorded as abstaining and warned (with discipline on)"),
    Flag("qijian.substitute_policy", "drown", "§5",
         "two warnings: the seat is drowned (drown), or its controller is swapped and the seat plays on "
         "(bot, human: role and state kept, warnings cleared)", ("drown", "bot", "human")),
)

FLAGS: tuple[Flag, ...] = tuple(sorted(_FLAGS, key=lambda f: (not f.ref.startswith("C-"), f.ref)))
"""The flags in the spec's order (C-05 … C-42, then the discipline policy of §5)."""

FLAG_WORDS: dict[str, Pair] = {
    "qijian.prayer_only_vs_assassins": ("祈祷得来的额外生命只抵挡杀手团和独杀的暗杀",
                                        "prayer lives absorb only the 杀手团's and the 独杀's assassinations"),
    "qijian.prayer_per_hit": ("每次额外生命只抵挡一次夜杀", "each extra life absorbs one night kill"),
    "qijian.prayer_same_night": ("祈祷当晚就能抵挡夜杀", "a prayer life protects from the night it is gained"),
    "qijian.mutual_cancel": ("两方互杀时双方的杀人都抵消", "two parties killing each other's members cancel both kills"),
    "qijian.killers_immune_both_ways": ("杀手团与独杀互相杀中无效，不论是否互杀",
                                        "kills between the 杀手团 and the 独杀 do nothing, mutual or not"),
    "qijian.missing_kill": ("缺失的必须暗杀如何处理", "what a missing mandatory kill becomes"),
    "qijian.ban_voids_team_kill": ("禁特权令用在杀手团成员身上时杀手团当晚不能杀人",
                                   "a privilege ban on a 杀手团 member voids the team kill"),
    "qijian.voided_consumed": ("被禁止或抵消的限次技能也算用掉", "a limited skill voided or cancelled is still spent"),
    "qijian.sheshen_latched": ("舍神剑的杀人权一经激活永久有效（复活不影响）",
                               "the Sheshen sword's kill stays active once activated (revivals do not undo it)"),
    "qijian.ban_covers_next_day": ("禁特权令的效果持续到次日白天结束", "a privilege ban lasts to the end of the next day"),
    "qijian.immunity_per_stage": ("禁武使者的免投杀只对使用的那一部分投票有效",
                                  "the envoy's immunity holds for the one vote stage it is used in"),
    "qijian.rangers_need_independent": ("游侠方胜利需要至少一名选择独立的游侠存活",
                                        "a ranger win needs an independent ranger alive"),
    "qijian.two_killers_without_envoy": ("武庄方胜利条件 B 的“至少 2 杀出局”只计杀手团和独杀",
                                         "Wuzhuang B's \"two killers out\" counts only the 杀手团 and the 独杀"),
    "qijian.co_victory": ("多方同时达成胜利条件时共同胜利", "several sides meeting their conditions at once all win"),
    "qijian.exempt_spent_on_declaration": ("日月剑的免最高票一经声明即用掉，即使没有改变结果",
                                           "the Riyue sword's exemption is spent when declared, even with no effect"),
    "qijian.mage_bonus_any_ranger": ("游侠方任何成员出局都给法师加一次杀人权（不论其选择）",
                                     "every ranger-side out gives the mage a kill, whatever its choice"),
    "qijian.mage_sees_lone": ("法师查验独杀也会得到结果", "the mage's check shows the 独杀 too"),
    "qijian.vote_victim_last_words": ("被投票出局者当晚可以留遗言", "a player voted out leaves last words that night"),
    "qijian.link_any_cause": ("风火连城无论以何种方式出局，绿珠都随他出局",
                              "绿珠 goes out with Fenghuo Liancheng by any cause"),
    "qijian.mage_check_and_kill": ("法师同一晚可以既查验又杀人", "the mage may check and kill on the same night"),
    "qijian.exempt_then_immunity": ("先结算日月剑的免最高票，再结算禁武使者的免投杀",
                                    "the Riyue exemption is settled before the envoy's immunity"),
    "qijian.doctor_self_consecutive": ("青干剑也不得连续两晚保护自己",
                                       "the doctor may not protect itself two nights running either"),
    "qijian.no_vote_warning": ("不投票者记为弃票并受警告", "a seat that does not vote abstains and is warned"),
    "qijian.substitute_policy": ("累计 2 次警告后如何处理", "what two warnings do to a seat"),
}
"""Each flag in words, zh and en: what it decides (a prompt's or a header's changed adjudications read
this and the value, never the flag's id)."""

ADJUDICATIONS: tuple[tuple[str, str, str | None, str], ...] = (
    ("C-01", "a round (轮) is one night; each 每轮 skill is used at most once a night", None,
     "the structure of the game, not a judge's choice"),
    ("C-02", "独杀, 禁武, 帮手, 祈祷者, the mage, the performer and the rangers know nobody; the 杀手团 know "
     "each other only", None, "the text grants nothing more"),
    ("C-03", "sword k learns the seat and sword name of sword k+1 (mod 7), one way", None, "the text's chain"),
    ("C-04", "identities are published and checked as identity·character (杀手团·瓜哥洛, 由龙剑, 游侠), "
     "without state, charges or allegiance", None, "真实身份（不含状态）"),
    ("C-08", "a prayer on a non-sword wastes the charge silently; nobody is prayed for twice", None,
     "the text says 不得重复祈祷"),
    ("C-11", "杀手团: any living non-member; 独杀 and the others: any living player but oneself", None,
     "prevents a forced suicide"),
    ("C-13", "独杀 is active once any 杀手团 member is out, by any cause, from the next night window", None,
     "杀手 here means the 杀手团"),
    ("C-15", "由龙 gains a snipe per two sword-out events, counted cumulatively (revives never undo them)",
     None, "各剑能力的激活与复活权无关"),
    ("C-16", "a revive is a night action on a player out at nightfall, by a reviver alive at nightfall; "
     "the revived returns at dawn with the same identity and charges, no extra life, last words spent; "
     "绿珠 is not revived with 风火连城", None, "必须在自己未出局前使用"),
    ("C-17", "win conditions use the current status (a revived player counts as alive)", None, "literal"),
    ("C-21", "the Reveal ranger acts at night; the identity is published at dawn", None,
     "特权在夜晚权利行使时间内"),
    ("C-24", "N is the living count at the stage close; a top of 0 votes puts nobody out; ballots for "
     "ineligible candidates are refused", None, "avoids killing on zero votes"),
    ("C-25", "day thresholds count game days (cycles)", None, "each cycle spans three calendar days"),
    ("C-26", "the run-off (Stage 3) is one vote window like the others; its length is the runner's deadline",
     None, "由法官根据情况安排: a clock, which the pure engine does not have"),
    ("C-27", "every living ranger-side member chooses from the dawn of day 2 until night 2; no choice is "
     "independent; an accepted choice is final; one over the limit of 2 is refused with a notice", None,
     "the text's own rule"),
    ("C-30", "2名以上 means 2 or more", None, "以上 is inclusive"),
    ("C-32", "wins are checked after each stage result, at dawn, after instant deaths and after a ranger "
     "choice", None, "choices can complete a side's condition"),
    ("C-36", "lurking: posts < 5 and < 20% of the day's average per living player, counted over the game "
     "day (the engine's vote stages are windows, not the forum's 24-hour segments); at most one warning a "
     "day, a missed ballot included", None, "a rule of discipline, applied with option discipline"),
    ("C-41", "only living rangers choose; a dead ranger stays independent", None, "还存活的游侠"),
)
