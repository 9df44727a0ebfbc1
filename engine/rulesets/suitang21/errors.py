"""suitang21's refusals as codes with parameters, and their texts in zh and en.

Every ``IllegalAction`` and ``SetupError`` this rule set raises is made here (``illegal``,
``setup_error``), so it carries the rule set's id and is rendered with suitang21's own texts
(``ERRORS``, its ``Narration.errors``) in the reader's language: ``str()`` of one is the English
sentence, ``render("zh", names)`` the Chinese one. A reason inside a refusal (why a target is not
legal, what a seat may do instead) is itself a code (``why``), nested as ``{"code", "params"}`` so it
is rendered in the same language.

Parameters are named as ``engine.narrate.messages`` renders them: ``seat``/``target`` a seat,
``targets``/``allowed`` seats, ``skill``/``phase``/``role``/``team`` by the name tables.
"""

from __future__ import annotations

from engine.errors import RuleErrors, reason
from engine.narrate.table import Pair
from engine.table.deal import coded

RULESET = "suitang21"


_ERRORS = RuleErrors(RULESET)
illegal = _ERRORS.illegal
setup_error = _ERRORS.setup
why = reason

ROSTER = coded(setup_error, why, seats="roster_seats", no_role="seat_no_role", unknown_role="seat_unknown_role",
               roster="roster_counts", count="roster_count")
"""A fixed seating's refusals (``engine.table.deal``), in suitang21's codes."""

