"""Names of majiasha2: identities, skills, factions, teams and phases, in the rules' Chinese and English."""

from __future__ import annotations

from engine.names import Name, NameTable
from engine.ruleset import RoleInfo

A, B, C, PIPER_SIDE, LOVERS = "A", "B", "C", "piper", "lovers"
GENERAL = (A, B, C)
UPSTREAM = {A: C, B: A, C: B}
DOWNSTREAM = {A: B, B: C, C: A}
CHECK_ORDER = (PIPER_SIDE, LOVERS, A, B, C)
"""Spec §4: losses and wins are checked piper → lovers → general."""

MEMBER, ELDER, SEER, WITCH, GUARD, KILLER, CUPID, PIPER = (
    "member", "elder", "seer", "witch", "guard", "killer", "cupid", "piper")
APPOINTED = (SEER, WITCH, GUARD)
"""The identities an elder appoints, in the order of its 任命 targets."""

# skills and causes
ELECT, APPOINT, ARROW, FATE = "elect", "appoint", "arrow", "fate"
PROPHECY, TONGLING, POTION = "divine", "tongling", "potion"
SHIELD, SOUNDPROOF, KILL, PIPE, CONFIRM = "shield", "soundproof", "kill", "pipe", "confirm"
SHELTER, ELOPE, SUICIDE, SHERIFF, SUCCESSOR = "shelter", "elope", "suicide", "sheriff", "successor"
VOTE, NIGHT_OUT, SENT_OFF, REDACT, LAST_WORDS = "vote", "night_out", "sent_off", "redact", "last_words"
ACCOUNT_SKILLS = frozenset({ARROW, SHIELD, SOUNDPROOF, KILL, PIPE})
"""Skills aimed at a 角色 (a seat); the other skills and the votes name a 马甲 (spec §0)."""
MAJIA_LAYER = "majia"
"""The name of majiasha2's second public name list (the 马甲) in the typed events and observations."""
DEFEAT, SHORTEN = "defeat", "shorten"

ROLES: tuple[RoleInfo, ...] = (
    RoleInfo(ELDER, "长老", "Elder", "general", 3, (FATE, APPOINT),
             "Elected by its faction on night 0; appoints seer, witch, guard; learns the downstream 马甲 list; "
             "HP 2× base. Its exit defeats its faction.",
             "第零夜由本阵营选出；任命先知、女巫、守卫；得知下家阵营的全部马甲；生命值为基础的 2 倍；出局则本阵营判负。"),
    RoleInfo(SEER, "先知", "Seer", "general", 0, (PROPHECY,),
             "Each night (step 3) learns one living 马甲's identity.", "每晚（夜晚3）查看一名存活马甲的具体身份。"),
    RoleInfo(WITCH, "女巫", "Witch", "general", 0, (TONGLING, POTION),
             "Step 5: learns the dying 马甲 (通灵); once per game a potion: full heal of a dying ally, else dying.",
             "夜晚5：得知濒死的马甲（通灵）；一次药剂：濒死的本阵营者满血复活，否则目标进入濒死。"),
    RoleInfo(GUARD, "守卫", "Guard", "general", 0, (SHIELD, SOUNDPROOF),
             "Step 1: shields one 角色 from 杀人 (not the same twice in a row); once per game from 吹笛.",
             "夜晚1：保护一名角色免疫杀人（不能连续两晚同一角色）；限一次保护其免疫吹笛。"),
    RoleInfo(KILLER, "杀手", "Killer", "general", 6, (KILL,),
             "Step 4: each living killer hits one 角色 for 1 HP.", "夜晚4：每名存活状态的杀手选一名角色，使其生命值 −1。"),
    RoleInfo(CUPID, "爱神", "Cupid", LOVERS, 0, (ARROW, SHELTER),
             "Night 0: links two 角色 as lovers; goes out in a lover's place and gives it its HP.",
             "第零夜连接两名角色为情侣；情侣将出局时代替其出局并交给其生命值。"),
    RoleInfo(PIPER, "吹笛", "Piper", PIPER_SIDE, 0, (PIPE,),
             "Step 2: frenzies 1–2 角色; wins when every living killer is frenzied. HP 2× base.",
             "夜晚2：使 1–2 名角色癫狂；所有存活杀手都癫狂时获胜；生命值为基础的 2 倍。"),
)
"""The identities. ``count`` is the 9-seat row; ``table.row(n)`` gives every other size."""

ROLE_NAMES = NameTable("role", [Name(MEMBER, "阵营成员", "Faction member"), *(Name(r.id, r.zh, r.en) for r in ROLES)])

