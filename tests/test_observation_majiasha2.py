"""What a majiasha2 seat is told, on small fixed situations (the spec's golden scenarios, with the
马甲 dealt in reverse so that no 马甲 number equals its seat): chats by 马甲, the elder and the lover by
马甲, the public 马甲 list with the names known out, the sheriff by 马甲, skills and budgets left, the
statuses a seat is told (and those it is not), the judge's truth in the god view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.game import Game
from engine.observation import Observation
from engine.rulesets import get_ruleset
from engine.views import Viewer
from tests.test_judge_majiasha2 import Settled
from tests.test_majiasha2_layers import _relabel

RULESET = get_ruleset("majiasha2")
N = 20


def majia(seat: int) -> int:
    """The 马甲 of ``seat`` in the reversed deal (``_relabel``)."""
    return N + 1 - seat


def played(name: str, edit: Callable[[dict[str, Any]], None] | None = None) -> Game:
    def both(d: dict[str, Any]) -> None:
        if edit is not None:
            edit(d)
        _relabel(d)
    return Settled(name, both).game


def upto(game: Game, found: Callable[[ev.Event], bool]) -> Game:
    """The game replayed through the first event ``found`` accepts."""
    index = next(i for i, e in enumerate(game.events) if found(e))
    return Game.replay(RULESET, game.events[: index + 1])


def seat_view(game: Game, seat: int) -> Observation:
    return game.observe(Viewer.of_seat(seat))


def entries(obs: Observation) -> dict[int, tuple[str | None, str | None, tuple[str, ...]]]:
    """What the observation says of each 马甲 it says something of."""
    return {e.number: (e.role, e.faction, e.statuses) for e in obs.layer_names if e.role or e.faction or e.statuses}


def test_chats_by_majia_name_mates_by_majia_and_never_a_mates_account() -> None:
    """Defect: a seat's observation must name its mates by 马甲 only (TeamState(layer="majia")), its
    elder by 马甲, and never tell a mate's 角色 (spec §0, "互相知道彼此的马甲")."""
    game = upto(played("G-01"), lambda e: isinstance(e, ev.PhaseBegan) and e.name == "DAY")
    obs = seat_view(game, 4)  # an A killer; A = seats 1..6, elder seat 1
    (team,) = obs.teams
    assert (team.team, team.layer, team.members) == ("A", "majia", tuple(sorted(majia(s) for s in range(1, 7))))
    assert not team.reads_dead
    known = entries(obs)
    assert known[majia(1)] == ("elder", None, ("elder", "mate"))
    assert known[majia(4)] == (None, None, ("mate", "self"))
    assert set(known) == {majia(s) for s in range(1, 7)}
    others = [s for s in obs.seats if s.seat != 4]
    assert all(s.role is None and s.majia is None for s in others), "no mate's 角色 or identity is told"
    assert obs.majia == majia(4) and obs.seat == 4 and obs.role == "killer" and obs.faction == "A"


def test_the_elder_knows_the_downstream_majia_and_its_hp_as_told() -> None:
    game = played("G-04")
    first = upto(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "DAY")
    elder = seat_view(first, 7)  # B's elder: downstream C = seats 13..18
    downstream = {m for m, (_, faction, marks) in entries(elder).items() if "downstream" in marks}
    assert downstream == {majia(s) for s in range(13, 19)}
    assert all(entries(elder)[m][1] == "C" for m in downstream)
    assert elder.budget("hp") is not None and (elder.budget("hp").left, elder.budget("hp").total) == (6, 6)  # type: ignore[union-attr]
    night2 = upto(game, lambda e: isinstance(e, ev.Feedback) and e.skill == "fate" and e.result == "HP 1")
    hp = seat_view(night2, 7).budget("hp")
    assert hp is not None and (hp.left, hp.total) == (1, 6)
    assert seat_view(night2, 13).budget("hp") is not None and seat_view(night2, 8).budget("hp") is None


