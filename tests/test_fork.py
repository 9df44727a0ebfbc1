"""``arena fork``: a fork shares its origin's events byte for byte up to the point, stored once;
edits and drops are recorded as counterfactuals in every reading of the fork; bad points are
refused in the reader's language with nothing stored."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from arena.cli import main
from arena.fork.prepare import ForkRequest, floors, prepare
from arena.fork.texts import ForkError
from engine.events import to_json
from engine.redrive import redrive
from engine.rulesets import get_ruleset
from transcripts.export import export_parquet
from transcripts.forks import fork_origin, load_edits
from transcripts.reader import latest_game_id, list_games, load_events

DETECTIVE_CLAIM = "我是侦探。【查验】5号=黑。请大家投5号。"


def play(db: Path, seed: int = 3, ruleset: str = "umineko32", players: str = "scripted") -> str:
    assert main(["play", "--ruleset", ruleset, "--players", players, "--seed", str(seed), "--db", str(db),
                 "--show", "none"]) == 0
    return latest_game_id(db)


def fork(db: Path, *args: str) -> int:
    return main(["fork", *args, "--db", str(db), "--show", "none"])


def newest(db: Path) -> str:
    return list_games(db, limit=1)[0].game_id


def texts(events: list) -> list[str]:  # type: ignore[type-arg]
    return [to_json(e) for e in events]


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    db = tmp_path_factory.mktemp("fork") / "arena.duckdb"
    return db, play(db)


def test_a_fork_replays_its_prefix_byte_identically_and_stores_it_once(stored: tuple[Path, str]) -> None:
    db, origin = stored
    assert fork(db, origin, "--at", "f10") == 0
    gid = newest(db)
    theirs, mine = load_events(db, origin), load_events(db, gid)
    at = fork_origin(db, gid)
    assert at is not None and at.origin == origin and at.origin_seq == floors(theirs)[10].seq
    assert texts(mine[:at.origin_seq]) == texts(theirs[:at.origin_seq])
    # the same deterministic players from the same point: the same game to its end
    assert texts(mine) == texts(theirs)
    with duckdb.connect(str(db), read_only=True) as con:
        own = con.execute("SELECT min(seq), count(*) FROM events WHERE game_id = ?", [gid]).fetchone()
    assert own == (at.origin_seq, len(mine) - at.origin_seq)  # the prefix is stored once, under the origin
    redrive(get_ruleset("umineko32"), mine)  # every step of the fork's log is the engine's


def test_a_fork_with_its_own_seed_diverges_after_the_point_only(stored: tuple[Path, str]) -> None:
    db, origin = stored
    assert fork(db, origin, "--at", "f30", "--seed", "11", "--players", "random") == 0
    gid = newest(db)
    theirs, mine = load_events(db, origin), load_events(db, gid)
    at = fork_origin(db, gid)
    assert at is not None and at.record["seed"] == 11
    assert texts(mine[:at.origin_seq]) == texts(theirs[:at.origin_seq])
    assert mine[at.origin_seq].kind == "reseeded" and texts(mine) != texts(theirs)
    assert list_games(db, limit=1)[0].status == "finished"
    redrive(get_ruleset("umineko32"), mine)


def test_an_edit_is_a_counterfactual_in_every_reading(stored: tuple[Path, str], tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    db, origin = stored
    assert fork(db, origin, "--at", "f12", "--edit", f"10={DETECTIVE_CLAIM}") == 0
    gid = newest(db)
    edits = load_edits(db, gid)
    (edit,) = edits.values()
    post = load_events(db, gid)[edit.seq]
    assert post.kind == "posted" and post.text == DETECTIVE_CLAIM and (edit.floor, edit.action) == (10, "edit")
    assert edit.vis == "public" and edit.audience == tuple(range(1, 19))
    assert fork_origin(db, gid).origin_seq == edit.original_seq  # type: ignore[union-attr]
    capsys.readouterr()
    assert main(["replay", gid, "--db", str(db)]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if DETECTIVE_CLAIM in x]
    assert "反事实改写" in line and "并非原作者所写" in line
    assert main(["replay", gid, "--db", str(db), "--lang", "en", "--seat", "4"]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if DETECTIVE_CLAIM in x]
    assert "counterfactual edit" in line and "not written by its author" in line
    out = tmp_path / "parquet"
    export_parquet(db, out, [gid])
    with duckdb.connect() as con:
        rows = con.execute(f"SELECT seq, counterfactual FROM '{out}/events.parquet' WHERE game_id = ? "
                           "AND counterfactual IS NOT NULL", [gid]).fetchall()
        games = {g for (g,) in con.execute(f"SELECT game_id FROM '{out}/games.parquet'").fetchall()}
    assert rows == [(edit.seq, "edit")] and games == {gid, origin}  # the origin travels with its fork


def test_a_drop_moves_later_floors_up_and_is_marked(stored: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    db, origin = stored
    theirs = load_events(db, origin)
    assert fork(db, origin, "--at", "f12", "--drop", "9") == 0
    gid = newest(db)
    mine = load_events(db, gid)
    (edit,) = load_edits(db, gid).values()
    assert edit.action == "drop" and edit.text is None
    assert floors(mine)[9].text == floors(theirs)[10].text  # floor 10 said the same, now as floor 9
    capsys.readouterr()
    main(["replay", gid, "--db", str(db), "--spectator"])
    assert "第 9 楼在此被删除" in capsys.readouterr().out


def test_a_fork_of_a_fork_reads_through_both(stored: tuple[Path, str]) -> None:
    db, origin = stored
    assert fork(db, origin, "--at", "f12", "--edit", f"10={DETECTIVE_CLAIM}", "--players", "scripted") == 0
    first = newest(db)
    assert fork(db, first, "--at", "f40") == 0
    second = newest(db)
    one, two = load_events(db, first), load_events(db, second)
    cut = fork_origin(db, second).origin_seq  # type: ignore[union-attr]
    assert texts(two[:cut]) == texts(one[:cut])
    assert set(load_edits(db, second)) == set(load_edits(db, first))  # the edit is inherited, still marked


def _refused(db: Path, *args: str, capsys: pytest.CaptureFixture[str]) -> str:
    before = len(list_games(db))
    capsys.readouterr()
    assert fork(db, *args) == 2
    assert len(list_games(db)) == before  # nothing stored half
    return capsys.readouterr().err


def test_bad_points_are_refused_in_the_readers_language(stored: tuple[Path, str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    db, origin = stored
    events = load_events(db, origin)
    inside = _inside_a_resolution(events)
    cases = [(["--at", "99999"], "超出了对局"), (["--at", str(len(events))], "已经结束"),
             (["--at", str(inside)], "落在一次结算之中"), (["--at", "f12", "--edit", "999=x"], "没有第 999 楼"),
             (["--at", "f5", "--drop", "9"], "在分支点"), (["--at", "zz"], "读不懂分支点"),
             (["--at", "f12", "--edit", "nonsense"], "楼层=文字")]
    for args, expected in cases:
        err = _refused(db, origin, *args, capsys=capsys)
        assert expected in err, (args, err)
        assert not re.search(r"[A-Za-z]{4,} [a-z]{3,}", err.replace(origin, "")), err  # no English sentence
    err = _refused(db, origin, "--at", str(inside), "--lang", "en", capsys=capsys)
    assert "middle of a resolution" in err


def _inside_a_resolution(events: list) -> int:  # type: ignore[type-arg]
    """A seq strictly inside one engine call: the dawn of day 2 follows the night's deaths."""
    return next(e.seq for e in events if e.kind == "dawn" and e.day == 2)


