"""``arena fork GAME --at SEQ|FLOOR``: a new game sharing a stored game's events up to a point, then
played on by the players given (the origin's, ``--seats FILE`` or ``--players``), with at most one
floor edited (``--edit FLOOR=TEXT``) or dropped (``--drop FLOOR``) and, with ``--seed N``, its own
randomness from the point on. See ``arena.fork.prepare``; the fork is stored beside its origin
(``transcripts.forks``) and shown beside it by the replay viewer (``/replays/FORK#fork``, ``arena.server.replay_fork``).
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from arena.cli.errors import error_console
from arena.fork.prepare import ForkRequest, Prepared, parse_edit, prepare
from arena.fork.texts import ForkError, Lang, say
from arena.local import seats as local_seats
from arena.run.journal import WriterJournal
from arena.run.players import agents_for, parse_players
from arena.run.progress import Progress
from arena.run.runner import GameRunner
from arena.run.seats import SeatFileError, SeatPlan, load_seat_file, plan_from_configs, without_redactions
from engine.errors import EngineError
from engine.events import to_json
from engine.narrate import Names
from transcripts.errors import TranscriptError
from transcripts.forks import begin_fork
from transcripts.reader import load_events
from transcripts.records import GameHeader, final_seats
from transcripts.writer import TranscriptWriter

DEFAULT_DB = "arena.duckdb"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help="the stored game to fork (an id or a unique prefix)")
    p.add_argument("--at", required=True, metavar="SEQ|FLOOR",
                   help="where live play begins: an event seq (120) or a floor (f12, 12楼); it must lie between "
                        "two engine calls (not inside a resolution)")
    p.add_argument("--seats", metavar="FILE", help="a seat file for the fork's players (default: the origin's)")
    p.add_argument("--players", default=None, help="a player kind for every seat (scripted, random) or a list, one per seat")
    change = p.add_mutually_exclusive_group()
    change.add_argument("--edit", metavar="FLOOR=TEXT", help="the floor's author posts TEXT there instead (recorded "
                                                              "as a counterfactual edit, never as its author's words)")
    change.add_argument("--drop", type=int, metavar="FLOOR", help="the floor is not posted (its author says nothing there)")
    p.add_argument("--seed", type=int, default=None, help="draw the randomness of what is played after the point from N")
    p.add_argument("--db", default=DEFAULT_DB, help=f"DuckDB transcript file (default {DEFAULT_DB})")
    p.add_argument("--show", choices=("summary", "posts", "none"), default="summary", help="what to print as it plays")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of what is printed (default zh)")


def run(args: argparse.Namespace) -> int:
    console, err = Console(highlight=False), error_console()
    lang: Lang = "en" if args.lang == "en" else "zh"
    try:
        if not Path(args.db).exists():
            load_events(args.db, args.game)  # the reader's own error: no such file
        edit = parse_edit(args.edit) if args.edit is not None else None
        request = ForkRequest(args.game, args.at, edit=edit, drop=args.drop, seed=args.seed)
        return asyncio.run(_fork(args, request, console, lang))
    except ForkError as exc:
        err.print(f"[bold red]{say(lang, 'error')}[/] {escape(exc.say(lang))}", highlight=False)
        return 2
    except (TranscriptError, EngineError, SeatFileError, ValueError) as exc:
        text = exc.render(lang) if isinstance(exc, EngineError) else str(exc)
        err.print(f"[bold red]{say(lang, 'error')}[/] {escape(text)}", highlight=False)
        return 2


async def _fork(args: argparse.Namespace, request: ForkRequest, console: Console, lang: Lang) -> int:
    with TranscriptWriter(Path(args.db)) as writer:
        con = writer.cursor()
        try:
            prepared = prepare(con, request, lang)
        finally:
            con.close()
        plan = _players(args, prepared)
        try:
            header = GameHeader.from_events(prepared.events, plan.configs)
            gid = begin_fork(writer, header, prepared.origin_record(), prepared.own)
            _made(console, prepared, gid, lang)
            await _play(args, prepared, plan, writer, gid, console, lang)
        finally:
            await plan.aclose()
    return 0


def _players(args: argparse.Namespace, p: Prepared) -> SeatPlan:
    """The fork's players: a seat file, a kind for every seat, or the origin's players again."""
    seats = int(getattr(p.events[0], "seats", p.ruleset.seats))
    seed = p.origin.header.seed if p.record.get("seed") is None else int(p.record["seed"])
    if args.seats and args.players:
        raise ValueError("give either --seats FILE or --players, not both")
    if args.seats:
        return load_seat_file(args.seats, seats, seed=seed)
    if args.players:
        configs = parse_players(args.players, seats)
        return SeatPlan(agents_for(configs), configs)
    configs = list(p.origin.header.seat_configs) or parse_players("scripted", seats)
    if local_seats.uses_local(configs):
        problem = local_seats.unavailable()
        if problem is not None:
            raise ForkError("fork_local", problem=problem)
        from arena.local.model import LocalModel

        model = LocalModel().start()
        plan = plan_from_configs(local_seats.rebase(configs, model), seed=seed)
        plan.closers.append(model.astop)
        return plan
    return plan_from_configs(without_redactions(configs), seed=seed)


def _made(console: Console, p: Prepared, gid: str, lang: Lang) -> None:
    console.print(say(lang, "made", fork=gid, origin=p.origin.game_id, shared=p.diverge, point=p.point), markup=False, soft_wrap=True)
    for edit in p.edits:
        line = say(lang, "edited", floor=edit.floor, text=edit.text) if edit.action == "edit" else \
            say(lang, "dropped", floor=edit.floor)
        console.print(line, markup=False, soft_wrap=True)
    if p.record.get("seed") is not None:
        console.print(say(lang, "reseeded", seed=p.record["seed"]), markup=False, soft_wrap=True)


async def _play(args: argparse.Namespace, p: Prepared, plan: SeatPlan, writer: TranscriptWriter, gid: str,
                console: Console, lang: Lang) -> None:
    game = p.game
    names = Names.from_events(p.ruleset, game.events)
    progress = Progress(names, console, args.show, lang)
    listeners: list[Any] = [progress]
    runner = GameRunner(game, plan.agents, listeners=listeners, journal=WriterJournal(writer, gid, start=len(game.events)))
    await runner.run()
    writer.flush(gid)
    writer.finish(gid, game.winners, game.state.day, final_seats(game.events, plan.configs))
    origin = p.origin
    none = say(lang, "none")
    console.print(say(lang, "ended", winners="、".join(names.faction(w, lang) for w in game.winners) or none,
                      days=game.state.day, events=len(game.events),
                      origin_winners="、".join(names.faction(w, lang) for w in origin.winners or []) or none,
                      origin_days=origin.days if origin.days is not None else "—"), markup=False, soft_wrap=True)
    if [to_json(e) for e in game.events] == [to_json(e) for e in p.events]:
        console.print(say(lang, "same_end"), markup=False, soft_wrap=True)
    console.print(say(lang, "see", fork=gid), markup=False, soft_wrap=True)
