"""majiasha2's two name layers (spec §0): the thread is signed by 角色, ballots name 马甲 and put out
the seat that holds one, D-07 off wastes (never refuses) a 马甲 that went out unannounced, and the day
ends early only when every living 角色 agrees to shorten it (§5)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine.actions import UseSkill
from engine.errors import IllegalAction
from engine.game import Game
from engine.narrate import Names
from engine.rulesets import get_ruleset
from engine.rulesets.majiasha2.aliases import ACCOUNTS, MAJIA
from engine.views import Viewer
from prompts import render_event
from tests.test_judge_majiasha2 import Settled, load, refused

RULESET = get_ruleset("majiasha2")


def test_the_public_thread_is_signed_by_accounts() -> None:
    """Posts and ballots carry the seat, whose public name is a 角色 (account) name; 马甲 appear only as
    ballot targets and in the public 马甲 list."""
    game = RULESET.new_game(3, options={"size": 12})
    bot = ScriptedAgent()
    asyncio.run(GameRunner(game, {seat: bot for seat in range(1, 13)}).run())
    names = Names.from_events(RULESET, game.view(Viewer.spectator()))
    accounts, majia = {zh for zh, _ in ACCOUNTS}, {zh for zh, _ in MAJIA}
    assert set(names.aliases.values()) <= accounts and set(names.majia.values()) <= majia
    posts = [e for e in game.view(Viewer.spectator()) if e.kind == "posted"]
    assert posts
    for e in posts:
        line = render_event(e, names, "zh") or ""
        signer = names.seat(e.seat)
        assert signer in accounts and line.split("】", 1)[1].startswith(f"{e.seat}号{signer}")
        assert not any(line.split("】", 1)[1].startswith(f"{e.seat}号{m}") for m in majia)
    ballots = [e for e in game.view(Viewer.spectator()) if e.kind == "vote_cast" and e.target is not None]
    assert ballots and all(names.majia_label(e.target) in (render_event(e, names, "zh") or "")  # type: ignore[attr-defined]
                           for e in ballots)


def test_a_vote_on_a_majia_puts_out_the_seat_holding_it_and_announces_both() -> None:
    g = Settled("G-16-majia")
    assert g.state.seats[4].majia == 7 and g.state.seats[7].majia == 4
    assert g["deaths"][0]["seat"] == 4 and g["winners"] == ["阵营A"]
    result = [e for e in g["events"] if e["kind"] == "vote_result"][-1]
    assert result["seats"] == [4] and result["named"] == 7 and result["layer"] == "majia" and result["majia"] == {"4": 7}
    assert 4 in g.state.revealed and 7 not in g.state.revealed


def _secret_night_out(reveal: bool, day2_votes: list[dict[str, int]], night2: list[dict[str, Any]]) -> Any:
    """The standard table: A's squad puts R8 out on night 1, announced without its 马甲 when D-07 is off."""
    def edit(d: dict[str, Any]) -> None:
        d["flags"] = {"majia.reveal_alias_on_night_out": reveal}
        d["steps"] = [
            {"night": 0, "actions": [{"seat": 19, "skill": "爱神之箭", "targets": [9, 12]}]},
            {"day": 1, "votes": [{"seat": 1, "target": 1}]},
            {"night": 1, "actions": [{"seat": s, "skill": "杀人", "targets": [8]} for s in (4, 5, 6)]},
            {"day": 2, "votes": day2_votes},
            *([{"night": 2, "actions": night2}] if night2 else []),
        ]
    return edit


VOTES = [{"seat": 13, "target": 8}, {"seat": 16, "target": 8}, {"seat": 17, "target": 8}, {"seat": 2, "target": 14}]


def test_d07_off_a_vote_and_a_potion_on_a_secretly_out_majia_are_wasted_not_refused() -> None:
    g = Settled("G-02", _secret_night_out(False, VOTES, [{"seat": 3, "skill": "药剂", "targets": [8]}]))
    morning = [e for e in g["events"] if e["kind"] == "dawn"][1]
    assert morning["seats"] == [8] and morning["majia"] == {}
    cast = [(e["seat"], e["target"]) for e in g["events"] if e["kind"] == "vote_cast" and e["day"] == 2]
    assert (13, 8) in cast and (16, 8) in cast
    assert [d["seat"] for d in g["deaths"]] == [8, 14]
    assert g.resolved("potion") == [(3, [8], "wasted")] and g.state.seats[3].potion_used
    assert 8 not in g.state.revealed


