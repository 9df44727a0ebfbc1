"""A game cut at any write resumes to the same end, with concurrent seats (the in-process property).

Every rule set, ``RESUME_CUT_GAMES`` games (50) of random players and two ``Diarist`` seats (a
model's stand-in: concurrent, answering in random order, with a memory only its stored calls
rebuild; see ``tests/resume_harness.py``). Each game is played once with its journal writing at
every boundary; then its record is cut after one of those writes — the first, right after the game
row and its first events; in the middle of a concurrent round, some answers stored and others not;
after a checkpoint's compaction or belief reports; anywhere — stored in a real transcript file,
and resumed with fresh players. The resumed game must store the same events, the same answers and
the same calls (each linked to the event its decision led to) as the uninterrupted one, every
model call of the stored part replayed exactly (``tests/resume_sweep.py``, which also runs the
sweep by hand with progress and a table).

``RESUME_CUTS`` cuts per game (2: 100 cuts per rule set; 0: after every write, the whole sweep).
Cost (CPU, quiet 2-core machine): a resume costs about as much as playing the game again, 0.12 s
(suitang21, qijian24) to 0.24 s (umineko32, some 310 writes a game); the default, about 120 CPU-s for
the four rule sets. The whole sweep — every write of 50 games per rule set, some 9,000 cuts for
umineko32 alone — is about 7,000 CPU-s: ``python -m tests.resume_sweep --cuts 0 --jobs N`` runs it by
hand (its result is in the README's "Crash safety").
"""

from __future__ import annotations

import os

import pytest

from tests.resume_sweep import RULESETS, sweep_game

GAMES = int(os.environ.get("RESUME_CUT_GAMES", "50"))
CUTS = int(os.environ.get("RESUME_CUTS", "2"))


@pytest.mark.slow(reason="200 games played and 400 cuts of them resumed, each through a real transcript file")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_cut_at_any_write_resumes_to_the_same_end(ruleset: str) -> None:
    cuts = 0
    for seed in range(GAMES):
        game = sweep_game(ruleset, seed, CUTS)
        assert not game.differences, game.differences[:3]
        cuts += game.cuts
    assert cuts >= GAMES
