"""``arena play``: run a whole game, show it live, store it, print the outcome."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from arena.cli.errors import UsageError, error_console
from arena.local import model_refusal
from arena.local import seats as local_seats
from arena.local.model import MODEL_ALIAS, LocalModel, LocalModelError
from arena.local.terminal_seat import attach_terminal, seat_human
from arena.run.beliefs import DEFAULT_PHASES, BeliefCheckpoints
from arena.run.handover import ControlRecord
from arena.run.journal import WriterJournal
from arena.run.players import agents_for, parse_players
from arena.run.progress import Progress
from arena.run.replay import StoredGame
from arena.run.resume import prepare
from arena.run.runner import Checkpoint, GameRunner, Listener, RunnerConfig
from arena.run.seats import SeatPlan, attach_control, load_seat_file
from engine.errors import EngineError
from engine.game import Game
from engine.narrate import Lang, Names
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset, ruleset_ids
from transcripts.errors import Both, TranscriptError, render
from transcripts.reader import load_header
from transcripts.records import GameHeader, final_seats
from transcripts.writer import TranscriptWriter

DEFAULT_DB = "arena.duckdb"
DEFAULT_RULESET = "umineko32"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", default=None, help=f"one of: {', '.join(ruleset_ids())} (default {DEFAULT_RULESET})")
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: a random one, printed)")
    p.add_argument("--players", default=None,
                   help="player kind for every seat (scripted, random) or a comma-separated list, one per seat "
                        "(default: every seat an LLM on the embedded local model, where installed)")
    p.add_argument("--seats", metavar="FILE",
                   help="a seat file (TOML) giving each seat its player: bots or models on any OpenAI-compatible "
                        "endpoint (see arena/run/seats.py and the README)")
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file (default {DEFAULT_DB})")
    p.add_argument("--no-store", action="store_true", help="do not write the game to the database")
    p.add_argument("--show", choices=("summary", "posts", "none"), default="summary",
                   help="what to print while the game runs (default: summary)")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the live output and errors")
    p.add_argument("--flag", action="append", default=[], metavar="NAME=VALUE",
                   help="an adjudication flag (see `arena rules`), e.g. umineko.tie=random")
    p.add_argument("--rounds", action="append", default=[], metavar="PHASE=N",
                   help="speaking rounds of a turn phase, e.g. RESTRICTED=1")
    p.add_argument("--size", type=int, default=None, metavar="N",
                   help="players, for a rule set of variable size (majiasha2: 9..26; default: the rule set's own)")
    p.add_argument("--resume", metavar="GAME_ID",
                   help="continue an interrupted game stored in --db, to the same end (its own settings: only "
                        "--db, --show, --lang, and --human/--deadline for a person's seat go with it)")
    p.add_argument("--human", type=int, metavar="N",
                   help="play seat N yourself at the terminal; its configured player stands in when you type leave")
    p.add_argument("--deadline", type=float, default=None, metavar="S",
                   help="with --human: seconds per decision, after which the rules' default is taken (default: none)")
    p.add_argument("--beliefs-at", action="append", default=None, metavar="PHASE",
                   help=f"ask every seat for its beliefs when PHASE begins (default {', '.join(DEFAULT_PHASES)}: "
                        "the end of each day; 'never' to skip; the embedded model's demo skips unless asked); "
                        "stored in the beliefs table")


GAME_OPTIONS = (("ruleset", "--ruleset"), ("seed", "--seed"), ("players", "--players"), ("seats", "--seats"),
                ("flag", "--flag"), ("rounds", "--rounds"), ("size", "--size"), ("beliefs_at", "--beliefs-at"))
"""Options that shape a game: a resumed game keeps its own, so none of them goes with --resume."""


def parse_pairs(items: list[str], what: str) -> dict[str, Any]:
    """``NAME=VALUE`` pairs, the values read as JSON where they parse (true, 3, "x")."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            example = "umineko.tie=random" if what == "--flag" else "RESTRICTED=1"
            raise UsageError(code="pair", what=what, item=item, example=example)
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out