SKILL_NAMES = NameTable("skill", [
    Name(ELECT, "长老选举", "Elder election"),
    Name(APPOINT, "任命", "Appoint"),
    Name(ARROW, "爱神之箭", "Cupid's arrow"),
    Name(FATE, "知天命", "Know fate"),
    Name(PROPHECY, "预言", "Prophecy"),
    Name(TONGLING, "通灵", "Spirit sight"),
    Name(POTION, "药剂", "Potion"),
    Name(SHIELD, "守护之盾", "Guard shield"),
    Name(SOUNDPROOF, "隔音之盾", "Soundproof shield"),
    Name(KILL, "杀人", "Kill"),
    Name(PIPE, "吹笛", "Pipe"),
    Name(CONFIRM, "确定", "Confirm"),
    Name(SHELTER, "庇佑", "Shelter"),
    Name(ELOPE, "私奔", "Elope"),
    Name(SUICIDE, "殉情", "Die for love"),
    Name(SHERIFF, "竞岗", "Sheriff election"),
    Name(SUCCESSOR, "殉职", "Name a successor"),
    Name(VOTE, "投票", "Vote"),
    Name(NIGHT_OUT, "濒死出局", "Out after dying"),
    Name(SENT_OFF, "罚下", "Sent off"),
    Name(REDACT, "遮挡遗言", "Redact last words"),
    Name(LAST_WORDS, "遗言", "Last words"),
    Name(DEFEAT, "判负", "Defeat"),
    Name(SHORTEN, "缩短白天", "Shorten the day"),
])

FACTION_NAMES = NameTable("faction", [
    Name("general", "一般阵营", "General factions"),
    Name(A, "阵营A", "Faction A"),
    Name(B, "阵营B", "Faction B"),
    Name(C, "阵营C", "Faction C"),
    Name(PIPER_SIDE, "吹笛阵营", "Piper"),
    Name(LOVERS, "情侣阵营", "Lovers"),
])

TEAM_NAMES = NameTable("team", [
    Name(A, "阵营A群", "Faction A chat"),
    Name(B, "阵营B群", "Faction B chat"),
    Name(C, "阵营C群", "Faction C chat"),
    Name(LOVERS, "情侣群", "Lovers' chat"),
])

class Ph:
    """The phase names (spec §2.1), each written once here; ``phases.PHASES`` is the timetable."""

    SETUP, CUPID, ELECT, APPOINT = "SETUP", "CUPID", "ELECT", "APPOINT"
    DAY, VOTE, VOTE_LAST_WORDS, SUCCESSION = "DAY", "VOTE", "VOTE_LAST_WORDS", "SUCCESSION"
    GUARD, PIPER, STRIKE, WITCH = "GUARD", "PIPER", "STRIKE", "WITCH"
    DAWN, LAST_WORDS, REDACT = "DAWN", "LAST_WORDS", "REDACT"
    NIGHT0 = frozenset({CUPID, ELECT, APPOINT})
    NIGHT_STEPS = (GUARD, PIPER, STRIKE, WITCH)
    """Night N's steps 1 to 5, in order (3&4 are one window)."""
    VOTES = frozenset({VOTE, ELECT})
    WORDS = frozenset({LAST_WORDS, VOTE_LAST_WORDS})


PHASE_NAMES = NameTable("phase", [
    Name(Ph.SETUP, "开局", "Setup"),
    Name(Ph.CUPID, "第零夜·爱神之箭", "Night 0: cupid"),
    Name(Ph.ELECT, "第零夜·长老选举", "Night 0: elder election"),
    Name(Ph.APPOINT, "第零夜·任命", "Night 0: appointments"),
    Name(Ph.DAY, "白天讨论", "Day discussion"),
    Name(Ph.VOTE, "投票", "Vote"),
    Name(Ph.VOTE_LAST_WORDS, "投票出局遗言", "Last words after the vote"),
    Name(Ph.SUCCESSION, "警长殉职", "Sheriff's successor"),
    Name(Ph.GUARD, "夜晚1·守卫", "Night step 1: guard"),
    Name(Ph.PIPER, "夜晚2·吹笛", "Night step 2: piper"),
    Name(Ph.STRIKE, "夜晚3&4·先知与杀手", "Night steps 3–4: seer and killers"),
    Name(Ph.WITCH, "夜晚5·女巫", "Night step 5: witch"),
    Name(Ph.DAWN, "夜晚结算", "End of night"),
    Name(Ph.LAST_WORDS, "夜晚遗言", "Night last words"),
    Name(Ph.REDACT, "遮挡遗言", "Redaction"),
])
