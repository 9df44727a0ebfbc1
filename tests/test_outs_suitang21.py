"""suitang21's outs, as a seat is told them: the observation, the prompt's standing, the replay.

The defect: the prompt layer knew only umineko32's death topics, so a suitang21 seat kept listing
seats already out as alive, and the replay's deaths list missed them. Now every out reaches the
public record through the typed events suitang21 posts — the dawn list (a night's outs, in order),
the vote's result, an out announced at once at the close (殉情, 最后一枪, 红牌罚下) — and every
consumer reads the observation. These tests set the outs up with the golden judge scenarios and
hold the observation, the prompt and the replay to them, and to nothing the judge has not posted.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from arena.judge import console as judge
from arena.judge.scenario import check, parse
from engine import events as ev
from engine.game import Game
from engine.observation import Observation
from engine.rulesets import get_ruleset
from engine.views import Viewer
from prompts.seat import SeatPrompt
from tests.test_judge_suitang21 import SCENARIOS, data_of

RULESET = get_ruleset("suitang21")
ROOT = SCENARIOS.parents[2]


def settled(name: str, edit: object = None) -> Game:
    data = data_of(name, edit)  # type: ignore[arg-type]
    scenario = parse(data)
    check(scenario, RULESET)
    return judge.settle(scenario, RULESET).game


def outs(obs: Observation) -> list[tuple[int, int | None, str | None]]:
    """(seat, day, cause) of each out the viewer knows, in the order they went."""
    return [(s.seat, s.out_day, s.cause) for s in obs.out()]


def test_vote_out_and_last_shot_at_the_close_are_out_at_once() -> None:
    """G-13: the hunter voted out on day 4 shoots the elder; both are out for everyone at once."""
    game = settled("G-13")
    for viewer in (Viewer.of_seat(20), Viewer.spectator()):
        obs = game.observe(viewer)
        assert outs(obs) == [(12, 4, "vote"), (9, 4, "shot")]
        assert 12 not in obs.living() and 9 not in obs.living()
    assert [(s.seat, s.cause) for s in game.observe(Viewer.god()).out()] == [(12, "vote"), (9, "shot")]


def test_a_lovers_death_at_the_close_and_the_new_sheriff() -> None:
    """G-16: 2 voted out, 14 (the sheriff) follows by 殉情 and names 16."""
    game = settled("G-16")
    obs = game.observe(Viewer.of_seat(20))
    assert outs(obs) == [(2, 4, "vote"), (14, 4, "martyr")]
    assert obs.sheriff == 16 and "sheriff" in (obs.status(16) or obs.seats[0]).statuses


def test_red_cards_send_off_at_the_close() -> None:
    """G-21: W4's third yellow is a red card at day 2's close, W5's red at day 3's; a lover of a red-carded
    role still dies for love."""
    obs = settled("G-21").observe(Viewer.of_seat(20))
    assert outs(obs) == [(4, 2, "red_card"), (5, 3, "red_card")]
    lover = settled("G-21", lambda d: d["steps"][0]["actions"][0].update({"targets": [4, 16]}))
    assert outs(lover.observe(Viewer.of_seat(20)))[:2] == [(4, 2, "red_card"), (16, 2, "martyr")]


def test_night_outs_are_told_at_dawn_in_order_and_not_before() -> None:
    """G-12: the poisoned hunter shoots lover 3 and 15 dies for love, all at night: the public learns
    of them from the dawn list, in that order, and not a moment before; the god view knows the causes."""
    game = settled("G-12")
    dawn = max(i for i, e in enumerate(game.events) if isinstance(e, ev.Dawn))
    before = Game.replay(RULESET, game.events[:dawn])
    assert outs(before.observe(Viewer.of_seat(20))) == []
    assert {12, 3, 15} <= set(before.observe(Viewer.of_seat(20)).living())
    assert not before.observe(Viewer.of_seat(12)).alive, "the hunter knows it is out: it was asked to shoot"
    after = game.observe(Viewer.of_seat(20))
    assert outs(after) == [(12, 4, "night"), (3, 4, "night"), (15, 4, "night")]
    assert [(s.seat, s.cause) for s in game.observe(Viewer.god()).out()] == [(12, "poison"), (3, "shot"), (15, "martyr")]


def test_a_seats_prompt_says_who_is_out_and_how() -> None:
    game = settled("G-13")
    prompt = SeatPrompt(RULESET.id, 20, "zh")
    prompt.observe(game.view(Viewer.of_seat(20)))
    text = "\n".join(str(m.get("content") or "") for m in prompt.request(
        game.state.day, game.state.phase, (), observation=game.observe(Viewer.of_seat(20))))
    assert re.search(r"局面：存活 19 人；已出局：12号\S*（第4天，被投票出局）、9号\S*（第4天，被最后一枪带走）", text)
    english = SeatPrompt(RULESET.id, 20, "en")
    english.observe(game.view(Viewer.of_seat(20)))
    text = "\n".join(str(m.get("content") or "") for m in english.request(
        game.state.day, game.state.phase, (), observation=game.observe(Viewer.of_seat(20))))
    assert re.search(r"Standing: 19 alive; out: [^;]+\(12\) \(day 4, was voted out\), [^;]+\(9\) \(day 4, was shot\)", text)


def test_the_replay_lists_every_out(tmp_path: Path) -> None:
    """A stored scripted game (seed 2: kills, a vote, a poison, a shot, a lover's death) replayed as a page:
    the god view lists every out with the judge's cause in Chinese, the public view every post that
    put a seat out."""
    db = tmp_path / "arena.duckdb"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def arena(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, env=env,
                              cwd=ROOT, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    arena("play", "--ruleset", "suitang21", "--players", "scripted", "--seed", "2", "--db", str(db), "--show", "none")
    god, public = tmp_path / "god.html", tmp_path / "public.html"
    arena("replay", "--db", str(db), "--html", str(god))
    arena("replay", "--db", str(db), "--html", str(public), "--spectator")
    deaths = re.search(r'<section id="deaths">(.*?)</section>', god.read_text(encoding="utf-8"), re.S)
    assert deaths is not None
    items = re.findall(r"<li>(.*?)</li>", deaths.group(1))
    causes = {cause for item in items for cause in re.findall(r"死因：([^）]+)", item)}
    assert causes == {"被指杀", "被投票出局", "被毒杀", "被最后一枪带走", "殉情"}, causes
    assert len(items) == 18, "every out of the game"
    listed = re.search(r'<section id="deaths">(.*?)</section>', public.read_text(encoding="utf-8"), re.S)
    assert listed is not None and "天亮了。此前出局（按顺序）" in listed.group(1) and "被投票出局" in listed.group(1)
