"""Scripted bots for majiasha2: every identity with small, readable heuristics and no model.

A bot knows only its ``Turn``: the engine's observation of its seat (identity, 马甲, who is out,
the 马甲 it was told of, its results) and, for strategy, what its mates tell in the chat (``notes``).
A seat is the 角色 it posts as; ballots, elections, appointments, 预言 and 药剂 name 马甲, and the bot
knows the 马甲 of itself, its chat mates, its lover and every revealed exit. Each decision draws from a generator
keyed by (seed, seat, view length, label); squad choices are keyed by (seed, night, faction) so
that teammates who know the same things pick the same target. Heuristics (``decide``):

* night 0: everyone elects its faction's lowest-numbered eligible 马甲 (a shared convention); the
  elder appoints at random; cupid links two random other 角色;
* in the faction chat (night steps 3&4) each member says its 马甲, the elder the downstream 马甲
  list, the seer its findings (马甲=identity);
* killers hit one shared 角色 outside the faction's chat; the guard shields the elder's 角色 (or
  itself), soundproofs a teammate once where a piper exists; the piper frenzies new 角色; the
  witch saves a dying teammate's 马甲 and keeps the potion otherwise; the seer checks the
  downstream 马甲 first;
* by day everyone posts once and votes for a 马甲: day 1 its own elder's as sheriff, later the
  downstream 马甲 the seer called 长老, else one the squad agrees on; bots never agree to shorten
  the day; last words are one line; a killer who must redact keeps the first five characters.
"""

from __future__ import annotations

from agents.base import Turn
from agents.bots.agent import BotAgent
from agents.bots.majiasha2.decide import decide
from agents.bots.majiasha2.notes import Notes
from engine.actions import Action


class ScriptedAgent(BotAgent[Notes]):
    """A heuristic player for any seat of majiasha2; one set of notes per seat it plays."""

    notes_class = Notes

    def decide(self, turn: Turn) -> Action:
        return decide(self.notes_for(turn), turn)
