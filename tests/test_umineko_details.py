"""Details of umineko32 that no golden scenario pins: dead members' chat, the names already told."""

from __future__ import annotations

import asyncio

from agents.scripted import ScriptedAgent
from arena.run.runner import GameRunner
from engine.actions import TeamPost
from engine.game import Game
from engine.rulesets import get_ruleset
from engine.rulesets.umineko32.state import UminekoState
from engine.views import Viewer

RULESET = get_ruleset("umineko32")


def _state(game: Game) -> UminekoState:
    assert isinstance(game.state, UminekoState)
    return game.state


def _play_until(seed: int, done: object) -> Game:
    """A scripted game stopped at the first point where ``done(game)`` holds."""

    class Stop(Exception):
        pass

    def listener(game: Game, _new: list[object]) -> None:
        if done(game):  # type: ignore[operator]
            raise Stop

    game = RULESET.new_game(seed)
    try:
        asyncio.run(GameRunner(game, {s: ScriptedAgent() for s in range(1, 19)}, listeners=[listener]).run())
    except Stop:
        pass
    return game


def _dead_killer_at_night(game: Game) -> bool:
    s = _state(game)
    return s.phase == "NIGHT" and any(not p.alive and p.role == "killer" for p in s.seats.values()) \
        and any(not p.alive and p.role == "killer" and seat in game.waiting() for seat, p in s.seats.items())


def test_dead_killer_keeps_writing_in_the_killers_chat() -> None:
    for seed in range(40):
        game = _play_until(seed, _dead_killer_at_night)
        s = _state(game)
        if s.phase != "NIGHT" or game.over:
            continue
        dead = next(seat for seat, p in s.seats.items() if not p.alive and p.role == "killer" and seat in game.waiting())
        legal = game.legal(dead) or ()
        assert [a.kind for a in legal] == ["team_post", "pass"]
        game.submit(TeamPost(seat=dead, team="killers", text="我虽死了，刀口建议选侦探"))
        living = next(seat for seat in s.teams["killers"] if s.seats[seat].alive)
        assert any(e.kind == "team_posted" and e.seat == dead for e in game.view(Viewer.of_seat(living)))
        return
    raise AssertionError("no seed gave a night with a dead killer")


def test_tell_name_names_the_killers_already_told() -> None:
    def told_and_day(game: Game) -> bool:
        s = _state(game)
        return bool(s.told) and s.phase == "RESTRICTED" and s.accomplice is not None \
            and s.seats[s.accomplice].alive and not s.seats[s.accomplice].merged

    for seed in range(40):
        game = _play_until(seed, told_and_day)
        if game.over or not told_and_day(game):
            continue
        s = _state(game)
        killer = next(seat for seat in s.living("killer"))
        template = RULESET.legal(s, killer)
        if s.window.speaker != killer or template is None:
            continue
        tell = next(a for a in template if a.skill == "tell_name")
        assert tell.free and not tell.decisive
        assert tell.note == "told_killers" and dict(tell.note_params)["seats"] == tuple(sorted(s.told & set(tell.targets)))
        return
    # the killer's turn may not come up at the stop; the template is still checked directly
    from engine.rulesets.umineko32.legal import _tell_name_template

    template = _tell_name_template((15, 16), (15,))
    assert (template.note, template.note_params) == ("told_killers", (("seats", (15,)),))
