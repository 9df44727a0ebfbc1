"""Names of suitang21: roles, skills, camps, teams and phases, in the rules text's Chinese and English."""

from __future__ import annotations

from engine.names import Name, NameTable
from engine.ruleset import RoleInfo

WOLVES, VILLAGE, LOVERS = "wolves", "village", "lovers"
"""Camps (阵营). ``LOVERS`` is 黑情侣, which exists only after 私奔 (cross-camp lovers)."""
WOLF_TEAM, LOVER_TEAM = "wolf_pack", "lover_chat"

WEREWOLF, BUTTERFLY, SEER, WITCH, ELDER = "werewolf", "butterfly", "seer", "witch", "elder"
GUARD, CUPID, HUNTER, DETECTIVE, VILLAGER = "guard", "cupid", "hunter", "detective", "villager"
BIG_SPECIALS = (SEER, WITCH, ELDER, GUARD)
"""The village's "4 big specials" (4大特) of the first village loss condition."""
SPECIALS = (SEER, WITCH, ELDER, GUARD, HUNTER, DETECTIVE)
"""Village special roles (特) for 双特 under the default of B-07."""

KILL, HUG, CHECK, TONGLING, SAVE, POISON = "kill", "hug", "check", "tongling", "save", "poison"
LONGEVITY, SHIELD, ARROW, MATCHMAKER, TAKEOVER = "longevity", "shield", "arrow", "matchmaker", "takeover"
SHOT, DETECT, LOVE, MARTYR, ELOPE, WIDOW = "shot", "detect", "love", "martyr", "elope", "widow"
CAMPAIGN, LEAD, SUCCESSION, VOTE, RED_CARD, ACCELERATE = "campaign", "lead", "succession", "vote", "red_card", "accelerate"
ELDER_PENALTY, DEFEAT, QUEUE, TASK = "elder_penalty", "defeat", "queue", "task"

SETUP, DAY, CLOSE, REACT, DAY_WORDS = "SETUP", "DAY", "CLOSE", "REACT", "VOTE_LAST_WORDS"
NIGHT, WITCH_WAVE, NIGHT_RESOLUTION, NIGHT_WORDS, DAWN = "NIGHT", "WITCH", "NIGHT_RESOLUTION", "LAST_WORDS", "DAWN"
"""Phases (``phases.PHASES`` orders them): the day's one window and its close, a question asked in the
middle of a resolution, the day's and the night's last words, the night's two waves, its resolution
and the dawn."""

VILLAGE_RESULT, NON_VILLAGE_RESULT = "村民阵营", "非村民阵营"
VOID_RESULT = "无效（无结果）"
NO_KILL_RESULT = "无人被指杀"

ROLES: tuple[RoleInfo, ...] = (
    RoleInfo(WEREWOLF, "狼人", "Werewolf", WOLVES, 5, (KILL,),
             "Knows the pack (狼群); kills one living role a night as a team.",
             "与狼群互知；每晚与狼群共同指杀一名存活角色。"),
    RoleInfo(BUTTERFLY, "花蝴蝶", "Butterfly", WOLVES, 1, (HUG,),
             "Wolf camp, unknown to the wolves. Hugs one role a night (never the same twice): its skills and "
             "skills aimed at it are void; skills aimed at the butterfly also hit it.",
             "狼人阵营，但与狼人互不相识。每晚拥抱一名角色（不能重复）：被拥抱者当晚的非强制技能与指向他的技能无效，"
             "指向花蝴蝶的技能也作用于他。"),
    RoleInfo(SEER, "预言家", "Seer", VILLAGE, 1, (CHECK,), "Each night learns one role's camp: 村民阵营 or 非村民阵营.",
             "每晚查验一名角色的阵营：村民阵营或非村民阵营。"),
    RoleInfo(WITCH, "女巫", "Witch", VILLAGE, 1, (TONGLING, SAVE, POISON),
             "Hears the night's kill target (通灵), then may save or poison once each per game, never both in one night.",
             "通灵得知当晚被指杀的目标，之后救药、毒药各可用一次，同一晚只能用一种；用过救药后失去通灵。"),
    RoleInfo(ELDER, "长老", "Elder", VILLAGE, 1, (LONGEVITY,),
             "Survives the first effective kill. Out by vote, poison or shot: the seer, witch and hunter lose their skills.",
             "第一次受到有效指杀不出局。被投票、毒药或最后一枪出局时，预言家、女巫、猎人失去全部技能。"),
    RoleInfo(GUARD, "守卫", "Guard", VILLAGE, 1, (SHIELD,),
             "Each night shields one role (self allowed) from the kill; never the same role twice.",
             "每晚守护一名角色（可以守自己）免于指杀，不能重复守护同一名角色。"),
    RoleInfo(CUPID, "丘比特", "Cupid", VILLAGE, 1, (ARROW, MATCHMAKER),
             "Links two roles as lovers at the start; its camp follows theirs, and it is told none of it.",
             "开局连两名角色为情侣；阵营随情侣而定，法官不会告诉它任何结果。"),
    RoleInfo(HUNTER, "猎人", "Hunter", VILLAGE, 1, (SHOT,), "When out (not by red card), shoots one living role.",
             "出局时（红牌罚下除外）开枪带走一名存活角色。"),
    RoleInfo(DETECTIVE, "侦探", "Detective", VILLAGE, 1, (DETECT,),
             "Once per game: it and a chosen role learn each other's identity.",
             "每局限一次：与所选角色互知身份。"),
    RoleInfo(VILLAGER, "村民", "Villager", VILLAGE, 8, (), "No skill.", "没有技能。"),
)

