"""``arena replay GAME``: print a stored game for a person — the god view, or one seat's view.

The view is computed by the engine (``engine.views``) from the stored events; with ``--seat N``
the output holds exactly what that seat saw, nothing more.
"""

from __future__ import annotations

import argparse
import sys

from engine.narrate import Names, narrate
from engine.rulesets import get_ruleset
from engine.views import Viewer, view
from transcripts.errors import TranscriptError
from transcripts.reader import latest_game_id, list_games, load_events, load_header, resolve_game_id


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default=None,
                   help="game id or a unique prefix of it (default: the latest game); 'list' lists games")
    p.add_argument("--db", default="arena.duckdb", help="DuckDB transcript file")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="show exactly what this seat saw")
    who.add_argument("--spectator", action="store_true", help="show only public events")
    p.add_argument("--lang", choices=("zh", "en"), default="zh")


def run(args: argparse.Namespace) -> int:
    try:
        if args.game == "list":
            return _list(args.db)
        game_id = resolve_game_id(args.db, args.game) if args.game else latest_game_id(args.db)
        header = load_header(args.db, game_id).header
        events = load_events(args.db, game_id)
    except TranscriptError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    ruleset = get_ruleset(header.ruleset)
    viewer = _viewer(args, ruleset.seats)
    if viewer is None:
        return 2
    names = Names.from_events(ruleset, events)
    god = viewer.kind == "god"
    print(f"# {ruleset.title} · game {game_id} · seed {header.seed} · view: {viewer}")
    for event in view(events, viewer):
        line = narrate(event, names, args.lang, god=god)
        if line:
            print(line)
    return 0


def _viewer(args: argparse.Namespace, seats: int) -> Viewer | None:
    if args.seat is not None:
        if not 1 <= args.seat <= seats:
            print(f"error: --seat {args.seat}: this game has seats 1..{seats}", file=sys.stderr)
            return None
        return Viewer.of_seat(args.seat)
    return Viewer.spectator() if args.spectator else Viewer.god()


def _list(db: str) -> int:
    for row in list_games(db):
        winners = ",".join(row.winners or []) or "-"
        print(f"{row.game_id}  {row.header.ruleset:<10} seed={row.header.seed:<11} {row.status:<9} "
              f"days={row.days if row.days is not None else '-':<3} winners={winners}")
    return 0
