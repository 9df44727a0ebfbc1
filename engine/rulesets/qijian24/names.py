"""Names of qijian24: identities, skills, sides and phases, in the rules text's Chinese and in English."""

from __future__ import annotations

from engine.names import Name, NameTable
from engine.ruleset import RoleInfo

KILLERS, WUZHUANG, RANGERS = "killers", "wuzhuang", "rangers"
"""The three sides (杀手方, 武庄方, 游侠方); a ranger's allegiance is one of them (rangers = 独立)."""
TEAM = "killer_team"
"""The only chat: the 杀手团's."""

FENGHUO, GUAGELUO, TUSHI, LONE, ENVOY, HELPER = "fenghuo", "guageluo", "tushi", "lone_killer", "envoy", "helper"
MOWEN, YOULONG, QINGGAN, SHESHEN, TIANPU, RIYUE, JINGXING = (
    "mowen", "youlong", "qinggan", "sheshen", "tianpu", "riyue", "jingxing")
PRAYER, VILLAGER = "prayer", "villager"
MAGE, PERFORMER, REVEALER, BANNER = "mage", "performer", "ranger_reveal", "ranger_ban"

KILLER_TEAM = (FENGHUO, GUAGELUO, TUSHI)
SWORDS = (MOWEN, YOULONG, QINGGAN, SHESHEN, TIANPU, RIYUE, JINGXING)
"""The seven swords in chain order: sword k knows sword k+1 (mod 7)."""
RANGER_SIDE = (MAGE, PERFORMER, REVEALER, BANNER)
KILLER_PRIVILEGED = (*KILLER_TEAM, LONE, ENVOY)
WUZHUANG_PRIVILEGED = (*SWORDS, PRAYER)

ASSASSINATE, IMMUNITY, CHECK, SNIPE, PROTECT, KILL = "assassinate", "immunity", "check", "snipe", "protect", "kill"
REVIVE, EXEMPT, KILL_BAN, PRAY, REVEAL, BAN = "revive", "exempt", "kill_ban", "pray", "reveal", "ban"
INDEPENDENT, HELP_KILLERS, HELP_WUZHUANG = "independent", "help_killers", "help_wuzhuang"
ALLEGIANCE_SKILLS = {INDEPENDENT: RANGERS, HELP_KILLERS: KILLERS, HELP_WUZHUANG: WUZHUANG}
"""The ranger choice (游侠选择): one skill per side, the allegiance it gives."""
VOTE, LINK, DROWNED, CITED = "vote", "link", "drowned", "cited_judge"
"""Causes of an out that are not skills: a stage vote, 绿珠's link, drowning, 贴证 (instant death)."""

CONDITION, CO_VICTORY = "condition", "co_victory"
END_REASONS = (CONDITION, CO_VICTORY)
"""Why a game ends (``GameEnded.reason``): one side's condition holds, or several sides' at once (C-31)."""

CHAIN = "chain"
"""The start-of-game message by which sword k learns sword k+1 (1知道2…7知道1)."""

VOID, FAILED = "无效", "验证失败"