ROLE_NAMES = NameTable("role", [Name(r.id, r.zh, r.en) for r in ROLES])

SKILL_NAMES = NameTable("skill", [
    Name(KILL, "杀人", "Kill"),
    Name(HUG, "拥抱", "Hug"),
    Name(CHECK, "预言", "Check"),
    Name(TONGLING, "通灵", "Spirit sense"),
    Name(SAVE, "救药", "Save potion"),
    Name(POISON, "毒药", "Poison"),
    Name(LONGEVITY, "长寿之命", "Longevity"),
    Name(SHIELD, "守护之盾", "Shield"),
    Name(ARROW, "丘比特之箭", "Cupid's arrow"),
    Name(MATCHMAKER, "红娘之力", "Matchmaker"),
    Name(TAKEOVER, "接刀", "Take-over kill"),
    Name(SHOT, "最后一枪", "Last shot"),
    Name(DETECT, "犯罪天才", "Criminal genius"),
    Name(LOVE, "恋爱", "Love"),
    Name(MARTYR, "殉情", "Die for love"),
    Name(ELOPE, "私奔", "Elope"),
    Name(WIDOW, "寡妇刀", "Widow's knife"),
    Name(CAMPAIGN, "竞岗", "Sheriff election"),
    Name(LEAD, "带队", "Lead (double ballot)"),
    Name(SUCCESSION, "殉职", "Sheriff succession"),
    Name(VOTE, "投票", "Vote"),
    Name(RED_CARD, "红牌罚下", "Red card"),
    Name(ACCELERATE, "加速", "Accelerate"),
    Name(ELDER_PENALTY, "长老惩罚", "Elder penalty"),
    Name(DEFEAT, "判负", "Camp defeated"),
    Name(QUEUE, "待结算", "Queued for resolution"),
    Name(TASK, "结算", "Resolving"),
])

FACTION_NAMES = NameTable("faction", [
    Name(WOLVES, "狼人阵营", "Wolves"),
    Name(VILLAGE, "村民阵营", "Village"),
    Name(LOVERS, "黑情侣阵营", "Black lovers"),
])

TEAM_NAMES = NameTable("team", [
    Name(WOLF_TEAM, "狼群", "wolf pack"),
    Name(LOVER_TEAM, "情侣群", "lovers' chat"),
])

PHASE_NAMES = NameTable("phase", [
    Name(SETUP, "开局（丘比特之箭）", "Setup (Cupid's arrow)"),
    Name(DAY, "讨论日", "Day (discussion and vote)"),
    Name(CLOSE, "关门结算", "Close and count"),
    Name(REACT, "即时询问", "Reactive question"),
    Name(DAY_WORDS, "遗言（白天出局）", "Last words (day outs)"),
    Name(NIGHT_WORDS, "遗言（夜晚出局）", "Last words (night outs)"),
    Name(NIGHT, "夜晚行动", "Night (first wave)"),
    Name(WITCH_WAVE, "女巫行动", "Night (the witch)"),
    Name(NIGHT_RESOLUTION, "夜晚结算", "Night resolution"),
    Name(DAWN, "天亮公示", "Dawn announcement"),
])