def parse_rounds(items: list[str], ruleset: Ruleset) -> dict[str, int]:
    """``--rounds PHASE=N`` as whole numbers (the engine checks the phases and the range)."""
    rounds: dict[str, int] = {}
    for name, value in parse_pairs(items, "--rounds").items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise UsageError(code="rounds_value", item=f"{name}={value}", ruleset=ruleset.id)
        rounds[name] = value
    return rounds


def run(args: argparse.Namespace) -> int:
    console = Console(stderr=False, highlight=False)
    err = error_console()
    try:
        return asyncio.run(_play(args, console))
    except (EngineError, TranscriptError, ValueError, LocalModelError, model_refusal.ModelRefused) as exc:
        word = "错误" if args.lang == "zh" else "error"
        err.print(f"[bold red]{word}:[/] {escape(render(exc, args.lang))}", highlight=False)
        return 2


async def _play(args: argparse.Namespace, console: Console) -> int:
    writer = None if args.no_store else TranscriptWriter(Path(args.db))
    plan: SeatPlan | None = None
    failed = True
    try:
        started = _resume(args, writer, console) if args.resume else _start(args, writer, console)
        game, plan, journal = started.game, started.plan, started.journal
        ruleset = game.ruleset
        for problem in plan.problems:
            console.print(f"[yellow]warning:[/] {escape(problem)}", highlight=False)  # keeps ".[local]"
        names = Names.from_events(ruleset, game.events)
        progress = Progress(names, console, "none" if args.human else args.show, args.lang)
        listeners: list[Listener] = [progress]
        game_id = started.game_id
        record = ControlRecord(writer, game_id, game) if writer is not None and game_id is not None else None
        attach_control(plan.agents, record)  # a cap's hand-over of an LLM seat to its stand-in
        terminal = attach_terminal(plan, args.human, names, args.lang, record)
        if terminal is not None:
            listeners.append(terminal.listener)
            reader = asyncio.create_task(terminal.read_lines())
        console.print(f"{ruleset.title} · seed {game.state.seed} · players: {_players_line(plan.configs)}")
        runner = GameRunner(game, plan.agents, config=started.config, listeners=listeners,
                            checkpoints=started.checkpoints, journal=journal, replay=started.replay)
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
            writer.finish(game_id, game.winners, game.state.day, final_seats(game.events, plan.configs))
        _outcome(console, game, names, args.lang, game_id, args.db, runner)
        failed = False
        return 0
    finally:
        if plan is not None:
            await plan.aclose()
        if writer is not None:
            if failed:  # what is stored is whole; writing the rest could fail again and hide why
                writer.discard()
            else:
                writer.close()


@dataclass
class Started:
    """A game ready to run: new, or resumed from the database."""

    game: Game
    plan: SeatPlan
    game_id: str | None
    journal: WriterJournal | None
    config: RunnerConfig
    checkpoints: list[Checkpoint]
    replay: StoredGame | None = None


def _start(args: argparse.Namespace, writer: TranscriptWriter | None, console: Console) -> Started:
    ruleset = get_ruleset(args.ruleset or DEFAULT_RULESET)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    flags = parse_pairs(args.flag, "--flag")
    rounds = parse_rounds(args.rounds, ruleset)
    size = _size(args, ruleset)
    plan = _plan(args, ruleset, seed, console, size or ruleset.seats)
    if local_seats.uses_local(plan.configs) and ruleset.id == "umineko32":
        rounds = {**local_seats.rounds(), **rounds}  # the demo's short days, unless --rounds says otherwise
    options: dict[str, Any] = {"rounds": rounds}
    if size is not None:
        options["size"] = size
    game = ruleset.new_game(seed, flags=flags, options=options)
    config = RunnerConfig()
    demo = local_seats.uses_local(plan.configs) and not args.beliefs_at  # the demo stays short
    phases = [] if writer is None or demo else list(args.beliefs_at or DEFAULT_PHASES)
    phases = [] if "never" in phases else phases
    if writer is None:
        return Started(game, plan, None, None, config, [])
    header = GameHeader.from_events(game.events, plan.configs, {**config.record(), "beliefs_at": phases})
    game_id = writer.begin_game(header)
    journal = WriterJournal(writer, game_id)
    checkpoints: list[Checkpoint] = [BeliefCheckpoints(ruleset, plan.agents, journal.beliefs, phases,
                                                       calls=journal.calls)] if phases else []
    return Started(game, plan, game_id, journal, config, checkpoints)


