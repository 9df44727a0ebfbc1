"""umineko32's texts: legal-action notes, refusals and flags are codes rendered in the reader's language.

Each test is named after a defect of issue 16 it pins: an English note of 弃明投暗 (``already told: 4``)
in Chinese prompts and tools, engine refusals in English fed back to a Chinese prompt, raw flag
names in the rules text and the game header.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from agents.llm.aliases import AliasBook
from agents.llm.tools import tool_for
from engine.errors import EngineError, IllegalAction, SetupError
from engine.narrate import Names, narrate
from engine.narrate.messages import note_text
from engine.rulesets import get_ruleset
from engine.rulesets.umineko32 import legal
from engine.rulesets.umineko32.errors import ERRORS
from engine.rulesets.umineko32.flags import FLAGS
from engine.rulesets.umineko32.setup import ROSTER, options_of
from engine.table.deal import cards, seated
from prompts.actions import describe
from prompts.render import SeatNames
from prompts.seat import SeatPrompt
from prompts.texts import load
from tests.chinese import ascii_words

RULESET = get_ruleset("umineko32")
PACKAGE = Path(__file__).resolve().parent.parent / "engine" / "rulesets" / "umineko32"
ALIASES = {15: "右代宫乐园", 16: "南条", 4: "源次"}
NAMES = Names.from_ruleset(RULESET, ALIASES)


def _ctx_names() -> SeatNames:
    return SeatNames.of(NAMES)


# -- already told: 4 -----------------------------------------------------------------------------


def test_already_told_4_is_a_note_code_rendered_in_the_readers_language() -> None:
    tell = legal._tell_name_template((4, 15, 16), (4,))
    assert (tell.note, tell.note_params) == ("told_killers", (("seats", (4,)),))
    limits = load("umineko32", "zh").limits
    zh = describe(tell, load("umineko32", "zh"), _ctx_names(), limits)
    en = describe(tell, load("umineko32", "en"), _ctx_names(), limits)
    assert "共犯已经知道的存活杀手：4号源次" in zh and not ascii_words(zh, tools=("skill_tell_name",))
    assert "the accomplice already knows these living killers: Genji(4)" in en
    for lang, text in (("zh", "共犯已经知道的存活杀手：源次"), ("en", "already knows these living killers: Genji")):
        spec = tool_for(tell, AliasBook(NAMES, lang))  # type: ignore[arg-type]
        assert spec is not None and text in spec.schema["function"]["description"]
        assert "already told" not in spec.schema["function"]["description"]
    assert not legal._tell_name_template((15, 16), ()).note  # nothing told yet: no note
    from arena.server.payload import legal_item

    table = legal_item(tell, NAMES)["note_text"]  # the web table's form for the action, in both languages
    assert table["zh"] == "共犯已经知道的存活杀手：源次" and table["en"].endswith("living killers: Genji")
    from agents.human_commands import menu

    terminal = {lang: menu((tell,), NAMES, lang)[0] for lang in ("zh", "en")}  # the terminal seat's menu line
    assert terminal["zh"].endswith("（共犯已经知道的存活杀手：源次）") and "already told" not in terminal["zh"]
    assert terminal["en"].endswith("(the accomplice already knows these living killers: Genji)")


def test_every_note_umineko32_gives_has_both_texts() -> None:
    source = (PACKAGE / "legal.py").read_text(encoding="utf-8")
    notes = {getattr(legal, name) for name in re.findall(r"note=([A-Z_]+)", source)}
    assert notes == {"told_killers", "audition_chain"}
    for note in notes:
        zh, en = RULESET.narration.notes[note]
        assert zh and en and not ascii_words(re.sub(r"{\w+}", "", zh))
        assert note_text(note, (("seats", (4,)),), _zh()) != note


def _zh() -> Any:
    from engine.narrate.context import Ctx

    return Ctx(NAMES, "zh")


# -- engine refusals in English fed back to a zh prompt ------------------------------------------------


def raised_codes() -> set[str]:
    """Every code umineko32's package raises or nests (``illegal``, ``setup_error``, ``because``, ``_act``)."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        if path.name == "errors.py":
            continue  # the helpers themselves
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
                first = node.args[0]
                if node.func.id in ("illegal", "setup_error", "because") and isinstance(first, ast.Constant):
                    found.add(str(first.value))
                elif node.func.id in ("IllegalAction", "SetupError", "UnknownName"):
                    found.add(f"<a bare {node.func.id} in {path.name}>")
    return found | {f"act.{kind}" for kind in ("post", "team_post", "vote", "skill", "choose", "last_words", "pass")}


def test_engine_refusals_in_english_fed_back_to_a_zh_prompt_are_codes() -> None:
    codes = raised_codes()
    assert not {c for c in codes if c.startswith("<")}, "every refusal goes through umineko32's codes"
    assert codes <= set(ERRORS), codes - set(ERRORS)
    assert set(ERRORS) <= codes, set(ERRORS) - codes  # no text without a raiser
    for code, (zh, en) in ERRORS.items():
        fields = set(re.findall(r"{(\w+)}", zh))
        assert fields == set(re.findall(r"{(\w+)}", en)), code
        assert not ascii_words(re.sub(r"{\w+}", "", zh), tools=()), (code, zh)


