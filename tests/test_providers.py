"""The provider conformance suite: one loopback mock per profile, behaving as its documentation says
(``tests.providers``), and a whole game on each that finishes with no fallback the adapter caused.

Each game is played in English by 9 LLM seats of majiasha2 (the smallest table). The context-exceeded
400 is met in a decision of day 3 of umineko32 whose prompt is just over the mock's window: the seat
compacts and asks again, and the endpoint's budget is lowered for the rest of the game, on record.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest

from agents.base import Turn
from agents.llm.agent import LLMAgent
from agents.llm.endpoint import Endpoint
from agents.llm.pool import ClientPool
from arena.run.runner import GameRunner
from engine.game import Game
from engine.rulesets import get_ruleset
from tests.fake_openai import FakeOpenAI
from tests.providers import PROVIDERS, Provider, prompt_tokens
from tests.test_llm_agent import game_until, turn_for
from transcripts.records import CallRecord

RULESET = get_ruleset("majiasha2")
SIZE = 9
MODEL = {"openai": "gpt-4.1-mini", "openai-reasoning": "gpt-5-mini", "deepseek": "deepseek-chat", "qwen": "qwen-plus"}
MODE = {"llama-cpp-python": "direct"}
"""The tool mode each profile's game is played in (llama-cpp-python: the embedded demo's)."""
MODEL_ERRORS = ("illegal:", "speech limit:")
"""Fallbacks the model caused, not the adapter: an action the judge refused (the fake's policy takes
the first legal-looking value, and majiasha2's redacted last words are beyond it), a text too long."""


@dataclass
class Played:
    game: Game
    runner: GameRunner
    records: list[CallRecord]
    provider: Provider
    pool: ClientPool
    endpoint: Endpoint


def play(profile: str, **settings: Any) -> Played:
    provider = PROVIDERS[profile]()
    records: list[CallRecord] = []
    pool = ClientPool(seed=2)

    async def go() -> tuple[Game, GameRunner, Endpoint]:
        with FakeOpenAI(provider=provider) as fake:
            ep = Endpoint(name=profile, profile=profile, base_url=fake.base_url, model=MODEL.get(profile, "local"),
                          lang="en", tool_mode=MODE.get(profile, "auto"), max_concurrency=9, timeout_s=10,
                          backoff_s=0.01, backoff_max_s=0.02, **settings)
            agents = {s: LLMAgent(ep, "en", pool=pool) for s in range(1, SIZE + 1)}
            game = RULESET.new_game(2, options={"size": SIZE})
            runner = GameRunner(game, agents, call_listeners=[records.extend])
            await runner.run()
            await pool.aclose()
            return game, runner, ep

    game, runner, ep = asyncio.run(go())
    return Played(game, runner, records, provider, pool, ep)


PLAYED: dict[str, Played] = {}


def played(profile: str) -> Played:
    if profile not in PLAYED:
        PLAYED[profile] = play(profile)
    return PLAYED[profile]


def purpose(record: CallRecord) -> str:
    return str((record.response or {}).get("x_arena", {}).get("purpose"))


@pytest.mark.parametrize("profile", sorted(PROVIDERS))
def test_a_whole_game_on_each_profile_has_no_adapter_caused_fallback(profile: str) -> None:
    p = played(profile)
    assert p.game.over and p.game.winners
    adapter = [r.error for r in p.records if r.fallback and not (r.error or "").startswith(MODEL_ERRORS)]
    assert not adapter
    assert p.runner.fallbacks == len([r for r in p.records if r.fallback])  # every fallback is on record
    assert {r.profile for r in p.records} == {profile}
    billed = p.endpoint.api.billed
    costs = [r.cost_usd for r in p.records if r.error is None]
    assert (all(c is not None and c > 0 for c in costs) if billed else all(c is None for c in costs))
    if billed:
        assert all(r.prices and r.prices["source"].startswith(f"profile {profile}") for r in p.records if r.cost_usd)


def day3_turn() -> tuple[Game, Turn]:
    game = game_until(11, lambda g: g.state.day >= 3 and g.state.phase == "VOTE")
    return game, turn_for(game, game.waiting()[0])


def decide(profile: str, n_ctx: int) -> tuple[list[CallRecord], Provider, ClientPool, Endpoint]:
    game, turn = day3_turn()
    provider = PROVIDERS[profile](n_ctx=n_ctx)
    pool = ClientPool(seed=1)

    async def go() -> tuple[list[CallRecord], Endpoint]:
        with FakeOpenAI(provider=provider) as fake:
            ep = Endpoint(name=profile, profile=profile, base_url=fake.base_url, model=MODEL.get(profile, "local"),
                          lang="en", tool_mode=MODE.get(profile, "auto"), timeout_s=10, context_budget=10**6)
            agent = LLMAgent(ep, "en", pool=pool)
            action = await agent.act(turn)
            await pool.aclose()
            assert action is not None and game.check(action) is None
            return agent.take_calls(), ep

    records, ep = asyncio.run(go())
    return records, provider, pool, ep


@pytest.mark.parametrize("profile", sorted(set(PROVIDERS) - {"ollama"}))
def test_a_context_exceeded_400_compacts_retries_once_and_lowers_the_budget(profile: str) -> None:
    [first, *_], *_ = decide(profile, 10**9)
    window = prompt_tokens({"messages": first.messages, "tools": (first.response or {}).get("x_arena") and first.tools})
    records, provider, pool, ep = decide(profile, window - 10)
    assert provider.seen.count("context_exceeded") == 1
    exceeded, compaction, retry = records[0], records[1], records[2]
    assert exceeded.response is not None and exceeded.response["x_arena"]["context_exceeded"]
    budget = exceeded.response["x_arena"]["budget"]
    assert budget["after"] < budget["before"] == ep.policy.context_budget and pool.budget(ep) == budget["after"]
    assert purpose(compaction) == "compaction" and compaction.error is None
    assert purpose(retry) == "action" and retry.error is None and not any(r.fallback for r in records)
    assert retry.tokens_in is not None and exceeded.tokens_in is not None and retry.tokens_in < exceeded.tokens_in


def test_deepseek_reasoning_is_passed_back_on_tool_call_turns_and_stored() -> None:
    p = played("deepseek")
    assert "reasoning_missing" not in p.provider.seen
    assert all(r.reasoning for r in p.records if r.error is None)
    again = [r for r in p.records if any(m.get("role") == "assistant" and m.get("tool_calls")
                                         for m in r.messages)]
    assert again, "no request of a decision's second step (a note, a retry, read_log)"
    assert all(r.cached_tokens is not None for r in p.records if r.error is None)  # prompt_cache_hit_tokens


def test_openai_reasoning_sends_max_completion_tokens_and_no_temperature() -> None:
    p = played("openai-reasoning")
    assert not {"max_tokens_refused", "temperature_refused"} & set(p.provider.seen)
    with pytest.raises(ValueError, match="temperature"):
        Endpoint(profile="openai-reasoning", base_url="http://127.0.0.1:1/v1", model="gpt-5", temperature=0.7)
    ep = Endpoint(profile="openai-reasoning", base_url="http://127.0.0.1:1/v1", model="gpt-5")
    assert ep.policy.max_tokens is None and "max_tokens" not in ep.sampling()
    limited = Endpoint(profile="openai-reasoning", base_url="http://127.0.0.1:1/v1", model="gpt-5", max_tokens=4000)
    assert limited.sampling() == {"max_completion_tokens": 4000}


@pytest.mark.parametrize("profile", ["sglang", "ollama", "llama-cpp-python"])
def test_tool_calls_written_in_the_content_are_read_on_record(profile: str) -> None:
    p = played(profile)
    if profile == "llama-cpp-python":  # its direct mode names the tool: a grammar-forced call, not content
        assert "content_call" not in p.provider.seen
        return
    parsed = [r for r in p.records if r.response and r.response["x_arena"].get("parsed_from") == "content"]
    assert parsed and all(c.get("parsed_from") == "content" for r in parsed for c in r.tool_calls)


def test_vllm_without_a_tool_parser_refuses_auto_once_then_gets_required() -> None:
    p = played("vllm")
    assert 1 <= p.provider.seen.count("auto_refused") <= 9  # the requests in flight when the first came back
    adapted = [r for r in p.records if r.response and r.response["x_arena"].get("adapted")]
    assert len(adapted) == 1 and "required" in adapted[0].response["x_arena"]["adapted"][0]  # type: ignore[index]


def test_llama_server_gets_required_where_a_named_choice_would_be_read_as_auto() -> None:
    p = played("llamacpp")
    assert "named_ignored" not in p.provider.seen
    assert all(r.cached_tokens is not None for r in p.records if r.error is None)  # timings.cache_n


def test_a_generic_server_with_object_arguments_and_html_bodies_is_recorded_and_retried() -> None:
    p = played("generic")
    assert {"object_arguments", "html_body"} <= set(p.provider.seen)
    html = [r for r in p.records if r.response and "raw_body" in r.response["x_arena"]]
    assert html and all("<html>" in r.response["x_arena"]["raw_body"] for r in html)  # type: ignore[index]
    assert all(r.error and "unparseable body" in r.error and not r.fallback for r in html)
