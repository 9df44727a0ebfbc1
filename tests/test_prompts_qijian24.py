"""qijian24's prompt templates and prompts over a whole game (see tests/test_prompts.py for umineko32).

Every role has a card and every phase an instruction in both languages; the rules text fills every
flag slot; and over a whole random game every seat's prompts are built for every decision, keep
their prefix, and never hold another seat's private text (team chat, last words before publication,
checks, allegiance choices).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from agents.llm.aliases import AliasBook
from agents.llm.tools import build_stable
from engine import events as ev
from engine.actions import Action, Pass, Post, SubmitLastWords, TeamPost, UseSkill, Vote
from engine.errors import IllegalAction
from engine.game import Game
from engine.legal import LegalAction
from engine.narrate import Names
from engine.rulesets import get_ruleset
from engine.views import Viewer, can_see
from prompts import SeatPrompt, golden
from prompts.texts import load

RULESET = get_ruleset("qijian24")
PHASES = ("STAGE1", "STAGE2", "STAGE3", "NIGHT", "LAST_WORDS")
MARKER = re.compile(r"«Q\d{5}»")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_templates_cover_every_role_and_phase(lang: str) -> None:
    texts = load("qijian24", lang)  # type: ignore[arg-type]
    for role in RULESET.roles:
        assert texts.role_card(role.id), (lang, role.id)
    for phase in PHASES:
        assert texts.phases.get(phase, {}).get("all"), (lang, phase)
    filled = texts.fill_rules({f.name: f.default for f in RULESET.flags})
    assert not re.search(r"\{[a-z_]+\}", filled), "an unfilled slot in the rules text"
    assert set(texts.phases) == set(load("qijian24", "zh").phases)
    for entry in texts.phases.values():
        assert set(entry) <= {"all"} | {r.id for r in RULESET.roles}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rule_texts_explain_flags_in_words(lang: str) -> None:
    """The rules text says each flag's setting as a rule (``flag_words.toml``), never as ``flag = value``,
    and a game that turns a flag reads the other rule."""
    texts = load("qijian24", lang)  # type: ignore[arg-type]
    defaults = {f.name: f.default for f in RULESET.flags}
    filled = texts.fill_rules(defaults)
    for flag in RULESET.flags:
        short = flag.name.rsplit(".", 1)[-1]
        assert short not in filled and flag.name not in filled, short
    assert not re.search(r"[a-z_]+ = ", filled)
    for short, words in texts.flag_words.items():
        name = f"qijian.{short}"
        assert name in defaults, short
        default = str(defaults[name]).lower() if isinstance(defaults[name], bool) else str(defaults[name])
        assert words[default] in filled
        for value, phrase in words.items():
            if value != default:
                turned = texts.fill_rules({**defaults, name: value == "true" if value in ("true", "false") else value})
                assert phrase in turned and words[default] not in turned.replace(phrase, ""), (short, value)
    assert set(texts.flag_words) == set(load("qijian24", "zh").flag_words)


def _action(rand: random.Random, seat: int, legal: tuple[LegalAction, ...], marks: list[str]) -> Action:
    a = rand.choice(list(legal))
    mark = f"«Q{len(marks):05d}»"
    marks.append(mark)
    if a.kind == "post":
        return Post(seat=seat, text=f"{mark} 我怀疑{rand.randint(1, 24)}号")
    if a.kind == "team_post":
        return TeamPost(seat=seat, team=a.team or "", text=f"{mark} 今晚刀谁")
    if a.kind == "vote":
        return Vote(seat=seat, target=rand.choice([*a.targets, None]), reason=mark)
    if a.kind == "skill":
        targets = (rand.choice(a.targets),) if a.arity else ()
        return UseSkill(seat=seat, skill=a.skill or "", targets=targets)
    if a.kind == "last_words":
        return SubmitLastWords(seat=seat, text=f"{mark} 遗言")
    return Pass(seat=seat)


def _prompt_text(prompt: SeatPrompt) -> str:
    return "\n".join(str(m.get("content") or "") for m in prompt.messages())


@pytest.fixture(scope="module")
def played() -> tuple[Game, dict[tuple[str, int], SeatPrompt]]:
    rand = random.Random(7)
    game = RULESET.new_game(7, options={"discipline": False})
    prompts = {(lang, s): SeatPrompt(RULESET, s, lang) for lang in ("zh", "en") for s in range(1, 25)}  # type: ignore[arg-type]
    seen: dict[tuple[str, int], int] = {}
    last: dict[tuple[str, int], str] = {}
    systems: dict[str, str] = {}
    marks: list[str] = []
    for n in range(6000):
        if game.over:
            break
        seats = game.waiting()
        if not seats:
            game.advance()
            continue
        seat = rand.choice(seats)
        legal = game.legal(seat) or ()
        action = _action(rand, seat, legal, marks)
        for lang in ("zh", "en"):
            key = (lang, seat)
            prompt = prompts[key]
            prompt.observe(game.events[seen.get(key, 0):])
            seen[key] = len(game.events)
            messages = prompt.request(game.state.day, game.state.phase, legal)
            thread = prompt.thread_text()  # the shared prefix: the same system, then a thread that only grows
            assert messages[0]["content"] == systems.setdefault(lang, messages[0]["content"]), "system differs by seat"
            assert messages[1]["content"].startswith(thread) and thread.startswith(last.get(key, "")), \
                f"seat {seat} ({lang}): prefix changed"
            prompt.record_assistant({"role": "assistant", "content": None, "tool_calls": [
                {"id": f"c{n}", "type": "function", "function": {"name": action.kind, "arguments": "{}"}}]})
            prompt.record_tool_result(f"c{n}", "ok")
            last[key] = thread
        try:
            game.submit(action)
        except IllegalAction:
            game.submit(Pass(seat=seat, fallback=True, reason="test player"))
    assert game.over
    return game, prompts


def test_prompts_know_the_role_and_follow_the_game(played: tuple[Game, dict[tuple[str, int], SeatPrompt]]) -> None:
    game, prompts = played
    state: Any = game.state
    assert state.day >= 2
    for (lang, seat), prompt in prompts.items():
        assert prompt.role == state.seats[seat].role, (lang, seat)
        assert prompt.messages()[0]["role"] == "system"


def test_no_prompt_holds_another_seats_private_text(played: tuple[Game, dict[tuple[str, int], SeatPrompt]]) -> None:
    game, prompts = played
    for (lang, seat), prompt in prompts.items():
        text = _prompt_text(prompt)
        viewer = Viewer.of_seat(seat)
        shown = {m for e in game.events if can_see(viewer, e) for m in MARKER.findall(_texts(e))}
        for event in game.events:
            if not can_see(viewer, event):
                for marker in MARKER.findall(_texts(event)):
                    assert marker in shown or marker not in text, (lang, seat, event)


def _texts(event: ev.Event) -> str:
    return " ".join(str(getattr(event, name, "")) for name in ("text", "reason"))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_role_gets_a_stable_tool_for_each_of_its_skills(lang: str) -> None:
    game = RULESET.new_game(3)
    book = AliasBook(Names.from_events(RULESET, game.events), lang)  # type: ignore[arg-type]
    for role in RULESET.roles:
        tools = build_stable(RULESET.vocabulary(role.id), book, range(1, 25))
        names = set(tools.names())
        assert {f"skill_{skill}" for skill in role.skills} <= names, (role.id, names)
        assert {"post", "vote", "last_words", "pass"} <= names
        if role.faction == "rangers":
            assert {"skill_independent", "skill_help_killers", "skill_help_wuzhuang"} <= names


def test_golden_prompts_match() -> None:
    """qijian24's golden prompts (``python -m prompts.golden``): the decisions of ``SPECS["qijian24"]``."""
    spec = golden.SPECS["qijian24"]
    texts = golden.goldens("qijian24")
    assert {n[:2] for n in texts} == {"zh", "en"} and len(texts) == 2 * len(spec.cases)
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in spec.dir.glob("*.txt")}
    assert set(on_disk) == set(texts), "run `python -m prompts.golden --update` and review the diff"
    for name, text in texts.items():
        assert on_disk[name] == text, f"{name} differs: run `python -m prompts.golden --update` and review the diff"
