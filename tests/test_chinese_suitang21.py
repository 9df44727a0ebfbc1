"""Chinese means Chinese, for suitang21: no English word in anything the game says in Chinese.

Rendered in zh and checked word by word: every event of 200 random-legal games (and of scripted
games, which reach the hunter's shot, the sheriff's succession, the lovers' deaths and the cards)
in every seat's view and in the god view; the LLM prompt of several seats at several points of a
game; the judge console's settlement of every scenario in ``tests/scenarios/suitang21``; and every
text of suitang21's own tables (errors, words, causes, statuses, flags, the rules text with every
flag's every value).

What is counted: each run of ASCII letters, after the text a *player* wrote is blanked (posts, team
chats, last words, vote reasons are data that the frames quote; a player may write English). What
is allowed, and nothing else — an *id*, which a model must type exactly:

* a tool name of suitang21's vocabulary (``post``, ``vote``, ``skill_kill``, ``team_post_wolf_pack``,
  ``answer_shot``, ``last_words``, ``pass``), and the two notebook tools ``read_log``/``write_notes``,
  where a prompt tells the model which tool to call;
* a tool argument as the prompt writes it: ``name(arg)`` (``read_log(day)``) or ``key=value``;
* ``SHARED_FRAME_WORDS``: the words the shared frames of every rule set's prompt still hold
  (``prompts/templates/common/zh.toml``: ``token``, ``JSON``, ``AI`` and the
  escape ``\\n``), which are no text of suitang21's; the test holds that each of them is in that file,
  so the allowance cannot hide one of suitang21's.

Digits, punctuation and CJK are never counted. The count must be zero.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from agents.bots.suitang21 import ScriptedAgent
from arena.judge import console as judge
from arena.judge.scenario import check, load
from arena.run.runner import GameRunner
from engine import events as ev
from engine.game import Game
from engine.narrate import Names, narrate
from engine.narrate.context import Ctx
from engine.narrate.messages import render_message
from engine.narrate.observed import status_lines
from engine.narrate.thread import flag_text
from engine.rulesets import get_ruleset
from engine.rulesets.suitang21.errors import ERRORS
from engine.rulesets.suitang21.texts import NARRATION
from engine.views import Viewer
from prompts.actions import tool_name
from prompts.seat import SeatPrompt
from prompts.texts import load as load_texts
from tests.conformance import play

RULESET = get_ruleset("suitang21")
GAMES = int(os.environ.get("CONFORMANCE_GAMES", "200"))
SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "suitang21"
COMMON_ZH = Path(__file__).resolve().parents[1] / "prompts" / "templates" / "common" / "zh.toml"

WORD = re.compile(r"[A-Za-z]+(?:['_-][A-Za-z]+)*")
CALL = re.compile(r"\b[a-z_]+\([a-z_, ]*\)")
KEY_VALUE = re.compile(r"\b[a-z_]+=\S+")
TOOLS = frozenset({tool_name(a) for role in (*(r.id for r in RULESET.roles), None) for a in RULESET.vocabulary(role)}
                  | {"read_log", "write_notes"})
SHARED_FRAME_WORDS = frozenset({"token", "JSON", "AI", "n"})


def english(text: str) -> list[str]:
    """The ASCII words of ``text`` that are not ids (see the module docstring)."""
    bare = KEY_VALUE.sub(" ", CALL.sub(" ", text))
    return [w for w in WORD.findall(bare) if w not in TOOLS]


def blanked(event: ev.Event) -> ev.Event:
    """``event`` with the text its player wrote emptied (player text is data, not the game's words)."""
    if isinstance(event, ev.Posted | ev.TeamPosted | ev.LastWords | ev.PostWithheld):
        return dataclasses.replace(event, text="")
    if isinstance(event, ev.VoteCast):
        return dataclasses.replace(event, reason="")
    return event


def rendered(game: Game) -> Iterable[tuple[ev.Event, str]]:
    """Every line of the game in zh: the god view's (each private line naming its recipient), and
    every line a seat or a spectator sees. suitang21 redacts nothing per viewer (``Ruleset.shown``
    is the identity), so a line outside the god view reads the same in every view that holds it:
    each event is rendered once per kind of view, not once per seat."""
    names = Names.from_events(RULESET, game.events)
    for e in game.events:
        event = blanked(e)
        for god in (True, False) if e.vis != ev.JUDGE else (True,):
            line = narrate(event, names, "zh", god=god)
            if line:
                yield e, line


def words_of(lines: Iterable[tuple[Any, str]]) -> dict[str, str]:
    """Each English word found → the first line that holds it."""
    found: dict[str, str] = {}
    for where, line in lines:
        for word in english(line):
            found.setdefault(word, f"{where!r}: {line}")
    return found


def scripted(seed: int, *, discipline: bool = False) -> Game:
    game = RULESET.new_game(seed, options={"discipline": discipline})
    asyncio.run(GameRunner(game, dict.fromkeys(range(1, 22), ScriptedAgent())).run())
    return game


def test_the_allowed_shared_frame_words_are_in_the_shared_frames() -> None:
    common = set(WORD.findall(COMMON_ZH.read_text(encoding="utf-8")))
    assert SHARED_FRAME_WORDS <= common | {"n"}, SHARED_FRAME_WORDS - common
    assert "\\n" in COMMON_ZH.read_text(encoding="utf-8")


def test_english_finds_words_and_spares_ids() -> None:
    assert english("【法官】3号 被投票出局（hit）") == ["hit"]
    assert english("用 vote 投票；调用 read_log(day) 查看；skill_kill：发动【杀人】；target=3") == []
    assert english("【候选】all") == ["all"]


@pytest.mark.slow(reason="200 random games of 21 seats, each line rendered in the god view and a seat's")
def test_every_event_of_random_games_reads_chinese_in_every_view() -> None:
    found: dict[str, str] = {}
    for seed in range(GAMES):
        found.update(words_of((e.kind, line) for e, line in rendered(play(RULESET, seed))))
    assert not found, found


def test_every_event_of_scripted_games_reads_chinese() -> None:
    """Bots reach what random play rarely does: shots, successions, lovers' deaths, cards, fallbacks."""
    found: dict[str, str] = {}
    for seed in range(8):
        game = scripted(seed, discipline=seed % 2 == 0)
        found.update(words_of((e.kind, line) for e, line in rendered(game)))
        names = Names.from_events(RULESET, game.events)
        for seat in (1, 8, 11, 17):
            found.update(words_of(("standing", line) for line in status_lines(
                game.observe(Viewer.of_seat(seat)), names, "zh")))
        found.update(words_of(("god", line) for line in status_lines(game.observe(Viewer.god()), names, "zh")))
    assert not found, found


def test_the_judge_console_reads_chinese_for_every_scenario() -> None:
    found: dict[str, str] = {}
    for path in sorted(SCENARIOS.glob("*.json")):
        scenario = load(path)
        check(scenario, RULESET)
        settled = judge.settle(scenario, RULESET)
        text = judge.narrate_settlement(settled)
        found.update(words_of((path.name, line) for line in text.splitlines()))
        found.update(words_of((path.name, a["text"]) for a in judge.announcements(settled)))
    assert not found, found


def test_the_llm_prompt_reads_chinese_at_every_kind_of_decision() -> None:
    """The whole request (system, thread, own part, instruction, and an error fed back) of a seat of
    every identity, at one decision of every phase it acts in."""
    game = RULESET.new_game(3)
    prompts = {seat: SeatPrompt(RULESET.id, seat, "zh") for seat in range(1, 22)}
    seen: set[tuple[str, str]] = set()
    found: dict[str, str] = {}
    bot = ScriptedAgent()

    class Reader:
        concurrent = False

        async def act(self, turn: Any) -> Any:
            role = game.state.seats[turn.seat].role  # type: ignore[attr-defined]
            if (role, turn.phase) not in seen:
                seen.add((role, turn.phase))
                prompt = prompts[turn.seat]
                prompt.observe(turn.events)
                error = "投票必须写明理由" if turn.phase == "DAY" else None
                for message in prompt.request(turn.day, turn.phase, turn.legal, error, observation=turn.observation):
                    text = str(message.get("content") or "")
                    found.update(words_of(((role, turn.phase), line) for line in text.splitlines()))
            return bot.decide(turn)

    asyncio.run(GameRunner(game, dict.fromkeys(range(1, 22), Reader())).run())
    found = {w: where for w, where in found.items() if w not in SHARED_FRAME_WORDS}
    assert len(seen) >= 15 and not found, found


def test_every_text_of_suitang21s_tables_reads_chinese() -> None:
    """Templates with their ``{slots}`` removed, every word pair, every flag in words with each value,
    and the rules text under every value of every flag."""
    names = Names.from_ruleset(RULESET)
    c = Ctx(names, "zh")
    texts: list[tuple[str, str]] = [(f"errors.{code}", re.sub(r"\{\w+\}", "", zh)) for code, (zh, _) in ERRORS.items()]
    for table in ("words", "causes", "warnings", "end_reasons", "statuses", "flags", "questions", "withheld"):
        texts += [(f"{table}.{key}", pair[0]) for key, pair in getattr(NARRATION, table).items()]
    for flag in RULESET.flags:
        values = list(flag.choices) or [True, False]
        texts += [(f"flag {flag.name}={value}", flag_text(c, flag.name, value)) for value in values]
        rules = load_texts(RULESET.id, "zh")
        for value in values:
            flags = {f.name: f.default for f in RULESET.flags} | {flag.name: value}
            text = rules.fill_rules(flags)
            assert "{" not in text, (flag.name, value)
            texts += [(f"rules with {flag.name}={value}", line) for line in text.splitlines()]
    texts.append(("nested refusal", render_message("skill_target", {
        "seat": 3, "skill": "shield", "target": 4, "phase": "NIGHT", "day": 2, "allowed": [1, 2],
        "why": {"code": "why.guarded_before", "params": {"target": 4}}}, c)))
    found = words_of(texts)
    assert not found, found
