"""What an umineko32 seat is told, on small fixed situations: the golden scenarios settled by the judge,
observed at chosen events (``Game.replay`` of the log up to there, as a resumed game would be).

The conformance harness (``tests.observing``) checks every seat against an independent fold of its
own events over random games; these pin the rule set's own knowledge where random play rarely goes:
the accomplice named to the killers and the killers named to it, its merge and its blade, the
witch's castling spent, the inquisitor told of its restriction only where flag A-42 says so, the
audition blocked after a 同, a dead seat joining a chat in name only under flag A-41 false, and the
god view's causes and statuses.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine import events as ev
from engine.game import Game
from engine.observation import Observation
from engine.rulesets import get_ruleset
from engine.views import Viewer

RULESET = get_ruleset("umineko32")
SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "umineko32"


def settled(name: str, flags: dict[str, Any] | None = None) -> Game:
    data = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    data["flags"] = {**data.get("flags", {}), **(flags or {})}
    parsed = parse(data)
    check(parsed, RULESET)
    return judge.settle(parsed, RULESET).game


def at(game: Game, found: Callable[[ev.Event], bool], *, after: bool = True) -> Game:
    """The game as it stood just after (or before) the first event ``found`` accepts."""
    index = next(i for i, e in enumerate(game.events) if found(e))
    return Game.replay(RULESET, game.events[:index + 1 if after else index])


def seat(game: Game, number: int) -> Observation:
    return game.observe(Viewer.of_seat(number))


def roles_known(obs: Observation) -> dict[int, str]:
    return {s.seat: s.role for s in obs.seats if s.role and s.seat != obs.seat}


def test_the_killers_learn_the_accomplice_and_it_learns_the_killers_named_to_it() -> None:
    game = settled("G-13")  # 9 converted on night 1; names 15, 16, 17 told on days 1-3; merges at nightfall 3
    promoted = at(game, lambda e: isinstance(e, ev.Notice) and e.topic == "promotion")
    killer = seat(promoted, 15)
    assert roles_known(killer) == {16: "killer", 17: "killer", 18: "killer", 9: "accomplice"}
    before = at(game, lambda e: isinstance(e, ev.Notice) and e.topic == "promotion" and e.vis == "seat:9")
    accomplice = seat(before, 9)
    assert (accomplice.role, accomplice.dealt, accomplice.faction) == ("accomplice", "commoner", "black")
    assert roles_known(accomplice) == {15: "killer"} and accomplice.teams == ()
    assert [s.skill for s in accomplice.skills] == ["tell_name"] and accomplice.statuses == ()
    merged = at(game, lambda e: isinstance(e, ev.Notice) and e.topic == "merged")
    acc = seat(merged, 9)
    assert acc.statuses == ("merged",) and [s.skill for s in acc.skills] == ["blade", "tell_name"]
    assert [t.team for t in acc.teams] == ["killers"] and set(acc.teams[0].members) == {9, 15, 16, 17, 18}
    assert roles_known(acc) == {15: "killer", 16: "killer", 17: "killer", 18: "killer"}  # 18 voted out on day 3
    assert not next(s for s in acc.skills if s.skill == "tell_name").usable  # no unmerged accomplice is left


def test_an_ordinary_white_seat_knows_no_identity_but_its_own() -> None:
    game = settled("G-13")
    assert roles_known(seat(game, 12)) == {}
    assert roles_known(seat(game, 1)) == {2: "detective"}  # the detectives know each other


def test_the_witch_sees_castling_spent_and_the_god_view_says_why_the_replacement_died() -> None:
    game = settled("G-09")  # day 3: 5 is voted out and castles; 6 (a marked believer) dies in her place
    before = at(game, lambda e: isinstance(e, ev.Question) and e.skill == "castling")
    asked = seat(before, 5)
    assert (asked.skill("castling").left, asked.skill("castling").total) == (1, 1)  # type: ignore[union-attr]
    witch = seat(game, 5)
    spent = witch.skill("castling")
    assert spent is not None and (spent.left, spent.usable) == (0, False)
    god = game.observe(Viewer.god())
    six = god.status(6)
    assert six is not None and (six.alive, six.cause, six.role) == (False, "castling", "commoner")
    assert {"marked", "believer"} <= set(six.statuses)
    public = game.observe(Viewer.spectator()).status(6)
    assert public is not None and public.cause == "vote" and public.role is None  # the thread never says more


def test_the_inquisitor_is_told_of_its_restriction_only_where_the_judge_tells_it() -> None:
    quiet = seat(settled("G-05"), 4)
    barrier = quiet.skill("barrier")
    assert barrier is not None and barrier.note == ""  # A-42 false: the judge says nothing
    told = seat(settled("G-05", {"umineko.tell_inquisitor_restriction": True}), 4)
    assert told.skill("barrier").note == "restricted"  # type: ignore[union-attr]


def test_the_audition_is_blocked_the_night_after_a_same() -> None:
    game = settled("G-07")  # night 3: 10 and 11 show 同, so night 4 has no audition
    night4 = at(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "NIGHT" and e.number == 4)
    audition = seat(night4, 3).skill("audition")
    assert audition is not None and (audition.usable, audition.note) == (False, "blocked_tonight")


def test_a_dead_seat_joining_a_chat_in_name_only_is_told_of_nothing() -> None:
    """G-19: no living believer, so 12 dies and becomes the apprentice's soul; under A-41 false it joins
    魔女群 in name only (the judge's notice of the join reaches the living witch, not the soul), so it
    is told of no chat while the witch learns of it; under the default both know the other."""
    kept = settled("G-19")
    assert [t.team for t in seat(kept, 12).teams] == ["witches"] and roles_known(seat(kept, 12)) == {5: "witch"}
    assert roles_known(seat(kept, 5)) == {12: "apprentice"}
    cut = settled("G-19", {"umineko.dead_keep_team_chat": False})
    soul = seat(cut, 12)
    assert (soul.role, soul.alive, soul.teams, roles_known(soul)) == ("apprentice", False, (), {})
    witch = seat(cut, 5)
    assert witch.teams[0].members == (5, 12) and not witch.teams[0].reads_dead
    assert roles_known(witch) == {12: "apprentice"}
    god = cut.observe(Viewer.god()).status(12)
    assert god is not None and (god.cause, god.role) == ("inheritance", "apprentice")


def test_the_restricted_phase_counts_the_blue_left() -> None:
    game = RULESET.new_game(2)
    while game.state.phase != "RESTRICTED":
        game.advance()
    speaker = game.waiting()[0]
    from engine.actions import Post

    game.submit(Post(seat=speaker, text="蓝字1：推理", blue=True))
    obs = seat(game, speaker)
    blue = obs.budget("blue")
    assert blue is not None and (blue.left, blue.total) == (2, 3)
