"""majiasha2's refusals: every error it raises, as a code with parameters and its text in zh and en.

An ``IllegalAction`` / ``SetupError`` of this rule set carries a code of ``ERRORS`` and the values it
names (seats as ``seat``/``target``/``allowed``, 马甲 as ``majia``/``listed``, skills, phases …, see
``engine.narrate.messages``), so a zh prompt, the web table and the judge console say it in the
reader's language with the game's names. The English keeps the sentences the rule set used to raise.
Reasons inside a refusal (``why``) are codes of the same table, nested as ``{"code", "params"}``.
"""

from __future__ import annotations

from engine.errors import RuleErrors, reason
from engine.narrate.table import Pair

RULESET = "majiasha2"


_ERRORS = RuleErrors(RULESET)
refuse = _ERRORS.illegal
bad_setup = _ERRORS.setup
why = reason


ERRORS: dict[str, Pair] = {
    # -- who may act ---------------------------------------------------------------------------
    "no_seat": ("没有 {number} 号角色（角色为 1 至 {count} 号）", "no seat {number}: seats (角色) are 1..{count}"),
    "dead_cannot_act": ("{seat} 已出局，不能在第{day}天{phase}行动", "{seat} is out and cannot act in {phase} of day {day}"),
    "sent_off_cannot_act": ("{seat} 已被罚下，不能在第{day}天{phase}行动",
                            "{seat} is sent off (罚下) and cannot act in {phase} of day {day}"),
    "already_answered": ("{seat} 在第{day}天{phase}已经作答", "{seat} has already answered in {phase} of day {day}"),
    "nothing_to_do": ("{seat} 在第{day}天{phase}没有可做的事", "{seat} has nothing to do in {phase} of day {day}"),
    "cannot_do": ("{seat} 在第{day}天{phase}不能{action}；现在可以：{can}",
                  "{seat} cannot {action} in {phase} of day {day}; it may: {can}"),
    "vote_changes_used": ("{seat} 在第{day}天{phase}的改票次数（{limit} 次）已用完",
                          "{seat} has used its {limit} vote change(s) in {phase} of day {day}"),
    # -- votes and choices (by 马甲) ------------------------------------------------------------
    "vote_target": ("{seat}：第{day}天{phase}不能投给{majia}；可投：{listed}",
                    "{seat}: vote in {phase} of day {day}: {majia} cannot be voted; legal: {listed}"),
    "choose_one": ("{seat}：第{day}天{phase}的【{skill}】须指定名单上的一个马甲，收到 {count} 个；可选：{listed}",
                   "{seat}: {skill} in {phase} of day {day} names one listed majia; got {count}, legal: {listed}"),
    "choose_target": ("{seat}：第{day}天{phase}的【{skill}】不能指定{majia}；可选：{listed}",
                      "{seat}: {skill} in {phase} of day {day} cannot name {majia}; legal: {listed}"),
    # -- skills ----------------------------------------------------------------------------------
    "confirm_nothing": ("{seat}：第{day}天{phase}还没有提交技能，无需【确定】",
                        "{seat}: 确定 (confirm) in {phase} of day {day}: nothing submitted to confirm"),
    "shorten_again": ("{seat} 今天已经同意过缩短白天", "{seat}: 缩短白天 (shorten the day): already agreed today"),
    "shorten_not_now": ("{seat}：只有存活角色在白天讨论时才能同意缩短白天",
                        "{seat}: 缩短白天 (shorten the day): only a living 角色 may, during the day's discussion"),
    "skill_now": ("{seat} 不能在第{day}天{phase}使用【{skill}】：{why}",
                  "{seat} cannot use {skill} in {phase} of day {day}: {why}"),
    "skill_arity": ("{seat}：【{skill}】需要 {n} 个不同的目标，收到 {count} 个",
                    "{seat}: {skill} takes {n} different target(s), got {count}"),
    "skill_arity_range": ("{seat}：【{skill}】需要 {low} 至 {high} 个不同的目标，收到 {count} 个",
                          "{seat}: {skill} takes {low} or {high} different targets, got {count}"),
    "skill_target": ("{seat}：【{skill}】不能以{target}为目标（{why}）；可选：{allowed}",
                     "{seat}: {skill}: {target} is not a legal target: {why}; legal: {allowed}"),
    "skill_target_majia": ("{seat}：【{skill}】不能以{majia}为目标（{why}）；可选：{listed}",
                           "{seat}: {skill}: {majia} is not a legal target: {why}; legal: {listed}"),
    # -- the reasons named inside a refusal ------------------------------------------------------
    "why_out": ("已出局", "it is out"),
    "why_dying_killer": ("只有处于存活状态的杀手才能杀人（你处于濒死）", "only a killer in 存活 state may kill (it is 濒死)"),
    "why_submits_used": ("本步骤已提交 {n} 次，请确定或过", "it has submitted {n} times in this step; confirm or pass"),
    "why_soundproof_used": ("隔音之盾是限定技，已经用过", "隔音之盾 is once per game (限定技) and was used"),
    "why_potion_used": ("药剂是限定技，已经用过", "药剂 is once per game (限定技) and was used"),
    "why_no_skill": ("你的身份在这一步没有这个技能", "its identity has no such skill in this step"),
    "why_range": ("编号只有 1 至 {count}", "numbers run 1..{count}"),
    "why_target_out": ("该角色已出局", "that 角色 is out"),
    "why_guard_repeat": ("守护之盾不能连续两晚保护同一角色（D-15）",
                         "守护之盾 cannot protect the same 角色 two nights in a row (D-15)"),
    "why_frenzied": ("该角色已处于癫狂状态", "that 角色 is already 癫狂"),
    "why_self": ("不能以自己为目标", "not on oneself"),
    "why_rules": ("规则不允许", "not allowed by the rules"),
    "why_majia_out": ("该马甲已出局", "that majia is out"),
    "why_own_majia": ("不能以自己的马甲为目标", "not on one's own majia"),
    "why_not_faction": ("不是本阵营的马甲", "not a majia of this faction"),
    # -- last words and their redaction (spec §2.4) ----------------------------------------------
    "last_words_line": ("{seat}：遗言只能写一行，请去掉换行", "{seat}: last words must be a single line; remove the line breaks"),
    "last_words_length": ("{seat}：遗言须为 {low}–{high} 个字（含标点），收到 {length} 个字",
                          "{seat}: last words must have {low}–{high} characters; got {length}"),
    "redact_length": ("{seat}：遮挡后的遗言必须与 {target} 的原文等长（{length} 个字，把要遮挡的字换成■），收到 {got} 个字",
                      "{seat}: the redaction of {target}'s last words must keep their length {length} (replace "
                      "characters by ■); got {got}"),
    "redact_char": ("{seat}：遮挡后的第 {position} 个字是「{char}」：只能保留原字「{original}」或换成■",
                    "{seat}: character {position} of the redaction is {char!r}: only ■ may replace a character of "
                    "the original ({original!r})"),
    "redact_kept": ("{seat}：遮挡后至少要保留 {least} 个字不被遮挡，现在只保留了 {kept} 个",
                    "{seat}: a redaction must leave at least {least} characters unmasked; it leaves {kept}"),
    # -- targets written as text (two name layers) ------------------------------------------------
    "target_ambiguous": ("「{text}」既可读作角色{target}，也可读作{majia}，无法判断；此处的目标是马甲，"
                         "请照选项原样填写：{listed}",
                         "{text!r} reads both as the account {target} and as {majia}: it is not guessed; this "
                         "target is a majia: write it as an option does: {listed}"),
    "target_ambiguous_account": ("「{text}」既可读作角色{target}，也可读作{majia}，无法判断；此处的目标是角色，"
                                 "请照选项原样填写：{allowed}",
                                 "{text!r} reads both as the account {target} and as {majia}: it is not guessed; "
                                 "this target is an account (角色): write it as an option does: {allowed}"),
    "target_is_account": ("「{text}」是角色{target}，而此处的目标是马甲；可选：{listed}",
                          "{text!r} is the account {target}, but this target is a majia; legal: {listed}"),
    "target_is_majia": ("「{text}」是{majia}，而此处的目标是角色；可选：{allowed}",
                        "{text!r} is {majia}, but this target is an account (角色); legal: {allowed}"),
    # -- setup -----------------------------------------------------------------------------------
    "size_unsupported": ("马甲杀 2.0 支持 9 至 26 人，不支持 {count} 人（选项 size）",
                         "majiasha2 plays 9 to 26 players; {count} is not supported (option size)"),
    "unknown_options": ("不认识的选项 {names}；马甲杀 2.0 的选项有 {known}",
                        "unknown option(s) {names}; majiasha2 knows {known}"),
    "rounds_range": ("选项 rounds：DAY={posts} 不允许，每天发言次数须为 0 至 20",
                     "rounds: DAY={posts} is not allowed; give 0..20 posts per day"),
    "discipline_unknown": ("选项 discipline：不认识的类别 {names}；可填 true、false 或 {known} 中的若干项",
                           "discipline: unknown categories {names}; give true, false or a list of {known}"),
    "majia_numbers": ("座位表：马甲号须为 1 至 {count}，各用一次；收到 {numbers}",
                      "seats: the 马甲 numbers must be 1..{count}, each once; got {numbers}"),
    "seating_seats": ("{count} 人的马甲杀需要 1 至 {count} 号角色各一次；收到 {numbers}",
                      "majiasha2 with {count} players needs seats 1..{count} exactly once; got {numbers}"),
    "roster_mismatch": ("身份与 {count} 人的配置不符：{diff}", "the roster does not match the {count}-player row: {diff}"),
    "roster_count": ("{role} {got} 个（需要 {want} 个）", "{role} {got} (needs {want})"),
    "faction_roster": ("阵营{faction}须有长老 1 名、杀手 {killers} 名{extra}；收到 {got}",
                       "faction {faction} must hold 长老 ×1, 杀手 ×{killers}{extra}; got {got}"),
    "seat_no_role": ("{seat} 没有身份：请给每个座位写明身份（及阵营）",
                     "{seat} has no role: give every seat its identity (and faction)"),
    "seat_role": ("{seat}：{error}", "{seat}: {error}"),
    "seat_faction": ("{seat}（{role}）：请写明阵营 A、B 或 C（阵营A…）",
                     "{seat} ({role}): give its faction, A, B or C (阵营A…)"),
}
"""Every code this rule set raises (``Narration.errors``)."""
