"""The agent's own words to a model, in Chinese and English: tool descriptions and call errors.

Prompts proper (the thread, the rules, the instruction for a decision) live in ``prompts``; these
are the short strings that ride on tool schemas and tool results.
"""

from __future__ import annotations

from typing import Any

from engine.narrate.names import Lang

TEXTS: dict[str, tuple[str, str]] = {
    # tool descriptions
    "post": ("在公开帖子里发一楼言。", "Post one floor in the public thread."),
    "post.text": ("发言内容（会被所有人看到）。", "What you say (everyone sees it)."),
    "post.blue": ("true = 这是一条蓝字推理发言，计入今天的蓝字额度（今天还剩 {left} 条）；false = 普通发言。",
                  "true = a 蓝字 (blue) reasoning post, counted against today's budget ({left} left today); "
                  "false = an ordinary post."),
    "post.blue_any": ("仅在有蓝字额度的阶段：true = 这是一条蓝字推理发言（计入当天额度，剩余条数见当前指令）；"
                      "false 或不填 = 普通发言。",
                      "Only where a 蓝字 budget applies: true = a 蓝字 (blue) reasoning post, counted against "
                      "today's budget (the instruction says how many are left); false or left out = ordinary."),
    "post.no_blue": ("今天的蓝字额度已用完，只能发普通发言。", "No 蓝字 (blue) posts left today: ordinary posts only."),
    "post.quote": ("可选：引用的楼层号。", "Optional: the floor number you quote."),
    "team_post": ("在{team}里发一条消息（只有群成员看得到；不结束你的回合）。",
                  "Send a message to the {team} (only its members see it; does not end your turn)."),
    "vote": ("投票：target 填一名存活玩家（按选项写作“座号+马甲”），或填 \"abstain\" 弃票。",
             "Vote: target is a living player (as the options write them, e.g. Battler(3)), or \"abstain\"."),
    "vote.reason": ("可选：公开的投票理由。", "Optional: your public reason."),
    "vote.reason_required": ("公开的投票理由（规则要求：投给某人时必须写理由；弃票可不写）。",
                             "Your public reason (the rules require one when you name a target; not when you abstain)."),
    "team_post.text": ("消息内容（只有这个群的成员看得到）。", "What you say (only the members of this team read it)."),
    "pass_option": ("不使用（过）", "pass (do not use it)"),
    "skill": ("使用技能【{skill}】。", "Use the skill {skill}."),
    "skill.free": ("（不结束你的回合。）", " (Does not end your turn.)"),
    "skill.target": ("目标（按选项写作“座号+马甲”）。", "The target (as the options write it)."),
    "skill.targets": ("{n} 个不同的目标（按选项写作“座号+马甲”）。", "{n} different targets (as the options write them)."),
    "skill.first": ("第一个目标：必须是昨晚“异”的两人之一（规则③）。",
                    "First target: one of last night's 异 pair (rule ③)."),
    "skill.second": ("第二个目标：其余可选的人之一。", "Second target: one of the others allowed."),
    "answer": ("回答：是否【{skill}】？use=true 表示是，false 表示否。",
               "Answer: {skill}? use=true for yes, false for no."),
    "answer.targets": ("回答【{skill}】：选择目标（按选项写）。", "Answer {skill}: choose the target(s) (as the options write them)."),
    "last_words": ("留下遗言（之后公开）。", "Leave your last words (published later)."),
    "pass": ("过：这一回合 / 这一阶段不再行动。", "Pass: take no (further) action in this turn or phase."),
    "write_notes": ("写进你的私人笔记本（只有你自己看得到，不是游戏行动）；写完后仍要选择一个行动。",
                    "Write into your private notebook (only you see it; not a game action); "
                    "you still choose an action afterwards."),
    "write_notes.text": ("笔记内容。", "The note."),
    "read_log": ("查看你某一天的全部私密记录（群聊、行动回执、法官私信；不是游戏行动）；看完后仍要选择一个行动。",
                 "Read your whole private log of one day (team chat, receipts, the judge's DMs; not a game "
                 "action); you still choose an action afterwards."),
    "read_log.day": ("第几天（0 为开局）。", "Which day (0: the setup)."),
    "reads_full": ("本次决定查看记录的次数已用完，请直接选择行动。", "No more log reads for this decision: choose your action."),
    "select_action": ("先选择你这一步要做什么；之后会请你填写细节。可选：\n{options}",
                      "First choose what you do now; you will then be asked for its details. Options:\n{options}"),
    "select_action.action": ("要做的事（工具名）。", "What you do (a tool's name)."),
    # tool results and errors sent back to the model
    "ok": ("已提交。", "Submitted."),
    "noted": ("已记下。现在请选择你的行动。", "Noted. Now choose your action."),
    "notes_full": ("本次决定的笔记次数已用完，请直接选择行动。", "No more notes for this decision: choose your action."),
    "selected": ("好的，请填写【{tool}】的内容。", "Fine: now give the details of {tool}."),
    "ignored": ("一次只能做一件事：这个调用被忽略了。", "One action at a time: this call was ignored."),
    "err.unknown_tool": ("没有名为 {name!r} 的工具。现在可用：{tools}。", "There is no tool {name!r}. Tools now: {tools}."),
    "err.json": ("参数不是合法的 JSON 对象（{detail}）。请给出形如 {example} 的参数。",
                 "The arguments are not a valid JSON object ({detail}). Give arguments like {example}."),
    "err.missing": ("缺少参数 {field!r}。", "Missing argument {field!r}."),
    "err.alias": ("{field}: {value!r} 不是可选的目标。可选：{options}。",
                  "{field}: {value!r} is not an allowed target. Allowed: {options}."),
    "err.distinct": ("{field}: 需要 {n} 个不同的目标。", "{field}: give {n} different targets."),
    "err.bool": ("{field}: 请填 true 或 false。", "{field}: give true or false."),
    "err.day": ("day 必须是整数（0 为开局）。", "day must be an integer (0: the setup)."),
    "err.text": ("{field}: 请填写非空的文字。", "{field}: give a non-empty text."),
    "err.no_blue": ("今天的蓝字额度已用完：请把 blue 设为 false。", "No 蓝字 left today: set blue to false."),
    "err.invalid": ("参数不合规：{detail}", "Invalid arguments: {detail}"),
    "err.no_call": ("你没有调用任何工具。请调用一个工具来行动（或调用 pass 过）。",
                    "You did not call a tool. Call one tool to act (or call pass)."),
    "err.engine": ("裁判拒绝了这个行动：{detail}。请重新选择。", "The judge refused this action: {detail}. Choose again."),
    "notebook": ("【你的笔记本】", "[Your notebook]"),
    "fallback": ("多次无效，系统替你选择了“过”。", "Too many invalid answers: you passed by default."),
}


def text(lang: Lang, key: str, **fields: Any) -> str:
    """The string ``key`` in ``lang``, formatted with ``fields``."""
    zh, en = TEXTS[key]
    template = zh if lang == "zh" else en
    return template.format(**fields) if fields else template