@pytest.mark.parametrize(("action", "zh"), [
    ({"kind": "pass", "seat": "other"}, "现在不能行动：第一天自由讨论轮到 "),
    ({"kind": "skill", "seat": "speaker", "skill": "侦探权限", "targets": [15]}, "不能在第1天的第一天自由讨论使用【侦探权限】"),
    ({"kind": "skill", "seat": "speaker", "skill": "无常之刀", "targets": [3]}, "没有名为 无常之刀 的技能；本规则的技能："),
    ({"kind": "post", "seat": 99, "text": "x"}, "没有 99 号座位（座位为 1 至 18）"),
    ({"kind": "post", "seat": "speaker", "text": "x", "quote": 40}, "没有第 40 楼（帖子共 0 楼）"),
])
def test_a_refusal_reads_in_the_prompts_language(action: dict[str, Any], zh: str) -> None:
    from pydantic import TypeAdapter

    from engine.actions import Action

    game = RULESET.new_game(3)
    while game.state.phase != "D1_FREE":
        game.advance()
    speaker = game.waiting()[0]
    seat = {"speaker": speaker, "other": speaker % 18 + 1}.get(action["seat"], action["seat"])
    refused = game.refusal(TypeAdapter(Action).validate_python({**action, "seat": seat}))
    assert isinstance(refused, IllegalAction) and refused.ruleset == "umineko32"
    prompt = SeatPrompt(RULESET, 1, "zh", Names.from_events(RULESET, game.events))
    text = prompt.error_text(refused)
    assert zh in text, text
    assert not ascii_words(text)
    english = refused.render("en", Names.from_ruleset(RULESET)).replace(str(action.get("skill")), "")
    assert not re.search(r"[\u4e00-\u9fff]", english), english  # (what the player wrote is echoed as written)
    again = EngineError(refused.to_dict()["code"], ruleset="umineko32", **refused.to_dict()["params"])
    assert again.render("zh", prompt.names) == text  # the stored form renders the same


def test_setup_errors_are_codes_too() -> None:
    from engine.ruleset import SeatSetup

    with pytest.raises(SetupError) as err:
        options_of({"speed": 1})
    assert err.value.code == "unknown_options" and not ascii_words(err.value.render("zh"), tools=("speed", "rounds",
                                                                                                 "discipline", "floor"))
    with pytest.raises(SetupError) as err:
        seated(RULESET, [SeatSetup(s, "平民") for s in range(1, 19)], cards(RULESET), ROSTER)
    assert err.value.code == "roster"
    assert err.value.render("zh").startswith("身份配置与本规则不符：平民 18 个（应为 9 个）、侦探 0 个（应为 2 个）")
    assert "Detective 0 (needs 2)" in str(err.value)


# -- raw flag names in the rules text and the game header -------------------------------------------


def _values(flag: Any) -> list[Any]:
    return list(flag.choices or ((True, False) if isinstance(flag.default, bool) else (flag.default,)))


def test_raw_flag_names_in_the_rules_text_and_the_game_header() -> None:
    """Every flag of umineko32 has its words in both languages, every value of it reads in words in the
    game's header (the judge console, the replay, the thread), and the rules text fills its flag
    slots with phrases: no flag id, no ``= true``, no slot left."""
    narration = RULESET.narration
    assert set(narration.flags) == {f.name for f in FLAGS} and len(FLAGS) == 29
    for flag in FLAGS:
        for value in _values(flag):
            flags = {flag.name: value}
            game = RULESET.new_game(1, flags=flags)
            names = Names.from_events(RULESET, game.events)
            for lang in ("zh", "en"):
                header = narrate(game.events[0], names, lang)
                rules = load("umineko32", lang).fill_rules({f.name: f.default for f in FLAGS} | flags)
                for text in (header, rules):
                    assert text is not None and "umineko." not in text and "{" not in text, (flag.name, value, lang)
                    assert "= true" not in text and "= false" not in text
                if lang == "zh":
                    assert not ascii_words(header.replace("XXXII", "")), header
                    assert not ascii_words(rules.replace("XXXII", "")), (flag.name, value)
                if value != flag.default:
                    assert narration.flags[flag.name][0 if lang == "zh" else 1] in header


def test_the_rules_text_says_the_games_rulings() -> None:
    zh = load("umineko32", "zh")
    defaults = {f.name: f.default for f in FLAGS}
    assert "平票则无人出局" in zh.fill_rules(defaults)
    turned = zh.fill_rules(defaults | {"umineko.tie": "all_tied_die", "umineko.reveal_roles_on_death": True,
                                       "umineko.last_words_days": 0, "umineko.vote_change_limit": 1})
    assert "平票则平票者全部出局" in turned and "死亡时公布身份" in turned and "本局没有遗言" in turned
    assert "每人每天最多改票 1 次" in turned and "平票则无人出局" not in turned
    en = load("umineko32", "en").fill_rules(defaults | {"umineko.detective_self_check": True})
    assert "check 1 living piece (yourself allowed)" in en


def test_role_summaries_and_flags_read_in_chinese_in_arena_rules() -> None:
    from arena.cli import rules as rules_cmd

    info = rules_cmd.describe(RULESET)
    summaries = {r.id: r.summary_zh for r in RULESET.roles}
    rows = rules_cmd.rows(info, "zh")
    for row in rows["roles"]:
        assert row[-1] == summaries[row[1]] and not ascii_words(row[-1])
    for row in rows["flags"]:
        assert row[-1] == RULESET.narration.flags[row[0]][0] and not ascii_words(row[-1])
    assert all(row[-1] for row in rules_cmd.rows(info, "en")["roles"])  # English keeps the spec's summaries
