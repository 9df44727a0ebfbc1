"""The adjudications of classic7: named flags with their defaults, and the rulings without one.

A toy rule set has no spec document of its own; its items are numbered C-01.. here and in its rules
text (``templates/<lang>/rules.md``), which says each flag's setting in words.
"""

from __future__ import annotations

from engine.flags import Flag

SELF_SAVE = "classic7.witch_self_save"
FIRST_WORDS = "classic7.first_day_last_words"
PUBLISH = "classic7.publish_roles"
POISONED_SHOOTS = "classic7.poisoned_hunter_shoots"

FLAGS: tuple[Flag, ...] = (
    Flag(SELF_SAVE, "first_night", "C-01",
         "the witch may save herself on night 1 only, never, or on any night", ("first_night", "never", "always")),
    Flag(FIRST_WORDS, True, "C-02", "the night's victims leave last words on day 1 (later nights' victims never do)"),
    Flag(PUBLISH, False, "C-03", "the judge publishes the identity of every seat that goes out"),
    Flag(POISONED_SHOOTS, False, "C-04", "a poisoned hunter may still shoot"),
)

ADJUDICATIONS: tuple[tuple[str, str, str | None, str], ...] = (
    ("C-05", "the pack's kill is the last kill a living wolf submitted that night; no kill submitted: nobody dies",
     None, "one kill a night for the team, as every werewolf table plays it"),
    ("C-06", "a tied vote, or a vote without ballots, sends nobody out (no run-off)", None, "the toy's rule"),
    ("C-07", "the first out that completes a side's condition decides the game: the wolves' kill resolves before "
             "the poison, a vote-out before the hunter's shot", None, "exactly one side wins"),
    ("C-08", "a seat the hunter shoots leaves no last words", None, "the toy keeps last words to the night's victims "
             "of day 1 and the vote-out"),
    ("C-09", "the witch is told the victim every night, with or without her save", None, "the common variant"),
)
