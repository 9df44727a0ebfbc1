"""majiasha2's texts are its own and complete, in zh and en: every status, note, error code and flag
the rule set can emit or raise has its text in its ``Narration``. Every event, topic, record,
result, cause, reason and draw it emits is walked by the one text walk of every rule set
(``tests/test_texts.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import events as ev
from engine.rulesets import get_ruleset
from engine.rulesets.majiasha2.flags import FLAGS
from engine.rulesets.majiasha2.observe import SKILLS_OF
from engine.rulesets.majiasha2.texts import NARRATION
from engine.views import Viewer
from tests.conformance import play

RULESET = get_ruleset("majiasha2")
PACKAGE = Path(__file__).resolve().parent.parent / "engine" / "rulesets" / "majiasha2"
PAIR_TABLES = ("words", "causes", "warnings", "end_reasons", "reveal_reasons", "statuses", "notes", "errors", "flags")


@pytest.fixture(scope="module")
def games() -> list:  # type: ignore[type-arg]
    return [play(RULESET, seed, options={"size": 9 + (seed * 5) % 18}) for seed in range(40)]


def test_every_table_says_each_entry_in_both_languages() -> None:
    for table in PAIR_TABLES:
        for key, pair in getattr(NARRATION, table).items():
            zh, en = pair
            assert (zh.strip() and en.strip() and zh != en) or key.startswith("act."), (table, key, pair)
            assert not re.search(r"[\u4e00-\u9fff]{4,}", en.replace("马甲", "").replace("角色", "")) or \
                table in ("errors", "statuses", "notes", "flags", "words"), (table, key, en)


def test_every_code_the_rule_set_raises_or_notes_has_its_text() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    raised = set(re.findall(r"\b(?:refuse|bad_setup|why)\(\s*\"(\w+)\"", source))
    raised |= set(re.findall(r"SetupError\(\"(\w+)\", ruleset=", source))
    noted = set(re.findall(r"note=\"(\w+)\"", source)) | set(re.findall(r"note=\"(\w+)\" if", source))
    assert raised and noted
    assert raised <= set(NARRATION.errors), raised - set(NARRATION.errors)
    legal_notes = {n for n in noted if n.startswith("note_")}  # LegalAction.note; the others are SkillState's
    assert legal_notes and legal_notes <= set(NARRATION.notes), legal_notes - set(NARRATION.notes)
    assert noted - legal_notes <= set(NARRATION.statuses), noted - legal_notes - set(NARRATION.statuses)
    ambiguous = {"target_ambiguous", "target_ambiguous_account", "target_is_account", "target_is_majia"}
    assert ambiguous <= set(NARRATION.errors), "the written-target refusals (prompts.targets) are majiasha2's"
    assert {f.name for f in FLAGS} == set(NARRATION.flags)


def test_the_random_games_reach_every_record_that_matters(games: list) -> None:  # type: ignore[type-arg]
    """What the one text walk (``tests/test_texts.py``) renders of majiasha2 includes these records."""
    resolved = {e.skill for game in games for e in game.events if isinstance(e, ev.Resolved)}
    assert {"kill", "pipe", "shield", "potion", "arrow", "elect", "redactor", "redact", "defeat", "sheriff"} <= \
        resolved, "the random games reach every record that matters"


def test_every_status_and_skill_note_of_an_observation_has_its_text(games: list) -> None:  # type: ignore[type-arg]
    found: set[str] = set()
    for game in games[:10]:
        god = game.observe(Viewer.god())
        found |= {s for seat in god.seats for s in seat.statuses}
        for seat in range(1, len(god.seats) + 1):
            obs = game.observe(Viewer.of_seat(seat))
            found |= set(obs.statuses) | {s.note for s in obs.skills if s.note}
            found |= {m for e in obs.layer_names for m in e.statuses}
    assert found <= set(NARRATION.statuses), found - set(NARRATION.statuses)
    every_skill = {skill for skills in SKILLS_OF.values() for skill in skills}
    assert every_skill <= {n.id for n in RULESET.skill_names}