ROLES: tuple[RoleInfo, ...] = (
    RoleInfo(FENGHUO, "风火连城", "Fenghuo Liancheng (killer team)", KILLERS, 1, (ASSASSINATE,),
             "杀手团. With the team, kills one living non-member every night (mandatory). 绿珠 goes out with him.",
             summary_zh="杀手团成员。每晚与杀手团共同暗杀一名非成员的存活玩家（不允许放弃）。无论以何种方式出局，绿珠都随他出局。"),
    RoleInfo(GUAGELUO, "瓜哥洛", "Guageluo (killer team)", KILLERS, 1, (ASSASSINATE,),
             "杀手团. With the team, kills one living non-member every night (mandatory).",
             summary_zh="杀手团成员。每晚与杀手团共同暗杀一名非成员的存活玩家（不允许放弃）。"),
    RoleInfo(TUSHI, "秃狮", "Tushi (killer team)", KILLERS, 1, (ASSASSINATE,),
             "杀手团. With the team, kills one living non-member every night (mandatory).",
             summary_zh="杀手团成员。每晚与杀手团共同暗杀一名非成员的存活玩家（不允许放弃）。"),
    RoleInfo(LONE, "丘东洛", "Qiu Dongluo (lone killer)", KILLERS, 1, (ASSASSINATE,),
             "独杀. Once a 杀手团 member is out, kills one living player every night (mandatory).",
             summary_zh="独杀。杀手团有人出局后暗杀权激活，之后每晚暗杀一名存活玩家（不允许放弃）；与杀手团互相杀中无效。"),
    RoleInfo(ENVOY, "禁武使者", "Martial-ban envoy", KILLERS, 1, (IMMUNITY,),
             "Twice, during a vote stage, makes one living player immune to being voted out in that stage.",
             summary_zh="共 2 次：在某次投票截止前指定一名存活玩家，该玩家本次投票不会被投出。"),
    RoleInfo(HELPER, "帮手", "Helper", KILLERS, 3, (), "Votes only; knows nobody.",
             summary_zh="只有投票权，不认识任何人。"),
    RoleInfo(MOWEN, "莫问剑", "Mowen sword (wisdom)", WUZHUANG, 1, (CHECK,),
             "Each night learns one living player's true identity. Knows 由龙剑.",
             summary_zh="每晚查验一名存活玩家，得知其真实身份。开局知道由龙剑是谁。"),
    RoleInfo(YOULONG, "由龙剑", "Youlong sword (attack)", WUZHUANG, 1, (SNIPE,),
             "Snipes one living player: 1 use, +1 per two sword outs. Knows 青干剑.",
             summary_zh="狙击一名存活玩家：初始 1 次，七剑每出局 2 人加 1 次。开局知道青干剑是谁。"),
    RoleInfo(QINGGAN, "青干剑", "Qinggan sword (defence)", WUZHUANG, 1, (PROTECT,),
             "Each night protects one living player from night kills, never the same two nights running. "
             "Knows 舍神剑.",
             summary_zh="每晚保护一名存活玩家不受夜杀（可以保护自己），不得连续两晚保护同一人。开局知道舍神剑是谁。"),
    RoleInfo(SHESHEN, "舍神剑", "Sheshen sword (wrath)", WUZHUANG, 1, (KILL,),
             "Once 由龙剑 is out and at most 4 swords live, kills one living player a night. Knows 天瀑剑.",
             summary_zh="由龙剑出局且武庄只余不超过 4 剑的那一刻起激活（复活不影响），之后每晚可杀一人。开局知道天瀑剑是谁。"),
    RoleInfo(TIANPU, "天瀑剑", "Tianpu sword (wu-wei)", WUZHUANG, 1, (REVIVE,),
             "Once, while alive, revives any out player at night. Knows 日月剑.",
             summary_zh="1 次：自己存活时，夜里复活任何一名已出局者。开局知道日月剑是谁。"),
    RoleInfo(RIYUE, "日月剑", "Riyue sword (change)", WUZHUANG, 1, (EXEMPT,),
             "Once, in a vote stage, spares the top vote-getter: the second takes the consequence. Knows 竞星剑.",
             summary_zh="1 次：在某次投票截止前声明，该次投票的最高票者免于出局，由第二高票者承担。开局知道竞星剑是谁。"),
    RoleInfo(JINGXING, "竞星剑", "Jingxing sword (restraint)", WUZHUANG, 1, (KILL_BAN,),
             "Once, voids one player's kill for a night (on a 杀手团 member: the team kill). Knows 莫问剑.",
             summary_zh="1 次：使一名玩家当晚的杀人无效（对杀手团成员使用则杀手团当晚不能杀人）。开局知道莫问剑是谁。"),
    RoleInfo(PRAYER, "绿珠", "Lüzhu (prayer)", WUZHUANG, 1, (PRAY,),
             "Prays for a new player each night (1 use, +1 per sword out): a sword gains a life. Goes out "
             "with 风火连城.",
             summary_zh="每晚为一名从未祈祷过的玩家祈祷（初始 1 次，每出局一剑加 1 次）：若为七剑则即刻增加 1 次生命，法官不反馈。随风火连城出局。"),
    RoleInfo(VILLAGER, "庄民", "Villager", WUZHUANG, 4, (), "Votes only; knows nobody.",
             summary_zh="只有投票权，不认识任何人。"),
    RoleInfo(MAGE, "刘郁芳", "Liu Yufang (mage)", RANGERS, 1, (CHECK, KILL),
             "Each night checks one player (only 杀手团 show); kills: 2 uses, +1 per ranger-side out.",
             summary_zh="每晚查验一人（只有杀手团成员会显示）；杀人初始 2 次，游侠方每出局一人加 1 次，每晚最多 1 次。"),
    RoleInfo(PERFORMER, "卖艺人", "Street performer", RANGERS, 1, (REVIVE,), "Once, revives any out player at night.",
             summary_zh="1 次：夜里复活任何一名已出局者。"),
    RoleInfo(REVEALER, "游侠(公布身份权)", "Ranger (reveal)", RANGERS, 1, (REVEAL,),
             "Once, has the judge publish one living player's true identity.",
             summary_zh="1 次：请法官在天亮时公布一名存活玩家的真实身份。"),
    RoleInfo(BANNER, "游侠(禁特权令)", "Ranger (ban)", RANGERS, 1, (BAN,),
             "Once, voids every privilege of one player from that night to the end of the next day.",
             summary_zh="1 次：使一名玩家从当晚到次日白天结束的特权全部无效。"),
)
ROLE = {r.id: r for r in ROLES}

