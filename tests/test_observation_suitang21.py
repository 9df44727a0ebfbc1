"""What a suitang21 seat is told, on small fixed situations set up by the golden judge scenarios.

``tests/test_observation.py`` holds every seat's observation against an independent fold of its own
events over random games; these pin what suitang21's rules entitle a seat to (and no more): its
skills with what is left, its budgets, its statuses, what it knows of its pack, its partner and the
seat its 犯罪天才 reached, and the god view's truth.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine import events as ev
from engine.game import Game
from engine.observation import Observation
from engine.rulesets import get_ruleset
from engine.views import Viewer
from tests.test_judge_suitang21 import data_of

RULESET = get_ruleset("suitang21")


def settled(name: str, edit: Callable[[dict[str, Any]], None] | None = None) -> Game:
    scenario = parse(data_of(name, edit))
    check(scenario, RULESET)
    return judge.settle(scenario, RULESET).game


def at(game: Game, found: Callable[[ev.Event], bool]) -> Game:
    """The game just before the first event ``found`` accepts."""
    index = next(i for i, e in enumerate(game.events) if found(e))
    return Game.replay(RULESET, game.events[:index])


def seat(game: Game, n: int) -> Observation:
    return game.observe(Viewer.of_seat(n))


def skill(obs: Observation, name: str) -> tuple[int | None, int | None, bool, str]:
    found = obs.skill(name)
    assert found is not None, [s.skill for s in obs.skills]
    return found.left, found.total, found.usable, found.note


def test_the_witchs_potions_and_tongling_lost_with_the_save() -> None:
    game = settled("G-11")
    before = seat(at(game, lambda e: isinstance(e, ev.Resolved) and e.skill == "save"), 8)
    assert skill(before, "save") == (1, 1, True, "") and skill(before, "poison") == (1, 1, True, "")
    assert skill(before, "tongling") == (None, None, True, "forced")
    after = seat(game, 8)
    assert skill(after, "save") == (0, 1, False, "") and skill(after, "poison") == (0, 1, False, "")
    assert skill(after, "tongling") == (None, None, False, "tongling_lost")


def test_the_detective_once_and_both_sides_know_each_others_identity() -> None:
    game = settled("G-20")
    detective, target = seat(game, 13), seat(game, 1)
    assert skill(detective, "detect") == (0, 1, False, "")
    assert (detective.status(1) or detective.seats[0]).role == "werewolf"
    assert (target.status(13) or target.seats[0]).role == "detective"
    assert all(s.role is None for s in seat(game, 7).seats if s.seat != 7), "the seer learns no identity"
    mute = settled("G-20", lambda d: d["flags"].update({"suitang.detective_mutual": False}))
    assert (seat(mute, 1).status(13) or mute.observe(Viewer.god()).seats[0]).role is None


def test_the_pack_knows_itself_and_the_butterfly_is_alone() -> None:
    game = settled("G-20")
    wolf = seat(game, 1)
    assert {s.seat for s in wolf.seats if s.role == "werewolf"} == {1, 2, 3, 4, 5}
    assert all("packmate" in s.statuses for s in wolf.seats if s.seat in (2, 3, 4, 5))
    assert [t.team for t in wolf.teams] == ["wolf_pack"]
    butterfly = seat(game, 6)
    assert not butterfly.teams and all(s.role is None for s in butterfly.seats if s.seat != 6)


def test_black_lovers_know_their_camp_and_the_lone_wolf_lover_has_no_kill() -> None:
    """G-01: 11 links 2 (狼人) and 14: they elope; each is told the partner and the black lovers' camp;
    2 loses 杀人 and the pack; Cupid is told nothing of the camps."""
    game = settled("G-01")
    wolf, villager, cupid = seat(game, 2), seat(game, 14), seat(game, 11)
    assert (wolf.faction, villager.faction) == ("lovers", "lovers")
    assert "lover" in wolf.statuses and "partner" in (wolf.status(14) or wolf.seats[0]).statuses
    assert (wolf.status(14) or wolf.seats[0]).role is None, "the partner's identity is not told (B-09)"
    assert skill(wolf, "kill") == (None, None, False, "no_kill")
    assert [t.team for t in wolf.teams] == ["lover_chat"]
    assert cupid.faction == "village" and "camp_follows_lovers" in cupid.statuses
    assert skill(cupid, "arrow") == (0, 1, False, "forced") and skill(cupid, "matchmaker")[3] == "untold"
    told = settled("G-01", lambda d: d["flags"].update({"suitang.lovers_learn_identity": True}))
    assert (seat(told, 14).status(2) or seat(told, 14).seats[0]).role == "werewolf"


def test_the_elder_penalty_strikes_and_the_seat_knows() -> None:
    game = settled("G-06")
    for n, name in ((7, "check"), (12, "shot")):
        obs = seat(at(game, lambda e: isinstance(e, ev.Dawn) and e.day == 3), n)
        assert "skills_lost" in obs.statuses and skill(obs, name)[2:] == (False, "skills_lost")
    assert "skills_lost" not in seat(at(game, lambda e: isinstance(e, ev.Dawn) and e.day == 3), 10).statuses


def test_the_elder_is_never_told_its_life_was_spent_but_the_god_view_knows() -> None:
    game = settled("G-04", lambda d: d["steps"].pop())
    elder = seat(game, 9)
    assert skill(elder, "longevity") == (None, None, True, "forced") and "elder_life_spent" not in elder.statuses
    assert "elder_life_spent" in (game.observe(Viewer.god()).status(9) or elder.seats[0]).statuses


def test_budgets_posts_vote_changes_and_the_games_last_words() -> None:
    game = settled("G-22", lambda d: d["steps"].__setitem__(slice(1, None), [
        {"day": 1, "votes": [{"seat": 21, "target": 17, "reason": "理由"}]},
        {"day": 2, "actions": [{"seat": 20, "post": "我先说两句"}],
         "votes": [{"seat": 20, "target": 16, "reason": "理由"}, {"seat": 20, "target": 16, "reason": "改票"}]}]))
    day2 = at(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "CLOSE" and e.day == 2)
    obs = seat(day2, 20)
    posts, changes, words = (obs.budget("posts"), obs.budget("vote_changes"), obs.budget("last_words"))
    assert posts is not None and (posts.left, posts.total) == (11, 12)
    assert changes is not None and (changes.left, changes.total) == (0, 1)
    assert words is not None and (words.left, words.total) == (5, 5)
    assert (seat(day2, 19).budget("vote_changes") or changes).left == 1, "no vote yet: the change is still there"
    after = seat(game, 19).budget("last_words")
    assert after is not None and after.left == 4, "16 was voted out and given its last words"


def test_cards_are_every_seats_status_for_everyone() -> None:
    game = settled("G-21", lambda d: d["steps"][2].update({"cards": [{"seat": 4, "card": "黄牌"}, {"seat": 4, "card": "黄牌"}]}))
    for viewer in (Viewer.of_seat(4), Viewer.of_seat(20), Viewer.spectator()):
        assert "yellow:2" in (game.observe(viewer).status(4) or game.observe(viewer).seats[0]).statuses
    assert "yellow:2" in seat(game, 4).statuses


def test_widow_knife_gives_the_black_lovers_kill() -> None:
    game = settled("G-21")
    for lover in (2, 14):
        assert skill(seat(game, lover), "kill") == (None, None, True, "widow_knife")
    assert skill(seat(game, 1), "kill") == (None, None, False, "camp_defeated")


def test_the_god_view_has_the_judges_causes() -> None:
    god = settled("G-12").observe(Viewer.god())
    assert [(s.seat, s.cause, s.role) for s in god.out()] == [(12, "poison", "hunter"), (3, "shot", "werewolf"),
                                                             (15, "martyr", "villager")]
    assert (god.status(3) or god.seats[0]).faction == "lovers"


def test_the_vote_says_it_needs_a_reason() -> None:
    game = settled("G-22")
    day1 = at(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "CLOSE")
    vote = next(a for a in seat(day1, 5).legal if a.kind == "vote")
    assert vote.needs_reason and vote.note == "note.vote_reason"
    free = settled("G-22", lambda d: d["flags"].update({"suitang.vote_needs_reason": False}))
    day1 = at(free, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "CLOSE")
    assert not next(a for a in seat(day1, 5).legal if a.kind == "vote").needs_reason
    assert all(a.needs_reason for a in RULESET.vocabulary("villager") if a.kind == "vote")


def test_the_memoised_public_part_is_always_this_states_own() -> None:
    """A seat's observation reuses the public standing while the public record stands
    (``engine.observation``'s memo by ``PublicRecord.version``); between two games
    observed in turn by one rule set, at every other step of one of them, it equals an observation made
    from nothing (a fresh rule set, no memo)."""
    import asyncio

    from agents.bots.suitang21 import ScriptedAgent
    from arena.run.runner import GameRunner

    other = RULESET.new_game(1)
    asyncio.run(GameRunner(other, dict.fromkeys(range(1, 22), ScriptedAgent())).run())
    fresh = type(RULESET)()
    checked = 0

    def compare(game: Game, new: list[ev.Event]) -> None:
        nonlocal checked
        if len(game.events) % 2:
            return
        for state in (game.state, other.state, game.state):
            for n in (1, 17):
                assert RULESET.observe(state, Viewer.of_seat(n)) == fresh.observe(state, Viewer.of_seat(n))
        checked += 1

    game = RULESET.new_game(4)
    runner = GameRunner(game, dict.fromkeys(range(1, 22), ScriptedAgent()))
    runner.listeners.append(compare)
    asyncio.run(runner.run())
    assert game.over and checked > 200
