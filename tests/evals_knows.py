"""A small fixed transcript for what a seat knows, converted seats, ties and vote stages (7 seats).

Deal: seats 1-4 白 (平民, ``commoner``), 5 and 6 黑 (``killer``, a team chat of the two), 7 the witch.
Labels: 1 A, 2 B, 3 A, 4 B, 5 A, 6 B, 7 A. On day 1 seat 3 is converted into the witch's side
(``apprentice``) while the witch (7) lives. Checkpoint at seq ``CHECKPOINT`` (NIGHTFALL of day 1):

* seat 5 (黑) reports exactly what its role told it: its mate 6 黑, every other seat 白 0.8 / witch 0.2;
* seat 1 (白) reports flat beliefs (a third per faction on every seat);
* seat 2 (白) reports on the deceivers (5, 6, 7) and the rest.

Day 2 has two vote stages: stage 1 ``VOTE``: 5→2, 6→2 (deceivers on a white), then 1→2 (a white on
a white); stage 2 ``VOTE2``: 4→2. Seat 2 is voted out in stage 2; white wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import events as ev
from transcripts.beliefs import BeliefRow
from transcripts.records import GameHeader, SeatRecord
from transcripts.writer import TranscriptWriter

LABELS = {1: "A", 2: "B", 3: "A", 4: "B", 5: "A", 6: "B", 7: "A"}
DEALT = {1: ("commoner", "white"), 2: ("commoner", "white"), 3: ("commoner", "white"), 4: ("commoner", "white"),
         5: ("killer", "black"), 6: ("killer", "black"), 7: ("witch", "witch")}
FLAT = {"white": 1 / 3, "black": 1 / 3, "witch": 1 / 3}
TOLD = {"white": 0.8, "witch": 0.2}
REPORTS: dict[int, dict[int, dict[str, float]]] = {
    5: {1: TOLD, 2: TOLD, 3: TOLD, 4: TOLD, 6: {"black": 1.0}, 7: TOLD},
    1: {t: FLAT for t in (2, 3, 4, 5, 6, 7)},
    2: {1: {"white": 1.0}, 3: {"white": 1.0}, 4: {"white": 1.0}, 5: {"black": 0.9, "white": 0.1},
        6: {"white": 0.9, "black": 0.1}, 7: {"witch": 0.5, "white": 0.5}},
}


def events() -> list[ev.Event]:
    out: list[ev.Event] = []

    def add(cls: type[Any], day: int, phase: str, vis: str = "public", **fields: Any) -> None:
        out.append(cls(seq=len(out), day=day, phase=phase, vis=vis, **fields))

    add(ev.GameCreated, 0, "SETUP", ruleset="tiny", version="1", seed=3, seats=7)
    add(ev.AliasesAssigned, 0, "SETUP", aliases={s: f"a{s}" for s in LABELS})
    for seat, (role, faction) in DEALT.items():
        add(ev.RoleDealt, 0, "SETUP", f"seat:{seat}", seat=seat, role=role, faction=faction)
    add(ev.TeamFormed, 0, "SETUP", "team:killers", to=(5, 6), team="killers", members=[5, 6])
    add(ev.PhaseBegan, 1, "DAY", name="DAY", number=1)
    add(ev.RoleChanged, 1, "DAY", "seat:3", seat=3, role="apprentice", faction="witch")
    add(ev.PhaseBegan, 1, "NIGHTFALL", name="NIGHTFALL", number=1)
    add(ev.PhaseBegan, 2, "VOTE", name="VOTE", number=2)
    for voter in (5, 6, 1):
        add(ev.VoteCast, 2, "VOTE", seat=voter, target=2)
    add(ev.PhaseBegan, 2, "VOTE2", name="VOTE2", number=2)
    add(ev.VoteCast, 2, "VOTE2", seat=4, target=2)
    add(ev.Died, 2, "VOTE2", "judge", seat=2, cause="vote")
    add(ev.GameEnded, 2, "VOTE2", winners=["white"])
    return out


CHECKPOINT = next(e.seq for e in events() if e.kind == "phase_began" and e.name == "NIGHTFALL")  # type: ignore[attr-defined]


def beliefs(seats: tuple[int, ...] = (5, 1, 2)) -> list[BeliefRow]:
    return [BeliefRow(CHECKPOINT, 1, "NIGHTFALL", seat, target, "", faction, p, "scripted")
            for seat in seats for target, probs in REPORTS[seat].items() for faction, p in probs.items()]


def write_knows(db: Path, *, game_id: str = "knows", reporters: tuple[int, ...] = (5, 1, 2)) -> None:
    """Write the finished game (its belief reports by ``reporters``) into ``db``."""
    stream = events()
    configs = [{"seat": s, "kind": "scripted", "label": label} for s, label in LABELS.items()]
    with TranscriptWriter(db) as writer:
        gid = writer.begin_game(GameHeader.from_events(stream, configs), game_id)
        writer.append(gid, stream)
        writer.append_beliefs(gid, beliefs(reporters))
        final = {**{s: f for s, (_, f) in DEALT.items()}, 3: "witch"}
        seats = [SeatRecord(s, role=DEALT[s][0], faction=final[s], player=configs[s - 1]) for s in LABELS]
        writer.finish(gid, ["white"], 2, seats)
