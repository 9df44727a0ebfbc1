"""Provider profiles: the shipped table, strict function calling, bad input, cost and cached tokens."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from agents.beliefs import BeliefRequest
from agents.llm.agent import game_vocabulary
from agents.llm.aliases import AliasBook
from agents.llm.beliefs import belief_tool
from agents.llm.endpoint import Endpoint
from agents.llm.parse import parse_call
from agents.llm.profiles import Prices, cached_tokens, names, profile
from agents.llm.strict import problems, to_strict
from agents.llm.tools import build_stable, build_tools, direct_schema, select_tool
from agents.llm.wire import assistant, body
from arena.run.seats import SeatFileError, parse_seat_file
from engine.actions import Post, Vote
from engine.narrate.names import Names
from engine.rulesets import get_ruleset, ruleset_ids
from prompts import seat_label

PROFILES = ("generic", "openai", "openai-reasoning", "deepseek", "qwen", "vllm", "sglang", "ollama", "llamacpp",
            "llama-cpp-python")
LOCAL = "http://127.0.0.1:1/v1"


def test_every_profile_the_issue_names_is_shipped_and_cites_its_documentation() -> None:
    assert set(PROFILES) <= set(names())
    text = Path("agents/llm/profiles.toml").read_text(encoding="utf-8")
    for name in PROFILES:
        section = text.split(f"[{name}]", 1)[1].split("\n[", 1)[0]
        assert "http" in section or ".cpp" in section or ".py" in section, f"{name}: no source cited"
        profile(name)  # validates


def all_tools(ruleset_id: str, lang: str) -> list[dict[str, object]]:
    """Every tool schema a seat of the rule set may be sent: the stable set, each template per call,
    the direct mode's forced schemas, the selector, the belief report."""
    ruleset = get_ruleset(ruleset_id)
    book = AliasBook(Names.from_ruleset(ruleset), lang, seat_label)  # type: ignore[arg-type]
    vocabulary = game_vocabulary(ruleset)
    seats = range(1, ruleset.seats + 1)
    stable = build_stable(vocabulary, book, seats)
    wide = [replace(t, targets=tuple(seats)) if t.arity > 0 else t for t in vocabulary]
    per_call = build_tools(wide, book)
    out = [*stable.schemas(), *per_call.schemas(), select_tool(stable.specs, book.lang).schema]
    current = stable.with_legal(wide)
    out += [direct_schema(current, name, {"post": 60, "vote_reason": 10}, book.lang) for name in current.current]
    factions = tuple(sorted({r.faction for r in ruleset.roles}))
    request = BeliefRequest(ruleset=ruleset_id, seed=0, seat=1, day=1, phase="DAY", checkpoint=0, events=(),
                            targets={s: str(s) for s in tuple(seats)[1:]}, factions=factions)
    out.append(belief_tool(request, book, {f: f for f in factions}))
    return out


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_tool_schema_of_every_rule_set_is_in_openai_strict_subset_when_strict(ruleset_id: str) -> None:
    for lang in ("zh", "en"):
        tools = all_tools(ruleset_id, lang)
        assert len(tools) > 10
        raw = [p for t in tools for p in problems(t["function"]["parameters"])]  # type: ignore[index]
        assert raw, "the plain schemas are not strict (optional fields, maxLength, uniqueItems): nothing tested"
        for tool in tools:
            strict = to_strict(tool)
            assert strict["function"]["strict"] is True
            assert problems(strict["function"]["parameters"]) == [], (tool["function"]["name"], lang)  # type: ignore[index]


def test_strict_nulls_are_read_as_left_out_and_the_engine_still_judges_targets() -> None:
    ruleset = get_ruleset("umineko32")
    book = AliasBook(Names.from_ruleset(ruleset), "en", seat_label)
    tools = build_stable(game_vocabulary(ruleset), book, range(1, 19))
    post = parse_call(tools, 3, "post", json.dumps({"text": "hello", "blue": None, "quote": None}))
    assert isinstance(post, Post) and not post.blue and post.quote is None
    target = book.labels((5,))[0]
    vote = parse_call(tools, 3, "vote", json.dumps({"target": target, "reason": None}))
    assert isinstance(vote, Vote) and vote.target == 5  # the stable enum holds every seat: legality is the engine's