def test_lovers_know_each_other_by_majia_and_cupid_does_not() -> None:
    game = upto(played("G-10"), lambda e: isinstance(e, ev.PhaseBegan) and e.name == "DAY")
    six = seat_view(game, 6)
    chats = {t.team: t.members for t in six.teams}
    assert chats == {"A": tuple(sorted(majia(s) for s in range(1, 7))), "lovers": tuple(sorted((majia(6), majia(11))))}
    assert "partner" in entries(six)[majia(11)][2] and "lover" in six.statuses
    assert six.faction == "lovers" and six.dealt == "member"
    cupid = seat_view(game, 19)
    assert not cupid.teams and not entries(cupid).keys() - {majia(19)} and "lover" not in cupid.statuses


def test_the_public_majia_list_marks_the_names_known_out_and_the_sheriff_by_majia() -> None:
    game = played("G-12")
    obs = seat_view(game, 1)
    out = {e.number for e in obs.layer_names if not e.listed}
    assert out == {majia(s) for s in (6, 11, 19)}
    assert {s.seat: s.majia for s in obs.seats if not s.alive} == {s: majia(s) for s in (6, 11, 19)}
    assert obs.sheriff_majia is not None and obs.sheriff is None
    sheriff_seat = next(s for s in range(1, N + 1) if majia(s) == obs.sheriff_majia)
    assert "sheriff" in seat_view(game, sheriff_seat).statuses
    assert "sheriff" not in obs.statuses or sheriff_seat == 1


def test_the_seers_results_are_known_by_majia() -> None:
    game = upto(played("G-14"), lambda e: isinstance(e, ev.Feedback) and e.skill == "divine")
    seer = seat_view(game, 8)
    assert entries(seer)[majia(13)][0] == "elder"
    assert all(s.role is None for s in seer.seats if s.seat != 8), "the identity is the 马甲's, not a seat's"


def test_skills_left_and_what_is_not_told() -> None:
    """The witch's potion is once per game and takes 通灵 with it; a frenzied or dying seat is not told
    (D-17); the god view says both, with the judge's causes."""
    game = played("G-02")
    witch = seat_view(game, 3)
    potion, tongling = witch.skill("potion"), witch.skill("tongling")
    assert potion is not None and (potion.left, potion.total, potion.usable) == (0, 1, False)
    assert tongling is not None and not tongling.usable and tongling.note == "lost"
    frenzy = played("G-08")
    assert "frenzied" not in seat_view(frenzy, 4).statuses
    god = frenzy.observe(Viewer.god())
    assert "frenzied" in god.status(4).statuses  # type: ignore[union-attr]
    dead = played("G-05").observe(Viewer.god()).status(8)
    assert dead is not None and not dead.alive and dead.cause == "kill" and dead.role == "seer" and dead.majia == majia(8)


def test_the_guard_is_told_it_may_not_repeat_last_nights_shield() -> None:
    game = played("G-07")
    guard = next(s for s, a in game.state.seats.items() if a.role == "guard" and a.origin == "A")  # type: ignore[attr-defined]
    after_one = upto(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "DAY" and e.number == 2)
    shield = seat_view(after_one, guard).skill("shield")
    assert shield is not None and shield.note == "no_repeat"


def test_budgets_of_the_day_and_of_last_words() -> None:
    game = played("G-15")
    day = upto(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "DAY" and e.number == 2)
    posts = seat_view(day, 1).budget("posts")
    assert posts is not None and (posts.left, posts.total) == (1, 1)
    words = upto(game, lambda e: isinstance(e, ev.PhaseBegan) and e.name == "LAST_WORDS")
    mine = seat_view(words, 2).budget("last_words")
    assert mine is not None and mine.left == 1 and not seat_view(words, 2).alive
    redact = upto(game, lambda e: isinstance(e, ev.Awaiting) and e.phase == "REDACT")
    pending = seat_view(redact, 11).budget("last_words")
    assert pending is not None and pending.left == 1
