"""umineko32's refusals as codes with parameters, and their sentences in zh and en.

The engine raises ``illegal("skill_target", skill=…, target=…, why=because("dead", seat=…))``
instead of a sentence: the reader's language is unknown where the rules refuse an action, so the
refusal is data (``EngineError.to_dict``) that a prompt, a table, a replay or a judge's console
renders for whoever reads it (``engine.narrate.messages``), with seats, skills and phases named
as that reader's game names them. ``str(error)`` is the English sentence, for logs.

Parameters are rendered by their names (``seat``/``target``/``speaker`` a seat, ``seats``/
``targets`` seats, ``skill``, ``phase``, ``role``, ``team`` by the name tables); ``number`` and
``count`` stay numbers (a seat that does not exist has no name); ``why``, ``what``, ``can`` and
``error`` hold nested coded messages (``because``), rendered from the same table.
"""

from __future__ import annotations

from engine.errors import RuleErrors, reason
from engine.narrate.table import Pair

RULESET = "umineko32"
_ERRORS = RuleErrors(RULESET)
illegal = _ERRORS.illegal
"""An ``IllegalAction`` of umineko32 (rendered from ``ERRORS``)."""
setup_error = _ERRORS.setup
"""A ``SetupError`` of umineko32 (rendered from ``ERRORS``)."""
because = reason
"""A nested coded message (a reason, an action), as ``EngineError.to_dict`` writes one."""

