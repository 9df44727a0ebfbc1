"""``arena play``: run a whole game, show it live, store it, print the outcome."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from arena import local_seats, model_refusal
from arena.beliefs import DEFAULT_PHASES, BeliefCheckpoints
from arena.handover import ControlRecord
from arena.local_model import MODEL_ALIAS, LocalModel, LocalModelError
from arena.players import agents_for, parse_players
from arena.progress import Progress
from arena.recorder import CallStore, Recorder
from arena.runner import CallListener, Checkpoint, GameRunner, Listener
from arena.seats import SeatPlan, attach_control, load_seat_file, plan_from_configs
from arena.terminal_seat import attach_terminal, seat_human
from engine.errors import EngineError
from engine.game import Game
from engine.narrate import Lang, Names
from engine.rulesets import get_ruleset, ruleset_ids
from transcripts.errors import TranscriptError
from transcripts.records import GameHeader, final_seats
from transcripts.writer import TranscriptWriter

DEFAULT_DB = "arena.duckdb"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", default="umineko32", help=f"one of: {', '.join(ruleset_ids())}")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: a random one, printed)")
    p.add_argument("--players", default=None,
                   help="player kind for every seat (scripted, random) or a comma-separated list, one per seat "
                        "(default: every seat an LLM on the embedded local model, where installed)")
    p.add_argument("--seats", metavar="FILE",
                   help="a seat file (TOML) giving each seat its player: bots or models on any OpenAI-compatible "
                        "endpoint (see arena/seats.py and the README)")
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file (default {DEFAULT_DB})")
    p.add_argument("--no-store", action="store_true", help="do not write the game to the database")
    p.add_argument("--show", choices=("summary", "posts", "none"), default="summary",
                   help="what to print while the game runs (default: summary)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the live output")
    p.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE",
                   help="an adjudication flag (see `arena rules`), e.g. umineko.tie=random")
    p.add_argument("--rounds", action="append", default=[], metavar="PHASE=N",
                   help="speaking rounds of a turn phase, e.g. RESTRICTED=1")
    p.add_argument("--size", type=int, default=None, metavar="N",
                   help="players, for a rule set of variable size (majiasha2: 9..26; default: the rule set's own)")
    p.add_argument("--resume", metavar="GAME_ID", help="continue an interrupted game stored in --db")
    p.add_argument("--human", type=int, metavar="N",
                   help="play seat N yourself at the terminal; its configured player stands in when you type leave")
    p.add_argument("--deadline", type=float, default=None, metavar="S",
                   help="with --human: seconds per decision, after which the rules' default is taken (default: none)")
    p.add_argument("--beliefs-at", action="append", default=None, metavar="PHASE",
                   help=f"ask every seat for its beliefs when PHASE begins (default {', '.join(DEFAULT_PHASES)}: "
                        "the end of each day; 'never' to skip; the embedded model's demo skips unless asked); "
                        "stored in the beliefs table")


def parse_pairs(items: list[str], what: str) -> dict[str, Any]:
    """``NAME=VALUE`` pairs, the values read as JSON where they parse (true, 3, "x")."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise ValueError(f"{what} {item!r} is not NAME=VALUE")
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out


def run(args: argparse.Namespace) -> int:
    console = Console(stderr=False, highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        return asyncio.run(_play(args, console))
    except (EngineError, TranscriptError, ValueError, LocalModelError, model_refusal.ModelRefused) as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}", highlight=False)
        return 2


