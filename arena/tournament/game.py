"""Playing one planned tournament game, new or taken up where it stopped, into any sink.

The same function serves both backends: locally the sink is the shared transcript writer (what
cannot be computed again written as it comes, so an interrupted game resumes from the database);
in a Ray task it is a ``GameResult`` returned to the driver, which writes it through its one
writer (``store_result``). Either way a game cut short is resumed exactly (``arena.run.replay``): the
driver hands the task what is stored, and only what the task adds comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from agents.llm.pool import ClientPool
from arena.run.beliefs import BeliefCheckpoints
from arena.run.journal import WriterJournal
from arena.run.replay import StoredGame
from arena.run.resume import load_stored, replay_pools, starting_game
from arena.run.runner import GameRunner, RunnerConfig
from arena.run.seats import attach_control, plan_from_configs
from arena.tournament.plan import GameSpec
from engine.events import Event, from_json, to_json
from engine.game import Game
from engine.rulesets import get_ruleset
from transcripts.beliefs import BeliefRow
from transcripts.records import AnswerRow, CallRecord, GameHeader, final_seats
from transcripts.writer import TranscriptWriter


@dataclass
class GameResult:
    """A game played away from the writer (a Ray task): what it adds to the database, picklable."""

    game_id: str
    events: list[str] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    answers: list[AnswerRow] = field(default_factory=list)
    beliefs: list[BeliefRow] = field(default_factory=list)
    links: list[tuple[list[int], int]] = field(default_factory=list)
    """Links of calls stored before the task (a resumed game's), for the driver to write."""
    controls: list[tuple[int, int, str, str]] = field(default_factory=list)
    """Seats handed to their stand-in by a cap: (seat, at_seq, controller, reason), ``seat_control`` rows."""
    winners: list[str] = field(default_factory=list)
    days: int = 0

    # -- the journal's sink: rows kept in memory ---------------------------------------------------

    def append(self, game_id: str, events: Iterable[Event]) -> None:
        self.events.extend(to_json(e) for e in events)

    def append_calls(self, game_id: str, calls: Iterable[CallRecord]) -> None:
        self.calls.extend(calls)

    def append_answers(self, game_id: str, answers: Iterable[AnswerRow]) -> None:
        self.answers.extend(answers)

    def append_beliefs(self, game_id: str, beliefs: Iterable[BeliefRow]) -> None:
        self.beliefs.extend(beliefs)

    def link_calls(self, game_id: str, call_ids: Sequence[int], event_seq: int) -> None:
        ids = set(call_ids)
        here = {c.call_id for c in self.calls}
        self.calls = [replace(c, event_seq=event_seq) if c.call_id in ids else c for c in self.calls]
        if ids - here:
            self.links.append((sorted(ids - here), event_seq))

    def flush(self, game_id: str | None = None) -> int:
        return 0

    def record_control(self, game_id: str, seat: int, at_seq: int, controller: str, reason: str) -> None:
        self.controls.append((seat, at_seq, controller, reason))


Control = Callable[[int, int, str, str], None]
"""Where a cap's hand-over goes: (seat, at_seq, controller, reason)."""


def header_of(spec: GameSpec, game: Game) -> GameHeader:
    """A new tournament game's header: its seats and the runner's policy, belief checkpoints included."""
    runner = {**RunnerConfig().record(), "beliefs_at": list(spec.beliefs_at)}
    return GameHeader.from_events(game.events, list(spec.configs), runner)


async def play_spec(spec: GameSpec, journal: WriterJournal, stored: StoredGame | None, game: Game,
                    pool: ClientPool | None = None, control: Control | None = None) -> Game:
    """Play ``spec`` to its end from ``game`` (new, or the start of a stored one that ``stored`` replays);
    ``control`` records each seat a cap hands to its stand-in (``seat_control``)."""
    ruleset = get_ruleset(spec.ruleset)
    seats = plan_from_configs([dict(c) for c in spec.configs], seed=spec.seed, pool=pool)
    if control is not None:
        attach_control(seats.agents, lambda seat, controller, reason: control(seat, len(game.events), controller,
                                                                              reason))
    if stored is not None:
        replay_pools(seats, stored)
    checkpoints = [BeliefCheckpoints(ruleset, seats.agents, journal.beliefs, spec.beliefs_at, journal.calls)
                   ] if spec.beliefs_at else []
    runner = GameRunner(game, seats.agents, checkpoints=list(checkpoints), journal=journal, replay=stored)
    try:
        await runner.run()
    finally:
        if pool is None:
            await seats.aclose()
    return game


def open_game(spec: GameSpec, writer: TranscriptWriter, stored: str | None
              ) -> tuple[Game, StoredGame | None, StoredGame | None, int]:
    """Open the game in the writer, new (``stored`` None) or resumed: the game to play from, the stored
    part to replay (None for a new game or a folded old one), what the journal checks against, and
    the next call id."""
    writer.place(spec.tournament, spec.game_id, spec.ruleset, spec.deal, spec.rotation, spec.seed)
    if stored is None:
        game = get_ruleset(spec.ruleset).new_game(spec.seed)
        writer.begin_game(header_of(spec, game), spec.game_id)
        return game, None, None, 0
    con = writer.cursor()
    try:
        row, saved, _ = load_stored(con, spec.game_id)
    finally:
        con.close()
    writer.resume(spec.game_id)
    game, exact = starting_game(row, saved)
    return game, saved if exact else None, saved if exact else StoredGame(spec.game_id, saved.events), \
        saved.next_call()


async def play_into_writer(spec: GameSpec, writer: TranscriptWriter, stored: str | None,
                           pool: ClientPool | None = None) -> Game:
    """The local backend: begin (or resume) the game in the writer, record it live, finish it."""
    game, replay, checked, first_call = open_game(spec, writer, stored)
    journal = WriterJournal(writer, spec.game_id, first_call=first_call, stored=checked,
                            answers=checked is None or replay is not None)
    await play_spec(spec, journal, replay, game, pool,
                    lambda *row: writer.record_control(spec.game_id, *row))
    writer.flush(spec.game_id)
    writer.finish(spec.game_id, game.winners, game.state.day, final_seats(game.events, list(spec.configs)))
    return game


async def play_detached(spec: GameSpec, stored: StoredGame | None, first_call: int = 0, *,
                        fold: bool = False) -> GameResult:
    """A game played with no writer at hand (a Ray task): everything it adds, in a ``GameResult``.
    ``stored``: what the database holds of a game cut short, replayed (or, ``fold``, a game stored
    before answers were: folded from its events)."""
    result = GameResult(spec.game_id)
    ruleset = get_ruleset(spec.ruleset)
    game = Game.replay(ruleset, stored.events) if fold and stored is not None else ruleset.new_game(spec.seed)
    journal = WriterJournal(result, spec.game_id, first_call=first_call, stored=stored, answers=not fold)
    await play_spec(spec, journal, None if fold else stored, game,
                    control=lambda *row: result.record_control(spec.game_id, *row))
    result.winners, result.days = list(game.winners), game.state.day
    return result


def store_result(spec: GameSpec, writer: TranscriptWriter, stored: str | None, result: GameResult) -> None:
    """Write a detached game's result through the one writer (begun or resumed here, then finished)."""
    _, _, saved, _ = open_game(spec, writer, stored)
    prefix = saved.events if saved is not None else []
    new = [from_json(e) for e in result.events]
    writer.append(spec.game_id, new)
    writer.append_calls(spec.game_id, result.calls)
    writer.append_answers(spec.game_id, result.answers)
    writer.append_beliefs(spec.game_id, result.beliefs)
    for ids, seq in result.links:
        writer.link_calls(spec.game_id, ids, seq)
    for control in result.controls:
        writer.record_control(spec.game_id, *control)
    writer.finish(spec.game_id, result.winners, result.days, final_seats([*prefix, *new], list(spec.configs)))
