"""LLM seats in a qijian24 game through the fake OpenAI-compatible server (no model, no network).

Three LLM seats whose decisions are the rule set's own (日月剑's target-less declaration, the mage's
two night skills, a ranger's choice of side) play the first two days and the night between with the
rest scripted; the fake server answers from each seat's tools by a legal-play policy. Every answer
must reach the engine as a legal action, and a seat that would only ever post cannot hold a stage
open (the engine caps the posts of a window).
"""

from __future__ import annotations

import asyncio
from typing import Any

from agents.base import Turn
from agents.llm import ClientPool, Endpoint, LLMAgent
from agents.scripted import ScriptedAgent
from engine.actions import Pass
from engine.rulesets import get_ruleset
from engine.views import Viewer
from tests.fake_openai import FakeOpenAI

RULESET = get_ruleset("qijian24")
ROLES = ("riyue", "mage", "ranger_ban")


def test_llm_seats_play_two_days_of_qijian24_legally() -> None:
    game = RULESET.new_game(6)
    state: Any = game.state
    llm_seats = {next(s for s, p in state.pieces.items() if p.role == role) for role in ROLES}
    bot = ScriptedAgent()
    errors: list[str] = []
    shown: dict[int, int] = {}
    with FakeOpenAI() as fake:
        pool = ClientPool()
        ep = Endpoint(name="fake", base_url=fake.base_url, model="fake-model", timeout_s=2.0, backoff_s=0.01,
                      backoff_max_s=0.05, max_retries=2)
        llms = {s: LLMAgent(ep, pool=pool) for s in llm_seats}

        async def go() -> None:
            try:
                while not game.over and game.state.day <= 2:
                    waiting = game.waiting()
                    if not waiting:
                        game.advance()
                        continue
                    seat = min(waiting)
                    view = game.view(Viewer.of_seat(seat))
                    turn = Turn(ruleset="qijian24", seed=6, seat=seat, day=game.state.day, phase=game.state.phase,
                                events=view, new_from=shown.get(seat, 0), legal=game.legal(seat) or (),
                                check=game.check, observation=game.observe(Viewer.of_seat(seat)))
                    shown[seat] = len(view)
                    action = await llms.get(seat, bot).act(turn) or Pass(seat=seat)
                    error = game.check(action)
                    if error is not None:
                        errors.append(f"seat {seat}: {action!r}: {error}")
                        action = Pass(seat=seat)
                    game.submit(action)
            finally:
                await pool.aclose()

        asyncio.run(go())
    records = [r for agent in llms.values() for r in agent.take_calls()]
    assert not errors
    assert game.state.day == 3 or game.over
    assert {r.seat for r in records} == llm_seats
    assert not any(r.fallback or r.error for r in records)
