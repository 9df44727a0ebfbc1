"""The adjudications of umineko32 (spec §6, A-01..A-45): named flags, and the rulings without one.

Every item that names an alternative, or that a judge may reasonably want to turn, is a flag with
the spec's default (``FLAGS``, each with its item as ``ref``). Every other item is listed in
``ADJUDICATIONS`` with the ruling the engine follows and the reason it has no flag (the text is
explicit, it is a convention rather than a rule, or it needs a human judge). Each of A-01..A-45
appears exactly once: as a flag's ``ref`` or in ``ADJUDICATIONS``.
"""

from __future__ import annotations

from engine.flags import Adjudication, Flag
from engine.narrate.table import Pair

FLAGS: tuple[Flag, ...] = (
    Flag("umineko.witch_color", "白", "A-01",
         "the colour the 魔女 shows to 侦探, 观剧 and 红字结界 (白 as the rules list her among 白棋, or 黑)",
         ("白", "黑")),
    Flag("umineko.apprentice_color", "白", "A-02",
         "the colour the 见习魔女 shows to 侦探, 观剧 and 红字结界 (白, or 黑)", ("白", "黑")),
    Flag("umineko.witch_vacuous_win", True, "A-04",
         "the witch's condition holds when no 平民 is alive (vacuous truth)"),
    Flag("umineko.witch_cowins_when_latched", True, "A-06",
         "the witch's side co-wins whenever its condition latched before the game ended (false: only if "
         "its ascension, 魔女复苏, came before the end)"),
    Flag("umineko.barrier_blocks_conversion", False, "A-07",
         "a barrier on the night-1 平民 blade target also prevents its conversion to 共犯"),
    Flag("umineko.blade_may_target_killers", True, "A-10",
         "无常之刃 may target any living piece, killers included (false: not a 杀手 nor a merged 共犯)"),
    Flag("umineko.detective_team_check", False, "A-11",
         "the two detectives share one check a night instead of one each"),
    Flag("umineko.detective_self_check", False, "A-12", "a detective may check itself"),
    Flag("umineko.barrier_consecutive_includes_self", True, "A-13",
         "红字结界 may not take the same piece two nights in a row, self included (false: self may be "
         "barriered on consecutive nights)"),
    Flag("umineko.theater_chain_last_use", False, "A-14",
         "观剧 rule ③ follows the last use, not only the immediately preceding night"),
    Flag("umineko.barrier_black_second_use_restricts", False, "A-15",
         "a 2nd 红字结界 use on a 黑 piece (which kills it) also restricts the barrier, as a 白 one does"),
    Flag("umineko.results_for_dead_targets", True, "A-16",
         "侦探权限 and 演员试镜 give their result even when a target died that night (false: the result "
         "is 无效, and an audition 无效 neither binds rule ③ nor blocks the next night)"),
    Flag("umineko.privilege_needs_living_theatergoer", False, "A-17",
         "舞台特权 is granted, and protects, only while the 观剧 is alive"),
    Flag("umineko.castling_respects_privilege", True, "A-20",
         "the vote-castling replacement with 舞台特权 today does not die (false: it dies all the same)"),
    Flag("umineko.castling_prefers_believers", True, "A-24",
         "the castling replacement is drawn among marked believers first (false: among all living "
         "marked 平民)"),
    Flag("umineko.inheritance_fallback", "death", "A-25",
         "with no living believer, 魔法传承 kills a random 平民 (death) or converts one alive (convert_alive)",
         ("death", "convert_alive")),
    Flag("umineko.mark_any_piece", True, "A-26",
         "契约标记 may take any piece, alive or dead, the witch herself included (false: only a living "
         "piece other than the witch)"),
    Flag("umineko.default_belief", False, "A-30", "a 平民 that makes no belief choice believes in the witch"),
    Flag("umineko.accomplice_sees_target", False, "A-31",
         "the unmerged 共犯 is told the killers' nightly target"),
    Flag("umineko.reveal_roles_on_death", False, "A-32",
         "announcements name the role of the dead"),
    Flag("umineko.vote_change_limit", -1, "A-34",
         "how many times a seat may change its vote in one day (-1: unlimited)", (-1, 0, 1, 2, 3)),
    Flag("umineko.tie", "none", "A-35",
         "a tied vote: nobody is voted out (none), one of the tied at random, or all tied are voted out",
         ("none", "random", "all_tied_die")),
    Flag("umineko.blue_limit", 3, "§2.2",
         "reasoning posts (蓝字) allowed in the restricted phase", (1, 2, 3, 4, 5)),
    Flag("umineko.last_words_days", 3, "A-36",
         "deaths during game days 1..N may leave last words", (0, 1, 2, 3, 4, 5, 99)),
    Flag("umineko.warnings_to_drown", 2, "A-40", "warnings that drown a piece", (1, 2, 3)),
    Flag("umineko.dead_keep_team_chat", True, "A-41",
         "dead members keep reading and writing their team chat (false: they may not post there and "
         "receive no new team message; a 共犯 that joins 杀手群 on death, or the 魔法传承 soul that "
         "joins 魔女群 dead, then joins in name only and sees nothing)"),
    Flag("umineko.tell_inquisitor_restriction", False, "A-42",
         "the 审问官 is told privately when its barrier becomes restricted"),
    Flag("umineko.soul_joins_after_last_words", True, "A-44",
         "the 魔法传承 soul joins 魔女群 only after its last-words window closes"),
    Flag("umineko.witch_skills_after_latch", False, "A-45",
         "契约标记 and 王车易位 stay available after the witch's win latched, until her ascension"),
)


