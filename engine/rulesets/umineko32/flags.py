"""The adjudications of umineko32 (spec §6, A-01..A-45) that change play, as named flags.

Items that the spec settles without an alternative (A-01 colours, A-09 one team blade, A-12 no
self-check, …) are the engine's behaviour and carry no flag; every item that names an alternative,
or that a judge may reasonably want to turn, is a flag with the spec's default.
"""

from __future__ import annotations

from engine.flags import Flag

FLAGS: tuple[Flag, ...] = (
    Flag("umineko.witch_vacuous_win", True, "A-04",
         "the witch's condition holds when no 平民 is alive (vacuous truth)"),
    Flag("umineko.barrier_blocks_conversion", False, "A-07",
         "a barrier on the night-1 平民 blade target also prevents its conversion to 共犯"),
    Flag("umineko.detective_team_check", False, "A-11",
         "the two detectives share one check a night instead of one each"),
    Flag("umineko.theater_chain_last_use", False, "A-14",
         "观剧 rule ③ follows the last use, not only the immediately preceding night"),
    Flag("umineko.inheritance_fallback", "death", "A-25",
         "with no living believer, 魔法传承 kills a random 平民 (death) or converts one alive (convert_alive)",
         ("death", "convert_alive")),
    Flag("umineko.accomplice_sees_target", False, "A-31",
         "the unmerged 共犯 is told the killers' nightly target"),
    Flag("umineko.reveal_roles_on_death", False, "A-32",
         "announcements name the role of the dead"),
    Flag("umineko.vote_change_limit", -1, "A-34",
         "how many times a seat may change its vote in one day (-1: unlimited)", (-1, 0, 1, 2, 3)),
    Flag("umineko.tie", "none", "A-35",
         "a tied vote: nobody is voted out (none), one of the tied at random, or all tied are voted out",
         ("none", "random", "all_tied_die")),
    Flag("umineko.blue_limit", 3, "§2.2",
         "reasoning posts (蓝字) allowed in the restricted phase", (1, 2, 3, 4, 5)),
    Flag("umineko.last_words_days", 3, "A-36",
         "deaths during game days 1..N may leave last words", (0, 1, 2, 3, 4, 5, 99)),
    Flag("umineko.warnings_to_drown", 2, "A-40", "warnings that drown a piece", (1, 2, 3)),
    Flag("umineko.soul_joins_after_last_words", True, "A-44",
         "the 魔法传承 soul joins 魔女群 only after its last-words window closes"),
)
