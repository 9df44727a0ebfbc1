"""Chinese means Chinese, for majiasha2: no English word on a zh screen.

Counted: every ASCII word of every zh rendering of majiasha2 that a person or a model reads —

* every event of ``GAMES`` random-legal games (sizes 9..26) in every seat's view, as the web table
  and the terminal show it (``engine.narrate``) and as the seat's model reads it
  (``prompts.render_event``), and in the god view (the judge's lines);
* the LLM prompt (every message, and the descriptions of its tools) of several seats at several points;
* the judge console's text of every scenario under ``tests/scenarios/majiasha2``.

Zero are allowed, except what is not a word of a language:

* numbers (no letters: not counted);
* ids a model must write as they are: the names of the tools its request offers, those tools'
  parameter names at any depth (also as ``key=value``; e.g. the post tool's ``claims`` items), the
  string values of their ``enum``s, and the literal argument values ``true``, ``false`` and
  ``abstain`` (an id is a token of letters, digits and ``_`` that is one of these, read off the
  request's own tools);
* the spec's adjudication ids (``D-32``), which a judge looks up;
* the faction letters A, B, C right after 阵营 (the rule set's own names, as its seed writes them:
  〖阵营A〗), and in a team's tool name (``team_post_A``);
* in a prompt, the escape ``\\n`` that the frame says player text uses;
* ``FRAME_TERMS``: terms of the frame every rule set shares (``prompts/templates/common``), kept
  here by name so that a new one fails: the model's ``token`` (the unit of every text limit), ``JSON``
  (how player text is quoted), ``AI``, and ``N`` of the frame's "第N天".

Text a player wrote is data, not the rule set's (a random player posts English on purpose): every
player text of the game is taken out of a line before its words are counted, and in a prompt every
JSON-quoted string (the form player text always has there).
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from agents.llm.aliases import AliasBook
from agents.llm.tools import build_stable
from arena.judge import console as judge
from arena.judge.scenario import check, load
from engine import events as ev
from engine.game import Game
from engine.narrate import Names, narrate
from engine.narrate.context import quote
from engine.rulesets import get_ruleset
from engine.views import Viewer
from prompts import SeatPrompt, render_event
from prompts.render import seat_label
from tests.conformance import play

RULESET = get_ruleset("majiasha2")
GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))
SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "majiasha2"
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
FACTION_LETTER = re.compile(r"(?<=阵营)[ABC]")
KEY_VALUE = re.compile(r"\b([a-z_]+)=")
SPEC_ITEM = re.compile(r"\bD-\d{2}\b")
VALUES = frozenset({"true", "false", "abstain"})
FRAME_TERMS = frozenset({"token", "JSON", "AI", "N"})
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')


def player_texts(events: Iterable[ev.Event]) -> list[str]:
    """Every text a player wrote in the game (posts, chats, last words and redactions, vote reasons),
    longest first, in the forms a line may show it in."""
    raw: set[str] = set()
    for e in events:
        for value in (getattr(e, "text", None), getattr(e, "reason", None) if isinstance(e, ev.VoteCast) else None,
                      e.result if isinstance(e, ev.Resolved) and e.skill == "redact" else None,
                      e.data.get("text") if isinstance(e, ev.Notice) else None):
            if isinstance(value, str) and value:
                raw.add(value)
    forms = {form for text in raw for form in (text, quote(text), json.dumps(text, ensure_ascii=False)[1:-1])}
    return sorted(forms, key=len, reverse=True)


def foreign(line: str, texts: list[str], ids: frozenset[str] = frozenset()) -> list[str]:
    """The ASCII words of ``line`` that are not allowed (see the module docstring)."""
    for text in texts:
        if text in line:
            line = line.replace(text, " ")
    line = KEY_VALUE.sub(lambda m: " " if m.group(1) in ids else m.group(0), line)
    line = SPEC_ITEM.sub(" ", FACTION_LETTER.sub(" ", line))
    return [w for w in WORD.findall(line) if w not in ids]


def _count(found: Counter[str], where: str, lines: Iterable[str], texts: list[str],
           ids: frozenset[str] = frozenset()) -> None:
    for line in lines:
        for word in foreign(line, texts, ids):
            found[f"{where}: {word}  ←  {line[:160]}"] += 1


def _views(game: Game, found: Counter[str]) -> None:
    names = Names.from_events(RULESET, game.events)
    texts = player_texts(game.events)
    _count(found, "god", (line for e in game.events if (line := narrate(e, names, "zh", god=True))), texts)
    public = {e.seq for e in game.events if e.vis == ev.PUBLIC}
    _count(found, "public", (line for e in game.events if e.seq in public
                             for line in (narrate(e, names, "zh"), render_event(e, names, "zh")) if line), texts)
    for seat in range(1, len(names.aliases) + 1):
        own = [e for e in game.view(Viewer.of_seat(seat)) if e.seq not in public]
        _count(found, f"seat {seat}", (line for e in own
                                      for line in (narrate(e, names, "zh"), render_event(e, names, "zh")) if line), texts)


@pytest.mark.slow(reason="renders every event of 200 random games in every view")
def test_every_event_of_random_games_reads_in_chinese_in_every_view() -> None:
    found: Counter[str] = Counter()
    for seed in range(GAMES):
        _views(play(RULESET, seed, options={"size": 9 + seed % 18}), found)
    assert not found, found.most_common(20)


def _tool_ids(seat: int, names: Names, role: str | None) -> tuple[frozenset[str], list[str]]:
    """The ids of a seat's request (its tools' names, parameters, literal values) and the tools' texts."""
    tools = build_stable(RULESET.vocabulary(role), AliasBook(names, "zh", seat_label), range(1, len(names.aliases) + 1))
    ids = set(VALUES | FRAME_TERMS)
    texts = []
    for spec in tools.specs:
        fn = spec.schema["function"]
        ids.add(fn["name"])
        texts.append(fn["description"])
        _schema_ids(fn["parameters"], ids, texts)
    return frozenset(ids), texts


