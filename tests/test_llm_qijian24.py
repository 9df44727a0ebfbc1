"""LLM seats in a qijian24 game through the fake OpenAI-compatible server (no model, no network).

Three LLM seats whose decisions are the rule set's own (日月剑's target-less declaration, the mage's
two night skills, a ranger's choice of side) play the first two days and the night between with the
rest scripted; the fake server answers from each seat's tools by a legal-play policy. Every answer
must reach the engine as a legal action, and a seat that would only ever post cannot hold a stage
open (the engine caps the posts of a window). And a whole game with every seat but the 杀手团's an
LLM seat, in both tool modes: no refused answer, no fallback.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents.base import Turn
from agents.llm import ClientPool, Endpoint, LLMAgent
from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine.actions import Pass
from engine.events import SkillSubmitted
from engine.rulesets import get_ruleset
from engine.views import Viewer
from tests.fake_openai import FakeOpenAI
from transcripts.records import CallRecord

RULESET = get_ruleset("qijian24")
ROLES = ("riyue", "mage", "ranger_ban")


def test_llm_seats_play_two_days_of_qijian24_legally() -> None:
    game = RULESET.new_game(6)
    state: Any = game.state
    llm_seats = {next(s for s, p in state.seats.items() if p.role == role) for role in ROLES}
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


@pytest.mark.slow(reason="a whole 24-seat game of LLM seats through the fake server: ~2,000 model calls")
def test_a_whole_game_of_llm_seats_through_the_fake_server() -> None:
    """Every seat but the 杀手团's an LLM (odd seats in the forced tool mode, even in auto; a note now
    and then): no answer the engine refuses, no fallback, every seat's calls on record, in a whole game.

    The 杀手团 are scripted: one member's kill ends the others' part of the night, and the runner
    then submits a teammate's answer still in flight into the next window (the day), where the engine
    rightly refuses it; that is the runner's (it does not tell a window from the next), not the
    prompt's."""
    records: list[CallRecord] = []
    game = RULESET.new_game(9)
    state: Any = game.state
    team = {s for s, p in state.seats.items() if p.role in ("fenghuo", "guageluo", "tushi")}
    with FakeOpenAI(notes_every=11) as fake:
        pool = ClientPool()
        agents: dict[int, Any] = {
            s: ScriptedAgent() if s in team else
            LLMAgent(Endpoint(name="fake", base_url=fake.base_url, model="fake-model", timeout_s=2.0,
                              backoff_s=0.01, backoff_max_s=0.05, max_retries=2,
                              tool_mode="forced" if s % 2 else "auto", context_budget=60_000), pool=pool)
            for s in range(1, RULESET.seats + 1)}
        runner = GameRunner(game, agents, call_listeners=[records.extend])

        async def go() -> None:
            try:
                await runner.run()
            finally:
                await pool.aclose()

        asyncio.run(go())
    assert game.over and game.winners
    assert runner.illegal == 0 and runner.fallbacks == 0
    assert not any(r.fallback or r.error for r in records), [r.error for r in records if r.error][:3]
    assert {r.seat for r in records} == set(range(1, RULESET.seats + 1)) - team
    skills = {e.skill for e in game.events if isinstance(e, SkillSubmitted) and e.seat not in team}
    assert {"check", "protect", "kill"} <= skills, skills
