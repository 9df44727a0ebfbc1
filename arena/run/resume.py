"""Resuming a stored game, by id, from its DuckDB file to the same end as if it had never stopped.

``prepare`` reads what is stored (header, events, answers, model replies, belief checkpoints,
seat hand-overs), takes the game up in the writer, and rebuilds its players from the stored seat
configs: bots as they were, LLM seats on their endpoints with a ``ReplayPool`` that answers each
stored request from the transcript (their memory is rebuilt from stored data alone), human seats
played by their stand-in or given back to a person (``humans="reissue"``: a ``HumanSeat`` with its
stored deadline and controller, to which the caller — the web table — issues a new join link).
The game itself starts again from its stored header: the runner replays the stored part
(``arena.run.replay``) and goes on live. A game with no events stored yet simply starts over.

``resume_game`` does the whole thing to the end (the API scripts call); ``arena play --resume`` uses
``prepare`` to add its own progress, terminal seat and local model; the web table takes up its
games after a restart with ``prepare(writer, game_id, humans="reissue")`` and
``LiveGame(res.game_id, res.game, res.plan.agents, res.configs, writer, resumed=res)``, then issues
a join link to each ``HumanSeat`` of ``res.plan.agents``.

Games stored before answers were (schema version 2) have no answers nor runner policy: those with
a model or person at a seat are folded from their events and played on with fresh players (their
memory starts afresh, said in ``Resumption.notes``); games of bots alone replay exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import duckdb

from agents.human import HumanSeat
from arena.run.beliefs import DEFAULT_PHASES, BeliefCheckpoints
from arena.run.journal import WriterJournal
from arena.run.replay import ReplayPool, StoredGame
from arena.run.runner import Checkpoint, GameRunner, Listener, RunnerConfig
from arena.run.seats import SeatPlan, plan_from_configs
from engine.game import Game
from engine.rulesets import get_ruleset
from transcripts.errors import TranscriptError
from transcripts.faults import storage_fault
from transcripts.reader import (
    load_answers,
    load_belief_checkpoints,
    load_control,
    load_events,
    load_header,
    load_replies,
    resolve_game_id,
)
from transcripts.records import GameRow, SeatControl, final_seats
from transcripts.writer import TranscriptWriter

HumanSeats = Literal["stand_in", "reissue"]
"""How a resumed game seats a person's seat: its stand-in bot, or a ``HumanSeat`` again."""
BOT_KINDS = ("scripted", "random")
Configs = Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
Players = Callable[[list[dict[str, Any]]], SeatPlan]


@dataclass
class Resumption:
    """A stored game made ready to play on (see the module docstring)."""

    game_id: str
    row: GameRow
    game: Game
    """The game from its first event (or, for a game stored before version 3, folded to its end)."""
    plan: SeatPlan
    stored: StoredGame
    config: RunnerConfig
    beliefs_at: tuple[str, ...] | None
    """The belief checkpoints it was played with (None: not recorded, the caller's default)."""
    first_call: int
    exact: bool = True
    """False for a game folded from its events (stored before answers were)."""
    notes: list[str] = field(default_factory=list)

    @property
    def configs(self) -> list[dict[str, Any]]:
        return self.plan.configs

    def journal(self, writer: TranscriptWriter) -> WriterJournal:
        """The journal that writes only what the resumed game adds."""
        return WriterJournal(writer, self.game_id, first_call=self.first_call, stored=self.stored,
                             answers=self.exact)

    def checkpoints(self, journal: WriterJournal, phases: Sequence[str] | None = None) -> list[Checkpoint]:
        """The belief checkpoints of the game as it was played (``phases`` where none is recorded)."""
        chosen = self.beliefs_at if self.beliefs_at is not None else tuple(phases or DEFAULT_PHASES)
        if not chosen or "never" in chosen:
            return []
        return [BeliefCheckpoints(self.game.ruleset, self.plan.agents, journal.beliefs, chosen, calls=journal.calls)]

    def runner(self, journal: WriterJournal, *, listeners: Sequence[Listener] = (),
               checkpoints: Sequence[Checkpoint] | None = None) -> GameRunner:
        """The runner that replays the stored part and plays on."""
        return GameRunner(self.game, self.plan.agents, config=self.config, listeners=list(listeners),
                          checkpoints=list(self.checkpoints(journal) if checkpoints is None else checkpoints),
                          journal=journal, replay=self.stored if self.exact else None)

    def diverged(self) -> list[str]:
        """Requests an LLM seat replayed differently from the stored ones (empty: memory rebuilt exactly)."""
        return [f"seat {seat}: {what}" for seat, agent in sorted(self.plan.agents.items())
                for what in getattr(getattr(agent, "pool", None), "diverged", [])]