def _schema_ids(schema: dict[str, Any], ids: set[str], texts: list[str]) -> None:
    """A parameter schema's ids at every depth (property names, also of an array's items, and the
    string values of an ``enum``: what the model writes as it is) and its descriptions."""
    ids.update(v for v in schema.get("enum", ()) if isinstance(v, str))
    for name, prop in schema.get("properties", {}).items():
        ids.add(name)
        texts.append(str(prop.get("description", "")))
        _schema_ids(prop, ids, texts)
    if isinstance(schema.get("items"), dict):
        _schema_ids(schema["items"], ids, texts)


def test_llm_prompts_of_several_seats_at_several_points_read_in_chinese() -> None:
    found: Counter[str] = Counter()
    for seed, size in ((3, 14), (11, 20), (25, 26)):
        game = play(RULESET, seed, options={"size": size})
        names = Names.from_events(RULESET, game.events)
        for cut in (len(game.events) // 5, len(game.events) // 2, len(game.events) - 1):
            now = Game.replay(RULESET, game.events[:cut])
            for seat in (1, size // 2, size):
                prompt = SeatPrompt(RULESET, seat, "zh")
                prompt.observe(now.view(Viewer.of_seat(seat)))
                obs = now.observe(Viewer.of_seat(seat))
                messages = prompt.request(now.state.day, now.state.phase, now.legal(seat) or (), observation=obs)
                ids, tool_texts = _tool_ids(seat, names, obs.role)
                lines = [QUOTED.sub(" ", str(m["content"])).replace("\\n", " ") for m in messages] + tool_texts
                _count(found, f"seed {seed} seat {seat} at {cut}", lines, player_texts(now.events), ids)
    assert not found, found.most_common(20)


SETTLED = sorted(p for p in SCENARIOS.glob("G-*.json") if not p.stem.endswith(("-illegal", "-too-long", "-newline")))
"""The scenarios that settle (the others are refused with exit 2, before any text is settled)."""


@pytest.mark.parametrize("path", SETTLED, ids=lambda p: p.stem)
def test_the_judge_console_reads_in_chinese(path: Path) -> None:
    scenario = load(path)
    check(scenario, RULESET)
    judged = judge.settle(scenario, RULESET)
    text = judge.narrate_settlement(judged)
    found: Counter[str] = Counter()
    _count(found, path.stem, text.splitlines(), player_texts(judged.game.events))
    assert not found, found.most_common(20)
