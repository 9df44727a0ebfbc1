"""``arena persuasion``: a post whose removal provably changes a scripted bot's vote is found with its
swing; LLM voters are asked on copies of their view, the calls stored with their purpose and never
in the game; bad inputs are clear errors with nothing stored."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest

from agents.base import Turn
from agents.scripted import ScriptedAgent
from arena.cli import main
from arena.run.persuasion import counterfactual, day_posts, final_ballots, moments
from engine.actions import Vote
from engine.events import Event
from evals.crossed import crossed_ratio
from transcripts.reader import latest_game_id, load_events


def scripted_vote(m: object, seen: list[Event]) -> int | None:
    """The vote a fresh scripted bot casts at moment ``m`` on the view ``seen`` (sample 0)."""
    b = m.ballot  # type: ignore[attr-defined]
    turn = Turn(ruleset="umineko32", seed=m.seed, seat=b.voter, day=b.day, phase=b.phase, events=seen,  # type: ignore[attr-defined]
                new_from=0, legal=(m.vote,), observation=m.observation)  # type: ignore[attr-defined]
    action = ScriptedAgent().decide(turn)
    assert isinstance(action, Vote)
    return action.target


def proof(events: list[Event]) -> tuple[int, dict[int, list[int]], dict[int, int]]:
    """Computed apart from ``arena persuasion``: the first day with a post whose removal makes some
    voters' scripted bots vote otherwise; per post, those voters, and how many voters had seen it."""
    for day in range(1, 5):
        flips: dict[int, list[int]] = {}
        asked: dict[int, int] = {}
        for m in moments("umineko32", events, final_ballots(events, day)):
            for post in day_posts(events, day):
                if post.seq >= m.ballot.seq or post.seat == m.ballot.voter:
                    continue
                asked[post.seq] = asked.get(post.seq, 0) + 1
                if scripted_vote(m, m.view) != scripted_vote(m, counterfactual(m.view, post, "removed", "zh")):
                    flips.setdefault(post.seq, []).append(m.ballot.voter)
        if flips:
            return day, flips, asked
    return 0, {}, {}


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    db = tmp_path_factory.mktemp("persuasion") / "arena.duckdb"
    assert main(["play", "--players", "scripted", "--seed", "3", "--db", str(db), "--show", "none"]) == 0
    return db, latest_game_id(db)


