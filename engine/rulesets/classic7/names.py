"""Names of classic7 (预女猎, 7 seats): roles, skills, sides, the wolves' chat and phases, in zh and en."""

from __future__ import annotations

from engine.names import Name, NameTable
from engine.ruleset import RoleInfo

WOLVES, VILLAGE = "wolves", "village"
"""The two sides (阵营)."""
PACK = "pack"
"""The wolves' team chat (狼队)."""

WEREWOLF, SEER, WITCH, HUNTER, VILLAGER = "werewolf", "seer", "witch", "hunter", "villager"
GODS = (SEER, WITCH, HUNTER)
"""The gods (神职) of 屠边: the wolves win when every one of them is out."""

KILL, CHECK, SAVE, POISON, SHOOT, VOTE = "kill", "check", "save", "poison", "shoot", "vote"
"""Skills; ``kill``, ``poison``, ``shoot`` and ``vote`` are also the judge's causes of an out."""

GOOD, WOLF = "good", "wolf"
"""The seer's two results (好人 / 狼人)."""

ROLES: tuple[RoleInfo, ...] = (
    RoleInfo(WEREWOLF, "狼人", "Werewolf", WOLVES, 2, (KILL,),
             "Knows the other wolf; the pack kills one living seat a night (the last submission counts).",
             "认识另一名狼人；每晚狼队共同杀一名存活玩家（以最后一次提交为准）。"),
    RoleInfo(SEER, "预言家", "Seer", VILLAGE, 1, (CHECK,),
             "Each night checks one other living seat and is told 好人 (good) or 狼人 (wolf).",
             "每晚查验一名其他存活玩家，得知其为好人或狼人。"),
    RoleInfo(WITCH, "女巫", "Witch", VILLAGE, 1, (SAVE, POISON),
             "Told the night's victim; one save and one poison a game, never both in one night.",
             "每晚得知当晚的刀口；解药、毒药各一瓶，同一晚只能用一瓶。"),
    RoleInfo(HUNTER, "猎人", "Hunter", VILLAGE, 1, (SHOOT,),
             "When out, except by poison, may shoot one living seat.",
             "出局时（被毒除外）可以开枪带走一名存活玩家，也可以不开枪。"),
    RoleInfo(VILLAGER, "村民", "Villager", VILLAGE, 2, (), "No skill.", "没有技能。"),
)

ROLE_NAMES = NameTable("role", [Name(r.id, r.zh, r.en) for r in ROLES])

SKILL_NAMES = NameTable("skill", [Name(*n) for n in (
    (KILL, "杀人", "Kill"), (CHECK, "查验", "Check"), (SAVE, "解药", "Save potion"), (POISON, "毒药", "Poison"),
    (SHOOT, "开枪", "Shoot"), (VOTE, "放逐投票", "Vote"),
)])

FACTION_NAMES = NameTable("faction", [Name(WOLVES, "狼人阵营", "Wolves"), Name(VILLAGE, "好人阵营", "Village")])

TEAM_NAMES = NameTable("team", [Name(PACK, "狼队", "wolf pack")])

PHASE_NAMES = NameTable("phase", [Name(*n) for n in (
    ("NIGHT", "夜晚（狼人、预言家）", "Night (wolves, seer)"), ("WITCH", "夜晚（女巫）", "Night (the witch)"),
    ("DAWN", "天亮结算", "Dawn"), ("NIGHT_SHOT", "猎人开枪（夜晚出局）", "The hunter's shot (out at night)"),
    ("LAST_WORDS", "遗言（夜晚出局）", "Last words (night outs)"), ("DAY", "白天发言", "Day (speeches)"),
    ("VOTE", "放逐投票", "Vote"), ("VOTE_RESOLUTION", "计票", "The count"),
    ("DAY_SHOT", "猎人开枪（放逐出局）", "The hunter's shot (voted out)"),
    ("VOTE_LAST_WORDS", "遗言（放逐出局）", "Last words (the vote-out)"),
)])
