"""Names of umineko32: roles, skills, factions and teams, in the rules text's Chinese and in English."""

from __future__ import annotations

from engine.names import Name, NameTable
from engine.ruleset import RoleInfo

BLACK, WHITE, WITCH_SIDE = "black", "white", "witch"
KILLERS, DETECTIVES, WITCHES = "killers", "detectives", "witches"

DETECTIVE, THEATERGOER, INQUISITOR, COMMONER = "detective", "theatergoer", "inquisitor", "commoner"
WITCH, KILLER, ACCOMPLICE, APPRENTICE = "witch", "killer", "accomplice", "apprentice"
KEY_WHITES = (DETECTIVE, THEATERGOER, INQUISITOR)

BLADE, TELL_NAME, DETECT, AUDITION, BARRIER = "blade", "tell_name", "detect", "audition", "barrier"
MARK, CASTLING, BELIEF = "mark", "castling", "belief"
CONVERSION, STAGE_PRIVILEGE, INHERITANCE, PROPHECY = "conversion", "stage_privilege", "inheritance", "prophecy"
VOTE, DROWNED, ASCENSION = "vote", "drowned", "ascension"

class Ph:
    """The phase names (spec §2.1), each written once here; ``phases.PHASES`` is the timetable."""

    SETUP, D1_FREE, RESTRICTED, FREE, VOTE = "SETUP", "D1_FREE", "RESTRICTED", "FREE", "VOTE"
    VOTE_RESOLUTION, VOTE_LAST_WORDS, NIGHTFALL, NIGHT = "VOTE_RESOLUTION", "VOTE_LAST_WORDS", "NIGHTFALL", "NIGHT"
    CASTLE, SETTLEMENT, DAWN, LAST_WORDS = "CASTLE", "SETTLEMENT", "DAWN", "LAST_WORDS"
    TURNS = frozenset({D1_FREE, RESTRICTED, FREE})
    """The speech phases, played by turns."""
    WORDS = frozenset({LAST_WORDS, VOTE_LAST_WORDS})


BLACK_COLOR, WHITE_COLOR = "黑", "白"
SAME, DIFFERENT = "同", "异"
SUCCESS, FAILURE = "成功", "失败"
INVALID = "无效"
"""The result of a check or audition whose target died that night, under flag A-16 false."""

ROLES: tuple[RoleInfo, ...] = (
    RoleInfo(DETECTIVE, "侦探", "Detective", WHITE, 2, (DETECT,),
             "Each night checks one living piece: 黑 (killer or merged accomplice) or 白. Knows the other detective.",
             "每晚查验 1 名存活棋子：【黑】（杀手或已合流的共犯）或【白】。认识另一名侦探。"),
    RoleInfo(THEATERGOER, "观剧", "Theatergoer", WHITE, 1, (AUDITION, STAGE_PRIVILEGE),
             "Each night picks two living pieces: 同 (same colour) or 异. A 异 pair shields each other from a vote death.",
             "每晚选 2 名存活棋子：颜色【同】或【异】。【异】的两人中一人被投票出局后，另一人次日免于投票死亡。"),
    RoleInfo(INQUISITOR, "审问官", "Inquisitor", WHITE, 1, (BARRIER,),
             "Each night shields one living piece from the blade; a second use on the same piece kills a 黑 one.",
             "每晚保护 1 名存活棋子免于刀杀；对同一人第二次使用时，【黑】则死亡。"),
    RoleInfo(COMMONER, "平民", "Commoner", WHITE, 9, (BELIEF,),
             "No night skill. Chooses at the start whether to believe in the witch.",
             "没有夜间技能。开局时选择是否信仰魔女。"),
    RoleInfo(WITCH, "魔女", "Witch", WITCH_SIDE, 1, (PROPHECY, MARK, CASTLING, INHERITANCE),
             "Third party. Marks one piece a night, alive or dead; wins when every living 平民 is marked.",
             "第三方。每晚标记 1 名棋子（存活或死亡）；所有存活平民都被标记时达成胜利条件。"),
    RoleInfo(KILLER, "杀手", "Killer", BLACK, 4, (BLADE, CONVERSION, TELL_NAME),
             "Kills one living piece a night as a team; on night 1 a 平民 target becomes the accomplice.",
             "团队每晚杀 1 名存活棋子；第一晚刀中的平民变成共犯。"),
    RoleInfo(ACCOMPLICE, "共犯", "Accomplice", BLACK, 0, (TELL_NAME,),
             "Made from a 平民 on night 1. Joins the killers once told every living killer's name.",
             "第一晚由平民变成。得知所有存活杀手的名字后加入杀手群。"),
    RoleInfo(APPRENTICE, "见习魔女", "Apprentice witch", WITCH_SIDE, 0, (),
             "Made from a believing 平民 at the end of night 1; chats with the witch, no skill.",
             "第一晚结束时由信仰魔女的平民变成；在魔女群与魔女交流，没有技能。"),
)

