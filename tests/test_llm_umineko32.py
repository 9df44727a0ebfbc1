"""LLM seats in Chinese umineko32 games through the fake OpenAI-compatible server (no model, no network).

``test_llm_agent`` plays a whole game in the forced and auto tool modes with the shared layout; here
every seat plays in the direct mode (the embedded model's: one tool forced per call, no selection
call, no ``read_log``) with the brief layout, in zh, and then a game mixing all three modes. The fake
server answers from each request's own tools and instruction (``tests.fake_openai.Policy``), so an
answer the engine refuses, a fallback or a warning is the prompt's or the tools' fault, never the
model's: every one of them must be zero. The prompts the seats read must be Chinese (``tests.chinese``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents.llm import ClientPool, Endpoint, LLMAgent
from arena.run.runner import GameRunner
from engine import events as ev
from engine.game import Game
from engine.rulesets import get_ruleset
from prompts.render import quoted
from tests.chinese import ascii_words
from tests.fake_openai import FakeOpenAI
from transcripts.records import CallRecord

RULESET = get_ruleset("umineko32")
SEATS = RULESET.seats


def play(seed: int, modes: dict[int, str], layout: str = "shared") -> tuple[Game, GameRunner, list[CallRecord]]:
    """A whole game of 18 zh LLM seats, seat ``s`` in tool mode ``modes[s]``."""
    records: list[CallRecord] = []
    game = RULESET.new_game(seed)
    with FakeOpenAI() as fake:
        pool = ClientPool(seed=seed)
        agents: dict[int, Any] = {
            s: LLMAgent(Endpoint(name="fake", base_url=fake.base_url, model="fake-model", timeout_s=5.0,
                                 backoff_s=0.01, backoff_max_s=0.05, max_retries=2, tool_mode=modes[s],
                                 layout=layout, lang="zh", context_budget=60_000), pool=pool)  # type: ignore[arg-type]
            for s in range(1, SEATS + 1)}
        runner = GameRunner(game, agents, call_listeners=[records.extend])

        async def go() -> None:
            try:
                await runner.run()
            finally:
                await pool.aclose()

        asyncio.run(go())
    return game, runner, records


def nothing_a_correct_prompt_avoids(game: Game, runner: GameRunner, records: list[CallRecord]) -> None:
    """No refused answer, no fallback, no call error, no warning: the policy answers only what it is offered."""
    assert game.over and game.winners
    assert runner.illegal == 0 and runner.fallbacks == 0
    assert not any(r.fallback or r.error for r in records), [r.error for r in records if r.error][:3]
    assert not [e for e in game.events if isinstance(e, ev.Passed) and e.fallback]
    assert not [e for e in game.events if isinstance(e, ev.Warned)], "a seat told what to do is never warned"
    assert {r.seat for r in records} == set(range(1, SEATS + 1))


def engine_words(game: Game, records: list[CallRecord]) -> list[str]:
    """The ASCII words of the prompts' own text: what the players wrote (posts, chats, last words, a
    vote's reason), shown quoted, is data and is left out, as ``test_chinese_umineko32`` does."""
    said = sorted({quoted(text) for e in game.events for text in _player_text(e) if text}, key=len, reverse=True)
    bad: list[str] = []
    for r in records:
        for m in r.messages:
            if m.get("role") not in ("system", "user"):
                continue
            text = str(m.get("content") or "")
            for q in said:
                text = text.replace(q, '"…"')
            bad += [f"seat {r.seat} day {r.day} {r.phase}: {w!r}" for w in ascii_words(text)]
    return bad


def _player_text(event: ev.Event) -> tuple[str, ...]:
    if isinstance(event, ev.VoteCast):
        return (event.reason,)
    return (str(getattr(event, "text", "")),) if event.kind in ("posted", "team_posted", "last_words") else ()


@pytest.mark.slow(reason="a whole 18-seat umineko32 game of LLM seats in the direct mode through the fake server")
def test_direct_mode_and_brief_layout_play_a_whole_zh_game_with_nothing_refused() -> None:
    game, runner, records = play(4, dict.fromkeys(range(1, SEATS + 1), "direct"), layout="brief")
    nothing_a_correct_prompt_avoids(game, runner, records)
    purposes = {r.response["x_arena"]["purpose"] for r in records if r.response}
    assert purposes <= {"action", "compaction"}  # the direct mode: no selection call
    votes = [e for e in game.events if isinstance(e, ev.VoteCast)]
    assert votes and {e.seat for e in votes} >= {s for s in range(1, SEATS + 1) if not _out_before_a_vote(game, s)}
    skills = {e.skill for e in game.events if isinstance(e, ev.SkillSubmitted)}
    assert {"blade", "detect", "barrier", "mark"} <= skills, skills
    assert not engine_words(game, records), engine_words(game, records)[:10]


@pytest.mark.slow(reason="a whole 18-seat umineko32 game of LLM seats in three tool modes through the fake server")
def test_forced_auto_and_direct_seats_together_play_a_whole_zh_game_with_nothing_refused() -> None:
    modes = {s: ("forced", "auto", "direct")[s % 3] for s in range(1, SEATS + 1)}
    game, runner, records = play(11, modes)
    nothing_a_correct_prompt_avoids(game, runner, records)
    assert not engine_words(game, records), engine_words(game, records)[:10]


def _out_before_a_vote(game: Game, seat: int) -> bool:
    """Whether ``seat`` left the game before the first vote was opened."""
    first_vote = next((e.seq for e in game.events if isinstance(e, ev.VoteCast)), len(game.events))
    return any(isinstance(e, ev.Died) and e.seat == seat and e.seq < first_vote for e in game.events)
