"""majiasha2's part of the observation check: what a seat knows of the 马甲, folded from its own view.

The engine's observation names a seat's chats by 马甲 (``TeamState(layer="majia")``) and says what it
knows of each 马甲 (``LayerEntry``: its mates, its elder, its lover, the downstream list, the seer's
identities); here the same is folded, by other code, from the events the seat is shown (the 马甲
notices as its view has them: lists of 马甲, never a mate's seat), and the two must agree. A seat's own
statuses are the ones it is told (警长 by its own 马甲, 情侣, 罚下), never 濒死 or 癫狂 (D-17).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import events as ev
from engine.observation import Observation
from engine.rulesets.majiasha2.names import FACTION_NAMES, ROLE_NAMES


@dataclass
class Told:
    """What the seat's own events say of the 马甲."""

    majia: int | None = None
    marks: dict[int, set[str]] = field(default_factory=dict)
    roles: dict[int, str] = field(default_factory=dict)
    factions: dict[int, str] = field(default_factory=dict)
    chats: dict[str, set[int]] = field(default_factory=dict)
    gone: set[int] = field(default_factory=set)
    sheriff: int | None = None
    sent_off: bool = False


def fold(events: list[ev.Event], seat: int) -> Told:
    t = Told()
    for e in events:
        if isinstance(e, ev.LayerAssigned) and e.seat == seat:
            t.majia = e.number
        elif isinstance(e, ev.Notice):
            _notice(t, e)
        elif isinstance(e, ev.Feedback) and e.seat == seat:
            _feedback(t, e)
        elif isinstance(e, ev.Dawn | ev.VoteResult | ev.SeatsOut):
            t.gone |= set(e.majia.values())
            t.sent_off |= isinstance(e, ev.SeatsOut) and e.cause == "sent_off" and seat in e.seats
        elif isinstance(e, ev.SheriffChanged):
            t.sheriff = e.majia
    return t


def _mark(t: Told, majia: int, mark: str) -> None:
    t.marks.setdefault(majia, set()).add(mark)


def _notice(t: Told, e: ev.Notice) -> None:
    if e.topic == "majia_team":
        listed = {int(m) for m in e.data["majia"]}
        t.chats[str(e.data["team"])] = listed
        for m in listed:
            _mark(t, m, "mate")
    elif e.topic == "majia_elder":
        _mark(t, int(e.data["majia"]), "elder")
        t.roles[int(e.data["majia"])] = "elder"
    elif e.topic == "majia_lover":
        _mark(t, int(e.data["majia"]), "partner")
        t.chats["lovers"] = {int(e.data["majia"]), t.majia or 0}


def _feedback(t: Told, e: ev.Feedback) -> None:
    if e.skill == "fate" and e.targets:
        for m in e.targets:
            _mark(t, m, "downstream")
            t.factions[m] = e.result
    elif e.skill == "divine":
        role, _, faction = e.result.partition("/")
        t.roles[e.targets[0]] = ROLE_NAMES.id(role)
        if faction:
            t.factions[e.targets[0]] = FACTION_NAMES.id(faction)


def mismatches(obs: Observation, events: list[ev.Event], seat: int) -> list[str]:
    """Where the observation's 马甲 knowledge, chats and own statuses differ from the seat's own events."""
    t, bad = fold(events, seat), []
    for entry in obs.layer_names:
        marks = t.marks.get(entry.number, set()) | ({"self"} if entry.number == t.majia else set())
        if set(entry.statuses) != marks:
            bad.append(f"majia {entry.number}: statuses {entry.statuses} != told {sorted(marks)}")
        if (entry.role, entry.faction) != (t.roles.get(entry.number), t.factions.get(entry.number)):
            bad.append(f"majia {entry.number}: {(entry.role, entry.faction)} not what it was told")
    for team in obs.teams:
        if team.layer != "majia" or set(team.members) != t.chats.get(team.team, set()) - t.gone:
            bad.append(f"chat {team.team}: members {team.members} != told {sorted(t.chats.get(team.team, set()))}")
    own = {"sheriff"} if t.sheriff is not None and t.sheriff == t.majia else set()
    own |= {"lover"} if "lovers" in t.chats else set()
    own |= {"sent_off"} if t.sent_off else set()
    if set(obs.statuses) != own:
        bad.append(f"own statuses {obs.statuses} != told {sorted(own)}")
    return bad
