"""The adjudications of spec §6 (D-01..D-41): each a named flag with the spec's default, or a ruling.

Every item appears exactly once: in ``FLAGS`` when the engine can play either reading, in
``ADJUDICATIONS`` (with the reason it has no flag) when the spec's ruling is the only coherent one.
"""

from __future__ import annotations

from engine.flags import Adjudication, Flag

FLAGS: tuple[Flag, ...] = (
    Flag("majia.elder_first_dying_grace", False, "D-05",
         "the first time an elder would go out from 濒死 it is marked and stays at 0 HP (the text's "
         "\"无标记的长老\", inert by default)"),
    Flag("majia.seer_shows_faction", False, "D-06", "预言 shows the identity and the faction"),
    Flag("majia.reveal_alias_on_night_out", True, "D-07",
         "a night-out 角色 is announced with its 马甲 (false: only the 角色; 马甲 votes and potions on an out "
         "马甲 are then wasted instead of refused)"),
    Flag("majia.killers_may_hit_own_faction", True, "D-08", "杀人 may target any living 角色, own faction too"),
    Flag("majia.dying_may_act", True, "D-10", "roles in 濒死 other than killers still act (killers never do)"),
    Flag("majia.witch_team_is_current_faction", True, "D-13",
         "an eloped witch's \"本阵营\" is 情侣阵营 (false: her origin faction)"),
    Flag("majia.guard_consecutive_rule", True, "D-15", "守护之盾 may not repeat last night's 角色"),
    Flag("majia.piper_may_target_self", False, "D-17", "吹笛 may frenzy its own 角色 (wasted)"),
    Flag("majia.piper_vacuous_win", True, "D-18",
         "the piper wins when no killer is alive (every living killer is vacuously 癫狂)"),
    Flag("majia.shelter_on_vote", True, "D-20", "爱神 庇佑 applies to vote-outs as well as night-outs"),
    Flag("majia.sent_off_is_out", True, "D-27", "a sent-off role counts as out for the win conditions"),
    Flag("majia.penalty_no_vote", 3, "D-28", "penalty points for not voting on a day", (0, 1, 2, 3, 4, 6, 12)),
    Flag("majia.penalty_no_post", 3, "D-28", "penalty points for not posting on a day", (0, 1, 2, 3, 4, 6, 12)),
    Flag("majia.vote_change_limit", 1, "D-29", "vote changes allowed per day (『隋唐』: one)", (-1, 0, 1, 2, 3)),
    Flag("majia.defeated_keep_skills", True, "D-31", "a defeated faction's members keep their skills"),
    Flag("majia.cupid_may_not_link_piper", False, "D-40", "爱神 may not pick the piper's 角色"),
    Flag("majia.last_words_min", 10, "§2.4", "minimum last-words length in code points", (1, 5, 10, 20)),
    Flag("majia.last_words_max", 200, "§2.4", "maximum last-words length in code points", (200, 400, 1000)),
)


FLAG_TEXTS: dict[str, tuple[str, str]] = {
    "majia.elder_first_dying_grace": ("长老第一次将因濒死出局时被标记、以 0 生命值留在场上（原文“无标记的长老”）",
                                      "an elder about to go out from 濒死 for the first time is marked and stays at 0 HP"),
    "majia.seer_shows_faction": ("预言同时显示阵营", "预言 shows the faction as well"),
    "majia.reveal_alias_on_night_out": ("夜晚出局的角色公布其马甲", "a night-out account is announced with its majia"),
    "majia.killers_may_hit_own_faction": ("杀手可以对本阵营的角色杀人", "killers may hit their own faction's accounts"),
    "majia.dying_may_act": ("濒死的非杀手身份仍可发动技能", "dying roles other than killers still act"),
    "majia.witch_team_is_current_faction": ("私奔的女巫的“本阵营”是情侣阵营（否：原阵营）",
                                            "an eloped witch's own faction is the Lovers (no: her origin faction)"),
    "majia.guard_consecutive_rule": ("守护之盾不能连续两晚保护同一角色", "守护之盾 may not protect the same account two nights running"),
    "majia.piper_may_target_self": ("吹笛可以选自己的角色（无效）", "the piper may pipe its own account (wasted)"),
    "majia.piper_vacuous_win": ("没有存活的杀手时吹笛获胜", "the piper wins when no killer is alive"),
    "majia.shelter_on_vote": ("爱神的庇佑也适用于投票出局", "cupid's shelter applies to vote-outs too"),
    "majia.sent_off_is_out": ("罚下在胜负判定中算作出局", "a sent-off role counts as out for the win conditions"),
    "majia.penalty_no_vote": ("一天不投票扣的分数", "penalty points for not voting on a day"),
    "majia.penalty_no_post": ("一天不发言扣的分数", "penalty points for not posting on a day"),
    "majia.vote_change_limit": ("每天可以改票的次数（-1 为不限）", "vote changes allowed per day (-1: no limit)"),
    "majia.defeated_keep_skills": ("已判负阵营的成员保留技能", "a defeated faction's members keep their skills"),
    "majia.cupid_may_not_link_piper": ("爱神不能选吹笛的角色", "cupid may not link the piper's account"),
    "majia.last_words_min": ("遗言的最少字数", "the fewest characters of last words"),
    "majia.last_words_max": ("遗言的最多字数", "the most characters of last words"),
}
"""What each flag decides, in words (``Narration.flags``): a changed flag is said this way, never by its id."""