TEXTS: dict[str, Pair] = {
    "umineko.witch_color": ("魔女对侦探、观剧和红字结界显示的颜色",
                            "the colour the witch shows to detectives, the theatergoer and the barrier"),
    "umineko.apprentice_color": ("见习魔女对侦探、观剧和红字结界显示的颜色",
                                 "the colour the apprentice witch shows to detectives, the theatergoer and the barrier"),
    "umineko.witch_vacuous_win": ("没有存活平民时，魔女方也算达成胜利条件",
                                  "the witch's condition holds when no commoner is alive"),
    "umineko.witch_cowins_when_latched": ("魔女方只要在游戏结束前达成条件就共同胜利（否则须在结束前已魔女复苏）",
                                          "the witch's side co-wins whenever its condition held before the end "
                                          "(else only if the witch's revival came before the end)"),
    "umineko.barrier_blocks_conversion": ("第一晚受红字结界保护的平民刀口不会变成共犯",
                                          "a barrier on the night-1 commoner target also prevents its conversion "
                                          "to the accomplice"),
    "umineko.blade_may_target_killers": ("无常之刃可以选杀手和已合流的共犯",
                                         "the blade may target killers and a merged accomplice"),
    "umineko.detective_team_check": ("两名侦探每晚共用一次查验", "the two detectives share one check a night"),
    "umineko.detective_self_check": ("侦探可以查验自己", "a detective may check itself"),
    "umineko.barrier_consecutive_includes_self": ("红字结界不能连续两晚选审问官自己",
                                                  "the barrier may not take the inquisitor itself two nights running"),
    "umineko.theater_chain_last_use": ("观剧的规则③看最后一次试镜，而不只看前一晚",
                                       "the theatergoer's rule ③ follows the last audition, not only the night before"),
    "umineko.barrier_black_second_use_restricts": ("第二次对【黑】使用红字结界（将其杀死）后，结界也受限",
                                                   "a second barrier on a black piece (which kills it) also "
                                                   "restricts the barrier"),
    "umineko.results_for_dead_targets": ("目标当晚死亡时，查验和试镜仍给出结果（否则结果为无效）",
                                         "checks and auditions give their result even when a target died that night "
                                         "(else the result is void)"),
    "umineko.privilege_needs_living_theatergoer": ("舞台特权只在观剧存活时给予并生效",
                                                   "stage privilege is granted, and protects, only while the "
                                                   "theatergoer lives"),
    "umineko.castling_respects_privilege": ("投票时王车易位的替身若有舞台特权则不死",
                                            "a vote-castling replacement with stage privilege does not die"),
    "umineko.castling_prefers_believers": ("王车易位的替身优先从信仰魔女的已标记平民中抽取",
                                           "the castling replacement is drawn among marked believers first"),
    "umineko.inheritance_fallback": ("没有存活的信仰者时，魔法传承", "with no living believer, the inheritance"),
    "umineko.mark_any_piece": ("契约标记可以选任何棋子（存活或死亡，包括魔女自己）",
                               "the mark may take any piece, alive or dead, the witch herself included"),
    "umineko.default_belief": ("平民不作选择时视为信仰魔女", "a commoner who makes no choice believes in the witch"),
    "umineko.accomplice_sees_target": ("未合流的共犯每晚会被告知杀手的刀口",
                                       "the unmerged accomplice is told the killers' target each night"),
    "umineko.reveal_roles_on_death": ("公布死者的身份", "the roles of the dead are announced"),
    "umineko.vote_change_limit": ("每人每天可改票的次数", "vote changes a seat may make in a day"),
    "umineko.tie": ("平票时", "on a tied vote"),
    "umineko.blue_limit": ("白天限制发言阶段每人每天的蓝字数", "blue (reasoning) posts a day in the restricted phase"),
    "umineko.last_words_days": ("死亡可以留遗言的天数（第 1 天起）", "the days whose dead may leave last words (from day 1)"),
    "umineko.warnings_to_drown": ("被淹死所需的警告数", "the warnings that drown a piece"),
    "umineko.dead_keep_team_chat": ("死者仍可读写自己的群聊", "the dead keep reading and writing their team chat"),
    "umineko.tell_inquisitor_restriction": ("红字结界受限时私信告知审问官",
                                            "the inquisitor is told when its barrier becomes restricted"),
    "umineko.soul_joins_after_last_words": ("魔法传承的灵魂在遗言之后才加入魔女群",
                                            "the inheritance soul joins the witches' chat only after its last words"),
    "umineko.witch_skills_after_latch": ("魔女方达成条件后，契约标记和王车易位在魔女复苏前仍可用",
                                         "the mark and castling stay available after the witch's condition held, "
                                         "until her revival"),
}
"""What each flag decides, in words (``Narration.flags``): a changed flag reads ``what：value``."""

