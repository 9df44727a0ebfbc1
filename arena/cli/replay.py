"""``arena replay GAME``: print a stored game for a person — the god view, or one seat's view.

The view is computed by the engine (``engine.views``) from the stored events; with ``--seat N``
the output holds exactly what that seat saw, nothing more. It ends with where the game stands for that
viewer, as the engine observes it (``Game.observe``): who is out, how and as whom where the rules
publish it (the god view: every seat's identity and the judge's causes), in the reader's language.
"""

from __future__ import annotations

import argparse
import json
import sys

from arena.fork.marks import Marks, fork_mark
from engine.game import Game
from engine.narrate import Names, narrate
from engine.narrate.context import Ctx
from engine.narrate.names import Lang
from engine.narrate.observed import status_lines
from engine.rulesets import get_ruleset
from engine.views import Viewer, view
from transcripts.errors import TranscriptError
from transcripts.forks import fork_origin, load_edits
from transcripts.reader import (
    latest_game_id,
    list_games,
    load_calls,
    load_events,
    load_header,
    resolve_game_id,
)
from transcripts.records import CallRecord


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
    t = _Lang(args.lang)
    print(t(f"# {ruleset.title} · 对局 {game_id} · 种子 {header.seed} · 视角：{_viewer_name(viewer, names, 'zh')}",
            f"# {ruleset.title} · game {game_id} · seed {header.seed} · view: {_viewer_name(viewer, names, 'en')}"))
    origin, edits = fork_origin(args.db, game_id), load_edits(args.db, game_id)
    if origin is not None:
        print(fork_mark(origin, args.lang))
    marks = Marks(edits, args.lang)
    for event in view(events, viewer, ruleset):
        for line in marks.line(event.seq, narrate(event, names, args.lang, god=god) or None):
            print(line)
        for call in calls.pop(event.seq, []):
            print_call(call, args.messages)
    for rest in calls.values():
        for call in rest:
            print_call(call, args.messages)
    for line in standing(Game.replay(ruleset, events), viewer, names, args.lang):
        print(line)
    if viewer.kind == "god":
        print_costs(load_calls(args.db, game_id), args.lang)
    return 0


class _Lang:
    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def __call__(self, zh: str, en: str) -> str:
        return zh if self.lang == "zh" else en


def _viewer_name(viewer: Viewer, names: Names, lang: Lang) -> str:
    if viewer.kind == "seat":
        return names.seat(viewer.seat, lang) + (f"（{viewer.seat}号）" if lang == "zh" else f" (seat {viewer.seat})")
    return {"god": ("上帝视角", "god"), "spectator": ("旁观", "spectator")}[viewer.kind][0 if lang == "zh" else 1]


def standing(game: Game, viewer: Viewer, names: Names, lang: Lang) -> list[str]:
    """Where the game stands for ``viewer``, as the engine observes it: the outs (with their causes and
    identities where the viewer knows them) and, for the god view, every seat's identity."""
    t = _Lang(lang)
    observation = game.observe(viewer)
    lines = [t("—— 局面 ——", "—— Standing ——"), *status_lines(observation, names, lang)]
    if viewer.kind == "god":
        ctx = Ctx(names, lang)
        for status in observation.seats:
            role = names.role(status.role, lang) if status.role else t("未知", "unknown")
            faction = t(f"（{ctx.faction(status.faction)}）", f" ({ctx.faction(status.faction)})") if status.faction else ""
            cause = t(f"（{ctx.cause(status.cause)}）", f" ({ctx.cause(status.cause)})") if status.cause else ""
            state = t("存活", "alive") if status.alive else t("出局", "out") + cause
            lines.append(f"  {status.seat}  {names.seat(status.seat, lang)}  {role}{faction}  {state}")
    if observation.over:
        winners = t("、", ", ").join(names.faction(w, lang) for w in observation.winners) or t("无人", "nobody")
        lines.append(t(f"结果：{winners} 获胜", f"Result: {winners} win"))
    return lines


def print_costs(calls: list[CallRecord], lang: Lang) -> None:
    """The game's model calls per model: requests, prompt tokens (cached among them), and the cost at
    the prices stored with each call (``?`` where none has a price)."""
    t = _Lang(lang)
    per: dict[str, list[CallRecord]] = {}
    for call in calls:
        per.setdefault(call.model or "?", []).append(call)
    for model, rows in sorted(per.items()):
        prompt = sum(c.tokens_in_reported or c.tokens_in or 0 for c in rows)
        cached = sum(c.cached_tokens or 0 for c in rows)
        priced = [c.cost_usd for c in rows if c.cost_usd is not None]
        unpriced = len(rows) - len(priced)
        cost = f"${sum(priced):.4f}" if priced else "?"
        if priced and unpriced:
            cost += t(f"（{unpriced} 次调用无价格）", f" ({unpriced} calls unpriced)")
        print(t(f"# 费用 · {model}：{len(rows)} 次调用 · 提示词元 {prompt:,}（缓存命中 {cached:,}）· {cost}",
                f"# cost · {model}: {len(rows)} calls · {prompt:,} prompt tokens ({cached:,} cached) · {cost}"))


def _calls_by_event(args: argparse.Namespace, game_id: str, viewer: Viewer) -> dict[int | None, list[CallRecord]]:
    """The calls a viewer may see (a seat: its own; god: all; spectator: none), by event seq."""
    if not args.calls or viewer.kind == "spectator":
        return {}
    out: dict[int | None, list[CallRecord]] = {}
    for call in load_calls(args.db, game_id):
        if viewer.kind == "seat" and call.seat != viewer.seat:
            continue
        out.setdefault(call.event_seq, []).append(call)
    return out


def print_call(call: CallRecord, messages: bool) -> None:
    """One LLM call as a few indented lines."""
    tokens = f"in {call.tokens_in}/{call.tokens_in_reported or '-'} out {call.tokens_out}/{call.tokens_out_reported or '-'}"
    cached = f", cached {call.cached_tokens}" if call.cached_tokens else ""
    latency = f"{call.latency_ms:.0f} ms" if call.latency_ms is not None else "-"
    flags = (" FALLBACK" if call.fallback else "") + (f" retries={call.retries}" if call.retries else "")
    cost = f" · ${call.cost_usd:.5f}" if call.cost_usd is not None else ""
    print(f"    ⤷ LLM seat {call.seat} · {call.model} · {latency} · tokens {tokens}{cached}{cost}{flags}")
    if call.reasoning:
        print(f"      reasoning: {call.reasoning[:300]}")
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
