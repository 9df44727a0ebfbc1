"""majiasha2's LLM prompts: every identity and phase has its texts in Chinese and English, the rules
text has every flag slot filled, and over whole random games each seat's prompt learns its identity
from its own view only, never shows the judge's private lines, and gets tools for every decision."""

from __future__ import annotations

import random
import re

import pytest

from agents.llm.aliases import AliasBook
from agents.llm.tools import build_stable, build_tools
from agents.random_legal import random_action
from engine.actions import Pass, UseSkill
from engine.errors import IllegalAction
from engine.game import Game
from engine.narrate import Names
from engine.rulesets import get_ruleset
from engine.rulesets.majiasha2.names import PHASE_NAMES, ROLES
from engine.views import Viewer
from prompts import SeatPrompt, load, render_event

RULESET = get_ruleset("majiasha2")
ASKED = [p.id for p in PHASE_NAMES if p.id not in ("DAWN", "SETUP")]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_templates_cover_every_identity_and_phase(lang: str) -> None:
    texts = load("majiasha2", lang)  # type: ignore[arg-type]
    for role in [*(r.id for r in ROLES), "member"]:
        assert texts.role_card(role), (lang, role)
    for phase in ASKED:
        assert texts.phases.get(phase, {}).get("all"), (lang, phase)
    filled = texts.fill_rules({f.name: f.default for f in RULESET.flags})
    assert not re.search(r"\{[a-z_]+\}", filled), "an unfilled slot in the rules text"
    assert set(texts.phases) == set(load("majiasha2", "zh").phases)
    assert set(texts.roles) == set(load("majiasha2", "zh").roles)


def _play(seed: int, size: int) -> tuple[Game, dict[int, SeatPrompt], int]:
    rand = random.Random(seed)
    game = RULESET.new_game(seed, options={"size": size})
    prompts = {s: SeatPrompt(RULESET, s, "zh") for s in range(1, size + 1)}
    requests = 0
    for _ in range(5000):
        if game.over:
            break
        seats = game.waiting()
        if not seats:
            game.advance()
            continue
        seat = rand.choice(seats)
        legal = game.legal(seat) or ()
        prompt = prompts[seat]
        prompt.observe(game.events)
        messages = prompt.request(game.state.day, game.state.phase, legal)
        assert messages and messages[-1]["role"] == "user"
        book = AliasBook(Names.from_events(RULESET, game.events), "zh")
        assert len(build_tools(legal, book).specs) > len([a for a in legal if a.kind == "team_post"]) or not legal
        requests += 1
        try:
            game.submit(random_action(rand, seat, legal))
        except IllegalAction:
            game.submit(Pass(seat=seat, fallback=True, reason="test player"))
    assert game.over
    return game, prompts, requests


def test_prompts_over_whole_games_learn_identity_from_the_view_only() -> None:
    for seed, size in ((1, 11), (2, 20), (3, 26)):
        game, prompts, requests = _play(seed, size)
        assert requests > size
        state, names = game.state, Names.from_events(RULESET, game.events)
        for seat, prompt in prompts.items():
            prompt.observe(game.events)
            assert prompt.role == state.seats[seat].role, (seed, seat)  # type: ignore[attr-defined]
            text = "\n".join(str(m.get("content") or "") for m in prompt.messages())
            assert "〔判定〕" not in text
            own = {e.seq for e in game.view(Viewer.of_seat(seat))}
            shown = {render_event(e, names, "zh") for e in game.events if e.seq in own}
            for e in game.events:
                if e.seq not in own and e.vis != "judge":
                    line = render_event(e, names, "zh")
                    assert not line or line in shown or line not in text, (seed, seat, line)


def test_every_identity_has_stable_tools() -> None:
    game = RULESET.new_game(0, options={"size": 26})
    book = AliasBook(Names.from_events(RULESET, game.events), "zh")
    for role in [None, *(r.id for r in ROLES)]:
        toolset = build_stable(RULESET.vocabulary(role), book, list(range(1, 27)))
        assert len(toolset.specs) >= 5, role


def _at_strike(seed: int) -> Game:
    game = RULESET.new_game(seed, options={"size": 12})
    while game.state.phase != "STRIKE":
        game.advance()
    return game