def test_d07_on_the_same_vote_is_refused_once_the_majia_is_announced_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = refused("G-02", tmp_path, capsys, _secret_night_out(True, VOTES, []))
    assert "seat 13" in err and "majia 8 cannot be voted" in err


def _day_one(seed: int = 1) -> Game:
    game = RULESET.new_game(seed, options={"size": 9})
    while game.state.phase != "DAY":
        game.advance()
    return game


def test_shorten_ends_the_day_when_every_living_account_agrees() -> None:
    game = _day_one()
    living = game.state.alive()  # type: ignore[attr-defined]
    for seat in living[:-1]:
        game.submit(UseSkill(seat=seat, skill="缩短白天"))
    assert game.state.phase == "DAY" and not RULESET.window_complete(game.state)
    shown = [e for e in game.view(Viewer.spectator()) if e.kind == "announced" and e.topic == "majia_shorten"]
    assert [e.seats for e in shown] == [[s] for s in living[:-1]] and shown[-1].data["agreed"] == len(living) - 1
    with pytest.raises(IllegalAction, match="already agreed"):
        game.submit(UseSkill(seat=living[0], skill="shorten"))
    game.submit(UseSkill(seat=living[-1], skill="shorten"))
    assert game.state.phase == "VOTE" and game.state.day == 1


def test_shorten_is_free_and_one_missing_keeps_the_day_open() -> None:
    game = _day_one(2)
    living = game.state.alive()  # type: ignore[attr-defined]
    for seat in living[1:]:
        game.submit(UseSkill(seat=seat, skill="shorten"))
        assert any(a.kind == "post" for a in game.legal(seat) or ()), "agreeing does not end one's turn"
        assert not any(a.skill == "shorten" for a in game.legal(seat) or ())
    assert game.state.phase == "DAY" and living[0] in game.waiting()


def test_the_scenario_format_takes_majia_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = load("G-16-majia")
    assert {e["seat"]: e.get("majia") for e in data["seats"] if "majia" in e} == {4: 7, 7: 4}
    err = refused("G-16-majia", tmp_path, capsys, lambda d: d["seats"][0].update(majia=7))
    assert "马甲 numbers must be 1..9" in err


MAJIA_SKILLS = {"任命", "预言", "药剂"}
GOLDEN = sorted(p.stem for p in (Path(__file__).resolve().parent / "scenarios" / "majiasha2").glob("G-*.json")
                if "illegal" not in p.stem and "too-long" not in p.stem and "newline" not in p.stem)


def _relabel(data: dict[str, Any]) -> None:
    """Deal the 马甲 in reverse (seat s holds 马甲 n+1-s) and rename every 马甲 target the same way."""
    n = len(data["seats"])
    old = {e["seat"]: e.get("majia", e["seat"]) for e in data["seats"]}
    new = {m: n + 1 - m for m in range(1, n + 1)}
    for e in data["seats"]:
        e["majia"] = new[old[e["seat"]]]
    by_seat = {e["seat"]: e["majia"] for e in data["seats"]}

    def moved(m: int) -> int:
        seat = next(s for s, was in old.items() if was == m)
        return int(by_seat[seat])
    for step in data["steps"]:
        for vote in step.get("votes", []):
            if vote.get("target") is not None:
                vote["target"] = moved(vote["target"])
        for action in step.get("actions", []):
            if action.get("skill") in MAJIA_SKILLS:
                action["targets"] = [moved(t) for t in action["targets"]]
        for choice in step.get("choices", []):
            if choice.get("skill") in ("殉职", "successor"):
                choice["targets"] = [moved(t) for t in choice["targets"]]


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_scenario_keeps_its_outcome_under_another_majia_deal(name: str) -> None:
    """The spec's outcomes do not depend on the test mapping Mi↔Ri: dealt in reverse, with every 马甲
    target renamed alike, each scenario ends the same (who is out and how, roles, winners)."""
    plain, swapped = Settled(name), Settled(name, _relabel)
    for key in ("deaths", "alive", "roles", "winners", "ended", "voted_out"):
        assert swapped[key] == plain[key], (name, key)
    assert swapped.state.defeated == plain.state.defeated


def _chat_game() -> tuple[Game, GameRunner]:
    game = RULESET.new_game(3, options={"size": 12})
    bot = ScriptedAgent()
    runner = GameRunner(game, {seat: bot for seat in range(1, 13)})
    asyncio.run(runner.run())
    return game, runner


