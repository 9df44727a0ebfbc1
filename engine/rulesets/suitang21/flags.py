"""The adjudications of suitang21 (spec §6, B-01..B-48): named flags, and the rulings without one.

Every item that names an alternative, or that a judge may reasonably want to turn, is a flag with
the spec's default (``FLAGS``, each with its item as ``ref``). Every other item is in
``ADJUDICATIONS`` with the ruling the engine follows and why it has no flag. Each of B-01..B-48
appears exactly once: as a flag's ``ref`` or in ``ADJUDICATIONS``. Two flags pin rules of §2.4
that the text states but a judge may relax (they have no B- item).
"""

from __future__ import annotations

from engine.flags import Flag

FLAGS: tuple[Flag, ...] = (
    Flag("suitang.wolf_camp_counts_all", True, "B-01",
         "the wolf camp's loss and its ≥½ count take every wolf-camp role (花蝴蝶, a wolf-camp 丘比特 and lovers); "
         "false: only 狼人"),
    Flag("suitang.widow_needs_camp_defeat", True, "B-03",
         "寡妇刀 needs the wolf camp defeated (false: every 狼人 out is enough, the butterfly alive or not)"),
    Flag("suitang.cupid_may_link_self", True, "B-05", "丘比特 may name itself as one of the lovers"),
    Flag("suitang.two_big_specials_only", False, "B-07",
         "双特 needs both lovers among the 4 big specials (false: any village special, 猎人 and 侦探 included)"),
    Flag("suitang.lovers_learn_identity", False, "B-09", "each lover is also told its partner's identity"),
    Flag("suitang.elder_penalty_includes_guard", False, "B-12", "the elder penalty also strips the 守卫 (the text's 医生)"),
    Flag("suitang.elder_penalty_spares_black_lovers", True, "B-13",
         "the elder penalty strikes only village-camp holders (false: an eloped seer, witch or hunter too)"),
    Flag("suitang.save_spends_elder_life", True, "B-14",
         "step 二 comes before 三: a save on the unhit elder still uses up its extra life (false: the save keeps it)"),
    Flag("suitang.detective_mutual", True, "B-17", "the detective's target learns the detective's identity too"),
    Flag("suitang.void_potion_consumed", True, "B-19", "a void or wasted potion is used up (false: a void one is refunded)"),
    Flag("suitang.witch_may_save_self", True, "B-20", "救药 may name the witch herself"),
    Flag("suitang.tongling_reports_propagated", False, "B-21",
         "通灵 also names the hugged role a kill on the butterfly propagates to"),
    Flag("suitang.propagation_overrides_immunity", True, "B-23",
         "a skill aimed at the butterfly also hits the hugged role although skills aimed at it are void "
         "(false: the hugged role stays immune)"),
    Flag("suitang.hugged_hunter_shoots", False, "B-25", "a hunter hugged tonight who goes out tonight may still shoot"),
    Flag("suitang.poisoned_hunter_shoots", True, "B-26", "a poisoned hunter may shoot"),
    Flag("suitang.sheriff_tie", "first_to_reach", "B-31",
         "a tied sheriff election: the first to reach the final maximum and hold it, a random tied candidate, "
         "or no sheriff", ("first_to_reach", "random", "none")),
    Flag("suitang.acceleration_voids_changes", True, "B-37",
         "after acceleration every change of vote is void: each voter's first vote stands"),
    Flag("suitang.dead_wolves_read_pack", True, "B-42", "dead wolves stay in 狼群 read-only (false: they stop receiving it)"),
    Flag("suitang.hug_voids_lovers_kill", True, "B-47", "a hug on one of the black lovers voids the lovers' kill that night"),
    Flag("suitang.vote_change_limit", 1, "§2.4", "changes of vote allowed per day (-1: any number)", (0, 1, 2, -1)),
    Flag("suitang.vote_needs_reason", True, "§2.4",
         "a ballot for a seat needs a reason: one without is refused (废票), so the seat still has no valid vote"),
)

