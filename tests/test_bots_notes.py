"""The scripted bots' notes: one fold over the seat's view (``agents.bots.notes.ViewNotes``) for every
rule set whose bot lives in ``agents.bots``.

Each such rule set's bot is reached the same way (``agents.bots.<id>.ScriptedAgent``, a
``BotAgent``, which ``agents.scripted`` hands the rule set's turns) and keeps its notes on the shared
fold. Notes brought up turn by turn over a whole game equal, at the turns checked, the notes a fresh
bot folds from index 0 of the same view and observation: what lets a game resumed from its
transcript with fresh bots play on identically.
"""

from __future__ import annotations

import asyncio
import importlib
from typing import Any

import pytest

from agents.base import Turn
from agents.bots.agent import BotAgent
from agents.bots.notes import ViewNotes
from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner, RunnerConfig
from engine.actions import Action
from engine.events import GameCreated
from engine.rulesets import get_ruleset

RULESETS = ("umineko32", "suitang21", "qijian24", "majiasha2")


def bot_class(ruleset: str) -> type[BotAgent[Any]]:
    found: type[BotAgent[Any]] = importlib.import_module(f"agents.bots.{ruleset}").ScriptedAgent
    return found


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_rule_set_s_bot_is_reached_the_same_way_and_folds_on_the_shared_notes(ruleset: str) -> None:
    bot = bot_class(ruleset)
    assert isinstance(ScriptedAgent().bot(ruleset), bot)
    assert issubclass(bot, BotAgent) and issubclass(bot.notes_class, ViewNotes)
    notes = bot.notes_class
    assert not {"update", "follow", "on_phase_began", "on_vote_cast", "on_posted"} & set(vars(notes)), \
        "the fold, its cursor, its dispatch and the day's bookkeeping are the shared base's"
    assert {"game_created", "phase_began", "vote_cast", "posted"} <= set(notes.FOLD)
    assert notes.FOLD["phase_began"] is ViewNotes.on_phase_began


class Twin:
    """Plays every seat with one bot kept all game; every ``every``-th turn, compares its notes with
    those of a fresh bot given the same turn (a difference is kept, not raised: the runner would
    answer an exception with a fallback)."""

    def __init__(self, bot: type[BotAgent[Any]], every: int) -> None:
        self.name = "twin"
        self.kept, self.every = bot(), every
        self.turns = self.checked = 0
        self.differ: list[str] = []

    async def act(self, turn: Turn) -> Action | None:
        action = self.kept.decide(turn)
        self.turns += 1
        if self.turns % self.every == 0:
            kept, fresh = self.kept.notes_for(turn), type(self.kept)().notes_for(turn)
            if fresh != kept:
                self.differ.append(f"seat {turn.seat}, {len(turn.events)} events")
            self.checked += 1
        return action


@pytest.mark.parametrize("ruleset", RULESETS)
def test_notes_folded_turn_by_turn_equal_notes_folded_from_index_0(ruleset: str) -> None:
    game = get_ruleset(ruleset).new_game(4)
    header = game.events[0]
    assert isinstance(header, GameCreated)
    twin = Twin(bot_class(ruleset), every=5)
    runner = GameRunner(game, dict.fromkeys(range(1, header.seats + 1), twin),
                        config=RunnerConfig(concurrent_windows=False))
    asyncio.run(runner.run())
    assert game.over and runner.fallbacks == 0 and twin.checked >= 30
    assert twin.differ == []
