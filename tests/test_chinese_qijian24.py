"""Chinese means Chinese for qijian24: no English word on a zh screen, prompt or judge text.

Counted, in zh: every event of ``GAMES`` random games in every seat's view and in the god view (as
the terminal seat, the table and the replay narrate them), and every seat's standing at the end (who
is out and how, its skills and allowances, as ``engine.narrate.observed`` says them); the LLM prompt of several seats at
several points of a game (system, thread, own part, instruction); and the judge console's readable
settlement of every scenario under ``tests/scenarios/qijian24``.

A *word* is a run of ASCII letters (a single letter too). What may remain, because it is an id and
not English for people:

- a tool name the prompt tells the model to call (``prompts.actions.tool_name`` of every action a
  qijian24 seat can be offered, and the LLM seat's own tools: notes, the log), and a call written as
  ``tool(argument)`` (``read_log(day)``);
- the code that seals a judge's private message (``QJ-`` and 8 hex digits), which the seat must
  recognise in order never to paste it;
- numbers, and the escape ``\\n`` by which quoted player text shows a line break;
- ``TERMS``: the technical words of the shared Chinese frame (``prompts/templates/common/zh.toml``)
  that a model reads the same way and Chinese has no better word for: the unit of every limit
  (``token``), the format player text is quoted in (``JSON``), ``AI``. None is qijian24's own.

Text a player wrote (posts, chat, last words, a ballot's reason) is data, quoted as it was written:
it is taken out before counting (the random players write an English sentence on purpose).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from agents.llm.tools import log_tool, notes_tool
from arena.judge import console as judge
from arena.judge.scenario import check, load
from engine import events as ev
from engine.game import Game
from engine.narrate import Names, narrate, quote
from engine.narrate.observed import status_lines
from engine.rulesets import get_ruleset
from engine.views import Viewer, shown
from prompts import SeatPrompt
from prompts.actions import tool_name
from tests.conformance import play

RULESET = get_ruleset("qijian24")
GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))
SCENARIOS = sorted((Path(__file__).parent / "scenarios" / "qijian24").glob("*.json"))

WORD = re.compile(r"[A-Za-z]+")
TERMS = frozenset({"token", "JSON", "AI"})
TOOLS = frozenset({tool_name(a) for role in (None, *(r.id for r in RULESET.roles)) for a in RULESET.vocabulary(role)}
                  | {notes_tool("zh").name, log_tool("zh").name})
IDS = (re.compile(r"QJ-[0-9A-F]{8}"), re.compile(r"\\n"),
       re.compile(r"\b(?:" + "|".join(sorted(TOOLS, key=len, reverse=True)) + r")(?:\([a-z_]*\))?(?![A-Za-z_])"))


def english_words(text: str, player_texts: Iterable[str] = ()) -> list[str]:
    """The English words of ``text`` once player text and ids are taken out."""
    for said in sorted(player_texts, key=len, reverse=True):
        text = text.replace(said, " ")
    for pattern in IDS:
        text = pattern.sub(" ", text)
    return [w for w in WORD.findall(text) if w not in TERMS]


def said(events: Iterable[ev.Event]) -> set[str]:
    """Everything players wrote in a game, as the narration quotes it."""
    out = set()
    for e in events:
        if isinstance(e, ev.Posted | ev.TeamPosted | ev.LastWords | ev.PostWithheld) and e.text:
            out.add(quote(e.text))
        elif isinstance(e, ev.VoteCast) and e.reason:
            out.add(quote(e.reason))
    return out


def test_ids_are_narrow() -> None:
    assert english_words("post：公开发言；调用 read_log(day)；编号 QJ-0A1B2C3D") == []
    assert english_words("已出局 (seat 3) revived hit lone_killer postal") == ["seat", "revived", "hit", "lone", "killer",
                                                                              "postal"]
    assert english_words("I think so", ["I think so"]) == []


def test_every_event_of_random_games_in_every_view_is_chinese() -> None:
    bad: list[tuple[int, str, list[str]]] = []
    for seed in range(GAMES):
        game = play(RULESET, seed)
        names, texts = Names.from_events(RULESET, game.events), said(game.events)
        lines: dict[tuple[int, bool], str] = {}
        for viewer in [*(Viewer.of_seat(s) for s in range(1, RULESET.seats + 1)), Viewer.god()]:
            god = viewer.kind == "god"
            for event in game.view(viewer):
                key = (event.seq, god)
                if key not in lines:
                    lines[key] = narrate(shown(RULESET, event, viewer) if not god else event, names, "zh", god=god) or ""
        standing = [line for viewer in [*(Viewer.of_seat(s) for s in range(1, RULESET.seats + 1)), Viewer.god()]
                    for line in status_lines(game.observe(viewer), names, "zh")]
        bad += [(seed, line, words) for line in [*lines.values(), *standing] if (words := english_words(line, texts))]
    assert not bad, bad[:5]


@pytest.mark.parametrize("seed", [2, 11])
def test_llm_prompts_of_several_seats_at_several_points_are_chinese(seed: int) -> None:
    game = play(RULESET, seed)
    texts = said(game.events)
    bad = []
    for cut in (40, len(game.events) // 3, 2 * len(game.events) // 3, len(game.events)):
        part = Game.replay(RULESET, game.events[:cut])
        for seat in (1, 4, 5, 9, 12, 13, 16, 17, 21, 24):
            prompt = SeatPrompt(RULESET, seat, "zh")
            prompt.observe(part.events)
            obs = part.observe(Viewer.of_seat(seat))
            for message in prompt.request(part.state.day, part.state.phase, obs.legal, observation=obs):
                content = str(message.get("content") or "")
                if words := english_words(content, texts):
                    bad.append((cut, seat, sorted(set(words))))
    assert not bad, bad[:5]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_judge_consoles_text_of_every_scenario_is_chinese(path: Path) -> None:
    scenario = load(path)
    check(scenario, RULESET)
    judged = judge.settle(scenario, RULESET)
    text = judge.narrate_settlement(judged)
    assert not english_words(text, said(judged.game.events)), sorted(set(english_words(text)))