ADJUDICATIONS: tuple[tuple[str, str, str | None, str], ...] = (
    ("B-02", "接刀 takes effect once every 狼人 (identity) is out, not on camp defeat", None,
     "Cupid is wolf camp itself, so camp defeat can never happen while it lives: no alternative"),
    ("B-04", "丘比特 is offered 接刀 every night (it is never told); the engine applies it only under 双狼 with every "
             "狼人 out, and gives no feedback", None, "the only reading that keeps 不会通知丘比特"),
    ("B-06", "双狼 = both lovers are 狼人; 狼人 + 花蝴蝶 is not 双狼", None, "literal"),
    ("B-08", "狼人 + 花蝴蝶 lovers: the wolf loses 杀人 and leaves 狼群; the pair stays wolf camp with a lovers' chat; "
             "no 接刀", None, "three clauses applied literally"),
    ("B-10", "the 4 big specials counted for the village's loss are the village-camp holders only", None,
     "the text says 村民阵营的4大特"),
    ("B-11", "the black lovers lose when one lover is out", None, "殉情 is immediate, so one and both are the same"),
    ("B-15", "two kills on the elder in one night are applied one after the other", None,
     "cannot happen: at most one kill a night"),
    ("B-16", "no elder penalty when the elder goes out by kill, 殉情 or red card", None, "the penalty list is explicit"),
    ("B-18", "a void 犯罪天才 (hugged detective or hugged target) is used up", None, "使用…无效 means it was used"),
    ("B-22", "propagation covers night skills and a night hunter shot, not 殉职", None, "scope of the night's skills"),
    ("B-24", "a guard on the butterfly protects it and the hugged role; only the butterfly's once-per-target is used",
     None, "the named target is the butterfly"),
    ("B-27", "a voided actor is told 无效（无结果） with no reason", None, "agents need an answer; silence would stall"),
    ("B-28", "night skills resolve in the listed order; submission times do not matter", None,
     "deterministic; no step has two actors"),
    ("B-29", "the engine has no clock: a night window closes when every actor answered or the judge closes it; a "
             "missing seer, witch or guard takes a pass and (with discipline on) a yellow card", None,
     "deadlines are the runner's and the judge's"),
    ("B-30", "template residue (混血儿, 两姐妹, 医生, 吹笛者, 第5步) is ignored", None, "roles absent from this setup"),
    ("B-32", "a day ≥2 tie: the sheriff's choice if it voted for one of the tied, else nobody", None, "explicit"),
    ("B-33", "red cards are applied first at close; a red-carded role's vote and the votes for it are void", None,
     "白天红牌罚下在被投票出局之前"),
    ("B-34", "a sheriff out at night names its successor in a question before dawn, else a random living role", None,
     "only the vote-out case is specified"),
    ("B-35", "pipeline order: elder penalty → 殉情 → win check → shot → 殉职", None, "both clauses say immediately"),
    ("B-36", "弃票 in the yellow-card clause is a void or absent vote; an explicit abstention is a vote", None,
     "the same post allows abstention"),
    ("B-38", "atomic event = one out with its 殉情 chain; a win check after each; a propagated victim is a later event; "
             "with no camp left the last-defeated one wins", None, "有且只有一个阵营获得胜利"),
    ("B-39", "the ≥½ check counts the wolf camp only; black lovers do not count", None, "camp definition (see B-01)"),
    ("B-40", "a camp defeated by red cards plays on, cannot win; wolves lose 杀人", None, "same principle as 判负"),
    ("B-41", "the 5 last words go to the earliest eligible outs in out order; a slot given up is not passed on", None,
     "靠前出局"),
    ("B-43", "shots and skills must name a role alive now", None, "no alternative is sensible"),
    ("B-44", "丘比特 silent at setup: two distinct roles other than itself are drawn (draw 丘比特之箭)", None,
     "the skill is forced"),
    ("B-45", "双狼 lovers get no lovers' chat (they share 狼群)", None, "explicit exception"),
    ("B-46", "a wolf lover of a cross pair reads 非村民阵营 to the seer and 狼人 to the detective", None,
     "camp versus identity"),
    ("B-48", "every member of the winning camp at the end shares the win, alive or out", None, "standard"),
    ("§2.4 final hour", "no change of vote in the final hour: not modelled (no clock)", None,
     "the engine has no clock; a judge may close the window"),
)

