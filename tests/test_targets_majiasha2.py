"""A target written as text in majiasha2, where 角色 (accounts) and 马甲 are both numbered 1..N and the
mapping is secret: a form that reads as both is refused with both readings named, never guessed
(``prompts.targets.read_target``, the one reader the LLM layer calls)."""

from __future__ import annotations

import json

import pytest

from agents.llm.aliases import AliasBook
from agents.llm.parse import CallError, parse_call
from agents.llm.tools import build_stable, build_tools
from engine.actions import UseSkill, Vote
from engine.errors import IllegalAction
from engine.game import Game
from engine.narrate import Names
from engine.rulesets import get_ruleset
from prompts.render import SeatNames, seat_label
from prompts.targets import read_target

RULESET = get_ruleset("majiasha2")


def _strike(seed: int = 2) -> Game:
    game = RULESET.new_game(seed, options={"size": 12})
    while game.state.phase != "STRIKE":
        game.advance()
    return game


def _holder(game: Game, role: str) -> int:
    return next(s for s, a in game.state.seats.items() if a.role == role)  # type: ignore[attr-defined]


def _call(game: Game, seat: int, tool: str, target: object, *, stable: bool = False) -> object:
    names = Names.from_events(RULESET, game.events)
    book = AliasBook(names, "zh", seat_label)
    legal = game.legal(seat) or ()
    tools = build_stable(RULESET.vocabulary(None), book, range(1, 13)).with_legal(legal) if stable else \
        build_tools(legal, book)
    return parse_call(tools, seat, tool, json.dumps({"target": target}, ensure_ascii=False))


def test_an_account_written_for_a_majia_target_is_refused_naming_both_readings() -> None:
    """Defect: ``3号惊帆`` (account 3, its 角色 label) for a 马甲 action was silently read as 马甲 3, usually
    another person. Now it is refused, naming the account reading, the 马甲 reading and the options."""
    game = _strike()
    names = Names.from_events(RULESET, game.events)
    seer = _holder(game, "seer")
    label = seat_label(names, 3, "zh")
    for stable in (False, True):
        with pytest.raises(CallError) as refused:
            _call(game, seer, "skill_divine", label, stable=stable)
        message = str(refused.value)
        assert f"角色{label}" in message and names.majia_label(3, "zh") in message and "无法判断" in message
        assert names.majia_label(next(m for m in range(1, 13) if m != 3), "zh") in message, "the options are listed"


@pytest.mark.parametrize("written", ["3", "3号", "#3", 3])
def test_a_bare_number_reads_as_both_layers_and_is_refused(written: object) -> None:
    game = _strike()
    for seat, tool in ((_holder(game, "seer"), "skill_divine"), (_holder(game, "killer"), "skill_kill")):
        with pytest.raises(CallError, match="既可读作角色"):
            _call(game, seat, tool, written)


def test_the_offered_label_and_unambiguous_forms_are_read_as_meant() -> None:
    game = _strike()
    names = Names.from_events(RULESET, game.events)
    seer, killer = _holder(game, "seer"), _holder(game, "killer")
    other = next(m for m in range(1, 13) if m != game.state.seats[seer].majia)  # type: ignore[attr-defined]
    for written in (names.majia_label(other, "zh"), names.majia_label(other, "en"), names.majia[other], f"马甲{other}",
                    f"马甲{other}号"):
        parsed = _call(game, seer, "skill_divine", written)
        assert isinstance(parsed, UseSkill) and parsed.targets == (other,), written
    for written in (seat_label(names, 5, "zh"), seat_label(names, 5, "en"), names.aliases[5], "角色5"):
        parsed = _call(game, killer, "skill_kill", written)
        assert isinstance(parsed, UseSkill) and parsed.targets == (5,), written


def test_the_other_layers_name_is_refused_as_such() -> None:
    game = _strike()
    names = Names.from_events(RULESET, game.events)
    with pytest.raises(CallError, match="而此处的目标是马甲"):
        _call(game, _holder(game, "seer"), "skill_divine", names.aliases[4])
    with pytest.raises(CallError, match="而此处的目标是角色"):
        _call(game, _holder(game, "killer"), "skill_kill", names.majia_label(4, "zh"))


def test_a_vote_is_read_by_the_same_reader() -> None:
    game = RULESET.new_game(2, options={"size": 12})
    while game.state.phase != "VOTE":
        game.advance()
    names = Names.from_events(RULESET, game.events)
    seat = game.waiting()[0]
    with pytest.raises(CallError, match="既可读作角色"):
        _call(game, seat, "vote", seat_label(names, 2, "zh"))
    parsed = _call(game, seat, "vote", names.majia_label(2, "zh"))
    assert isinstance(parsed, Vote) and parsed.target == 2


def test_the_refusal_is_a_code_of_the_rule_set_in_both_languages() -> None:
    game = _strike()
    names = Names.from_events(RULESET, game.events)
    with pytest.raises(IllegalAction) as refused:
        read_target(names, "3", "majia", (1, 2, 3))
    err = refused.value
    assert err.code == "target_ambiguous" and err.ruleset == "majiasha2"
    assert err.params == {"text": "3", "target": 3, "majia": 3, "listed": [1, 2, 3]}
    en = err.render("en", SeatNames.of(names))
    assert "reads both as the account" in en and names.english[names.majia[3]] in en
    assert read_target(names, "nobody here", "majia") is None
