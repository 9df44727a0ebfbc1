"""The scripted player of suitang21: every identity with small, readable heuristics and no model.

It knows only its ``Turn``: the engine's observation of its seat (identity, chats, partner, results)
and its own notes on the thread it sees (``notes``); each decision draws on (seed, seat, view
length, label), so the same turn always gets the same answer. Heuristics, by identity:

* everyone posts three times, names a suspect with a reason and votes for it, asks to accelerate,
  then tops up to the day's minimum of 5 posts unless the day was accelerated, and passes; nobody votes its lover; villagers believe seer claims and the results they hold;
* the seer checks unchecked seats and claims every result publicly (非村民阵营 first); others
  follow the day's leading ballot unless it names a seat they trust;
* wolves all aim at the same seat (a claimed seer first, else a draw keyed by the night alone, so
  the pack agrees without talking) and vote away from the pack; the butterfly hugs at random;
* the guard shields a claimed seer, else itself, else anyone it may; the detective uses its one
  check on night 2 and names a wolf it finds in public; the witch saves the night's first named
  target and poisons a seat a seer called 非村民阵营; the hunter shoots its top suspect; a sheriff
  hands over to a seat it trusts (a wolf to a packmate).
"""

from __future__ import annotations

from agents.base import Turn
from agents.bots.agent import BotAgent
from agents.bots.suitang21.mind import decide
from agents.bots.suitang21.notes import Notes
from engine.actions import Action


class ScriptedAgent(BotAgent[Notes]):
    """A heuristic player for any seat of suitang21; keeps one set of notes per seat it plays."""

    notes_class = Notes

    def decide(self, turn: Turn) -> Action:
        return decide(self.notes_for(turn), turn)
