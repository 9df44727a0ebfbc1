"""LLM players of suitang21: role cards and phase instructions for every identity (Chinese first,
English as a choice), prompts built from a seat's own view only, and LLM seats playing whole games
through the fake OpenAI-compatible server (no model, no network)."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path
from typing import Any

import pytest

from agents.base import Turn
from agents.llm import ClientPool, LLMAgent
from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine.events import LastWords, Passed, VoteCast
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.views import Viewer
from prompts import SeatPrompt
from prompts.texts import load
from tests.fake_openai import FakeOpenAI
from tests.test_llm_agent import endpoint
from transcripts.records import CallRecord

RULESET = get_ruleset("suitang21")
TEMPLATES = Path(__file__).resolve().parent.parent / "prompts" / "templates" / "suitang21"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_templates_cover_every_identity_and_phase(lang: str) -> None:
    texts = load("suitang21", lang)  # type: ignore[arg-type]
    assert set(texts.roles) == {r.id for r in RULESET.roles}
    assert set(texts.phases) == RULESET.phase_table.asks()  # type: ignore[attr-defined]
    assert all(texts.role_card(r.id) for r in RULESET.roles)
    assert "{" not in texts.fill_rules({f.name: f.default for f in RULESET.flags})
    zh = tomllib.loads((TEMPLATES / "zh" / "phases.toml").read_text(encoding="utf-8"))
    assert {k: set(v) for k, v in texts.phases.items()} == {k: set(v) for k, v in zh.items()}


def _note(game: Game, seen: dict[int, set[tuple[str, str | None, str | None]]]) -> None:
    for seat in game.waiting():
        seen.setdefault(seat, set()).update((a.kind, a.skill, a.team) for a in game.legal(seat) or ())


def test_every_action_an_identity_can_get_is_in_its_vocabulary() -> None:
    """A seat's stable LLM tools come from ``vocabulary``: every template ``legal`` ever offers must be
    covered (kind, skill, team), over whole scripted games."""
    agent = ScriptedAgent()
    for seed in (0, 1):
        game = RULESET.new_game(seed)
        runner = GameRunner(game, dict.fromkeys(range(1, 22), agent))
        seen: dict[int, set[tuple[str, str | None, str | None]]] = {}
        runner.listeners.append(lambda g, new, seen=seen: _note(g, seen))  # type: ignore[misc]
        asyncio.run(runner.run())
        for seat, offered in seen.items():
            role = game.state.seats[seat].role  # type: ignore[attr-defined]
            known = {(a.kind, a.skill, a.team) for a in RULESET.vocabulary(role)}
            assert offered <= known, (seat, role, offered - known)


def test_prompts_hold_only_the_seats_view() -> None:
    """No judge-only line and no other seat's private text reaches a seat's prompt."""
    game = RULESET.new_game(5)
    asyncio.run(GameRunner(game, dict.fromkeys(range(1, 22), ScriptedAgent())).run())
    for seat in range(1, 22):
        prompt = SeatPrompt(RULESET, seat, "zh" if seat % 2 else "en")
        prompt.observe(game.events)
        text = "\n".join(str(m.get("content") or "") for m in prompt.messages())
        assert "〔判定〕" not in text and "〔judge〕" not in text
        visible = {id(e) for e in game.view(Viewer.of_seat(seat))}
        secrets = {e.text for e in game.events if isinstance(e, LastWords) and not e.published and id(e) not in visible}
        assert not [s for s in secrets if s in text and s not in (getattr(e, "text", "") for e in game.events
                                                                   if id(e) in visible)]
        assert prompt.role == game.state.seats[seat].role  # type: ignore[attr-defined]


class Watched:
    """An agent as the runner sees it, noting every refusal the runner hands back to it (a retry's
    ``Turn.refusal``): which seat was refused what."""

    def __init__(self, agent: Any, refused: list[tuple[int, str, dict[str, Any]]]) -> None:
        self.agent, self.refused = agent, refused

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)

    async def act(self, turn: Turn) -> Any:
        if turn.refusal is not None:
            said = turn.refusal.to_dict()
            self.refused.append((turn.seat, str(said["code"]), dict(said.get("params") or {})))
        return await self.agent.act(turn)


def test_llm_seats_play_a_whole_game_through_the_fake_server() -> None:
    """Four LLM seats (half in the forced tool mode) with scripted bots in the others, to a winner, with
    zero illegal-by-construction answers and no fallback: every tool the prompt offers takes only what
    the engine accepts (the vote's ``reason`` is required, as the rules and the engine require it), so
    no LLM answer is ever refused and no seat gives up.

    The only refusals are the bots': in a day window the runner asks every seat at once and submits
    the answers in turn, so a bot's 加速 request made before the day was accelerated arrives after it
    and is rightly refused (the runner's, not the prompt's; the bot then answers from the new turn)."""
    records: list[CallRecord] = []
    refused: list[tuple[int, str, dict[str, Any]]] = []
    with FakeOpenAI(notes_every=7) as fake:
        pool = ClientPool()
        llms = {s: LLMAgent(endpoint(fake, tool_mode="forced" if s % 2 else "auto", context_budget=12_000), pool=pool)
                for s in range(1, 5)}
        bot = ScriptedAgent()
        agents: dict[int, Any] = {s: Watched(llms.get(s, bot), refused) for s in range(1, 22)}
        game = RULESET.new_game(3)
        runner = GameRunner(game, agents, call_listeners=[records.extend])

        async def go() -> None:
            try:
                await runner.run()
            finally:
                await pool.aclose()

        asyncio.run(go())
    assert game.over and len(game.winners) == 1
    assert {r.seat for r in records} == set(range(1, 5))
    assert not [r for r in refused if r[0] in llms], "an LLM seat's answer was refused"
    assert not [(r.seat, r.error) for r in records if r.fallback or r.error or r.retries]
    assert runner.fallbacks == 0 and not [e for e in game.events if isinstance(e, Passed) and e.fallback]
    stale = [r for r in refused if r[1] == "cannot_do" and r[2]["action"]["params"] == {"skill": "accelerate"}]
    assert runner.illegal == len(refused) == len(stale)
    votes = [e for e in game.events if isinstance(e, VoteCast) and e.seat in llms and e.target is not None]
    assert votes and all(e.reason.strip() for e in votes)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_rules_text_says_every_flag_value_in_words(lang: str) -> None:
    """Each ``{slot}`` of rules.md reads as a rule under every value of its flag (``flag_words.toml``),
    never as the value or the flag's id; the phrases differ from value to value."""
    texts = load("suitang21", lang)  # type: ignore[arg-type]
    defaults = {f.name: f.default for f in RULESET.flags}
    slots = {f.name for f in RULESET.flags if "{" + f.name.rsplit(".", 1)[-1] + "}" in texts.rules}
    assert len(slots) >= 8
    for flag in (f for f in RULESET.flags if f.name in slots):
        values = list(flag.choices) or [True, False]
        rules = [texts.fill_rules({**defaults, flag.name: value}) for value in values]
        assert len(set(rules)) == len(values), flag.name
        for value, text in zip(values, rules, strict=True):
            short = flag.name.rsplit(".", 1)[-1]
            assert "{" not in text and short not in text and " = true" not in text and " = false" not in text
            phrase = texts.flag_words[short][str(value).lower() if isinstance(value, bool) else str(value)]
            assert phrase in text, (flag.name, value)


def test_golden_prompts_match() -> None:
    """The golden prompts of suitang21 (``python -m prompts.golden --update`` rewrites them; review the diff)."""
    from prompts import golden

    spec = golden.SPECS["suitang21"]
    texts = golden.goldens("suitang21")
    assert len(texts) == 2 * len(spec.cases), "every case is reached in the golden game"
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in spec.dir.glob("*.txt")}
    assert set(on_disk) == set(texts), "run `python -m prompts.golden --update` and review the diff"
    for name, text in texts.items():
        assert on_disk[name] == text, f"{name} differs: run `python -m prompts.golden --update` and review the diff"