def test_a_post_whose_removal_changes_a_scripted_vote_is_found_with_its_swing(
        stored: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    db, gid = stored
    events = load_events(db, gid)
    day, flips, asked = proof(events)
    assert flips, "no post of days 1-4 moves a scripted vote"
    seq, voters = max(flips.items(), key=lambda kv: len(kv[1]))
    capsys.readouterr()
    assert main(["persuasion", gid, "--day", str(day), "--samples", "1", "--stand-in", "scripted", "--db",
                 str(db)]) == 0
    out = capsys.readouterr().out
    floor = next(e.floor for e in events if e.seq == seq)  # type: ignore[attr-defined]
    row = next(line for line in out.splitlines() if line.startswith(f"{floor} | "))
    changed = row.split(" | ")[3]
    assert float(changed.split()[0]) == pytest.approx(len(voters) / asked[seq], abs=5e-4), row
    with duckdb.connect(str(db), read_only=True) as con:
        stored_flips = con.execute(
            "SELECT list(c.voter ORDER BY c.voter) FROM persuasion_votes c JOIN persuasion_votes f USING "
            "(game_id, run, ballot_seq, sample) WHERE c.post_seq = ? AND c.condition = 'removed' AND "
            "f.condition = 'factual' AND c.target IS DISTINCT FROM f.target", [seq]).fetchone()[0]
        events_after = con.execute("SELECT count(*) FROM events WHERE game_id = ?", [gid]).fetchone()[0]
    assert sorted(stored_flips) == sorted(voters) and events_after == len(events)  # never an event
    assert "最有说服力的帖子" in out and "含真声明" in out
    assert not re.findall(r"[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,})+", out)  # Chinese means Chinese


def test_a_game_without_llm_seats_is_refused_with_nothing_stored(stored: tuple[Path, str],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    db, gid = stored
    with duckdb.connect(str(db), read_only=True) as con:
        before = con.execute("SELECT count(*) FROM persuasion_votes").fetchone()[0]
    capsys.readouterr()
    assert main(["persuasion", gid, "--day", "2", "--db", str(db)]) == 2
    assert "没有大模型席位" in capsys.readouterr().err
    assert main(["persuasion", gid, "--day", "99", "--stand-in", "scripted", "--db", str(db), "--lang", "en"]) == 2
    assert "no public ballot on day 99" in capsys.readouterr().err
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM persuasion_votes").fetchone()[0] == before


def test_llm_voters_are_asked_on_copies_of_their_view(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.fake_openai import Answer, FakeOpenAI

    db = tmp_path / "llm.duckdb"
    with FakeOpenAI() as fake:
        seats = tmp_path / "seats.toml"
        seats.write_text(f'[endpoints.fake]\nbase_url = "{fake.base_url}"\nmodel = "fake-model"\n\n'
                         '[seats]\n"1-3" = "llm:fake"\n"4-18" = "scripted"\n', encoding="utf-8")
        assert main(["play", "--seed", "4", "--seats", str(seats), "--db", str(db), "--show", "none",
                     "--beliefs-at", "never"]) == 0
        gid = latest_game_id(db)
        played = len(fake.requests)

        def persuadable(body: dict) -> Answer:  # type: ignore[type-arg]
            """Votes the first offered seat, unless the view holds a detective's claim: then its target."""
            text = json.dumps(body["messages"], ensure_ascii=False)
            enum = body["tools"][0]["function"]["parameters"]["properties"]["target"]["enum"]
            named = [label for label in enum if "【查验】" in text and label.split("号")[0] + "号=黑" in text]
            return Answer.call("vote", {"target": (named or enum)[0]})

        fake.push(*([persuadable] * 5000))
        assert main(["persuasion", gid, "--day", "2", "--samples", "2", "--neutral", "--db", str(db)]) == 0
        asked = fake.requests[played:]
    out = capsys.readouterr().out
    assert "反事实说服" in out
    with duckdb.connect(str(db), read_only=True) as con:
        calls = con.execute("SELECT count(*), count(DISTINCT seat), list(DISTINCT response->>'$.x_arena.condition') "
                            "FROM llm_calls WHERE response->>'$.x_arena.purpose' = 'persuasion'").fetchone()
        votes = con.execute("SELECT count(*) FILTER (source = 'llm'), count(call_id), list(DISTINCT source), "
                            "count(*) FILTER (source = 'scripted' AND call_id IS NULL) FROM persuasion_votes").fetchone()
    assert calls[0] == len(asked) == votes[1] == votes[0] and calls[1] <= 3  # one stored call per LLM ballot
    # the scripted voters of the game are asked too (by a fresh bot, no call): a model's post may move them
    assert set(calls[2]) == {"factual", "removed", "neutral"} and sorted(votes[2]) == ["llm", "scripted"]
    assert votes[3] > 0
    for body in asked:  # a forced vote on a copy of the seat's view, never a live decision
        assert body["tool_choice"]["function"]["name"] == "vote" and len(body["tools"]) == 1


def test_the_pigeonhole_interval_widens_with_voter_spread() -> None:
    same = [(v, k, 1.0 if v % 2 else 0.0, 1.0) for v in range(20) for k in range(5)]
    mixed = [(v, k, 1.0 if (v + k) % 2 else 0.0, 1.0) for v in range(20) for k in range(5)]
    a, b = crossed_ratio(same, resamples=400), crossed_ratio(mixed, resamples=400)
    assert a.value == b.value == 0.5
    assert (a.hi - a.lo) > (b.hi - b.lo)  # type: ignore[operator]  # voters that always agree are one unit each


def test_a_stored_tournament_is_asked_whole_and_pooled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, plan = tmp_path / "t.duckdb", tmp_path / "t.toml"
    plan.write_text('[tournament]\nname = "t"\ngames = 2\nseed = 5\nconcurrency = 1\n\n[[models]]\nname = "bots"\n'
                    'player = "scripted"\n\n[[models]]\nname = "dice"\nplayer = "random"\n', encoding="utf-8")
    assert main(["tournament", str(plan), "--db", str(db)]) == 0
    with duckdb.connect(str(db), read_only=True) as con:
        games = [g for (g,) in con.execute("SELECT game_id FROM tournament_games ORDER BY game_id").fetchall()]
    capsys.readouterr()
    assert main(["persuasion", "--tournament", "t", "--day", "2", "--samples", "1", "--stand-in", "scripted",
                 "--db", str(db), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "# Pooled: 2 games" in out and all(f"game {g}" in out for g in games)
    pooled = out.split("# Pooled: 2 games")[1]
    assert "bots ·" in pooled and "dice ·" in pooled and "with a false claim" in pooled
    with duckdb.connect(str(db), read_only=True) as con:
        asked = con.execute("SELECT count(DISTINCT game_id), count(DISTINCT run) FROM persuasion_votes").fetchone()
    assert asked == (2, 1)  # one run over both games, stored together
    assert main(["persuasion", "--tournament", "nope", "--stand-in", "scripted", "--db", str(db), "--lang", "en"]) == 2
    assert "no finished game of tournament nope" in capsys.readouterr().err


def test_beliefs_are_reasked_on_the_same_copies_and_each_posts_shift_reported(
        stored: tuple[Path, str], capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    from arena.run.persuasion import Moment
    from evals.persuasion import belief_units

    db, gid = stored
    events = load_events(db, gid)
    with duckdb.connect(str(db), read_only=True) as con:
        believers = {s for (s,) in con.execute("SELECT DISTINCT seat FROM beliefs WHERE game_id = ?", [gid]).fetchall()}
        played = con.execute("SELECT count(*) FROM beliefs").fetchone()[0]
    assert believers, "arena play elicits beliefs by default"
    capsys.readouterr()
    assert main(["persuasion", gid, "--day", "2", "--samples", "2", "--stand-in", "scripted", "--db", str(db),
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "## Belief shift" in out and "left out" not in out
    with duckdb.connect(str(db), read_only=True) as con:
        run = con.execute("SELECT max(run) FROM persuasion_beliefs WHERE game_id = ?", [gid]).fetchone()[0]
        voters = {v for (v,) in con.execute("SELECT DISTINCT voter FROM persuasion_beliefs WHERE run = ?", [run]).fetchall()}
        asked = con.execute("SELECT count(DISTINCT (post_seq, ballot_seq, sample, condition)) FROM persuasion_beliefs "
                            "WHERE run = ?", [run]).fetchone()[0]
        ballots = con.execute("SELECT count(*) FROM persuasion_votes WHERE run = ? AND voter IN (SELECT DISTINCT seat "
                              "FROM beliefs WHERE game_id = ?)", [run, gid]).fetchone()[0]
        sums = con.execute("SELECT min(s), max(s) FROM (SELECT sum(prob) AS s FROM persuasion_beliefs WHERE run = ? "
                           "GROUP BY post_seq, ballot_seq, sample, condition, target)", [run]).fetchone()
        units = belief_units(con, gid, run)
        assert con.execute("SELECT count(*) FROM beliefs").fetchone()[0] == played  # never mixed into play's beliefs
    assert voters <= believers and asked == ballots  # every ballot of a believer has its report, same samples
    assert sums[0] == pytest.approx(1.0) and sums[1] == pytest.approx(1.0)
    # one stored pair recomputed apart: a fresh scripted bot's report on the moment's view, with and without
    unit = next(u for u in units if u.sample == 0 and abs(u.counter - u.factual) > 1e-9)
    ballot = next(b for b in final_ballots(events, 2) if b.voter == unit.voter and b.seq > unit.post)
    m = next(x for x in moments("umineko32", events, [ballot]))
    assert isinstance(m, Moment)
    post = next(p for p in day_posts(events, 2) if p.seq == unit.post)
    again = [asyncio.run(ScriptedAgent().beliefs(m.belief_request("umineko32", seen, m.seed)))
             for seen in (m.view, counterfactual(m.view, post, "removed", "en"))]
    assert again[0] is not None and again[1] is not None
    total = [sum(r[unit.target].values()) for r in again]  # type: ignore[index]
    assert again[0][unit.target][unit.faction] / total[0] == pytest.approx(unit.factual)  # type: ignore[index]
    assert again[1][unit.target][unit.faction] / total[1] == pytest.approx(unit.counter)  # type: ignore[index]
    # the printed figure is the stored pairs' mean distrust shift on the author's target, with a real value
    section = out.split("## Belief shift")[1].split("##")[0]
    shifts = [float(line.split(" | ")[3].split()[0]) for line in section.splitlines() if re.match(r"\d+ \| ", line)]
    assert shifts and max(shifts) > 0.05 and min(shifts) >= -1.0


def test_a_game_without_beliefs_says_so_and_leaves_the_belief_part_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "nobeliefs.duckdb"
    assert main(["play", "--players", "scripted", "--seed", "3", "--db", str(db), "--show", "none",
                 "--beliefs-at", "never"]) == 0
    gid = latest_game_id(db)
    capsys.readouterr()
    assert main(["persuasion", gid, "--day", "2", "--samples", "1", "--stand-in", "scripted", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "本局未向投票者采集信念：信念部分从略" in out and "信念偏移" not in out
    assert not re.findall(r"[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,})+", out)  # Chinese means Chinese
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM persuasion_beliefs").fetchone()[0] == 0
        assert con.execute("SELECT count(*) FROM persuasion_votes").fetchone()[0] > 0


def test_a_version_6_file_gains_the_persuasion_beliefs_table(tmp_path: Path) -> None:
    from transcripts.schema import SCHEMA_VERSION
    from transcripts.store import migrate_db
    from transcripts.writer import TranscriptWriter

    db = tmp_path / "v6.duckdb"
    with TranscriptWriter(db):
        pass
    with duckdb.connect(str(db)) as con:
        con.execute("DROP TABLE persuasion_beliefs")
        con.execute("UPDATE meta SET schema_version = 6")
    assert migrate_db(db) == (6, SCHEMA_VERSION) and SCHEMA_VERSION == 7
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM persuasion_beliefs").fetchone()[0] == 0


def test_llm_voters_whose_beliefs_were_elicited_are_asked_them_on_the_same_copies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.fake_openai import Answer, FakeOpenAI

    db = tmp_path / "llmb.duckdb"
    with FakeOpenAI() as fake:
        seats = tmp_path / "seats.toml"
        seats.write_text(f'[endpoints.fake]\nbase_url = "{fake.base_url}"\nmodel = "fake-model"\n\n'
                         '[seats]\n"1-2" = "llm:fake"\n"3-18" = "scripted"\n', encoding="utf-8")
        assert main(["play", "--seed", "4", "--seats", str(seats), "--db", str(db), "--show", "none"]) == 0
        gid = latest_game_id(db)
        played = len(fake.requests)

        def answer(body: dict) -> Answer:  # type: ignore[type-arg]
            """A vote for the first offered seat; a belief question answered by the fake's legal policy."""
            tool = body["tools"][0]["function"]
            if tool["name"] != "vote":
                return Answer.policy()
            return Answer.call("vote", {"target": tool["parameters"]["properties"]["target"]["enum"][0]})

        fake.push(*([answer] * 5000))
        assert main(["persuasion", gid, "--day", "2", "--samples", "1", "--db", str(db), "--lang", "en"]) == 0
        asked = fake.requests[played:]
    assert "## Belief shift" in capsys.readouterr().out
    with duckdb.connect(str(db), read_only=True) as con:
        believers = {s for (s,) in con.execute("SELECT DISTINCT seat FROM beliefs WHERE game_id = ? AND source <> "
                                               "'scripted'", [gid]).fetchall()}
        calls = con.execute("SELECT count(*), count(DISTINCT seat) FROM llm_calls WHERE response->>'$.x_arena.purpose' "
                            "= 'persuasion' AND response->>'$.x_arena.question' = 'beliefs'").fetchone()
        ballots = con.execute("SELECT count(*) FROM persuasion_votes WHERE source = 'llm' AND voter IN (SELECT "
                              "seat FROM beliefs WHERE game_id = ?)", [gid]).fetchone()[0]
        linked = con.execute("SELECT count(DISTINCT b.call_id), count(*) FILTER (b.call_id IS NULL) FROM "
                             "persuasion_beliefs b WHERE b.source = 'llm'").fetchone()
    assert believers and ballots > 0
    assert calls[0] == ballots == linked[0] and linked[1] == 0 and calls[1] <= len(believers)
    belief_bodies = [b for b in asked if b["tool_choice"]["function"]["name"] == "report_beliefs"]
    assert len(belief_bodies) == ballots and all(len(b["tools"]) == 1 for b in belief_bodies)
