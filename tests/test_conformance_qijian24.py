"""qijian24's own conformance checks, over the harness's random-legal games (tests/test_conformance.py):
even seeds play with every discipline rule on (random players often skip a ballot, so seats drown and
games are short), odd seeds with discipline off, so that games run many nights deep and reach every
skill, revive and win condition."""

from __future__ import annotations

from tests.conformance_games import games_of


def test_random_play_reaches_every_night_mechanic() -> None:
    games = games_of("qijian24")
    results = {(e.skill, e.result) for game in games for e in game.events if e.kind == "resolved"}  # type: ignore[attr-defined]
    for wanted in (("assassinate", "cancelled"), ("assassinate", "no_effect"), ("lives", "1"),
                   ("revive", "revived"), ("activate", "lone_killer"), ("activate", "sheshen"),
                   ("kill_ban", "kill_banned"), ("pray", "life"), ("ban", "banned")):
        assert wanted in results, wanted
    winners = {side for game in games for side in game.winners}
    assert winners == {"killers", "wuzhuang", "rangers"}