ROLE_NAMES = NameTable("role", [Name(r.id, r.zh, r.en) for r in ROLES])

SKILL_NAMES = NameTable("skill", [
    Name(BLADE, "无常之刃", "Blade"),
    Name(CONVERSION, "杀人诛心", "Conversion"),
    Name(TELL_NAME, "弃明投暗", "Tell a killer's name"),
    Name(DETECT, "侦探权限", "Detect"),
    Name(AUDITION, "演员试镜", "Audition"),
    Name(STAGE_PRIVILEGE, "舞台特权", "Stage privilege"),
    Name(BARRIER, "红字结界", "Red barrier"),
    Name(PROPHECY, "魔女预言", "Witch prophecy"),
    Name(MARK, "契约标记", "Contract mark"),
    Name(CASTLING, "王车易位", "Castling"),
    Name(INHERITANCE, "魔法传承", "Inheritance"),
    Name(BELIEF, "信仰魔女", "Believe in the witch"),
    Name(VOTE, "投票", "Vote"),
    Name(DROWNED, "淹死", "Drowned"),
    Name(ASCENSION, "魔女复苏", "Witch revival"),
    Name("exit", "出局结算", "Exit settlement"),
    Name("merge", "共犯加入杀手群", "Accomplice merges"),
])

FACTION_NAMES = NameTable("faction", [
    Name(BLACK, "黑方", "Black"),
    Name(WHITE, "白方", "White"),
    Name(WITCH_SIDE, "第三方", "Witch (third party)"),
])

TEAM_NAMES = NameTable("team", [
    Name(KILLERS, "杀手群", "killers' chat"),
    Name(DETECTIVES, "侦探群", "detectives' chat"),
    Name(WITCHES, "魔女群", "witches' chat"),
])

PHASE_NAMES = NameTable("phase", [
    Name(Ph.SETUP, "开局", "Setup"),
    Name(Ph.D1_FREE, "第一天自由讨论", "Day 1 free discussion"),
    Name(Ph.RESTRICTED, "白天限制发言阶段", "Restricted speech"),
    Name(Ph.FREE, "白天自由讨论阶段", "Free discussion"),
    Name(Ph.VOTE, "白天投票阶段", "Vote"),
    Name(Ph.VOTE_RESOLUTION, "出局结算", "Vote resolution"),
    Name(Ph.VOTE_LAST_WORDS, "投票死者遗言", "Last words (vote)"),
    Name(Ph.NIGHTFALL, "宵禁", "Nightfall"),
    Name(Ph.NIGHT, "夜晚行动阶段", "Night"),
    Name(Ph.CASTLE, "王车易位询问", "Castling question"),
    Name(Ph.SETTLEMENT, "结算阶段", "Settlement"),
    Name(Ph.DAWN, "天亮", "Dawn"),
    Name(Ph.LAST_WORDS, "遗言阶段", "Last words"),
])