async def _play(args: argparse.Namespace, console: Console) -> int:
    ruleset = get_ruleset(args.ruleset)
    writer = None if args.no_store else TranscriptWriter(Path(args.db))
    plan: SeatPlan | None = None
    try:
        game, plan, game_id = _start(args, ruleset, writer, console)
        configs = plan.configs
        for problem in plan.problems:
            console.print(f"[yellow]warning:[/] {escape(problem)}", highlight=False)  # keeps ".[local]"
        names = Names.from_events(ruleset, game.events)
        progress = Progress(names, console, "none" if args.human else args.show, args.lang)
        listeners: list[Listener] = [progress]
        call_listeners: list[CallListener] = []
        if writer is not None and game_id is not None:
            listeners.insert(0, Recorder(writer, game_id, start=len(game.events) if args.resume else 0))
            call_listeners.append(CallStore(writer, game_id, _calls_stored(args, game_id)))
        record = ControlRecord(writer, game_id, game) if writer is not None and game_id is not None else None
        attach_control(plan.agents, record)  # a cap's hand-over of an LLM seat to its stand-in
        terminal = attach_terminal(plan, args.human, names, args.lang, record)
        if terminal is not None:
            listeners.append(terminal.listener)
            reader = asyncio.create_task(terminal.read_lines())
        console.print(f"{ruleset.title} · seed {game.state.seed} · players: {_players_line(configs)}")
        checkpoints: list[Checkpoint] = []
        demo = local_seats.uses_local(configs) and not args.beliefs_at  # the demo stays short
        phases = getattr(args, "beliefs_at", None) or list(DEFAULT_PHASES)
        if writer is not None and game_id is not None and "never" not in phases and not demo:
            gid, sink = game_id, writer
            checkpoints.append(BeliefCheckpoints(ruleset, plan.agents, lambda rows: sink.append_beliefs(gid, rows),
                                                 phases, calls=call_listeners[0] if call_listeners else None))
        runner = GameRunner(game, plan.agents, listeners=listeners, call_listeners=call_listeners,
                            checkpoints=checkpoints)
        if console.is_terminal and terminal is None:
            with console.status(progress.status(game)) as status:
                listeners.append(lambda g, _new: status.update(progress.status(g)))
                runner.listeners = listeners
                await runner.run()
        else:
            await runner.run()
        if terminal is not None:
            reader.cancel()
        if writer is not None and game_id is not None:
            writer.flush(game_id)
            writer.finish(game_id, game.winners, game.state.day, final_seats(game.events, configs))
        _outcome(console, game, names, args.lang, game_id, args.db, runner)
        return 0
    finally:
        if plan is not None:
            await plan.aclose()
        if writer is not None:
            writer.close()


def _start(args: argparse.Namespace, ruleset: Any, writer: TranscriptWriter | None, console: Console
           ) -> tuple[Game, SeatPlan, str | None]:
    if args.resume:
        return _resume(args, ruleset, writer, console)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    flags = parse_pairs(args.flag, "--flag")
    rounds = {k: int(v) for k, v in parse_pairs(args.rounds, "--rounds").items()}
    size = getattr(args, "size", None)
    plan = _plan(args, ruleset, seed, console, size or ruleset.seats)
    if local_seats.uses_local(plan.configs) and ruleset.id == "umineko32":
        rounds = {**local_seats.ROUNDS, **rounds}  # the demo's short days, unless --rounds says otherwise
    options: dict[str, Any] = {"rounds": rounds}
    if size is not None:
        options["size"] = size
    game = ruleset.new_game(seed, flags=flags, options=options)
    game_id = None
    if writer is not None:
        game_id = writer.begin_game(GameHeader.from_events(game.events, plan.configs))
    return game, plan, game_id


def _plan(args: argparse.Namespace, ruleset: Any, seed: int, console: Console, seats: int) -> SeatPlan:
    """Who plays ``seats`` seats: a seat file, else ``--players``, else every seat an LLM on the embedded
    local model (scripted bots, with a warning that says what to install, where that model is not installed)."""
    if args.seats and args.players:
        raise ValueError("give either --seats FILE or --players, not both")
    if args.seats:
        return seat_human(load_seat_file(args.seats, seats, seed=seed), args.human, args.deadline)
    if not args.players:
        model_refusal.check(model_refusal.DEFAULT_SEATS)
        problem = local_seats.unavailable()
        if problem is None:
            return seat_human(local_seats.plan(seats, _local_model(console), seed), args.human, args.deadline)
        configs = parse_players("scripted", seats)
        plan = SeatPlan(agents_for(configs), configs, problems=[f"{problem}. Playing scripted bots instead "
                                                                "(--players scripted skips the model)."])
        return seat_human(plan, args.human, args.deadline)
    configs = parse_players(args.players, seats)
    return seat_human(SeatPlan(agents_for(configs), configs), args.human, args.deadline)


