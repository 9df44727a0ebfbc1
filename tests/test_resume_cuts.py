"""A game cut at any write resumes to the same end, with concurrent seats (the in-process property).

Every rule set, ``RESUME_CUT_GAMES`` games (50) of random players and two ``Diarist`` seats (a
model's stand-in: concurrent, answering in random order, with a memory only its stored calls
rebuild; see ``tests/resume_harness.py``). Each game is played once with its journal writing at
every boundary; then its record is cut after one of those writes — the first, right after the game
row and its first events; in the middle of a concurrent round, some answers stored and others not;
after a checkpoint's compaction or belief reports; anywhere — stored in a real transcript file,
and resumed with fresh players. The resumed game must store the same events, the same answers and
the same calls (each linked to the event its decision led to) as the uninterrupted one, every
model call of the stored part replayed exactly.
``RESUME_CUTS`` cuts per game (2: 100 cuts per rule set; 0: after every write, the whole sweep). The
file lives in memory (``/dev/shm``) where there is one: a commit there costs no fsync, and this test
makes thousands.

Cost (CPU, 2 shared cores; a resume costs about as much as playing the game again, 0.19-0.27 s
here, most of it the replay and the resumed game's DuckDB statements): the default, 118 CPU-s for
the four rule sets (``RESUME_CUTS=4``: 232, which put the whole suite at 890 s on 2 cores, at the
edge of its 15-minute budget). The whole sweep is some 170-260 writes a game, about
2,900 CPU-s for umineko32, 3,400 for suitang21, 1,600 for qijian24 and 2,500 for majiasha2 (three
games each, every eighth write resumed, scaled to 50 games): nearly 3 hours of one core, for a run
by hand, not for CI.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest

from engine.events import to_json
from engine.rulesets import get_ruleset
from tests.resume_harness import Played, play_taped, resume_cut, taped_answers, taped_calls
from transcripts.writer import TranscriptWriter

GAMES = int(os.environ.get("RESUME_CUT_GAMES", "50"))
CUTS = int(os.environ.get("RESUME_CUTS", "2"))
RULESETS = ("umineko32", "suitang21", "qijian24", "majiasha2")
SHM = Path("/dev/shm")


def cut_points(played: Played, seed: int, cuts: int) -> list[int]:
    """Where to cut: after writes drawn on the seed, every other one right after an answer was
    stored (mostly in the middle of a round); every tenth game also after the first write."""
    flushes = played.tape.flushes
    if cuts == 0:
        return list(flushes)
    after_answer = [f for f, before in zip(flushes[1:], flushes, strict=False)
                    if any(name == "append_answers" for name, _ in played.tape.ops[before:f])]
    rand = random.Random(f"cuts/{seed}")
    chosen = {flushes[0]} if seed % 10 == 0 else set()
    while len(chosen) < min(cuts, len(flushes)):
        pool = after_answer if len(chosen) % 2 == 0 and after_answer else flushes
        chosen.add(rand.choice(pool))
    return sorted(chosen)


@pytest.mark.slow(reason="200 games played and 800 cuts of them replayed, each resumed through a real transcript file")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_cut_at_any_write_resumes_to_the_same_end(ruleset: str, tmp_path: Path) -> None:
    rules = get_ruleset(ruleset)
    cuts = 0
    with tempfile.TemporaryDirectory(dir=SHM if SHM.is_dir() else tmp_path) as where, \
            TranscriptWriter(Path(where) / "cuts.duckdb") as writer:
        for seed in range(GAMES):
            seats = rules.seats
            diarists = sorted(random.Random(f"diarists/{seed}").sample(range(1, seats + 1), 2))
            played = play_taped(rules, seed, diarists)
            events = [to_json(e) for e in played.game.events]
            answers = sorted((a.decision, a.seat, a.action, a.error) for a in taped_answers(played.tape))
            calls = taped_calls(played.tape)
            for upto in cut_points(played, seed, CUTS):
                got = resume_cut(writer, played, f"{ruleset}-{seed}-{upto}", upto)
                where = f"seed {seed}, diarists {diarists}, cut after write {upto} of {len(played.tape.ops)}"
                assert [to_json(e) for e in got.events] == events, where
                assert [(a.decision, a.seat, a.action, a.error) for a in got.answers] == answers, where
                assert got.calls == calls and not got.diverged, (where, got.diverged[:3])
                cuts += 1
    assert cuts >= GAMES
