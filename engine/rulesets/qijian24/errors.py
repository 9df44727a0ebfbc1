"""qijian24's refusals as codes with parameters, and their texts in zh and en.

Every ``IllegalAction`` and ``SetupError`` this rule set raises is made here (``illegal``,
``setup_error``), so it carries the rule set's id and is rendered with qijian24's own texts
(``ERRORS``, its ``Narration.errors``) in the reader's language: ``str()`` of one is the English
sentence (what logs and the judge console's stderr show), ``render("zh", names)`` the Chinese one
(what a zh prompt, table or terminal shows). A refusal names the step (``phase``, ``day``), the
seat, and the rule it breaks.

Parameters are named as ``engine.narrate.messages`` renders them: ``seat``/``target`` a seat,
``targets``/``legal``/``candidates`` seats, ``skill``/``skills``/``phase``/``role`` by the name
tables; a nested reason is ``{"code", "params"}`` (``why``).
"""

from __future__ import annotations

from engine.errors import RuleErrors, reason
from engine.narrate.table import Pair
from engine.table.deal import coded

RULESET = "qijian24"


_ERRORS = RuleErrors(RULESET)
illegal = _ERRORS.illegal
setup_error = _ERRORS.setup
why = reason

ROSTER = coded(setup_error, why, seats="seats_mismatch", no_role="seat_without_role", unknown_role="seat_unknown_role",
               roster="roster_mismatch", count="roster_count", none_if_empty=True)
"""A fixed seating's refusals (``engine.table.deal``), in qijian24's codes."""

ERRORS: dict[str, Pair] = {
    # -- who may act -------------------------------------------------------------------------------
    "no_seat": ("没有 {target} 这个座位（座位为 1 至 {count}）", "no seat {target}: seats are 1..{count}"),
    "dead_cannot_post": ("{seat}（第{day}天 {phase}）：出局者禁言，不能发言；只有遗言还能留",
                         "{seat} (day {day}, {phase}): dead players cannot post (出局者禁言); only last words are theirs"),
    "dead_cannot_vote": ("{seat}（第{day}天 {phase}）：出局者不能投票；只有遗言还能留",
                         "{seat} (day {day}, {phase}): dead players cannot vote; only last words are theirs"),
    "post_closed": ("{seat}（第{day}天 {phase}）：现在不能发言；游戏帖只在白天的投票阶段开放",
                    "{seat} (day {day}, {phase}): cannot post now; the thread is open during the day's vote stages"),
    "vote_closed": ("{seat}（第{day}天 {phase}）：现在不能投票；只有白天的投票阶段收票",
                    "{seat} (day {day}, {phase}): cannot vote now; ballots are open during the day's vote stages"),
    "nothing_awaited": ("{seat}（第{day}天 {phase}）：现在没有等待这个座位做的事",
                        "{seat} (day {day}, {phase}): nothing is awaited from this seat now"),
    "unknown_skill": ("{seat}：不认识的技能「{name}」（`arena rules qijian24` 列出全部技能）",
                      "{seat}: unknown skill '{name}' (`arena rules qijian24` lists them)"),
    # -- posts and ballots -------------------------------------------------------------------------
    "posts_used": ("{seat}（第{day}天 {phase}）：本阶段已发满 {limit} 帖（公开与杀手团群合计）；请投票、行动或跳过",
                   "{seat} (day {day}, {phase}): {limit} posts in this phase already (the limit); vote, act or pass"),
    "no_such_floor": ("{seat}：引用第 {floor} 楼，没有这一楼（帖子共 {floors} 楼）",
                      "{seat}: quote {floor}: no such floor (the thread has {floors})"),
    "team_only_killers": ("{seat}：只有存活的杀手团成员能在杀手团群发言；没有其他私下交流的渠道（严禁玩家私下交流）",
                          "{seat}: only living 杀手团 members post in the 杀手团 chat; no other private channel "
                          "exists (严禁玩家私下交流)"),
    "ballot_not_candidate": ("{seat}（第{day}天 {phase}）：投给 {target} 的票被拒绝；本部分的候选人是 {candidates}（或弃票）",
                             "{seat} (day {day}, {phase}): ballot for {target} refused; this stage's candidates "
                             "are {candidates} (or abstain with null)"),
    "vote_change_limit": ("{seat}（第{day}天 {phase}）：每部分投票只允许改票 {limit} 次，超过的改票无效",
                          "{seat} (day {day}, {phase}): a vote may be changed {limit} time(s) a stage; a further "
                          "change is invalid (超过1次的改票无效)"),
    # -- skills and choices ------------------------------------------------------------------------
    "skill_unavailable": ("{seat}（第{day}天 {phase}）：现在不能使用【{skill}】；现在可用：{skills}",
                          "{seat} (day {day}, {phase}): {skill} is not available; available now: {skills}"),
    "skill_arity": ("{seat}（第{day}天 {phase}）：【{skill}】需要 {n} 个目标，收到 {targets}",
                    "{seat} (day {day}, {phase}): {skill} takes {n} target(s), not {targets}"),
    "skill_target": ("{seat}（第{day}天 {phase}）：【{skill}】不能以 {target} 为目标；可选目标：{legal}",
                     "{seat} (day {day}, {phase}): {skill} cannot take {target}; legal targets: {legal}"),
    "ranger_choice_closed": ("{seat}（第{day}天 {phase}）：游侠选择只能由存活的游侠方成员在第 2 天（第 2 夜开始前）做一次",
                             "{seat} (day {day}, {phase}): the ranger choice is made once, by a living ranger-side "
                             "member, from the dawn of day 2 until night 2"),
    "last_words_not_due": ("{seat}（第{day}天 {phase}）：遗言只能由出局者留一次：投票出局者在当晚，夜里出局者在天亮后的遗言阶段",
                           "{seat} (day {day}, {phase}): last words are given once by a player out of the game, in "
                           "the night after a vote or the last-words phase after a night"),
    # -- setup -------------------------------------------------------------------------------------
    "unknown_options": ("未知的选项：{names}；qijian24 只有 discipline 一个选项",
                        "unknown option(s) {names}; known: discipline"),
    "no_rounds": ("rounds：qijian24 没有轮流发言（每个投票阶段都可以自由发言）；去掉 {rounds}",
                  "rounds: qijian24 has no speaking turns (posts are free in every vote stage); drop {rounds}"),
    "discipline_value": ("discipline：不能是 {value}；可以是 true、false，或 no_vote、lurk 的列表",
                         "discipline: {value} is not allowed; give true, false, or a list of no_vote/lurk"),
    "seats_mismatch": ("qijian24 需要 1 至 {count} 号座位各一次；缺少 {missing}，多余或重复 {extra}",
                       "qijian24 needs seats 1..{count} exactly once; missing {missing}, extra or repeated {extra}"),
    "seat_without_role": ("{seat} 没有身份：要么每个座位都给身份，要么都不给",
                          "{seat} has no role: give every seat a role, or none at all"),
    "seat_unknown_role": ("{seat}：不认识的身份「{name}」", "{seat}: unknown role '{name}'"),
    "roster_mismatch": ("身份配置与 qijian24 不符：{diff}", "roster does not match qijian24: {diff}"),
    "roster_count": ("{role} {got} 人（应为 {want} 人）", "{role} {got} (needs {want})"),
}
"""qijian24's refusals (its ``Narration.errors``)."""
