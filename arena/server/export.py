"""``arena replay GAME --html FILE``: one stored game as a single HTML file to share.

The file is the replay viewer's page without its links to the server: inline style, one inline
script (by hash in its Content-Security-Policy), inline SVG plots; it opens from disk with no
network. A game that is not finished exports only its public view, as the server would show it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from arena.server.replay_data import load_replay
from arena.server.replay_page import render_replay
from engine.narrate.names import Lang
from engine.views import Viewer


def export_html(db: str, game_id: str, viewer: Viewer, lang: Lang, out: str) -> int:
    """Write the page; 2 (and a message) when the game may not be shown to ``viewer`` yet."""
    data = load_replay(db, game_id)
    if not data.finished and viewer.kind != "spectator":
        print(f"error: game {data.row.game_id} is not finished ({data.row.status}); only its public view "
              "can be exported: add --spectator", file=sys.stderr)
        return 2
    Path(out).write_text(render_replay(data, viewer, lang, nav=False), encoding="utf-8")
    print(f"wrote {out} ({viewer})")
    return 0