VALUES: dict[str, Pair] = {
    "umineko.inheritance_fallback=death": ("随机一名平民死亡，成为见习魔女的灵魂",
                                          "kills a random commoner, who becomes the apprentice's soul"),
    "umineko.inheritance_fallback=convert_alive": ("随机一名平民存活着成为见习魔女",
                                                  "makes a random commoner the apprentice, alive"),
    "umineko.vote_change_limit=-1": ("不限", "unlimited"),
    "umineko.tie=none": ("无人出局", "nobody is voted out"),
    "umineko.tie=random": ("平票者中随机一人出局", "one of the tied at random is voted out"),
    "umineko.tie=all_tied_die": ("平票者全部出局", "all the tied are voted out"),
    "umineko.last_words_days=0": ("无（任何死者都不能留遗言）", "none (no one leaves last words)"),
    "umineko.last_words_days=99": ("每一天", "every day"),
}
"""Flag values that are words, not numbers or 白/黑 (``flag=value`` → zh, en)."""


ADJUDICATIONS: tuple[Adjudication, ...] = (
    Adjudication("A-03", "魔女, 见习魔女 and 共犯 are not 平民: a mark on them fails, they are never castled onto, "
                 "and the witch's condition ignores them", None,
                 "explicit: each is a distinct identity, and 共犯 is \"不再视为平民\""),
    Adjudication("A-05", "the ascension (魔女复苏) comes at the first DAWN after the latch: the same dawn for a "
                 "latch at SETTLEMENT, the following night's dawn for a latch at a vote", None,
                 "12:00 is the only announcement point of the timetable; no other reading fits it"),
    Adjudication("A-08", "a 平民 castled onto on night 1 becomes the 共犯 instead of dying, and so is out of "
                 "魔法传承", None, "explicit in 补充说明 b"),
    Adjudication("A-09", "无常之刃 is one team target a night, whoever of the team submits it", None,
                 "the text's single 共犯 and \"the\" target; one blade per killer would end the game in "
                 "two nights"),
    Adjudication("A-18", "every piece that shared a 异 pair with the voted-out piece gains 舞台特权 for the "
                 "next day", None, "explicit: \"和他同组显示为【异】的棋子\""),
    Adjudication("A-19", "only the top-voted piece counts as voted out for 舞台特权; a castling replacement "
                 "dies by the vote's form but is not voted out", None,
                 "explicit: \"投票出局(无论是否死亡)\" is the vote's result"),
    Adjudication("A-21", "castling is offered only while unused and a living marked 平民 exists, and only "
                 "to a witch facing death (not one under a barrier); otherwise nothing is asked or used",
                 None, "explicit in settlement step ②2: \"如果魔女面临…死亡效果\""),
    Adjudication("A-22", "marks resolved at step ②1 count at once, for tonight's castling and the win "
                 "check", None, "explicit resolution order: step 1 runs before steps 2–3"),
    Adjudication("A-23", "the witch answers castling in its own window (CASTLE), at the night's settlement or "
                 "right after the tally; a window closed unanswered is a no", None,
                 "a judge's timing convention, not a rule: the engine has no clock, the runner or the "
                 "judge closes the window"),
    Adjudication("A-27", "the 见习魔女 has no skill and only chats; the 魔女 submits marks even when dead",
                 None, "explicit: no skill is listed for 见习魔女, and 契约标记 works alive or dead"),
    Adjudication("A-28", "the prophecy counts believers at setup, k = clamp(b, 3, 6), drawn from the 8 "
                 "non-平民 other than the witch", None, "explicit: \"游戏开局时\""),
    Adjudication("A-29", "弃明投暗 offers only living 杀手; a day without a name delivers nothing (the engine "
                 "does not warn about a name told before)", None,
                 "explicit: \"当棋盘上所有存活杀手均以此方式告知过\""),
    Adjudication("A-33", "the night's dead are announced at DAWN without causes; the thread reopens after the "
                 "last-words phase, which publishes them", None,
                 "presentation convention: the source gives only private 12:00 notices (roles on death "
                 "are flag A-32)"),
    Adjudication("A-37", "any living 杀手 or merged 共犯 may submit the blade; the last submission counts and "
                 "is shown in 杀手群", None, "explicit: \"共犯最终也会…参与杀手的犯行\""),
    Adjudication("A-38", "any public post of the game day, reasoning or chat, counts as speaking for the "
                 "no-speech warning", None, "plain reading of 注意事项2"),
    Adjudication("A-39", "posts are 蓝字 or chat by the author's own label; only the label is enforced",
                 None, "needs a human judge (or an LLM audit) to read the post"),
    Adjudication("A-43", "the changes from the 30th edition (bold in the original) cannot be told apart; the "
                 "engine follows the text as given", None,
                 "not a rule: the formatting was lost; a question for the game designer"),
)
"""The items of spec §6 that carry no flag (every other item is some flag's ``ref``)."""
