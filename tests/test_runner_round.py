"""A concurrent round that stops stops whole: once handing one answer on raises (a storage fault, a
listener that ends the game), the round's other decisions are cancelled, not left running against
clients their caller is about to close (each would then fail and be handed on as a fallback)."""

from __future__ import annotations

import asyncio

import pytest

from agents.base import Turn
from arena.run.runner import GameRunner, all_or_none
from engine.actions import Action
from engine.rulesets import get_ruleset
from transcripts.records import CallRecord


class Stop(Exception):
    """What the listener raises on the first calls it is handed."""


class Seat:
    """A concurrent player that makes one call per decision: the first one asked answers at once,
    the others after ``delay`` seconds (still thinking when the first answer is handed on)."""

    concurrent = True
    name = "seat"

    def __init__(self, asked: list[int], finished: list[int], delay: float) -> None:
        self.asked, self.finished, self.delay = asked, finished, delay
        self.records: list[CallRecord] = []

    async def act(self, turn: Turn) -> Action | None:
        self.asked.append(turn.seat)
        if len(self.asked) > 1:
            await asyncio.sleep(self.delay)
        self.finished.append(turn.seat)
        self.records.append(CallRecord(seat=turn.seat, day=turn.day, phase=turn.phase, decision=turn.decision))
        return None

    def take_calls(self) -> list[CallRecord]:
        records, self.records = self.records, []
        return records


def test_a_round_whose_answer_cannot_be_handed_on_cancels_its_other_decisions() -> None:
    rules = get_ruleset("umineko32")
    game = rules.new_game(1)
    asked: list[int] = []
    finished: list[int] = []
    handed: list[list[CallRecord]] = []

    def listen(batch: list[CallRecord]) -> None:
        handed.append(batch)
        raise Stop

    async def go() -> None:
        agents = {s: Seat(asked, finished, 0.2) for s in range(1, rules.seats + 1)}
        with pytest.raises(Stop):  # the error itself, not wrapped
            await GameRunner(game, agents, call_listeners=[listen]).run()
        await asyncio.sleep(0.4)  # the others would have answered by now

    asyncio.run(go())
    assert len(asked) > 1  # a concurrent round: several seats were thinking
    assert finished == asked[:1] and [[r.seat for r in b] for b in handed] == [asked[:1]]


def test_all_or_none_gives_every_result_in_order() -> None:
    async def late(value: int) -> int:
        await asyncio.sleep(0.01 * (3 - value))
        return value

    async def go() -> list[int]:
        return await all_or_none([late(v) for v in range(3)])

    assert asyncio.run(go()) == [0, 1, 2]