def test_a_game_of_another_schema_version_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "old.duckdb"
    origin = play(db, seed=4)
    with duckdb.connect(str(db)) as con:
        con.execute("UPDATE games SET schema_version = 2 WHERE game_id = ?", [origin])
    assert "存档格式第 2 版" in _refused(db, origin, "--at", "f3", capsys=capsys)
    with pytest.raises(ForkError) as refused:
        prepare(db, ForkRequest(origin, "f3"))
    assert refused.value.code == "fork_schema"


@pytest.mark.parametrize("ruleset", ["qijian24", "suitang21", "majiasha2"])
def test_every_rule_set_forks_at_a_floor(tmp_path: Path, ruleset: str) -> None:
    db = tmp_path / "arena.duckdb"
    origin = play(db, seed=2, ruleset=ruleset, players="random")
    events = load_events(db, origin)
    floor = max(1, len(floors(events)) // 2)
    assert fork(db, origin, "--at", f"f{floor}", "--seed", "5") == 0
    gid = newest(db)
    mine = load_events(db, gid)
    cut = fork_origin(db, gid).origin_seq  # type: ignore[union-attr]
    assert texts(mine[:cut]) == texts(events[:cut]) and list_games(db, limit=1)[0].status == "finished"


def test_the_cli_prints_the_fork_in_chinese(stored: tuple[Path, str]) -> None:
    db, origin = stored
    done = subprocess.run([sys.executable, "-m", "arena", "fork", origin, "--at", "f20", "--db", str(db), "--show",
                           "none"], capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "分支" in done.stdout and "与原对局逐字节相同" in done.stdout and "#fork" in done.stdout


def test_the_replay_viewer_shows_a_fork_beside_its_origin(stored: tuple[Path, str]) -> None:
    from fastapi.testclient import TestClient

    from arena.server.app import create_app
    from arena.server.hub import Hub

    db, origin = stored
    assert fork(db, origin, "--at", "f30", "--seed", "11", "--players", "random", "--edit", f"30={DETECTIVE_CLAIM}") == 0
    gid = newest(db)
    at = fork_origin(db, gid)
    assert at is not None
    with TestClient(create_app(Hub(db))) as client:
        page = client.get(f"/replays/{gid}?view=god").text
        public = client.get(f"/replays/{gid}?view=spectator&lang=en").text
        theirs = client.get(f"/replays/{origin}").text
        exported = client.get(f"/replays/{gid}/export?view=seat&seat=3").text
    section = page[page.index('<section id="fork">'):page.index("</section>", page.index('<section id="fork">'))]
    assert f'href="/replays/{origin}?lang=zh"' in section and gid in section
    assert f"与对局 {origin} 相同" in section and 'id="diverge"' in section
    rows = re.findall(r"<tr class=\"(same|diverged)\"", section)
    assert rows and rows[0] == "diverged"  # the edited floor: the first row after the point differs
    assert section.count("反事实改写") == 1 and DETECTIVE_CLAIM in section
    first_day = min(e.day for e in load_events(db, gid)[at.origin_seq:])
    assert re.findall(r"<tr class=\"(?:same|diverged)\"[^>]*><td>第(\d+)天", section)[0] == str(first_day)
    # the timeline: the fork point's line, the edit marked wherever the floor is shown, in any language
    timeline = page[page.index('<section id="timeline">'):]
    assert 'id="fork-point"' in timeline and timeline.index('id="fork-point"') < timeline.index(DETECTIVE_CLAIM)
    assert "counterfactual edit" in public and "反事实改写" in exported and "并非原作者所写" in exported
    assert f"/replays/{gid}?lang=zh" in theirs[theirs.index('<section id="fork">'):]  # the origin lists its forks