def test_chats_are_signed_by_majia_in_every_seat_facing_form() -> None:
    """Spec §0, "互相知道彼此的马甲": a chat mate's post reaches a seat signed by its 马甲 with the seat
    redacted — in the engine's view, the runner's per-seat views, the narration, the LLM seat's log
    and the web table's payload — while the author and the judge keep the seat."""
    from arena.server.payload import event_item
    from engine.narrate import narrate

    game, runner = _chat_game()
    post = next(e for e in game.events if e.kind == "team_posted")
    author, mate = post.seat, next(s for s in post.to if s != post.seat)  # type: ignore[union-attr]
    majia = game.state.seats[author].majia  # type: ignore[attr-defined]
    assert post.majia == majia  # type: ignore[union-attr]
    seen = next(e for e in game.view(Viewer.of_seat(mate)) if e.seq == post.seq)
    assert seen.seat == 0 and seen.majia == majia and seen.to == (mate,)  # type: ignore[union-attr]
    assert next(e for e in runner.views.events[mate] if e.seq == post.seq) == seen
    own = next(e for e in game.view(Viewer.of_seat(author)) if e.seq == post.seq)
    assert own.seat == author  # type: ignore[union-attr]
    assert next(e for e in game.view(Viewer.god()) if e.seq == post.seq) is post
    names = Names.from_events(RULESET, game.view(Viewer.of_seat(mate)))
    account = names.seat(author, "zh")
    label = names.majia_label(majia, "zh")
    for line in (narrate(seen, names, "zh"), render_event(seen, names, "zh"),
                 event_item(seen, names)["author"]["zh"]):  # type: ignore[index]
        assert line is not None and label in line and account not in line, line
    roster = next(e for e in game.view(Viewer.of_seat(mate)) if getattr(e, "topic", "") == "majia_team")
    assert roster.seats == [] and isinstance(roster.data["majia"], list)  # type: ignore[union-attr]
    line = narrate(roster, names, "zh")
    assert line is not None and label in line and account not in line


def test_the_human_terminal_seat_reads_the_redacted_chat() -> None:
    """The terminal seat narrates each new event as its seat may see it."""
    import io

    from agents.human import HumanSeat
    from arena.local.terminal_seat import TerminalSeat

    game, _ = _chat_game()
    post = next(e for e in game.events if e.kind == "team_posted")
    mate = next(s for s in post.to if s != post.seat)
    names = Names.from_events(RULESET, game.view(Viewer.of_seat(mate)))
    out = io.StringIO()
    TerminalSeat(HumanSeat(mate, ScriptedAgent()), lambda: names, out=out).listener(game, [post])
    majia = game.state.seats[post.seat].majia  # type: ignore[attr-defined]
    assert names.majia_label(majia, "zh") in out.getvalue()
    assert names.seat(post.seat, "zh") not in out.getvalue()


def test_other_rule_sets_show_every_event_as_logged() -> None:
    """The redaction hook's default: a seat of another rule set sees the log's own event objects."""
    game = get_ruleset("umineko32").new_game(5)
    asyncio.run(GameRunner(game, {seat: ScriptedAgent() for seat in range(1, game.ruleset.seats + 1)}).run())
    by_seq = {e.seq: e for e in game.events}
    for seat in (1, 7, 20):
        assert all(e is by_seq[e.seq] for e in game.view(Viewer.of_seat(seat)))


def test_the_second_name_layer_is_declared_by_the_rule_set() -> None:
    """The shared layers read majiasha2's 马甲 as its declared name layer (``Ruleset.name_layer``), the
    layer of its public list; the rule sets without a second list declare none."""
    from engine.layers import second_layer
    from engine.rulesets import ruleset_ids

    game = RULESET.new_game(3)
    listed = next(e for e in game.events if e.kind == "layer_listed")
    assert second_layer(RULESET.name_layer) and RULESET.name_layer == listed.layer  # type: ignore[attr-defined]
    assert [r for r in ruleset_ids() if get_ruleset(r).name_layer] == [RULESET.id]


def test_a_public_event_is_shown_to_every_seat_as_logged() -> None:
    """majiasha2 says its redaction never touches a public event (``redacts_public = False``), so each
    seat's kept view takes those as logged without asking ``shown``: hold it to that over whole games."""
    rules = get_ruleset("majiasha2")
    assert rules.redacts_public is False
    for seed in range(4):
        game = rules.new_game(seed)
        asyncio.run(GameRunner(game, {s: ScriptedAgent() for s in range(1, rules.seats + 1)}).run())
        public = [e for e in game.events if e.vis == "public"]
        assert public and all(rules.shown(e, Viewer.of_seat(seat)) is e
                              for e in public for seat in range(1, rules.seats + 1))