def load_stored(con: Any, game_id: str) -> tuple[GameRow, StoredGame, list[SeatControl]]:
    """What is stored of ``game_id`` (an id or a unique prefix) on an open connection: its header, its
    part to replay and its seat hand-overs; a finished game is refused."""
    gid = resolve_game_id(con, game_id)
    row = load_header(con, gid)
    if row.status == "finished":
        raise TranscriptError(code="resume_finished", game=gid)
    stored = StoredGame.of(gid, load_events(con, gid), load_answers(con, gid), load_replies(con, gid),
                           load_belief_checkpoints(con, gid), row.header.package_version)
    return row, stored, load_control(con, gid)


def starting_game(row: GameRow, stored: StoredGame) -> tuple[Game, bool]:
    """The game a resume plays from, and whether it replays exactly: from its first event (the runner
    replays the stored part), or, for a game with a model or person stored before answers were,
    folded from its events."""
    header = row.header
    ruleset = get_ruleset(header.ruleset)
    if header.runner is not None or all(_kind(c) in BOT_KINDS for c in header.seat_configs):
        return ruleset.new_game(header.seed, flags=header.flags, options=header.options), True
    return Game.replay(ruleset, stored.events), False


def prepare(writer: TranscriptWriter, game_id: str, *, humans: HumanSeats = "stand_in",
            configs: Configs | None = None, pool: Any = None, players: Players | None = None) -> Resumption:
    """Take up the stored, unfinished game ``game_id`` (an id or a unique prefix) in ``writer``.

    ``configs`` may rewrite the stored seat configs first (a local model served at a new port);
    ``pool`` shares one client pool across games (a tournament); ``players`` builds the players from
    the configs instead of ``plan_from_configs`` (players of another kind, in tests)."""
    con = writer.cursor()
    try:
        row, stored, control = load_stored(con, game_id)
    except duckdb.Error as exc:  # a damaged block read back
        raise storage_fault(writer.path, exc) from exc
    finally:
        con.close()
    gid = stored.game_id
    writer.resume(gid)
    header = row.header
    seat_configs = configs(list(header.seat_configs)) if configs is not None else list(header.seat_configs)
    plan = players(seat_configs) if players is not None else plan_from_configs(seat_configs, seed=header.seed, pool=pool)
    game, exact = starting_game(row, stored)
    notes: list[str] = []
    first_call = stored.next_call()
    if exact:
        replay_pools(plan, stored)
    else:
        stored = StoredGame(gid, stored.events)
        notes.append(f"game {gid} was stored before answers were: it is folded from its {len(stored.events)} "
                     "events and its players start afresh (a model's notes and summaries are not rebuilt)")
    if humans == "reissue":
        _seat_people(plan, seat_configs, control)
    runner = dict(header.runner or {})
    beliefs = runner.get("beliefs_at")
    return Resumption(gid, row, game, plan, stored, RunnerConfig.from_record(runner),
                      None if beliefs is None else tuple(beliefs), first_call=first_call, exact=exact, notes=notes)


async def resume_game(db: str | Path | TranscriptWriter, game_id: str, *, humans: HumanSeats = "stand_in",
                      listeners: Sequence[Listener] = ()) -> Game:
    """Resume ``game_id`` stored in ``db`` (a path, or the writer of a process that writes it) to its
    end, record it as finished, and return it."""
    own = not isinstance(db, TranscriptWriter)
    writer = TranscriptWriter(db) if not isinstance(db, TranscriptWriter) else db
    try:
        res = prepare(writer, game_id, humans=humans)
        journal = res.journal(writer)
        try:
            await res.runner(journal, listeners=listeners).run()
        finally:
            await res.plan.aclose()
        finish(writer, res)
        return res.game
    finally:
        if own:
            writer.close()


def finish(writer: TranscriptWriter, res: Resumption) -> None:
    """Write the resumed game's end (its last events, final seats, winners)."""
    game = res.game
    writer.flush(res.game_id)
    writer.finish(res.game_id, game.winners, game.state.day, final_seats(game.events, res.configs))


def _kind(config: dict[str, Any]) -> str:
    if config.get("kind") == "human":
        return "human"
    return str(config.get("kind"))


def replay_pools(plan: SeatPlan, stored: StoredGame) -> None:
    """Each LLM seat's pool answers its stored requests from the transcript."""
    for seat, agent in plan.agents.items():
        live = getattr(agent, "pool", None)
        if live is not None and hasattr(live, "complete"):
            agent.pool = ReplayPool(stored.replies.get(seat, []), live)  # type: ignore[attr-defined]


def _seat_people(plan: SeatPlan, configs: list[dict[str, Any]], control: list[SeatControl]) -> None:
    """Human seats back to people: a ``HumanSeat`` with its stored deadline, played by whoever held it
    last (a person who had left finds the stand-in still playing, and may take the seat back)."""
    last = {c.seat: c.controller for c in control}
    for config in configs:
        if config.get("kind") != "human":
            continue
        seat = int(config["seat"])
        human = HumanSeat(seat, plan.agents[seat], deadline_s=config.get("deadline_s", 120.0))
        if last.get(seat) == "bot":
            human.controller = "bot"
        plan.agents[seat] = human
