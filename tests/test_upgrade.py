"""Stored games of the previous rule-set versions load, replay and resume under the current one.

The fixtures are whole scripted games (seed 5) stored by the versions before the typed public
events (umineko32, suitang21 and qijian24 1.0, majiasha2 2.1), written by ``arena play --players
scripted --seed 5`` of that code. Read through ``engine.upgrade`` they must be, event for event,
what the current version writes for the same seed and the same players: the same sequence numbers,
the shared concepts as typed events, nothing else changed. And a game cut anywhere in its stored
prefix resumes to the same end.
"""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

import pytest

from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine import events as ev
from engine.game import Game
from engine.narrate import Names, narrate, renderer
from engine.rulesets import get_ruleset
from engine.upgrade import upgraded

FIXTURES = Path(__file__).parent / "fixtures" / "legacy"
LEGACY_TOPICS = {"night_deaths", "vote_result", "drowned", "dawn", "sheriff", "out", "voted_out", "revealed",
                 "cited_judge", "majia_list", "majia_morning", "majia_sent_off", "majia_piper_out", "majia_sheriff"}


STORED = sorted(p.name.removesuffix("-seed5.jsonl.gz") for p in FIXTURES.glob("*-seed5.jsonl.gz"))
"""The rule sets with a game stored by an earlier version (a rule set that has had one version has none)."""


def legacy(ruleset: str) -> list[ev.Event]:
    with gzip.open(FIXTURES / f"{ruleset}-seed5.jsonl.gz", "rt", encoding="utf-8") as f:
        return [ev.from_json(line) for line in f if line.strip()]


def scripted(ruleset: str, seed: int, game: Game | None = None) -> Game:
    rules = get_ruleset(ruleset)
    game = game or rules.new_game(seed)
    header = game.events[0]
    assert isinstance(header, ev.GameCreated)
    agents = agents_for(parse_players("scripted", header.seats))
    asyncio.run(GameRunner(game, agents).run())
    return game


@pytest.mark.parametrize("ruleset", STORED)
def test_a_stored_game_reads_as_the_current_version_writes_it(ruleset: str) -> None:
    old = legacy(ruleset)
    header = old[0]
    assert isinstance(header, ev.GameCreated) and header.version != get_ruleset(ruleset).version
    new = upgraded(old)
    assert [e.seq for e in new] == [e.seq for e in old]
    assert not [e for e in new if isinstance(e, (ev.Announced, ev.Notice)) and e.topic in LEGACY_TOPICS]
    played = scripted(ruleset, 5)
    assert new[1:] == played.events[1:], "the same seed and players give the same events, typed"


@pytest.mark.parametrize("ruleset", STORED)
def test_a_stored_game_replays_and_every_event_has_its_rule_sets_line(ruleset: str) -> None:
    old = legacy(ruleset)
    rules = get_ruleset(ruleset)
    game = Game.replay(rules, upgraded(old))
    ended = old[-1]
    assert isinstance(ended, ev.GameEnded) and game.over and game.winners == ended.winners
    names = Names.from_events(rules, game.events)
    for event in game.events:
        assert renderer(event.kind, names) is not None, event.kind
        for lang in ("zh", "en"):
            line = narrate(event, names, lang, god=True)
            assert line is None or not line.startswith("〔" + event.kind), line


@pytest.mark.parametrize("ruleset", STORED)
def test_a_stored_game_cut_anywhere_resumes_to_the_same_end(ruleset: str) -> None:
    old = upgraded(legacy(ruleset))
    rules = get_ruleset(ruleset)
    starts = [i for i, e in enumerate(old) if isinstance(e, ev.Posted | ev.VoteCast | ev.SkillSubmitted)]
    for cut in starts[:: max(1, len(starts) // 6)]:
        resumed = scripted(ruleset, 5, Game.replay(rules, old[:cut]))
        assert resumed.events == old, (ruleset, cut)