def test_a_wrong_profile_name_an_unknown_parameter_a_missing_price_and_a_cap_below_one_request_name_the_key() -> None:
    cases = {
        'profile = "deepsek"': ("profile", "unknown profile 'deepsek'", "deepseek"),
        'profile = "openai-reasoning"\ntemperature = 0.7': ("temperature", "does not take it", "remove temperature"),
        'frequency = 3': ("frequency", "unknown setting", "known:"),
        'profile = "openai"\nmodel = "gpt-9"': ("prices", "no price for model 'gpt-9'", "prices = {input"),
        'caps = {max_tokens = 2000}': ("caps.max_tokens", "below one request", "raise it"),
        'quirks = {tool_choice_nmaed = false}': ("quirks.tool_choice_nmaed", "not a profile key", "keys:"),
        'profile = "deepseek"\nmodel = "deepseek-chat"\ncaps = {max_cost = 0.0001}': ("caps.max_cost", "below one request",
                                                                                  "raise it"),
    }
    for extra, expected in cases.items():
        model = "" if "model" in extra else 'model = "m"\n'
        text = f'[endpoints.x]\nbase_url = "{LOCAL}"\n{model}{extra}\n[seats]\n"1-18" = "llm:x"\n'
        with pytest.raises(SeatFileError) as info:
            parse_seat_file(text, 18)
        message = str(info.value)
        assert all(part in message for part in expected), (extra, message)
        assert "[endpoints.x]" in message


def test_max_tokens_can_be_left_out_from_a_seat_file() -> None:
    text = f'[endpoints.x]\nbase_url = "{LOCAL}"\nmodel = "m"\nmax_tokens = "omit"\n[seats]\n"1-18" = "llm:x"\n'
    plan = parse_seat_file(text, 18)
    assert plan.endpoints["x"].policy.max_tokens is None and "max_tokens" not in plan.endpoints["x"].sampling()
    assert Endpoint(base_url=LOCAL, model="m", max_tokens=0).policy.max_tokens is None


STORED_ENDPOINT = {
    "name": "x", "base_url": "https://api.openai.com/v1", "model": "gpt-4o-mini", "api_key_env": "K", "temperature": 0.3,
    "top_p": None, "profile": "openai", "quirks": {}, "max_tokens": None, "reasoning_effort": None, "thinking": None,
    "strict": False, "prices": None, "caps": {"max_cost": None, "max_tokens": 5000000, "stand_in": "random"},
    "tournament_caps": None, "seed": None, "timeout_s": 3.0, "max_concurrency": 4, "max_retries": 3, "backoff_s": 0.5,
    "backoff_max_s": 20.0, "breaker_after": 2, "breaker_cooldown_s": 30.0, "max_retries_illegal": 2, "max_notes": 2,
    "tool_mode": "forced", "tools": "per_call", "layout": "brief", "lang": "en", "limits": {"post": 300},
    "context_budget": 16000, "extra_body": {"a": 1},
}
"""An endpoint as a game header stored it before the endpoint was split into its two parts (the
one flat table of the seat file, in its order)."""


def test_an_endpoint_is_a_transport_and_a_seat_policy_stored_as_the_one_flat_table_it_was() -> None:
    ep = Endpoint.model_validate(STORED_ENDPOINT)
    assert (ep.transport.base_url, ep.transport.model, ep.transport.api_key_env, ep.transport.timeout_s) == (
        "https://api.openai.com/v1", "gpt-4o-mini", "K", 3.0)
    assert ep.transport.extra_body == {"a": 1} and ep.name == "x"
    assert (ep.policy.temperature, ep.policy.tool_mode, ep.policy.layout, ep.policy.lang) == (0.3, "forced", "brief", "en")
    assert ep.policy.caps is not None and ep.policy.caps.stand_in == "random" and ep.policy.limits == {"post": 300}
    public = ep.public()
    assert public == STORED_ENDPOINT and list(public) == list(STORED_ENDPOINT)  # the stored JSON, key for key
    assert Endpoint.model_validate(ep.model_dump()) == ep  # the nested form reads back too
    assert ep.replaced(lang="zh").policy.lang == "zh" and ep.replaced(lang="zh").transport == ep.transport
    with pytest.raises(ValueError, match="frequency"):
        Endpoint.model_validate({**STORED_ENDPOINT, "frequency": 3})


