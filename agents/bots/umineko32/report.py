"""The scripted umineko32 bot's beliefs as probabilities: what its heuristics already hold, in numbers.

The bot thinks in colours (黑 = killers and the merged accomplice; 白 = everyone else) and in a
standing suspicion per seat (``beliefs``). A report turns that into a distribution over the
factions black / white / witch, for each other living seat:

* a seat in one of my teams (killers' chat, detectives' chat, witches' chat) is of that team's
  faction with probability ``TEAM``;
* a colour I know for certain, or believe from trusted claims, sets P(black) to ``CERTAIN_BLACK`` /
  ``BELIEVED_BLACK`` (黑) or ``CERTAIN_WHITE`` / ``BELIEVED_WHITE`` (白);
* otherwise P(black) starts at the roster prior and moves with the standing suspicion on the
  log-odds scale (``SCALE`` points of suspicion = one unit of log-odds);

and whatever P(black) leaves is shared by the other factions in the roster's proportion. No number
here is 0 or 1: a bot can be wrong about anything it did not see itself.
"""

from __future__ import annotations

import math

from agents.beliefs import BeliefRequest, Report, roster_prior
from agents.bots.umineko32.notes import Notes
from engine.rulesets.umineko32.names import (
    BLACK,
    BLACK_COLOR,
    DETECTIVES,
    KILLERS,
    ROLES,
    WHITE,
    WITCH_SIDE,
    WITCHES,
)

TEAM, CERTAIN_BLACK, BELIEVED_BLACK, CERTAIN_WHITE, BELIEVED_WHITE = 0.98, 0.95, 0.8, 0.03, 0.15
SCALE = 20.0
FLOOR = 0.01
"""The least any faction a seat could still belong to gets (a 平民 may yet become the apprentice)."""
TEAM_FACTION = {KILLERS: BLACK, DETECTIVES: WHITE, WITCHES: WITCH_SIDE}
ROSTER: dict[str, int] = {f: sum(r.count for r in ROLES if r.faction == f) for f in dict.fromkeys(r.faction for r in ROLES)}
"""Seats per faction as dealt (the accomplice and apprentice are made later, from 平民)."""
FACTION_OF_ROLE = {r.id: r.faction for r in ROLES}


def report(notes: Notes, request: BeliefRequest) -> Report:
    """The bot's beliefs about every target of ``request``, from its notes (folded up to the checkpoint)."""
    prior = roster_prior(ROSTER, FACTION_OF_ROLE.get(notes.role))
    teams = {seat: TEAM_FACTION[team] for team, members in notes.teams.items() if team in TEAM_FACTION
             for seat in members if seat != notes.seat}
    colours = notes.colours()
    standing = notes.standing()
    out: Report = {}
    for target in request.targets:
        if target in teams:
            out[target] = spread(teams[target], TEAM, prior)
            continue
        colour = colours.get(target)
        if colour is not None:
            out[target] = with_black(colour_black(*colour), prior)
        else:
            out[target] = with_black(nudged(prior.get(BLACK, 0.0), standing[target]), prior)
    return {t: floored({f: p for f, p in probs.items() if f in request.factions}) for t, probs in out.items()}


def floored(probs: dict[str, float]) -> dict[str, float]:
    """Every faction at least ``FLOOR``, renormalised."""
    lifted = {f: max(p, FLOOR) for f, p in probs.items()}
    total = sum(lifted.values())
    return {f: p / total for f, p in lifted.items()}


def colour_black(colour: str, certain: bool) -> float:
    """P(black) for a seat of a colour known for certain or believed."""
    if colour == BLACK_COLOR:
        return CERTAIN_BLACK if certain else BELIEVED_BLACK
    return CERTAIN_WHITE if certain else BELIEVED_WHITE


def nudged(prior: float, suspicion: float) -> float:
    """The prior moved by suspicion on the log-odds scale."""
    prior = min(max(prior, 1e-3), 1 - 1e-3)
    logit = math.log(prior / (1 - prior)) + suspicion / SCALE
    return 1 / (1 + math.exp(-logit))


def spread(faction: str, p: float, prior: dict[str, float]) -> dict[str, float]:
    """``p`` on ``faction``, the rest shared by the other factions as the prior shares them."""
    rest = {f: q for f, q in prior.items() if f != faction}
    total = sum(rest.values())
    out = {f: (1 - p) * (q / total if total else 1 / max(len(rest), 1)) for f, q in rest.items()}
    out[faction] = p
    return out


def with_black(p_black: float, prior: dict[str, float]) -> dict[str, float]:
    return spread(BLACK, p_black, prior)

