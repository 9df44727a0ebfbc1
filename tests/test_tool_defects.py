"""Regression tests of the tool layer's defects (issue 16's, fixed with the provider profiles).

Each test is named after its defect: the suitang21 vote tool that marked ``reason`` optional while the
rules and the engine require it; the direct mode that never voted in suitang21 and forced a skill
where the rules allow passing; the team chat's text field that said everyone sees it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents.llm.agent import LLMAgent
from agents.llm.aliases import AliasBook
from agents.llm.endpoint import Endpoint
from agents.llm.graph import forced_legal
from agents.llm.parse import CallError, parse_call
from agents.llm.pool import ClientPool
from agents.llm.tools import PASS_TARGET, build_stable, build_tools, direct_schema
from arena.run.runner import GameRunner
from engine import events as ev
from engine.actions import Pass
from engine.game import Game
from engine.legal import PASS, LegalAction
from engine.narrate.names import Names
from engine.rulesets import get_ruleset
from prompts import seat_label
from tests.fake_openai import FakeOpenAI
from transcripts.records import CallRecord

SUITANG = get_ruleset("suitang21")


def book(lang: str = "en") -> AliasBook:
    return AliasBook(Names.from_ruleset(SUITANG), lang, seat_label)  # type: ignore[arg-type]


def suitang_vote(game: Game) -> LegalAction:
    for seat in range(1, SUITANG.seats + 1):
        for template in game.legal(seat) or ():
            if template.kind == "vote":
                return template
    raise AssertionError("no vote legal")


def day_game(flags: dict[str, Any] | None = None) -> Game:
    """A suitang21 game advanced by passes to its first day with a vote open."""
    game = SUITANG.new_game(3, flags=flags)
    for _ in range(2_000):
        if any(t.kind == "vote" for s in game.waiting() for t in game.legal(s) or ()):
            return game
        waiting = sorted(game.waiting())
        if not waiting:
            game.advance()
            continue
        game.submit(Pass(seat=waiting[0]))
    raise AssertionError("no day vote reached")


def test_suitang21_vote_tool_marks_reason_optional_while_the_rules_require_it() -> None:
    game = day_game()
    vote = suitang_vote(game)
    assert vote.needs_reason  # the engine says so, from the rule set's flag (not a rule-set name here)
    schema = build_tools((vote,), book()).get("vote")
    assert schema is not None
    assert schema.schema["function"]["parameters"]["required"] == ["target", "reason"]
    stable = build_stable(SUITANG.vocabulary(None), book(), range(1, 22)).get("vote")
    assert stable is not None and "reason" in stable.schema["function"]["parameters"]["required"]
    tools = build_tools((vote,), book())
    target = book().labels(vote.targets[:1])[0]
    try:
        parse_call(tools, 1, "vote", f'{{"target": "{target}"}}')
    except CallError as exc:
        assert "reason" in str(exc)
    else:
        raise AssertionError("a vote without its reason was accepted")
    off = suitang_vote(day_game({"suitang.vote_needs_reason": False}))
    assert not off.needs_reason
    assert build_tools((off,), book()).get("vote").schema["function"]["parameters"]["required"] == ["target"]  # type: ignore[union-attr]


def play(mode: str, seed: int = 5) -> tuple[Game, list[CallRecord], GameRunner]:
    records: list[CallRecord] = []

    async def go() -> tuple[Game, GameRunner]:
        with FakeOpenAI() as fake:
            ep = Endpoint(name="fake", base_url=fake.base_url, model="fake", tool_mode=mode, lang="en",
                          max_concurrency=8)
            pool = ClientPool(seed=seed)
            agents = {s: LLMAgent(ep, "en", pool=pool) for s in range(1, SUITANG.seats + 1)}
            game = SUITANG.new_game(seed, options={"discipline": ["no_vote"]})  # a yellow card per missed vote
            runner = GameRunner(game, agents, call_listeners=[records.extend])
            await runner.run()
            await pool.aclose()
            return game, runner

    game, runner = asyncio.run(go())
    return game, records, runner


@pytest.mark.slow(reason="two whole 21-seat games of LLM seats on the fake endpoint: 60-75 s on 2 loaded cores")
def test_direct_mode_never_votes_in_suitang21_and_the_vote_tool_cost_fallbacks() -> None:
    game, records, runner = play("direct")
    assert game.over
    votes = [e for e in game.events if isinstance(e, ev.VoteCast)]
    assert votes and any(e.target is not None for e in votes)
    assert all(e.reason.strip() for e in votes if e.target is not None)
    assert runner.fallbacks == 0 and not [r for r in records if r.fallback]
    missed = [e for e in game.events if isinstance(e, ev.Warned) and "no_vote" in e.reason]
    assert not missed


def test_direct_mode_forces_a_skill_where_the_rules_allow_passing() -> None:
    tools = build_tools((LegalAction("skill", "poison", (2, 3, 4), 1), PASS), book())
    tools = tools.with_legal(())  # per call: current is filled below
    legal = (LegalAction("skill", "poison", (2, 3, 4), 1), PASS)
    tools = build_stable(legal, book(), range(1, 22)).with_legal(legal)
    forced = forced_legal(tools)
    assert [t.kind for t in forced] == ["skill", "pass"]
    schema = direct_schema(tools, "skill_poison", {}, "en")
    assert PASS_TARGET in schema["function"]["parameters"]["properties"]["target"]["enum"]
    assert isinstance(parse_call(tools, 5, "skill_poison", f'{{"target": "{PASS_TARGET}"}}'), Pass)


def test_team_chat_text_field_says_everyone_sees_it() -> None:
    for lang in ("en", "zh"):
        spec = build_tools((LegalAction("team_post", team="wolves"),), book(lang)).specs[0]
        said = spec.schema["function"]["parameters"]["properties"]["text"]["description"]
        assert "everyone" not in said and "所有人" not in said
        assert ("members" in said) if lang == "en" else ("成员" in said)
