"""The replay's deaths list (``arena/server/replay_page.py``) names every seat that went out, with
its cause, in Chinese, in suitang21, qijian24 and majiasha2 (commit a793dea fixed it: the list knew
only umineko32's death topics, so these rule sets' outs were missing, and the god view showed the
judge's cause codes in English).

A spectator's list is the judge's public posts of outs (dawn, vote result, other outs); the god
view's is every ``Died`` with the judge's cause in the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.cli import main
from arena.server.replay_data import load_replay
from arena.server.replay_page import render_replay
from engine import events as ev
from engine.game import Game
from engine.views import Viewer
from tests.chinese import ascii_words
from transcripts.reader import list_games


def _deaths(page: str) -> str:
    found = re.search(r'<section id="deaths">(.*?)</section>', page, re.S)
    assert found is not None, "the replay has its deaths list"
    return re.sub(r"<[^>]+>", " ", found.group(1))


@pytest.mark.parametrize("ruleset_id", ["suitang21", "qijian24", "majiasha2"])
def test_the_replay_lists_every_out_seat_with_its_cause_in_chinese(tmp_path: Path, ruleset_id: str) -> None:
    db = tmp_path / "replay.duckdb"
    assert main(["play", "--ruleset", ruleset_id, "--players", "scripted", "--seed", "3", "--db", str(db),
                 "--show", "none"]) == 0
    (row,) = list_games(db)
    data = load_replay(db, row.game_id)
    game = Game.replay(data.ruleset, data.events)
    public = game.observe(Viewer.spectator())
    outs = public.out()
    assert outs, "the game put seats out"
    spectator = _deaths(render_replay(data, Viewer.spectator(), "zh"))
    for status in outs:
        assert data.names.seat(status.seat, "zh") in spectator, (status.seat, spectator)
    died = [e for e in data.events if isinstance(e, ev.Died)]
    assert died
    god = _deaths(render_replay(data, Viewer.god(), "zh"))
    causes = data.ruleset.narration.causes
    for e in died:
        assert data.names.seat(e.seat, "zh") in god
        if e.cause in causes:
            assert causes[e.cause][0] in god, (e.cause, god)
        assert e.cause not in re.findall(r"[A-Za-z_]+", god), f"the cause code {e.cause} is shown, not said"
    for text in (spectator, god):
        assert not ascii_words(text), ascii_words(text)
