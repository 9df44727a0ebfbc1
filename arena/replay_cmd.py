"""``arena replay GAME``: print a stored game for a person — the god view, or one seat's view.

The view is computed by the engine (``engine.views``) from the stored events; with ``--seat N``
the output holds exactly what that seat saw, nothing more.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.narrate import Names, narrate
from engine.rulesets import get_ruleset
from engine.views import Viewer, view
from transcripts.errors import TranscriptError
from transcripts.reader import (
    latest_game_id,
    list_games,
    load_calls,
    load_events,
    load_header,
    resolve_game_id,
)
from transcripts.records import LlmCall


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default=None,
                   help="game id or a unique prefix of it (default: the latest game); 'list' lists games")
    p.add_argument("--db", default="arena.duckdb", help="DuckDB transcript file")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="show exactly what this seat saw")
    who.add_argument("--spectator", action="store_true", help="show only public events")
    p.add_argument("--lang", choices=("zh", "en"), default="zh")
    p.add_argument("--calls", action="store_true",
                   help="show each LLM decision under the event it produced: model, tokens, latency, tool calls")
    p.add_argument("--messages", action="store_true", help="with --calls, also print the messages sent")
    p.add_argument("--html", metavar="FILE",
                   help="write the game as one self-contained HTML page (the replay viewer's) instead of printing it")


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
    viewer = _viewer(args, int(getattr(events[0], "seats", ruleset.seats)) if events else ruleset.seats)
    if viewer is None:
        return 2
    if args.html:
        from arena.server.export import export_html

        return export_html(args.db, game_id, viewer, args.lang, args.html)
    names = Names.from_events(ruleset, events)
    god = viewer.kind == "god"
    calls = _calls_by_event(args, game_id, viewer)
    print(f"# {ruleset.title} · game {game_id} · seed {header.seed} · view: {viewer}")
    for event in view(events, viewer, ruleset):
        line = narrate(event, names, args.lang, god=god)
        if line:
            print(line)
        for call in calls.pop(event.seq, []):
            print_call(call, args.messages)
    for rest in calls.values():
        for call in rest:
            print_call(call, args.messages)
    return 0


def _calls_by_event(args: argparse.Namespace, game_id: str, viewer: Viewer) -> dict[int | None, list[LlmCall]]:
    """The calls a viewer may see (a seat: its own; god: all; spectator: none), by event seq."""
    if not args.calls or viewer.kind == "spectator":
        return {}
    out: dict[int | None, list[LlmCall]] = {}
    for call in load_calls(args.db, game_id):
        if viewer.kind == "seat" and call.seat != viewer.seat:
            continue
        out.setdefault(call.event_seq, []).append(call)
    return out


def print_call(call: LlmCall, messages: bool) -> None:
    """One LLM call as a few indented lines."""
    tokens = f"in {call.tokens_in}/{call.tokens_in_reported or '-'} out {call.tokens_out}/{call.tokens_out_reported or '-'}"
    cached = f", cached {call.cached_tokens}" if call.cached_tokens else ""
    latency = f"{call.latency_ms:.0f} ms" if call.latency_ms is not None else "-"
    flags = (" FALLBACK" if call.fallback else "") + (f" retries={call.retries}" if call.retries else "")
    print(f"    ⤷ LLM seat {call.seat} · {call.model} · {latency} · tokens {tokens}{cached}{flags}")
    for tool_call in call.tool_calls or []:
        function = tool_call.get("function", tool_call) if isinstance(tool_call, dict) else tool_call
        name = function.get("name", "?") if isinstance(function, dict) else "?"
        arguments = function.get("arguments", "") if isinstance(function, dict) else ""
        print(f"      tool {name} {json.dumps(arguments, ensure_ascii=False)[:300]}")
    if call.error:
        print(f"      error: {call.error[:300]}")
    if messages:
        for message in call.messages or []:
            content = str(message.get("content", ""))[:2000].replace("\n", "\n        ")
            print(f"      [{message.get('role')}] {content}")


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
