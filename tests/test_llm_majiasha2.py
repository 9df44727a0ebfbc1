"""LLM seats in majiasha2 games through the fake OpenAI-compatible server (no model, no network).

Every seat is an LLM seat; the fake server answers each request from its own tools and the
instruction's options (``tests.fake_openai``), as a model that follows the prompt would, and it
reads what a model would have to read for the two decisions that need more than the options: a
killer asked to redact finds the victim's words in its private log (the judge's notice quotes them)
and masks all but the first five characters; a seat leaving last words writes one line within the
rule the option states. Whole games must reach the engine without one illegal-by-construction
answer, without a fallback, with the redaction done by the model and not by a default.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from agents.llm import ClientPool, Endpoint, LLMAgent
from arena.run.runner import GameRunner
from engine import events as ev
from engine.game import Game
from engine.rulesets import get_ruleset
from tests.fake_openai import Answer, Body, FakeOpenAI, Policy, legal_lines
from transcripts.records import CallRecord

RULESET = get_ruleset("majiasha2")
ORIGINAL = re.compile(r'原文（(\d+) 字）："((?:[^"\\]|\\.)*)"')
RULE = re.compile(r"一行 (\d+)–(\d+) 个字")


class Reader(Policy):
    """The legal-play policy, plus the reading a redaction and last words need (see the docstring)."""

    redactions: int = 0

    def answer(self, body: Body) -> Answer:
        line = legal_lines(body).get("last_words", "")
        if "遮挡" in line:
            self.redactions += 1
            return Answer.call("last_words", {"text": self._masked(body)})
        rule = RULE.search(line)
        if rule:
            low = int(rule.group(1))
            return Answer.call("last_words", {"text": "我的遗言：大家好好分析局势，相信自己的判断。"[:max(low, 20)]})
        return super().answer(body)

    @staticmethod
    def _masked(body: Body) -> str:
        text = "\n".join(str(m.get("content") or "") for m in body["messages"])
        found = ORIGINAL.findall(text)
        assert found, "the redactor's prompt quotes the victim's words"
        original = json.loads(f'"{found[-1][1]}"')
        return original[:5] + "■" * (len(original) - 5)


def _play(seed: int, size: int, mode: str) -> tuple[Game, GameRunner, list[CallRecord], Reader]:
    records: list[CallRecord] = []
    game = RULESET.new_game(seed, options={"size": size})
    with FakeOpenAI() as fake:
        reader = Reader()
        fake.policy = reader
        pool = ClientPool()
        endpoint = Endpoint(name="fake", base_url=fake.base_url, model="fake-model", timeout_s=5.0, backoff_s=0.01,
                            backoff_max_s=0.05, max_retries=2, tool_mode=mode)  # type: ignore[arg-type]
        agents: dict[int, Any] = {s: LLMAgent(endpoint, pool=pool) for s in range(1, size + 1)}
        runner = GameRunner(game, agents, call_listeners=[records.extend])

        async def go() -> None:
            try:
                await runner.run()
            finally:
                await pool.aclose()

        asyncio.run(go())
    return game, runner, records, reader


@pytest.mark.slow(reason="two whole LLM games of majiasha2 through the fake server")
@pytest.mark.parametrize(("seed", "size", "mode"), [(4, 12, "auto"), (7, 11, "forced")])
def test_whole_llm_games_reach_the_engine_legally_and_redact_from_the_prompt(seed: int, size: int, mode: str) -> None:
    game, runner, records, reader = _play(seed, size, mode)
    assert game.over and game.winners
    assert runner.illegal == 0 and runner.fallbacks == 0
    assert not [r for r in records if r.fallback or r.error], [r.error for r in records if r.error][:3]
    fallbacks = [e for e in game.events if isinstance(e, ev.Passed) and e.fallback]
    assert not fallbacks
    redacted = [e for e in game.events if isinstance(e, ev.Resolved) and e.skill == "redact"]
    assert len(redacted) == reader.redactions > 0, "a killer redacted, from the words its prompt showed"
