"""classic7 (预女猎, 7 seats): two wolves, a seer, a witch, a hunter and two villagers; 屠边.

The table kernel's first user and the toy of "how to add a rule set" (ARCHITECTURE.md): everything
it needs is in this folder, reached from its ``Ruleset``, and no shared file names it:

* the rules: ``names``, ``flags``, ``state``, ``setup``, ``phases`` (the timetable as data) with its
  closers in ``night`` and ``day``, ``outs`` (the hunter's hook on the shared ``OutChain``, the win
  conditions), ``legal``, ``submit``, ``fold``, ``observe``;
* its texts (``texts``: zh and en) and its refusals (the shared codes);
* its plug-ins: the scripted player (``bot``: a pure ``Policy``, wrapped by ``agents.scripted``),
  the prompt templates (``templates/``, read by ``prompts.texts``), the judge scenarios
  (``scenarios/``) and, through ``landmarks``, its judge schedule (``arena.judge.scenario.schedule_of``).

Version history
- 1.0: the whole rule set.
"""

from __future__ import annotations

from engine.ruleset import Policy
from engine.rulesets.classic7 import aliases, bot, flags, legal, names, observe, phases, setup, submit
from engine.rulesets.classic7.fold import FOLDS
from engine.rulesets.classic7.state import Classic7Seat, Classic7State
from engine.rulesets.classic7.texts import NARRATION
from engine.table import TableRuleset


class Classic7(TableRuleset[Classic7State], names=names, flags=flags, phases=phases, setup=setup,
               legal=legal, observe=observe, submit=submit):
    """The classic7 rule set: a page of composition over the table kernel."""

    id = "classic7"
    version = "1.0"
    title = "预女猎 7人局"
    seats = 7
    alias_english = aliases.ENGLISH
    narration = NARRATION
    options_doc = setup.OPTIONS_DOC

    seat_type = Classic7Seat
    state_type = Classic7State
    folds = FOLDS

    def policy(self) -> Policy | None:
        return bot.decide


RULESET = Classic7
"""The class the registry (``engine.rulesets``) instantiates."""

__all__ = ["RULESET", "Classic7"]