ERRORS: dict[str, Pair] = {
    # who may act now (submit)
    "no_seat": ("没有 {number} 号座位（座位为 1 至 {count}）", "no seat {number}: seats are 1..{count}"),
    "dead_cannot_act": ("{seat} 已死亡，不能在{phase}行动", "{seat} is dead and cannot act in phase {phase}"),
    "not_your_turn": ("{seat} 现在不能行动：{phase}轮到 {speaker} 发言",
                      "{seat} cannot act now: it is {speaker}'s turn to speak in {phase}"),
    "already_answered": ("{seat} 在第{day}天的{phase}已经作答", "{seat} has already answered in phase {phase} of day {day}"),
    "nothing_to_do": ("{seat} 在第{day}天的{phase}没有可做的事", "{seat} has nothing to do in phase {phase} of day {day}"),
    "cannot_do": ("{seat} 在{phase}不能{what}；可以做的是：{can}", "{seat} cannot {what} in phase {phase}; it may: {can}"),
    "vote_changes_used": ("{seat} 今天的改票次数（{limit} 次）已用完", "{seat} has used its {limit} vote change(s) today"),
    # what an action may carry
    "no_such_floor": ("没有第 {floor} 楼（帖子共 {floors} 楼）", "quote {floor}: no such floor (the thread has {floors} floors)"),
    "dead_cannot_post": ("{seat} 已死亡：死者不能公开发言（只能留遗言）",
                         "{seat} is dead: dead pieces cannot post (only last words)"),
    "vote_target_dead": ("投票目标 {target} 已死亡；可投：{targets}", "vote: target {target} is dead; living pieces: {targets}"),
    "vote_no_seat": ("投票目标 {number} 号不是座位；可投：{targets}",
                     "vote: target {number} is not a seat; living pieces: {targets}"),
    "unknown_skill": ("没有名为 {name} 的技能；本规则的技能：{skills}", "no skill named {name}; the skills are: {skills}"),
    "yes_no": ("【{skill}】是一个是否选择：请回答是（use=true）或否（use=false）",
               "{skill} is a yes/no choice: give use=true or use=false"),
    # skills (legal.check_skill)
    "tell_name_closed": ("{seat} 现在不能使用【{skill}】：只有存活的杀手，在宵禁前，于第一天或有未合流的共犯存活时才能使用",
                         "{seat} cannot use {skill} now (only living killers, before curfew, on day 1 or while an "
                         "unmerged accomplice lives)"),
    "skill_now": ("{seat} 不能在第{day}天的{phase}使用【{skill}】", "{seat} cannot use {skill} in phase {phase} on day {day}"),
    "skill_arity": ("【{skill}】需要恰好 {n} 个目标，收到 {count} 个", "{skill} takes exactly {n} target(s), got {count}"),
    "skill_no_seat": ("【{skill}】：没有 {number} 号座位（座位为 1 至 {count}）",
                      "{skill}: no seat {number} (seats are 1..{count})"),
    "skill_target": ("【{skill}】：目标 {target} 不可选：{why}", "{skill}: target {target} is not legal: {why}"),
    "audition_pair": ("【{skill}】需要 2 个不同的目标，收到 {count} 个", "{skill} takes 2 different targets, got {count}"),
    "audition_self": ("【{skill}】：不能选自己（规则①）", "{skill}: a theatergoer cannot choose itself (rule ①)"),
    "audition_chain": ("【{skill}】：恰好一个目标必须来自 {seats}（昨晚结果为【异】的两人，规则③）；收到 {targets}",
                       "{skill}: exactly one target must be from {seats} (last night's 异 pair, rule ③); got {targets}"),
    "audition_repeat": ("【{skill}】：{target} 在以前某一晚已被选过（规则②）",
                        "{skill}: target {target} was selected on an earlier night (rule ②)"),
    # why a target is not legal (nested in skill_target)
    "why.dead": ("{seat} 已死亡", "{seat} is dead"),
    "why.mark_self": ("魔女不能标记自己（本局【契约标记】只能选存活的其他棋子）",
                      "the witch cannot mark herself (in this game a mark takes only a living piece other than her)"),
    "why.self_check": ("侦探不能查验自己", "a detective cannot check itself"),
    "why.killers_side": ("{seat} 是杀手一方（本局【无常之刃】不能选杀手或已合流的共犯）",
                         "{seat} is on the killers' side (in this game the blade takes no killer nor merged accomplice)"),
    "why.not_killer": ("{seat} 不是存活的杀手", "{seat} is not a living killer"),
    "why.barrier_consecutive": ("{seat} 昨晚已被结界，不能连续两晚选同一人",
                                "{seat} was barriered last night (no two nights in a row)"),
    "why.barrier_restricted": ("{seat} 以前被结界过，而结界已受限：只能选自己或从未选过的棋子",
                               "{seat} was barriered before and the barrier is restricted to self or new pieces"),
    "why.not_allowed": ("规则不允许", "not allowed by the rules"),
    # what was tried, and what may be done (nested in cannot_do)
    "act.post": ("公开发言", "post"),
    "act.team_post": ("在{team}发言", "post to {team}"),
    "act.vote": ("投票", "vote"),
    "act.skill": ("使用【{skill}】", "use {skill}"),
    "act.choose": ("回答【{skill}】", "answer {skill}"),
    "act.last_words": ("留遗言", "leave last words"),
    "act.pass": ("跳过", "pass"),
    # setup (SetupError)
    "unknown_options": ("不认识的选项：{unknown}；可用的选项：{known}", "unknown option(s) {unknown}; known: {known}"),
    "rounds_value": ("发言轮数：{phase} 设为 {value} 不可用；每个阶段可设 0 至 50 轮",
                     "rounds: {phase}={value} is not allowed; give 0..50 for each turn phase"),
    "floor_value": ("发言方式 {value} 不可用：只能是 floor=turns（轮流）或 floor=open（自由）",
                    "floor: {value} is not allowed; give \"turns\" or \"open\""),
    "unknown_discipline": ("不认识的纪律类别 {item}；可用：{known}", "unknown discipline category {item}; known: {known}"),
    "seating": ("本规则需要 1 至 {count} 号座位各一次；缺少 {missing}，多出或重复 {extra}",
                "umineko32 needs seats 1..{count} exactly once; missing {missing}, extra or repeated {extra}"),
    "seat_no_role": ("{number} 号座位没有身份：请给每个座位一个身份，或者都不给",
                     "seat {number} has no role: give every seat a role, or none at all"),
    "seat_role": ("{number} 号座位：{error}", "seat {number}: {error}"),
    "roster": ("身份配置与本规则不符：{diff}", "roster does not match umineko32: {diff}"),
    "roster.count": ("{role} {count} 个（应为 {needs} 个）", "{role} {count} (needs {needs})"),
}
"""Every code umineko32 raises (``illegal``, ``setup_error``, ``because``), in zh and en."""