def _size(args: argparse.Namespace, ruleset: Ruleset) -> int | None:
    """``--size``, refused where the rule set's size is fixed or outside the sizes it plays."""
    size: int | None = args.size
    if size is None:
        return None
    sizes = getattr(ruleset, "sizes", None)
    if not sizes:
        variable = ", ".join(r for r in ruleset_ids() if getattr(get_ruleset(r), "sizes", None))
        raise UsageError(code="size_fixed", ruleset=ruleset.id, seats=ruleset.seats, variable=variable)
    if size not in sizes:
        raise UsageError(code="size_range", ruleset=ruleset.id, low=min(sizes), high=max(sizes), size=size)
    return size


def _plan(args: argparse.Namespace, ruleset: Any, seed: int, console: Console, seats: int) -> SeatPlan:
    """Who plays ``seats`` seats: a seat file, else ``--players``, else every seat an LLM on the embedded
    local model (scripted bots, with a warning that says what to install, where that model is not installed)."""
    if args.seats and args.players:
        raise UsageError(code="seats_and_players")
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


def _resume(args: argparse.Namespace, writer: TranscriptWriter | None, console: Console) -> Started:
    """The stored game, taken up in the writer (``arena.run.resume``), with its own settings."""
    from transcripts.reader import resolve_game_id

    given = [flag for name, flag in GAME_OPTIONS if getattr(args, name, None) not in (None, [], False)]
    if given:
        raise UsageError(code="resume_options", game=args.resume, options=", ".join(given), them=", ".join(given))
    if writer is None:
        raise UsageError(code="resume_no_store")
    con = writer.cursor()
    try:
        configs = load_header(con, resolve_game_id(con, args.resume)).header.seat_configs
    finally:
        con.close()
    _check_human(args, configs)
    lm: LocalModel | None = None
    if local_seats.uses_local(configs):  # the stored port is gone: serve the model again
        problem = local_seats.unavailable()
        if problem is not None:
            raise UsageError(code="resume_local", problem=problem)
        lm = _local_model(console)
    served = lm
    res = prepare(writer, args.resume, configs=(lambda c: local_seats.rebase(c, served)) if served else None)
    if lm is not None:
        res.plan.closers.append(lm.astop)
    for note in res.notes:
        console.print(f"[yellow]note:[/] {escape(note)}", highlight=False)
    journal = res.journal(writer)
    plan = seat_human(res.plan, args.human, args.deadline)
    return Started(res.game, plan, res.game_id, journal, res.config, res.checkpoints(journal),
                   res.stored if res.exact else None)


def _check_human(args: argparse.Namespace, configs: list[dict[str, Any]]) -> None:
    """``--human N`` with ``--resume`` takes back a person's seat, never a bot's or a model's."""
    if args.human is None:
        return
    kinds = {int(c["seat"]): str(c.get("kind")) for c in configs}
    if kinds.get(args.human) != "human":
        seats = ", ".join(str(s) for s, k in sorted(kinds.items()) if k == "human")
        humans = Both(f"本局的真人座位：{seats}", f"in this game: {seats}") if seats else \
            Both("本局没有真人座位", "this game has none")
        player = kinds.get(args.human, "nobody")
        raise UsageError(code="resume_human", game=args.resume, seat=args.human, player=player, humans=humans)


def _players_line(configs: list[dict[str, Any]]) -> str:
    kinds = sorted({str(c["kind"]) for c in configs})
    return ", ".join(f"{k} ×{sum(1 for c in configs if c['kind'] == k)}" for k in kinds)


def _outcome(console: Console, game: Game, names: Names, lang: str, game_id: str | None, db: str,
             runner: GameRunner) -> None:
    state = game.state
    pieces = getattr(state, "seats", {})  # the kernel's seat records
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