def _local_model(console: Console) -> LocalModel:
    """The embedded model's server, started (it takes a few seconds to load)."""
    console.print(f"starting the local model ({MODEL_ALIAS}, llama.cpp) on 127.0.0.1 …", highlight=False)
    console.print(local_seats.PACE, highlight=False)
    return LocalModel().start()


def _resume(args: argparse.Namespace, ruleset: Any, writer: TranscriptWriter | None, console: Console
            ) -> tuple[Game, SeatPlan, str | None]:
    from transcripts.reader import load_events, load_header, resolve_game_id

    if writer is None:
        raise ValueError("--resume needs the database: drop --no-store")
    game_id = resolve_game_id(args.db, args.resume)
    header = load_header(args.db, game_id).header
    events = load_events(args.db, game_id)
    writer.resume(game_id)
    game = Game.replay(get_ruleset(header.ruleset), events)
    seats = int(getattr(events[0], "seats", ruleset.seats))
    configs = header.seat_configs or parse_players(args.players or "scripted", seats)
    if local_seats.uses_local(configs):  # the stored port is gone: serve the model again
        problem = local_seats.unavailable()
        if problem is not None:
            raise ValueError(f"this game's seats play on the embedded local model, but {problem}")
        lm = _local_model(console)
        plan = plan_from_configs(local_seats.rebase(configs, lm), seed=header.seed)
        plan.closers.append(lm.astop)
    else:
        plan = plan_from_configs(configs, seed=header.seed)
    return game, seat_human(plan, args.human, args.deadline), game_id


def _calls_stored(args: argparse.Namespace, game_id: str) -> int:
    """How many LLM calls a resumed game already has (call ids continue from there)."""
    if not args.resume:
        return 0
    from transcripts.reader import load_calls

    return len(load_calls(args.db, game_id))


def _players_line(configs: list[dict[str, Any]]) -> str:
    kinds = sorted({str(c["kind"]) for c in configs})
    return ", ".join(f"{k} ×{sum(1 for c in configs if c['kind'] == k)}" for k in kinds)


def _outcome(console: Console, game: Game, names: Names, lang: str, game_id: str | None, db: str,
             runner: GameRunner) -> None:
    state = game.state
    pieces = getattr(state, "pieces", {})
    shown: Lang = "en" if lang == "en" else "zh"
    table = Table(title="座位 Seats", show_lines=False)
    second = bool(names.majia)
    columns = ("#", "角色 account", "马甲 majia") if second else ("#", "马甲 alias")
    for column in (*columns, "身份 role", "阵营 faction", ""):
        table.add_column(column)
    for seat, piece in sorted(pieces.items()):
        layer = [names.majia_label(int(getattr(piece, "majia", 0)), shown)] if second else []
        table.add_row(str(seat), names.seat(seat, shown), *layer, names.role(piece.role, shown),
                      names.faction(piece.faction, shown), "" if piece.alive else "✝")
    console.print(table)
    winners = "、".join(names.faction(w, shown) for w in game.winners) or "—"
    console.print(f"胜者 winners: {winners} · days: {state.day} · events: {len(game.events)} · "
                  f"illegal answers: {runner.illegal} · fallbacks: {runner.fallbacks}")
    if game_id is not None:
        console.print(f"stored as game {game_id} in {db} — see it with: arena replay {game_id}")


if __name__ == "__main__":
    sys.exit(run(argparse.Namespace()))