FLAG_TEXTS: dict[str, tuple[str, str]] = {
    "suitang.wolf_camp_counts_all": ("狼人阵营的判负和“过半”计数包括全部狼人阵营角色（花蝴蝶、狼人阵营的丘比特与情侣）",
                                     "the wolf camp's loss and its half-of-the-living count take every wolf-camp role"),
    "suitang.widow_needs_camp_defeat": ("寡妇刀要等狼人阵营被判负（否则所有狼人出局即可）",
                                        "the widow's knife needs the wolf camp defeated (else every werewolf out is enough)"),
    "suitang.cupid_may_link_self": ("丘比特可以把自己连为情侣之一", "Cupid may name itself as one of the lovers"),
    "suitang.two_big_specials_only": ("双特只算两名情侣都是四大特（预言家、女巫、长老、守卫）",
                                      "double specials only when both lovers are among the four big specials"),
    "suitang.lovers_learn_identity": ("情侣还会得知伴侣的身份", "each lover is also told its partner's identity"),
    "suitang.elder_penalty_includes_guard": ("长老惩罚也让守卫失去技能", "the elder penalty strikes the guard too"),
    "suitang.elder_penalty_spares_black_lovers": ("长老惩罚只针对村民阵营（私奔的预言家、女巫、猎人不受影响）",
                                                  "the elder penalty spares an eloped seer, witch or hunter"),
    "suitang.save_spends_elder_life": ("救药救下未受过指杀的长老，仍会用掉他的额外一命",
                                       "a save on the unhit elder still spends its extra life"),
    "suitang.detective_mutual": ("侦探的目标也会得知侦探的身份", "the detective's target learns the detective's identity too"),
    "suitang.void_potion_consumed": ("无效或浪费的药剂也算用掉", "a void or wasted potion is used up"),
    "suitang.witch_may_save_self": ("女巫可以对自己使用救药", "the witch may save herself"),
    "suitang.tongling_reports_propagated": ("通灵也报出指杀花蝴蝶时连带的被拥抱者",
                                            "spirit sense also names the hugged role a kill on the butterfly reaches"),
    "suitang.propagation_overrides_immunity": ("指向花蝴蝶的技能也作用于被拥抱者，即使他免疫指向他的技能",
                                               "a skill aimed at the butterfly also reaches the hugged role, immune or not"),
    "suitang.hugged_hunter_shoots": ("当晚被拥抱并出局的猎人仍可开枪", "a hunter hugged tonight who goes out tonight may shoot"),
    "suitang.poisoned_hunter_shoots": ("被毒杀的猎人可以开枪", "a poisoned hunter may shoot"),
    "suitang.sheriff_tie": ("竞岗平票时", "a tied sheriff election goes to"),
    "suitang.acceleration_voids_changes": ("加速后所有改票作废，以首票为准", "after acceleration every change of vote is void"),
    "suitang.dead_wolves_read_pack": ("出局的狼人留在狼群中只读", "dead wolves stay in the pack, read-only"),
    "suitang.hug_voids_lovers_kill": ("拥抱一名黑情侣使当晚的情侣杀人无效", "a hug on a black lover voids the lovers' kill that night"),
    "suitang.vote_change_limit": ("每天可以改票的次数", "changes of vote allowed a day"),
    "suitang.vote_needs_reason": ("投给某人的票必须写明理由，否则算作废票", "a ballot for a seat needs a reason, else it is void"),
}
"""What each flag decides, in words (``Narration.flags``): how a game's changed adjudications read."""

FLAG_WORDS: dict[str, tuple[str, str]] = {
    "first_to_reach": ("最先达到最高票并保持者", "the first to reach the maximum and hold it"),
    "random": ("随机一名平票者", "a random tied candidate"), "none": ("无人当选", "nobody"),
    "-1": ("不限", "any number"),
}
"""The values of the flags that are not switches, as words (``Ctx.word``)."""
