"""The knowledge-aware prior: exact against brute-force enumeration, and each rule set's clues read right."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from engine.rulesets import get_ruleset
from evals.clue_rules import ClueRules, clue_rules, role_is, role_not
from evals.facts import Clue, GameFacts, facts_of_events
from evals.knowledge import knowledge, roster

CARDS = [("commoner", "white"), ("seer", "white"), ("killer", "black"), ("witch", "witch")]


def _game(deal: list[tuple[str, str]], clues: list[Clue], ruleset: str = "tiny") -> GameFacts:
    game = GameFacts("g", ruleset, "finished", ["white"], datetime(2026, 1, 1), {})
    for seat, (role, faction) in enumerate(deal, start=1):
        game.truth.add(0, seat, faction, role)
    game.clues = clues
    return game


def _brute(deal: list[tuple[str, str]], seat: int, pinned: dict[int, str], allowed: dict[int, set[str]]
           ) -> dict[int, dict[str, float]]:
    """Every permutation of the other cards, kept if it agrees with what the seat was told."""
    others = [s for s in range(1, len(deal) + 1) if s != seat]
    pool = [deal[s - 1] for s in others]
    counts: dict[int, Counter[str]] = {s: Counter() for s in others}
    kept = 0
    for perm in set(itertools.permutations(pool)):
        given_cards = dict(zip(others, perm, strict=True))
        if any(given_cards[t] != deal[t - 1] for t in pinned):
            continue
        if any(given_cards[t][0] not in roles for t, roles in allowed.items()):
            continue
        kept += 1
        for s, card in given_cards.items():
            counts[s][card[1]] += 1
    return {s: {f: n / kept for f, n in c.items()} for s, c in counts.items()}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=4, max_size=7), st.data())
def test_the_prior_is_the_exact_share_of_consistent_deals(deal: list[tuple[str, str]], data: st.DataObject) -> None:
    seats = list(range(1, len(deal) + 1))
    seat = data.draw(st.sampled_from(seats))
    mates = [s for s in seats if s != seat and deal[s - 1][1] == deal[seat - 1][1]]
    team = data.draw(st.lists(st.sampled_from(mates), unique=True)) if mates else []
    others = [s for s in seats if s != seat and s not in team]
    checked = data.draw(st.lists(st.sampled_from(others), unique=True, max_size=2)) if others else []
    clues = [Clue(1, "team", (seat, *team), "chat", (seat, *team))] if team else []
    allowed: dict[int, set[str]] = {}
    for target in checked:  # a truthful check: "killer" or "not killer"
        black = deal[target - 1][0] == "killer"
        clues.append(Clue(2, "result", (seat,), "check", (target,), "黑" if black else "白"))
        allowed[target] = {"killer"} if black else {r for r, _ in CARDS if r != "killer"}
    rules = ClueRules(results={"check": lambda r, f: role_is("killer") if r == "黑" else role_not("killer")})
    prior = knowledge(_game(deal, clues), seat, 10, rules)
    expected = _brute(deal, seat, {t: deal[t - 1][1] for t in team}, allowed)
    for target, dist in expected.items():
        got = prior.of(target)
        assert set(got) == {f for f, p in dist.items() if p > 0}
        for faction, p in dist.items():
            assert got[faction] == pytest.approx(p)


def test_the_roster_prior_takes_out_the_dealt_card() -> None:
    game = _game([("commoner", "white"), ("commoner", "white"), ("killer", "black"), ("witch", "witch")], [])
    game.truth.add(5, 1, "witch", "apprentice")  # seat 1 converted: its prior still holds the witch
    assert roster(game, 1).of(4) == pytest.approx({"white": 1 / 3, "black": 1 / 3, "witch": 1 / 3})


def test_a_clue_after_the_checkpoint_or_to_another_seat_tells_nothing() -> None:
    deal = [("commoner", "white"), ("killer", "black"), ("killer", "black"), ("commoner", "white")]
    game = _game(deal, [Clue(9, "team", (2, 3), "chat", (2, 3))])
    assert knowledge(game, 2, 5).of(3) == roster(game, 2).of(3)  # told at seq 9, asked at 5
    assert knowledge(game, 1, 20).of(2) == roster(game, 1).of(2)  # seat 1 is not in the chat
    assert knowledge(game, 2, 20).of(3) == {"black": 1.0}


def _played(ruleset: str, seed: int) -> GameFacts:
    rules = get_ruleset(ruleset)
    game = rules.new_game(seed)
    seats = len([e for e in game.events if e.kind == "role_dealt"])
    configs = parse_players("scripted", seats)
    asyncio.run(GameRunner(game, agents_for(configs)).run())
    return facts_of_events(f"{ruleset}-{seed}", game.events, configs, game.winners)


@pytest.mark.parametrize("ruleset", ["umineko32", "qijian24", "suitang21", "majiasha2"])
def test_every_rule_sets_clues_agree_with_the_truth(ruleset: str) -> None:
    """Whatever a real game's clues pin or allow holds for the target's dealt card (a converted
    target aside: conversions a seat was not told about are not modelled, see evals.knowledge)."""
    game = _played(ruleset, 2)
    end = max(c.seq for c in game.clues) + 1 if game.clues else 1
    informed = 0
    for seat in game.truth.seats:
        prior = knowledge(game, seat, end)
        for target, dist in prior.by_seat.items():
            now, dealt = game.truth.faction(target, end) or "", game.truth.dealt(target) or ""
            if now != dealt and target not in {m for c in game.clues if seat in c.to and c.kind == "team"
                                               for m in c.targets}:
                continue
            assert dist.get(now, 0.0) > 0 or dist.get(dealt, 0.0) > 0, (seat, target, dist)
            informed += 1
    if ruleset == "majiasha2":
        assert all(not clue_rules(ruleset).team_names_cards(c.name) for c in game.clues if c.kind == "team")
    else:
        assert informed > 0


def test_umineko32_results_read_as_their_rules_say() -> None:
    rules = clue_rules("umineko32")
    killer, commoner, witch = ("killer", "black"), ("commoner", "white"), ("witch", "witch")
    detect = rules.decode(Clue(1, "result", (1,), "detect", (5,), "黑"), {})[0][1]
    assert detect(killer) and not detect(commoner) and not detect(witch)
    black_witch = rules.decode(Clue(1, "result", (1,), "detect", (5,), "黑"), {"umineko.witch_color": "黑"})[0][1]
    assert black_witch(witch)
    prophecy = rules.decode(Clue(1, "result", (7,), "prophecy", (2, 3), "非平民"), {})
    assert [t for t, _ in prophecy] == [2, 3] and prophecy[0][1](killer) and not prophecy[0][1](commoner)
    assert rules.decode(Clue(1, "result", (7,), "audition", (2, 3), "同"), {}) == []  # a relation: not read


def test_lovers_and_majia_chats_name_no_card() -> None:
    assert not clue_rules("suitang21").team_names_cards("lover_chat")
    assert clue_rules("suitang21").team_names_cards("wolf_pack")
    assert not clue_rules("majiasha2").team_names_cards("A")
    assert clue_rules("qijian24").team_names_cards("killer_team")
