"""A tiny fixed transcript for the evaluators' hand-computed tests (4 seats, 2 days).

Seats: 1 white (label A), 2 white (B), 3 black (A), 4 witch (B). Day 1: seat 1 posts once and has
one post withheld over budget; seat 2 times out once; votes 3→2, 1→2, 2→3, 4 abstains; 2 dies.
Checkpoint at seq 15 (NIGHTFALL): seat 1 and seat 3 report. Day 2: votes 1→3, 4→3, 3→1; 3 dies;
white wins. Seat 4 made two model calls for decisions (one unusable) and one belief question (which
no decision figure counts). ``cut`` stores only the first events as a second, unfinished game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import events as ev
from transcripts.beliefs import BeliefRow
from transcripts.records import CallRecord, GameHeader, SeatRecord
from transcripts.writer import TranscriptWriter

LABELS = {1: "A", 2: "B", 3: "A", 4: "B"}
FACTIONS = {1: "white", 2: "white", 3: "black", 4: "witch"}
CHECKPOINT = 15
REPORTS = {
    1: {3: {"black": 0.5, "white": 0.5, "witch": 0.0}, 4: {"black": 0.0, "white": 1.0, "witch": 0.0}},
    3: {1: {"white": 1.0}, 4: {"white": 0.5, "witch": 0.5}},
}


def _events() -> list[ev.Event]:
    out: list[ev.Event] = []

    def add(cls: type[Any], day: int, phase: str, vis: str = "public", **fields: Any) -> None:
        out.append(cls(seq=len(out), day=day, phase=phase, vis=vis, **fields))

    add(ev.GameCreated, 0, "SETUP", ruleset="tiny", version="1", seed=0, seats=4)
    add(ev.AliasesAssigned, 0, "SETUP", aliases={1: "a", 2: "b", 3: "c", 4: "d"})
    for seat, faction in FACTIONS.items():
        add(ev.RoleDealt, 0, "SETUP", f"seat:{seat}", seat=seat, role=faction, faction=faction)
    add(ev.PhaseBegan, 1, "DAY", name="DAY", number=1)
    add(ev.Posted, 1, "DAY", seat=1, text="hello", floor=1)
    add(ev.PostWithheld, 1, "DAY", "seat:1", seat=1, text="too long", reason="blue_overflow")
    add(ev.Passed, 1, "DAY", "seat:2", seat=2, fallback=True, reason="player failed: TimeoutError: slow")
    for voter, target in ((3, 2), (1, 2), (2, 3), (4, None)):
        add(ev.VoteCast, 1, "VOTE", seat=voter, target=target)
    add(ev.Died, 1, "VOTE_RESOLUTION", "judge", seat=2, cause="vote")
    add(ev.PhaseBegan, 1, "NIGHTFALL", name="NIGHTFALL", number=1)
    for voter, target in ((1, 3), (4, 3), (3, 1)):
        add(ev.VoteCast, 2, "VOTE", seat=voter, target=target)
    add(ev.Died, 2, "VOTE_RESOLUTION", "judge", seat=3, cause="vote")
    add(ev.GameEnded, 2, "VOTE_RESOLUTION", winners=["white"])
    assert out[CHECKPOINT].kind == "phase_began"
    return out


def beliefs() -> list[BeliefRow]:
    return [BeliefRow(CHECKPOINT, 1, "NIGHTFALL", seat, target, "", faction, p, "scripted")
            for seat, report in REPORTS.items() for target, probs in report.items() for faction, p in probs.items()]


def write_tiny(db: Path, *, cut: int = 12) -> TranscriptWriter:
    """Write the finished game ``tiny`` and the unfinished ``tiny-cut`` (its first ``cut`` events)."""
    events = _events()
    configs = [{"seat": s, "kind": "llm" if s == 4 else "scripted", "label": label} for s, label in LABELS.items()]
    writer = TranscriptWriter(db)
    gid = writer.begin_game(GameHeader.from_events(events, configs), "tiny")
    writer.append(gid, events)
    writer.append_beliefs(gid, beliefs())
    writer.append_calls(gid, [
        CallRecord(call_id=0, seat=4, tokens_in=100, tokens_out=20, latency_ms=200.0),
        CallRecord(call_id=1, seat=4, tokens_in=50, tokens_out=10, latency_ms=400.0, error="not a tool call"),
        CallRecord(call_id=2, seat=4, tokens_in=900, tokens_out=90, latency_ms=900.0,
                response={"x_arena": {"purpose": "beliefs"}}),
    ])
    seats = [SeatRecord(s, role=f, faction=f, player=configs[s - 1]) for s, f in FACTIONS.items()]
    writer.finish(gid, ["white"], 2, seats)
    short = writer.begin_game(GameHeader.from_events(events, configs), "tiny-cut")
    writer.append(short, events[:cut])
    writer.flush(short)
    return writer
