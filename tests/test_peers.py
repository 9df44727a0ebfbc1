"""The peers' metrics (Kaggle Game Arena Werewolf's IRP, VSS, KSR, margin and speed of win) by hand."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from evals.facts import GameFacts, load_facts
from evals.peers import KEY_ROLES, PeerEvaluator
from evals.summary import Row, summarise
from tests.evals_fixture import write_tiny
from transcripts.store import open_db


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameFacts]:
    db: Path = tmp_path_factory.mktemp("peers") / "tiny.duckdb"
    write_tiny(db).close()
    with open_db(db, create=False) as con:
        yield next(g for g in load_facts(con) if g.game_id == "tiny")


def _rows(games: list[GameFacts]) -> dict[tuple[str, str, str, str], Row]:
    return {(r.metric, r.label, r.side, r.group): r for r in summarise([PeerEvaluator()], games, resamples=10)
            if r.ruleset != "*"}


def test_irp_vss_margin_and_speed_as_kaggle_defines_them(tiny: GameFacts) -> None:
    t = _rows([tiny])
    # the majority (white) ballots: 1→2 (a white), 2→3 (black), 1→3 (black)
    assert t[("irp", "A", "white", "")].value == pytest.approx(1 / 2)
    assert t[("irp", "B", "white", "")].value == pytest.approx(1.0)
    # seat 3 (black) was voted out on day 2; of the majority's ballots of that stage, 1→3 named it
    assert t[("vss", "A", "white", "")].value == pytest.approx(1.0) and t[("vss", "A", "white", "")].n == 1
    assert ("vss", "B", "white", "") not in t  # seat 2 was dead by then; seat 4 is the witch
    # white won with seat 1 alive and seat 2 dead; the game ended on day 2
    assert t[("margin_of_win", "A", "white", "")].value == pytest.approx(0.5)
    assert t[("speed_of_win", "B", "white", "")].value == pytest.approx(0.5)
    assert not any(key[0] == "margin_of_win" and key[2] not in ("white", "*") for key in t)  # winners only


def test_key_role_survival_follows_the_rule_sets_key_roles_by_dealt_role() -> None:
    game = GameFacts("k", "umineko32", "finished", ["white"], datetime(2026, 1, 1),
                     {1: "A", 2: "A", 3: "B", 4: "B"}, fingerprint="k")
    for seat, (role, faction) in {1: ("detective", "white"), 2: ("commoner", "white"), 3: ("killer", "black"),
                                  4: ("killer", "black")}.items():
        game.truth.add(seat, seat, faction, role)
    game.deaths = {4: 50}
    t = _rows([game])
    assert "commoner" not in KEY_ROLES["umineko32"]
    assert t[("key_role_survival", "A", "*", "detective")].value == 1.0
    assert ("key_role_survival", "A", "*", "commoner") not in t
    assert t[("key_role_survival", "B", "*", "killer")].value == pytest.approx(0.5)
    assert t[("key_role_survival", "B", "black", "*")].n == 2
