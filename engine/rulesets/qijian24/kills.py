"""The kill list of a night (spec §3.2 R4): parties, voided kills, 杀手团↔独杀, mutual cancellation.

Pure: the night's kill actions in, the kills that stand out. A *party* is the 杀手团 as one, or a
single killer (独杀, 由龙, 舍神, the mage); its members are the seats a kill on it counts against.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Kill:
    """One party's kill tonight: which skill, who acted, the party's members, the target."""

    party: str
    skill: str
    actor: int
    members: frozenset[int]
    target: int


def between_killers(kill: Kill, team: frozenset[int], lone: frozenset[int]) -> bool:
    """A 杀手团 kill on the 独杀, or a 独杀 kill on a 杀手团 member: it does nothing (C-10)."""
    return (kill.party == "team" and kill.target in lone) or (kill.party == "lone" and kill.target in team)


def mutual(kills: list[Kill]) -> set[str]:
    """Parties whose kill targets a member of a party whose kill targets one of theirs (C-09)."""
    cancelled: set[str] = set()
    for a in kills:
        for b in kills:
            if a.party != b.party and a.target in b.members and b.target in a.members:
                cancelled |= {a.party, b.party}
    return cancelled


def standing(kills: list[Kill], team: frozenset[int], lone: frozenset[int],
             cancel_mutual: bool = True, both_ways: bool = True) -> tuple[list[Kill], dict[str, str]]:
    """The kills that stand, and why each other one does not (``no_effect`` or ``cancelled``).

    ``both_ways`` (C-10): a kill between the 杀手团 and the 独杀 does nothing even when the other does
    not aim back; without it, only a pair aimed at each other does nothing."""
    why: dict[str, str] = {}
    live = []
    between = [k for k in kills if between_killers(k, team, lone)]
    for kill in kills:
        if kill in between and (both_ways or len({k.party for k in between}) == 2):
            why[kill.party] = "no_effect"
        else:
            live.append(kill)
    if cancel_mutual:
        for party in mutual(live):
            why[party] = "cancelled"
        live = [k for k in live if k.party not in why]
    return live, why