ADJUDICATIONS: tuple[Adjudication, ...] = (
    Adjudication("D-01", "A is upstream of B, B of C, C of A", None, "derived from the three sentences of the text"),
    Adjudication("D-02", "base HP = killers per faction; 长老 and 吹笛 twice that", None, "explicit: \"等同于每个阵营初始杀手数目\""),
    Adjudication("D-03", "each general faction gets 1/3 of every count; 爱神 and 吹笛 are outside", None,
                 "the only reading whose rows sum to N"),
    Adjudication("D-04", "with no 先知 in the row the seer clause is vacuously met", None,
                 "otherwise 9–11 players could never win but by last standing"),
    Adjudication("D-09", "HP floors at 0; damage to a 濒死 role is wasted", None, "no negative HP exists in the text"),
    Adjudication("D-11", "inside a step: confirmed actions by confirm time, then unconfirmed by submit time", None,
                 "the literal rule extended to the mixed case; the engine's order of events is the clock"),
    Adjudication("D-12", "药剂 may target any not-out 马甲, self included; a non-dying or enemy target becomes 濒死",
                 None, "literal \"任一\""),
    Adjudication("D-14", "通灵 is delivered at the start of step 5, before the witch decides, also on the night "
                 "she uses the potion; she has none on later nights", None,
                 "she cannot know in advance whether she will use it: no other reading can be played"),
    Adjudication("D-16", "shields last that night only", None, "\"游戏日夜晚\""),
    Adjudication("D-19", "a frenzied killer's hit on the piper is void and still spends its action", None,
                 "explicit: \"对吹笛发动【杀人】技能无效\""),
    Adjudication("D-21", "two dying lovers: 爱神 replaces the first, the second goes out, the first follows by 殉情",
                 None, "strict application of forced skills"),
    Adjudication("D-22", "elder voters: members, original-faction lovers and a joined 爱神; 爱神 cannot be elected",
                 None, "explicit: \"属于该阵营的全体成员与原本属于该阵营的情侣\""),
    Adjudication("D-23", "cross-faction lovers get identities in their origin faction and keep them for win checks",
                 None, "they stay in the origin chat and election"),
    Adjudication("D-24", "the elder is the first 马甲 to reach the top count; no votes → random", None,
                 "explicit: \"最先达到最高票马甲\""),
    Adjudication("D-25", "the elder's list: current downstream members' 马甲 (eloped lovers out, joined 爱神 in)",
                 None, "\"下家阵营的全部马甲\""),
    Adjudication("D-26", "elders learn their HP after step 15 of every night ≥ 1", None, "\"其他夜晚结束后\""),
    Adjudication("D-30", "with no undefeated faction left, the faction defeated last wins", None,
                 "keeps exactly one winner"),
    Adjudication("D-32", "the killer whose hit brought HP to 0 redacts; misfire, 殉情 or vote → no redaction", None,
                 "\"发动技能的角色\" is singular"),
    Adjudication("D-33", "identities are never announced; the piper's exit is, with the lifting of 癫狂", None,
                 "explicit in the text"),
    Adjudication("D-34", "real-time lengths are the runner's business: windows close when answered or advanced",
                 None, "the engine has no clock"),
    Adjudication("D-35", "a sent-off sheriff's successor is drawn at random", None, "罚下 has no triggers"),
    Adjudication("D-36", "3+ tied: the sheriff's choice goes out if among them, else nobody", None,
                 "\"两名角色均不出局\" generalised"),
    Adjudication("D-37", "a joined 爱神 keeps base HP, enters the faction chat, and 庇佑 still applies", None,
                 "nothing in the text changes them"),
    Adjudication("D-38", "a lover cannot be frenzied, so a lover killer blocks the piper's win while it lives", None,
                 "explicit: \"若该角色不为情侣之一\""),
    Adjudication("D-39", "爱神 learns its resulting faction, not the lovers' 马甲; it is not in the lovers' chat",
                 None, "\"此两名角色互知共群\" names only the two lovers"),
    Adjudication("D-41", "\"存活\" targets mean not out: 濒死 roles can be checked, shielded or hit", None,
                 "only the killer clause says 存活状态"),
)
