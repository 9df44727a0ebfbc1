"""The human seat and the terminal seat (issue 7, parts 2–3).

``HumanSeat``: one answer per question, a recorded fallback at the deadline, the stand-in bot
while the person is away. ``parse_command``: each command to its typed action, and a clear error
for anything the seat may not do now. ``TerminalSeat``: a whole game with a person at seat N who
sees exactly the seat's view and acts through typed commands.
"""

from __future__ import annotations

import asyncio
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from agents.base import Turn
from agents.human import HumanSeat
from agents.human_commands import COMMANDS, CommandError, menu, parse_command
from agents.scripted import ScriptedAgent
from arena.local.terminal_seat import TerminalSeat, seat_human
from arena.run.players import agents_for, parse_players
from arena.run.runner import GameRunner
from arena.run.seats import SeatPlan, plan_from_configs
from engine.actions import Choose, Pass, Post, TeamPost, UseSkill, Vote
from engine.legal import LegalAction
from engine.narrate import Names, narrate
from engine.rulesets import get_ruleset
from engine.views import Viewer, view
from transcripts.reader import latest_game_id, load_control, load_header

ROOT = Path(__file__).resolve().parent.parent

POST = LegalAction("post", blue_left=2)
VOTE = LegalAction("vote", targets=(2, 3), arity=1, abstain=True)


def _turn(legal: tuple[LegalAction, ...] = (LegalAction("pass"),)) -> Turn:
    return Turn(ruleset="umineko32", seed=1, seat=4, day=1, phase="FREE", events=(), new_from=0, legal=legal)


class Fixed:
    """A stand-in that always answers the same."""

    name = "fixed"

    async def act(self, turn: Turn) -> Pass:
        return Pass(seat=turn.seat, reason="")


def test_one_answer_per_question_and_a_fallback_at_the_deadline() -> None:
    async def play() -> None:
        seat = HumanSeat(4, Fixed(), deadline_s=5)
        assert seat.offer(Pass(seat=4)) is not None  # nothing asked yet
        task = asyncio.create_task(seat.act(_turn()))
        await asyncio.sleep(0)
        assert seat.asked is not None and seat.asked.deadline_at is not None
        assert seat.offer(Post(seat=4, text="hi")) is None
        assert "not being asked" in str(seat.offer(Post(seat=4, text="again")))
        assert await task == Post(seat=4, text="hi")
        assert seat.asked is None

        seat.deadline_s = 0.01
        answer = await seat.act(_turn())
        assert isinstance(answer, Pass) and answer.fallback and "deadline" in answer.reason
        assert seat.missed == 1

    asyncio.run(play())


def test_leaving_hands_the_open_question_to_the_bot_and_back_is_reported() -> None:
    async def play() -> list[tuple[int, str, str]]:
        seat = HumanSeat(4, Fixed(), deadline_s=None)
        changes: list[tuple[int, str, str]] = []
        seat.on_control.append(lambda s, c, r: changes.append((s, c, r)))
        task = asyncio.create_task(seat.act(_turn()))
        await asyncio.sleep(0)
        seat.leave("gone")
        assert await task == Pass(seat=4)  # the stand-in's answer
        assert "bot" in str(seat.offer(Pass(seat=4)))
        seat.leave("again")  # no change, no report
        seat.take_back("home")
        return changes

    assert asyncio.run(play()) == [(4, "bot", "gone"), (4, "human", "home")]


@pytest.mark.parametrize(("line", "legal", "action"), [
    ("post 我是好人", (POST,), Post(seat=4, text="我是好人")),
    ("blue 查杀3号", (POST,), Post(seat=4, text="查杀3号", blue=True)),
    ("quote 12 同意楼上", (POST,), Post(seat=4, text="同意楼上", quote=12)),
    ("team 今晚刀3", (LegalAction("team_post", team="killers"),), TeamPost(seat=4, team="killers", text="今晚刀3")),
    ("vote 3 划水", (VOTE,), Vote(seat=4, target=3, reason="划水")),
    ("abstain", (VOTE,), Vote(seat=4, target=None)),
    ("skill detect 5", (LegalAction("skill", skill="detect", targets=(5,), arity=1),),
     UseSkill(seat=4, skill="detect", targets=(5,))),
    ("yes", (LegalAction("choose", skill="belief", yes_no=True),), Choose(seat=4, skill="belief", use=True)),
    ("pass", (LegalAction("pass"),), Pass(seat=4)),
])
def test_commands_become_typed_actions(line: str, legal: tuple[LegalAction, ...], action: object) -> None:
    assert parse_command(line, 4, legal) == action


