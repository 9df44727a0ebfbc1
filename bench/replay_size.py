"""The replay page's size with a model's calls loaded on demand, against all of them inline.

Plays one umineko32 game with ``--llm N`` seats on the fake endpoint of ``tests/fake_openai.py``
(real prompts, scripted answers; the other seats scripted bots), then renders its god view as the
server sends it (each call's summary; its body fetched when opened) and as an export (every body
inline), and prints both sizes side by side with the number of calls.

    python bench/replay_size.py [--llm 8] [--seed 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    sys.path[0] = str(ROOT)

from arena.cli import main as arena  # noqa: E402
from arena.server.replay_data import load_replay  # noqa: E402
from arena.server.replay_page import render_replay  # noqa: E402
from engine.views import Viewer  # noqa: E402
from tests.fake_openai import FakeOpenAI  # noqa: E402
from transcripts.reader import list_games  # noqa: E402


def llm_game(db: Path, llm: int, seed: int) -> str:
    """Play the game into ``db``; its id."""
    with FakeOpenAI() as fake:
        seats = db.with_suffix(".toml")
        seats.write_text(f'[endpoints.fake]\nbase_url = "{fake.base_url}"\nmodel = "fake-model"\n\n'
                         f'[seats]\n"1-{llm}" = "llm:fake"\n"{llm + 1}-18" = "scripted"\n', encoding="utf-8")
        code = arena(["play", "--seats", str(seats), "--seed", str(seed), "--db", str(db), "--show", "none",
                      "--beliefs-at", "never"])
        if code != 0:
            raise SystemExit(f"arena play exited {code}")
    (row,) = list_games(db)
    return row.game_id


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--llm", type=int, default=8, help="seats played by the fake model (default 8: ~150 calls)")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "sizes.duckdb"
        start = time.perf_counter()
        game_id = llm_game(db, args.llm, args.seed)
        played = time.perf_counter() - start
        data = load_replay(db, game_id)
        served = len(render_replay(data, Viewer.god(), "zh", nav=True).encode())
        exported = len(render_replay(data, Viewer.god(), "zh", nav=False).encode())
    print(f"umineko32 seed {args.seed}, {args.llm} LLM seats: {len(data.calls)} calls, {len(data.events)} events "
          f"(played in {played:.1f} s)")
    print(f"{'god view':<28}{'KB':>10}")
    print(f"{'served (calls on demand)':<28}{served / 1024:>10.1f}")
    print(f"{'exported (calls inline)':<28}{exported / 1024:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
