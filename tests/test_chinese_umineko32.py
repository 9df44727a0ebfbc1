"""Chinese means Chinese on umineko32: no ASCII word on a zh screen but ids and numbers (``tests.chinese``).

Over ``CHINESE_GAMES`` (200 by default) random-legal games and a few scripted ones, every event as
every seat's view shows it and as the god view shows it, in the thread's lines and in the lines a
seat's model reads, with every seat's standing (who is out, its skills, its allowances) and the god
view's (the judge's causes and statuses); the LLM prompt of several seats at several decisions,
with the engine's refusal of an illegal answer fed back as the prompt shows it and the fallback it
leads to; and the judge console's settlement of every scenario in ``tests/scenarios/umineko32`` (the
refusal of a scenario that is refused). What a player wrote is data, not the engine's words: it is
left out before counting (see ``tests.chinese``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.base import Turn
from agents.scripted import ScriptedAgent
from arena.judge import console as judge
from arena.judge.scenario import ScenarioError, check, parse
from arena.run.runner import GameRunner
from engine import events as ev
from engine.actions import Action, Pass, UseSkill, Vote
from engine.errors import EngineError
from engine.game import Game
from engine.narrate import Names, narrate
from engine.narrate.observed import status_lines
from engine.rulesets import get_ruleset
from engine.views import Viewer
from prompts.render import quoted, render_event
from prompts.seat import SeatPrompt
from tests.chinese import ascii_words
from tests.conformance import play

RULESET = get_ruleset("umineko32")
GAMES = int(os.environ.get("CHINESE_GAMES", "200"))
SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "umineko32"
TITLE = RULESET.title
"""The rule set's title keeps the forum's Roman numeral (海猫鸣泣之时 XXXII 版杀): a number."""
PLAYER_TEXT = {"posted": "text", "team_posted": "text", "last_words": "text", "post_withheld": "text"}
PLACEHOLDER = "玩家写的文字"


def scrubbed(event: ev.Event) -> ev.Event:
    """``event`` with what a player wrote (a post, a chat, last words, a vote's reason) replaced."""
    field = PLAYER_TEXT.get(event.kind)
    if field is not None:
        return dataclasses.replace(event, **{field: PLACEHOLDER})  # type: ignore[arg-type]
    if isinstance(event, ev.VoteCast) and event.reason:
        return dataclasses.replace(event, reason=PLACEHOLDER)
    return event


def english(text: str, where: str) -> list[str]:
    """The words of ``text`` no zh screen may show, each with where it was found."""
    return [f"{where}: {word!r} in {text[:160]!r}" for word in ascii_words(text)]


def game_lines(game: Game) -> Iterator[tuple[str, str]]:
    """(where, line) of every zh line of ``game``: each event as each seat's view shows it (the thread's
    line and the model's line) and as the god view shows it, and every viewer's standing at the end."""
    names = Names.from_events(RULESET, game.events)
    seen: set[int] = set()
    for seat in range(1, RULESET.seats + 1):
        for event in game.view(Viewer.of_seat(seat)):
            if id(event) in seen:
                continue  # the same event shows the same line in every view that holds it
            seen.add(id(event))
            shown = scrubbed(event)
            for line in (narrate(shown, names, "zh"), render_event(shown, names, "zh")):
                if line is not None:
                    yield f"seat {seat} {event.kind}", line
        for line in status_lines(game.observe(Viewer.of_seat(seat)), names, "zh"):
            yield f"seat {seat} standing", line
    for event in game.events:
        line = narrate(scrubbed(event), names, "zh", god=True)
        if line is not None:
            yield f"god {event.kind}", line
    for line in status_lines(game.observe(Viewer.god()), names, "zh"):
        yield "god standing", line


def scripted_game(seed: int) -> Game:
    game = RULESET.new_game(seed)
    asyncio.run(GameRunner(game, {s: ScriptedAgent() for s in range(1, RULESET.seats + 1)}).run())
    return game


def test_every_zh_line_of_200_games_in_every_view_is_chinese() -> None:
    bad: list[str] = []
    lines = 0
    for seed in range(GAMES):
        game = play(RULESET, seed) if seed % 10 else scripted_game(seed)
        for where, line in game_lines(game):
            lines += 1
            bad += english(line.replace(TITLE, ""), f"seed {seed} {where}")
    assert lines > GAMES * 500
    assert not bad, bad[:20]


# -- prompts -------------------------------------------------------------------------------------------


class Prompted:
    """A scripted player that also keeps each seat's zh prompt, as an LLM seat does, and at every
    ``every``-th decision records the prompt, an illegal answer's refusal fed back, and the log line
    of the fallback that follows it."""

    concurrent = False

    def __init__(self, every: int) -> None:
        self.bot, self.every, self.decisions = ScriptedAgent(), every, 0
        self.prompts: dict[int, SeatPrompt] = {}
        self.texts: list[tuple[str, str]] = []
        self.player_texts: set[str] = set()

    async def act(self, turn: Turn) -> Action | None:
        prompt = self.prompts.setdefault(turn.seat, SeatPrompt(RULESET, turn.seat, "zh"))
        new = list(turn.events[turn.new_from:])
        self.player_texts |= {str(getattr(e, PLAYER_TEXT.get(e.kind, "reason"), "")) for e in new}
        prompt.observe(new)
        self.decisions += 1
        if self.decisions % self.every == 0:
            self._record(prompt, turn)
        return self.bot.decide(turn)

    def _record(self, prompt: SeatPrompt, turn: Turn) -> None:
        where = f"seat {turn.seat} day {turn.day} {turn.phase}"
        messages = prompt.request(turn.day, turn.phase, turn.legal, observation=turn.observation)
        self.texts += [(where, str(m["content"])) for m in messages]
        refused = turn.refuse(_illegal(turn)) if turn.refuse is not None else None
        if refused is not None:
            error = prompt.error_text(refused)
            self.texts += [(f"{where} refusal", error), (f"{where} retry", str(prompt.retry(error)[-1]["content"]))]
            passed = ev.Passed(seq=0, day=turn.day, phase=turn.phase, vis=ev.seat_vis(turn.seat), seat=turn.seat,
                               fallback=True, reason="illegal", detail={"tries": 3, "error": refused.to_dict()})
            line = render_event(passed, prompt.names, "zh")
            self.texts.append((f"{where} fallback", line or ""))


def _illegal(turn: Turn) -> Action:
    """An answer the engine refuses now: a vote for nobody's seat, or a skill the seat lacks."""
    if any(a.kind == "vote" for a in turn.legal):
        return Vote(seat=turn.seat, target=99, reason="理由")
    if any(a.kind == "skill" for a in turn.legal):
        skill = next(a.skill for a in turn.legal if a.kind == "skill")
        return UseSkill(seat=turn.seat, skill=skill or "", targets=(99,))
    return UseSkill(seat=turn.seat, skill="audition", targets=(1, 2)) if turn.seat != 1 else Pass(seat=2)


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_prompts_of_several_seats_at_several_decisions_are_chinese(seed: int) -> None:
    player = Prompted(every=19)
    game = RULESET.new_game(seed)
    asyncio.run(GameRunner(game, dict.fromkeys(range(1, RULESET.seats + 1), player)).run())
    assert len(player.texts) > 60 and len({w.split()[1] for w, _ in player.texts}) > 6
    assert any("refusal" in w for w, _ in player.texts) and any("fallback" in w for w, _ in player.texts)
    bad: list[str] = []
    for where, text in player.texts:
        for said in player.player_texts:
            text = text.replace(quoted(said), '"…"') if said else text
        bad += english(text.replace(TITLE, ""), where)
    assert not bad, bad[:20]


# -- the judge console -----------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.stem)
def test_the_judge_consoles_text_of_every_scenario_is_chinese(path: Path) -> None:
    parsed = parse(json.loads(path.read_text(encoding="utf-8")))
    ruleset = get_ruleset(parsed.ruleset)
    try:
        check(parsed, ruleset)
        text = judge.narrate_settlement(judge.settle(parsed, ruleset))
    except judge.StepError as err:  # a scenario the engine refuses: its refusal, as a zh reader reads it
        assert isinstance(err.__context__, EngineError), err
        text = err.__context__.render("zh")
    except ScenarioError as err:  # pragma: no cover - every scenario file is well formed
        raise AssertionError(f"{path.name}: {err}") from None
    assert text.strip()
    assert not english(text, path.name)