@pytest.mark.parametrize(("line", "legal", "message"), [
    ("shout hi", (POST,), "unknown command"),
    ("vote 3", (POST,), "not possible now; possible: post"),
    ("vote three", (VOTE,), "the seat is a number"),
    ("post", (POST,), "needs text"),
    ("quote x hi", (POST,), "floor"),
    ("yes", (LegalAction("choose", skill="pick", targets=(1,), arity=1),), "no yes/no question"),
])
def test_bad_commands_say_what_to_type(line: str, legal: tuple[LegalAction, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        parse_command(line, 4, legal)


def test_the_menu_lists_each_legal_action_with_its_targets() -> None:
    names = Names.from_ruleset(get_ruleset("umineko32"), {2: "战人", 3: "朱志香"})
    lines = menu((POST, VOTE), names)
    assert "蓝字剩 2" in lines[0] and "2 战人" in lines[1] and "abstain" in lines[1]
    english = menu((POST, VOTE), names, "en")
    assert "blue left: 2" in english[0] and "vote SEAT [REASON]" in english[1]


def test_a_bad_command_is_explained_in_the_persons_language() -> None:
    with pytest.raises(CommandError) as refused:
        parse_command("vote three", 4, (VOTE,))
    assert refused.value.render("zh") == "vote 座号 [理由]：座号要写数字（或输入 abstain 弃票）"
    assert "the seat is a number" in refused.value.render("en")


def test_a_whole_game_at_the_terminal_shows_exactly_the_seats_view() -> None:
    ruleset = get_ruleset("umineko32")
    game = ruleset.new_game(9)
    names = Names.from_events(ruleset, game.events)
    out = io.StringIO()
    seat = HumanSeat(3, ScriptedAgent(), deadline_s=None)
    terminal = TerminalSeat(seat, lambda: names, out=out)
    agents = {s: ScriptedAgent() for s in range(1, 19)} | {3: seat}

    async def play() -> int:
        runner = GameRunner(game, agents, listeners=[terminal.listener])
        task = asyncio.create_task(runner.run())
        answered = 0
        while not task.done():
            await asyncio.sleep(0.001)
            if seat.asked is None:
                continue
            kinds = {a.kind for a in seat.asked.turn.legal}
            terminal.handle("nonsense")
            terminal.handle("yes" if "choose" in kinds else "abstain" if "vote" in kinds else "pass")
            answered += 1
            if answered == 5:
                terminal.handle("leave")  # the stand-in finishes the game
        await task
        return answered

    assert asyncio.run(play()) >= 5
    text = out.getvalue()
    assert "你的行动" in text and "没有 nonsense 这个命令" in text and "现在由机器人代打你的座位" in text
    assert "身份：" in text and "局面：" in text, "the seat's standing, as the engine observes it, comes with each question"
    ids = "|".join([*COMMANDS, "leave", "back", "help", "XXXII", "SEAT", "REASON"])
    words = re.sub(rf"\b(?:{ids})\b", "", text)
    assert not re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", words), "no English sentence in zh: only command words"
    shown = {line for line in text.splitlines()}
    own = {narrate(e, names) for e in view(game.events, Viewer.of_seat(3))} - {None}
    others = {narrate(e, names) for e in game.events} - own - {None}
    assert own <= shown
    assert not (others & shown)


def test_a_human_seat_is_stored_with_its_stand_in_and_resumes_with_it() -> None:
    configs = parse_players("scripted", 18)
    plan = seat_human(SeatPlan(agents_for(configs), configs), 5, deadline_s=30)
    assert isinstance(plan.agents[5], HumanSeat) and plan.agents[5].deadline_s == 30
    assert plan.configs[4] == {"seat": 5, "kind": "human", "bot": {"kind": "scripted"}, "deadline_s": 30}
    resumed = plan_from_configs(plan.configs)
    assert isinstance(resumed.agents[5], ScriptedAgent)  # nobody is at the terminal: the stand-in plays
    with pytest.raises(ValueError, match=r"seats 1\.\.18"):
        seat_human(plan, 19, None)


def test_arena_play_human_hands_the_seat_to_its_stand_in_when_the_input_ends(tmp_path: Path) -> None:
    db = tmp_path / "t.duckdb"
    done = subprocess.run([sys.executable, "-m", "arena", "play", "--players", "scripted", "--human", "3", "--seed", "9", "--db", str(db)],
                          cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "human ×1" in done.stdout and "【私信】" in done.stdout  # seat 3's own judge messages
    gid = latest_game_id(db)
    assert [(c.seat, c.controller, c.reason) for c in load_control(db, gid)] == [
        (3, "bot", "the terminal input ended")]
    assert load_header(db, gid).header.seat_configs[2]["kind"] == "human"