ERRORS: dict[str, Pair] = {
    # -- who may act -------------------------------------------------------------------------------
    "no_seat": ("没有 {target} 这个座位（座位为 1 至 {count}）", "no seat {target}: seats are 1..{count}"),
    "skill_unavailable": ("{seat} 现在（第{day}天 {phase}）不能使用【{skill}】：{why}",
                          "{seat} cannot use {skill} in {phase} of day {day}: {why}"),
    "dead_cannot_act": ("{seat} 已出局，第{day}天 {phase} 不能行动（出局后不得发言，诈尸）",
                        "{seat} is out and cannot act in {phase} of day {day} (no posting after out, 诈尸)"),
    "already_answered": ("{seat} 已在第{day}天 {phase} 作答，只采纳一次作答",
                         "{seat} has already answered in {phase} of day {day}; only one answer is taken"),
    "nothing_to_do": ("{seat} 在第{day}天 {phase} 没有可做的事", "{seat} has nothing to do in {phase} of day {day}"),
    "cannot_do": ("{seat} 在 {phase} 不能{action}；可以：{can}", "{seat} cannot {action} in {phase}; it may: {can}"),
    "unknown_skill": ("{seat}：不认识的技能「{name}」",
                      "{seat}: unknown skill '{name}' (`arena rules suitang21` lists them)"),
    # -- posts and ballots -------------------------------------------------------------------------
    "day_posts_used": ("{seat} 今天已发满 {limit} 帖（每天的发帖上限）；可以投票或跳过",
                       "{seat} has made its {limit} posts today (option day_posts); vote or pass"),
    "no_such_floor": ("引用第 {floor} 楼：没有这一楼（帖子共 {floors} 楼）",
                      "quote {floor}: no such floor (the thread has {floors} floors)"),
    "vote_changes_used": ("{seat} 今天不能再改票：每天只能改票 {limit} 次，超过的改票无效",
                          "{seat} cannot change its vote again today: {limit} change(s) a day, a further change is void"),
    "vote_after_acceleration": ("{seat} 已投票，今天已加速：加速后不能改票（§2.3）",
                                "{seat} has voted and the day was accelerated: no change of vote after acceleration (§2.3)"),
    "vote_needs_reason": ("{seat}：投票必须同时写明目标和理由（§2.4），格式有误的投票算作废票；请写明理由，或以空目标弃权",
                          "{seat}: a vote needs a target and a reason (§2.4), a malformed vote is void; "
                          "give the reason, or abstain with target null"),
    "vote_target": ("{seat}：不能投给 {target}（{why}）；可投：{targets}",
                    "{seat}: vote target {target} is {why}; living roles: {targets}"),
    # -- skills and answers ------------------------------------------------------------------------
    "skill_arity": ("{seat}：【{skill}】需要 {n} 个不同的目标，收到 {got}",
                    "{seat}: {skill} takes {n} distinct target(s), got {got}"),
    "skill_target": ("{seat}：第{day}天 {phase}【{skill}】不能指定 {target}：{why}；可选：{allowed}",
                     "{seat}: {skill} cannot target {target} in {phase} of day {day}: {why}; allowed: {allowed}"),
    "choice_target": ("{seat}：【{skill}】只能指定一名除自己以外的存活角色；收到 {got}，可选：{allowed}",
                      "{seat}: {skill} names one living role other than itself; got {got}, allowed: {allowed}"),
    "unknown_card": ("不认识的牌「{card}」：请给蓝牌、黄牌或红牌",
                     "unknown card '{card}': give 蓝牌/黄牌/红牌 (or blue/yellow/red)"),
    # -- nested reasons (``why``) ------------------------------------------------------------------
    "why.skills_lost": ("长老出局，它已失去全部技能", "it lost all its skills (the elder penalty)"),
    "why.detect_used": ("【犯罪天才】每局限用一次（限定），已经用过", "Criminal genius is once per game (限定) and was used"),
    "why.witch_wave": ("女巫在自己的行动阶段（通灵之后）用药", "the witch acts in her own wave, after 通灵"),
    "why.answered": ("本阶段已经作答", "it has already answered in this window"),
    "why.no_skill": ("它的身份现在没有这个技能", "its identity has no such skill now"),
    "why.out": ("已出局", "out"),
    "why.not_a_seat": ("不是座位", "not a seat"),
    "why.no_such_seat": ("没有这个座位", "no such seat"),
    "why.target_out": ("{target} 已出局", "{target} is out"),
    "why.hugged_before": ("{target} 已被拥抱过（每人只能被拥抱一次）", "{target} was hugged before (once per target)"),
    "why.guarded_before": ("{target} 已被守护过（每人只能被守护一次）", "{target} was guarded before (once per target)"),
    "why.not_self": ("规则不允许以自己为此技能的目标", "the rules forbid targeting oneself with this skill"),
    "why.not_legal": ("不是合法目标", "not a legal target"),
    # -- actions, as ``cannot_do`` names them ------------------------------------------------------
    "act.post": ("发帖", "post"),
    "act.vote": ("投票", "vote"),
    "act.skill": ("使用【{skill}】", "use {skill}"),
    "act.team_post": ("在【{team}】发言", "write in {team}"),
    "act.choose": ("回答【{skill}】", "answer {skill}"),
    "act.last_words": ("留遗言", "leave last words"),
    "act.pass": ("跳过", "pass"),
    # -- setup -------------------------------------------------------------------------------------
    "unknown_options": ("不认识的开局选项 {given}；可用的选项：{known}", "unknown option(s) {given}; known: {known}"),
    "no_rounds": ("『隋唐』没有轮流发言（一天是一个开放的窗口），不设发言轮数；请改设每天的发帖上限",
                  "rounds: suitang21 has no speaking turns (a day is one open window); use day_posts"),
    "option_range": ("开局选项 {option} 不能取 {value}；请给 0 至 200 的整数", "{option}: {value} is not allowed; give a whole number 0..200"),
    "unknown_discipline": ("不认识的纪律类别 {given}；可用：{known}", "unknown discipline categories {given}; known: {known}"),
    "roster_seats": ("『隋唐』需要座位 1 至 {count} 各一次；缺少 {missing}，多出或重复 {extra}",
                     "suitang21 needs seats 1..{count} exactly once; missing {missing}, extra or repeated {extra}"),
    "seat_no_role": ("{seat} 没有身份：请给每个座位一个身份，或全都不给",
                     "{seat} has no role: give every seat a role, or none at all"),
    "seat_unknown_role": ("{seat}：不认识的身份「{name}」", "{seat}: unknown role '{name}'"),
    "roster_counts": ("身份配置与『隋唐』不符：{diff}", "roster does not match suitang21: {diff}"),
    "roster_count": ("{role} {got} 名（需要 {want} 名）", "{role} {got} (needs {want})"),
}
"""Every code above, in zh and en (``Narration.errors``)."""
