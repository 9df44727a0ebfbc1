"""One text walk over every rule set (issue 16, item 3): every event kind and every topic, notice,
result, record, cause, warning, end, draw and refusal code a rule set emits is rendered in zh and in
en with that rule set's own ``Narration``, and none falls through to another rule set's text, to
the generic line (``〔kind〕 field=value``) or to a bare code; a zh line shows no English word but
ids and numbers (``tests/chinese.py``).

The events are those of random-legal games, scripted games and the rule set's judge scenarios, so a
code that only a scenario or a bot reaches is walked too. A rule set's hand-written checks of single
texts (the issue's defects) stay in its own test file; the coverage is here, once."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from arena.judge import console as judge
from arena.judge.scenario import check, parse
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner, RunnerConfig
from engine import events as ev
from engine.game import Game
from engine.narrate import Names, narrate
from engine.narrate.context import CAUSES, WORDS
from engine.narrate.judge import DRAWS
from engine.narrate.table import Narration
from engine.narrate.thread import ANNOUNCEMENTS
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset, ruleset_ids
from tests.chinese import ascii_words
from tests.conformance import play
from tests.freeze import played, scenario_files

IDS = re.compile(r"QJ-[0-9A-F]{8}|\b[A-Z]-\d{2}\b|(?<=阵营)[ABC](?![A-Za-z])")
"""Ids a zh line may hold beside ``tests/chinese.py``'s: qijian24's seal of a private message (the
seat quotes it back), a spec item (``D-15``) and majiasha2's faction letters (阵营A)."""
QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
"""Player text a judge's line quotes (majiasha2 shows the redactor the last words): data, not counted."""
PLAYER_TEXT = frozenset({"posted", "team_posted", "last_words", "vote_cast", "post_withheld"})
"""Kinds whose line quotes a player's words: data, which may be English; not counted."""


@cache
def games(ruleset_id: str) -> tuple[tuple[ev.Event, ...], ...]:
    """Every event log walked for ``ruleset_id``: random-legal, scripted, and judged games."""
    rules = get_ruleset(ruleset_id)
    sized = "size" in rules.options_doc  # majiasha2 plays 9 to 26 seats, and what it says differs by size
    logs = [tuple(play(rules, seed, options={"size": 9 + (seed * 5) % 18} if sized else None).events)
            for seed in range(8)]
    logs += [tuple(played("scripted", ruleset_id, seed).events) for seed in range(2)]
    if "discipline" in rules.options_doc:  # warnings and penalties: scripted seats under discipline
        logs += [tuple(_scripted(rules, seed, {"discipline": True}).events) for seed in range(2)]
    for path in scenario_files(ruleset_id):
        parsed = parse(json.loads(path.read_text(encoding="utf-8")))
        check(parsed, rules)
        try:
            logs.append(tuple(judge.settle(parsed, rules).game.events))
        except judge.StepError:  # a scenario of a refused step: what it settled is not a game
            continue
    return tuple(logs)


RESULT_WORDS = {"suitang21": ("check", "tongling")}
"""Skills whose result is a word of the rule set's texts (suitang21: 村民阵营, 指杀 …)."""


def _scripted(rules: Ruleset, seed: int, options: dict[str, Any]) -> Game:
    game = rules.new_game(seed, options=options)
    seats = len(game.state.public.aliases) or rules.seats
    agents = agents_for(parse_players("scripted", seats))
    asyncio.run(GameRunner(game, agents, config=RunnerConfig(concurrent_windows=False)).run())
    return game


def missing(text: Narration, e: ev.Event) -> Iterator[str]:
    """The codes ``e`` names that neither the rule set's texts nor the shared frames say."""
    if isinstance(e, ev.Announced) and e.topic not in text.announcements and e.topic not in ANNOUNCEMENTS:
        yield f"announced {e.topic}"
    elif isinstance(e, ev.Notice) and e.topic not in text.notices:
        yield f"notice {e.topic}"
    elif isinstance(e, ev.Feedback) and e.skill not in text.feedback:
        yield f"feedback {e.skill}"
    elif isinstance(e, ev.Resolved) and e.skill not in text.resolved and e.result not in text.words \
            and e.result not in WORDS:
        yield f"resolved {e.skill}: {e.result}"
    elif isinstance(e, ev.Died | ev.SeatsOut) and e.cause not in text.causes and e.cause not in CAUSES:
        yield f"cause {e.cause}"
    elif isinstance(e, ev.Warned) and e.reason not in text.warnings:
        yield f"warning {e.reason}"
    elif isinstance(e, ev.GameEnded) and e.reason and e.reason not in text.end_reasons:
        yield f"end {e.reason}"
    elif isinstance(e, ev.Draw) and e.name not in text.draws and e.name not in DRAWS:
        yield f"draw {e.name}"
    elif isinstance(e, ev.RoleRevealed) and e.reason and e.reason not in text.reveal_reasons:
        yield f"reveal {e.reason}"
    elif isinstance(e, ev.PostWithheld) and e.reason not in text.withheld:
        yield f"withheld {e.reason}"
    elif isinstance(e, ev.SheriffChanged) and e.by and f"sheriff.{e.by}" not in text.words:
        yield f"sheriff {e.by}"
    elif isinstance(e, ev.Feedback) and e.skill in RESULT_WORDS.get(text.ruleset, ()) and e.result not in text.words:
        yield f"result {e.skill}: {e.result}"


def faults(rules: Ruleset, names: Names, e: ev.Event) -> Iterator[str]:
    """What is wrong with ``e``'s lines in zh and en, in the player's and the god's view."""
    for god in (False, True):
        for lang in ("zh", "en"):
            line = narrate(e, names, lang, god=god)
            if line is None:
                continue
            if line.startswith("〔" + e.kind):
                yield f"{e.kind}: the generic line ({lang}): {line}"
            english = ascii_words(IDS.sub(" ", QUOTED.sub(" ", line)))
            if lang == "zh" and e.kind not in PLAYER_TEXT and english:
                yield f"{e.kind}: English in zh {english}: {line}"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_event_of_every_rule_set_reads_its_own_text_in_zh_and_en(ruleset_id: str) -> None:
    rules = get_ruleset(ruleset_id)
    found: set[str] = set()
    kinds: set[str] = set()
    for log in games(ruleset_id):
        names = Names.from_events(rules, list(log))
        for e in log:
            kinds.add(e.kind)
            found.update(missing(rules.narration, e))
            found.update(faults(rules, names, e))
    assert {"game_created", "phase_began", "game_ended"} <= kinds
    assert not found, sorted(found)[:40]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_error_code_and_flag_is_said_in_both_languages(ruleset_id: str) -> None:
    rules = get_ruleset(ruleset_id)
    text = rules.narration
    assert text.ruleset in ("", ruleset_id), "a rule set reads its own narration"
    for table in ("errors", "notes", "causes", "warnings", "end_reasons", "statuses", "flags"):
        for key, (zh, en) in getattr(text, table).items():
            assert zh.strip() and en.strip(), (table, key)
            if table != "flags" and "{" not in zh:
                assert not ascii_words(IDS.sub(" ", zh)), (table, key, zh)
    assert {f.name for f in rules.flags} <= set(text.flags), set(f.name for f in rules.flags) - set(text.flags)