def _holder(game: Game, role: str) -> int:
    return next(s for s, a in game.state.seats.items() if a.role == role)  # type: ignore[attr-defined]


def test_account_targets_are_seats_and_majia_targets_are_labelled_as_majia() -> None:
    """杀人 aims at 角色 (seats: the thread's own labels); 预言 at 马甲, offered as ``马甲N号<name>`` and
    read back from that label, the bare 马甲 name or ``马甲N``."""
    from agents.llm.parse import parse_call

    game = _at_strike(2)
    names = Names.from_events(RULESET, game.events)
    book = AliasBook(names, "zh")
    killer, seer = _holder(game, "killer"), _holder(game, "seer")
    kill = next(s for s in build_tools(game.legal(killer) or (), book).specs if s.name == "skill_kill")
    enum = kill.schema["function"]["parameters"]["properties"]["target"]["enum"]
    assert enum == book.aliases(range(1, 13)) and not any(label.startswith("马甲") for label in enum)
    parsed = parse_call(build_tools(game.legal(killer) or (), book), killer, "skill_kill", f'{{"target": "{enum[4]}"}}')
    assert isinstance(parsed, UseSkill) and parsed.targets == (5,)
    tools = build_tools(game.legal(seer) or (), book)
    divine = next(s for s in tools.specs if s.name == "skill_divine")
    enum = divine.schema["function"]["parameters"]["properties"]["target"]["enum"]
    assert all(label.startswith("马甲") for label in enum) and len(enum) == 11
    own = game.state.seats[seer].majia  # type: ignore[attr-defined]
    other = next(m for m in range(1, 13) if m != own)
    for answer in (names.majia_label(other, "zh"), names.majia[other], f"马甲{other}", names.majia_label(other, "en")):
        parsed = parse_call(tools, seer, "skill_divine", f'{{"target": "{answer}"}}')
        assert isinstance(parsed, UseSkill) and parsed.targets == (other,), answer


def test_the_instruction_names_majia_targets_as_majia() -> None:
    from prompts.actions import describe

    game = _at_strike(2)
    names = Names.from_events(RULESET, game.events)
    seer, killer = _holder(game, "seer"), _holder(game, "killer")
    divine = next(a for a in game.legal(seer) or () if a.skill == "divine")
    line = describe(divine, load("majiasha2", "zh"), names, {})
    assert divine.layer == "majia" and names.majia_label(divine.targets[0], "zh") in line
    kill = next(a for a in game.legal(killer) or () if a.skill == "kill")
    line = describe(kill, load("majiasha2", "zh"), names, {})
    assert kill.layer == "" and "1号" + names.seat(1) in line and "马甲" not in line.split("（")[0]


def test_the_seat_is_told_its_account_and_its_majia() -> None:
    game = _at_strike(4)
    seat = 3
    prompt = SeatPrompt(RULESET, seat, "zh")
    prompt.observe(game.view(Viewer.of_seat(seat)))
    messages = prompt.request(game.state.day, game.state.phase, game.legal(seat) or ())
    text = "\n".join(str(m["content"]) for m in messages)
    names = Names.from_events(RULESET, game.events)
    own = game.state.seats[seat].majia  # type: ignore[attr-defined]
    assert f"你以角色「{names.seat(seat)}」发帖" in text and names.majia_label(own, "zh") in text
    assert "参与的马甲" in messages[0]["content"]


def test_golden_prompts_of_majiasha2_match() -> None:
    """What a seat's model reads at eleven decisions of one fixed 20-seat game (every identity but the
    guard: cupid's arrow, the elder election and appointments, the day and its vote, piper, seer,
    killer and witch at night, last words, a killer's redaction), in zh and en."""
    from prompts import golden

    spec = golden.SPECS["majiasha2"]
    texts = golden.goldens("majiasha2")
    assert {n[:2] for n in texts} == {"zh", "en"} and len(texts) == 2 * len(spec.cases)
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in spec.dir.glob("*.txt")}
    assert set(on_disk) == set(texts), "run `python -m prompts.golden --ruleset majiasha2 --update` and review the diff"
    for name, text in texts.items():
        assert on_disk[name] == text, f"{name} differs: run `python -m prompts.golden --ruleset majiasha2 --update`"