def test_tool_choice_per_profile_named_or_required() -> None:
    request = {"messages": [{"role": "user", "content": "x"}], "tools": [{"type": "function", "function": {
        "name": "vote", "parameters": {"type": "object", "properties": {}}}}],
        "tool_choice": {"type": "function", "function": {"name": "vote"}}}
    sent = {name: body(Endpoint(profile=name, base_url=LOCAL, model="m", prices=Prices(input=1, cached_input=0.5,
                                                                                    output=2)), request)["tool_choice"]
            for name in PROFILES}
    assert sent["llamacpp"] == "required" and sent["ollama"] == "auto"
    assert all(isinstance(sent[n], dict) for n in ("openai", "deepseek", "vllm", "sglang", "llama-cpp-python"))
    assert body(Endpoint(profile="openai-reasoning", base_url=LOCAL, model="gpt-5", max_tokens=900),
                {**request, "max_tokens": 50})["max_completion_tokens"] == 50


def test_every_cached_token_field_is_read_and_the_cost_uses_them() -> None:
    generic = profile("generic")
    assert cached_tokens({"usage": {"prompt_tokens_details": {"cached_tokens": 7}}}, generic) == 7
    assert cached_tokens({"usage": {"prompt_cache_hit_tokens": 8, "prompt_cache_miss_tokens": 2}}, generic) == 8
    assert cached_tokens({"timings": {"cache_n": 9, "prompt_n": 1}}, generic) == 9
    assert cached_tokens({"usage": {"prompt_tokens": 3}}, generic) is None
    price = Prices(input=2.0, cached_input=0.5, output=8.0)
    assert price.cost(1_000_000, 500_000, 100_000) == pytest.approx(1.0 + 0.25 + 0.8)


def test_reasoning_is_kept_only_on_tool_call_turns_where_the_provider_wants_it_back() -> None:
    response = {"choices": [{"message": {"role": "assistant", "content": "", "reasoning_content": "think",
                                         "tool_calls": [{"id": "a", "type": "function",
                                                         "function": {"name": "pass", "arguments": {}}}]}}]}
    deepseek = Endpoint(profile="deepseek", base_url=LOCAL, model="deepseek-chat")
    message = assistant(response, deepseek.api)
    assert message["reasoning_content"] == "think" and message["tool_calls"][0]["function"]["arguments"] == "{}"
    history = [{"role": "user", "content": "u"}, message, {"role": "assistant", "content": "t", "reasoning_content": "x"}]
    sent = body(deepseek, {"messages": history})["messages"]
    assert sent[1]["reasoning_content"] == "think" and "reasoning_content" not in sent[2]
    plain = body(Endpoint(base_url=LOCAL, model="m"), {"messages": history})["messages"]
    assert all("reasoning_content" not in m for m in plain)


def test_a_body_no_profile_knows_is_an_error_not_a_type_error() -> None:
    from agents.llm.wire import read

    for text in ("<html>502</html>", '{"foo": 1}', "[1, 2]", '{"choices": []}', '{"choices": [{"text": "x"}]}',
                 '{"error": {"message": "overloaded"}}'):
        response, problem = read(200, text)
        assert response is None and problem, text
    response, problem = read(200, '{"choices": [{"message": {"role": "assistant", "content": "hi"}}]}')
    assert response is not None and problem is None


def test_a_tournament_cap_spans_the_games_that_share_its_pool() -> None:
    from agents.llm.pool import ClientPool
    from arena.run.seats import llm_config, plan_from_configs

    ep = Endpoint(name="x", base_url=LOCAL, model="m", prices=Prices(input=1, cached_input=0.1, output=2),
                  tournament_caps={"max_cost": 1.0}, caps={"max_tokens": 100_000})
    pool = ClientPool()
    configs = [llm_config(seat, ep) for seat in (1, 2)]
    first, second = plan_from_configs(configs, pool=pool), plan_from_configs(configs, pool=pool)
    a, b = first.agents[1], second.agents[2]
    assert a.meters[1] is b.meters[1] and a.meters[0] is not b.meters[0]  # type: ignore[attr-defined]
    assert first.agents[1].meters[0] is first.agents[2].meters[0]  # type: ignore[attr-defined]