IDENTITY: dict[str, str] = {
    FENGHUO: "杀手团·风火连城", GUAGELUO: "杀手团·瓜哥洛", TUSHI: "杀手团·秃狮", LONE: "独杀·丘东洛",
    ENVOY: "禁武使者", HELPER: "帮手", MOWEN: "莫问剑", YOULONG: "由龙剑", QINGGAN: "青干剑", SHESHEN: "舍神剑",
    TIANPU: "天瀑剑", RIYUE: "日月剑", JINGXING: "竞星剑", PRAYER: "祈祷者·绿珠", VILLAGER: "庄民",
    MAGE: "法师·刘郁芳", PERFORMER: "卖艺人", REVEALER: "游侠", BANNER: "游侠",
}
"""The true identity as the judge publishes it and 莫问剑 learns it (C-04): no state, no allegiance, and
the two 游侠 look alike."""

RANGER_IDENTITY = "ranger"
"""The identity id both 游侠 (解游侠 and 禁游侠) are published as: the rules publish no more."""

IDENTITY_ID: dict[str, str] = {role: RANGER_IDENTITY if role in (REVEALER, BANNER) else role for role in IDENTITY}
"""Role → the identity id the judge's public posts carry (a role id, or ``ranger``)."""

IDENTITY_BY_WORDS: dict[str, str] = {words: IDENTITY_ID[role] for role, words in IDENTITY.items()}
"""The judge's words (``杀手团·瓜哥洛``, ``游侠``) → the identity id: how a private result that names an
identity in words (莫问剑's and the mage's checks, the sword chain) is read as an id."""

ROLE_NAMES = NameTable("role", [
    *(Name(r.id, r.zh, r.en) for r in ROLES),
])

SKILL_NAMES = NameTable("skill", [
    Name(ASSASSINATE, "暗杀", "Assassinate"),
    Name(IMMUNITY, "免投杀", "Vote immunity"),
    Name(CHECK, "查验", "Check"),
    Name(SNIPE, "狙击", "Snipe"),
    Name(PROTECT, "保护", "Protect"),
    Name(KILL, "杀人", "Kill"),
    Name(REVIVE, "复活", "Revive"),
    Name(EXEMPT, "免最高票", "Top-vote exemption"),
    Name(KILL_BAN, "禁杀", "Kill ban"),
    Name(PRAY, "祈祷", "Pray"),
    Name(REVEAL, "公布身份权", "Reveal identity"),
    Name(BAN, "禁特权令", "Privilege ban"),
    Name(INDEPENDENT, "选择独立", "Stay independent"),
    Name(HELP_KILLERS, "帮助杀手方", "Help the killers"),
    Name(HELP_WUZHUANG, "帮助武庄方", "Help Wuzhuang"),
    Name(CHAIN, "七剑互知", "Sword chain"),
    Name(VOTE, "投票", "Vote"),
    Name(LINK, "随风火连城出局", "Linked to Fenghuo Liancheng"),
    Name(DROWNED, "淹死", "Drowned"),
    Name(CITED, "贴证", "Citing the judge"),
])

FACTION_NAMES = NameTable("faction", [
    Name(KILLERS, "杀手方", "Killers"),
    Name(WUZHUANG, "武庄方", "Wuzhuang"),
    Name(RANGERS, "游侠方", "Rangers"),
])

TEAM_NAMES = NameTable("team", [Name(TEAM, "杀手团", "killer team's chat")])

SETUP, STAGE1, STAGE2, STAGE3, NIGHT, LAST_WORDS = "SETUP", "STAGE1", "STAGE2", "STAGE3", "NIGHT", "LAST_WORDS"
"""The phases (spec §2.1): a day of up to three vote stages, the night, the night's last words.
``SETUP`` is no phase of the table: it names night 0 (the deal) to the judge and the prompts."""
STAGES = (STAGE1, STAGE2, STAGE3)
"""The vote stages in order: stage k is ``STAGES[k - 1]``."""

PHASE_NAMES = NameTable("phase", [
    Name(SETUP, "开局", "Setup"),
    Name(STAGE1, "试探性投票", "Stage 1: tentative vote"),
    Name(STAGE2, "可疑者辩论投票", "Stage 2: suspect debate vote"),
    Name(STAGE3, "高票对决投票", "Stage 3: run-off vote"),
    Name(NIGHT, "夜晚特权", "Night"),
    Name(LAST_WORDS, "死者遗言", "Last words"),
])
