"""Votes as inference: do a side's votes hit the other side, and do seats vote as they believe?

* ``vote_precision``: the share of a side's votes (abstentions aside) cast on a seat of another
  faction, factions taken at the moment of the vote;
* ``vote_belief_consistency``: the share of votes cast on the voter's own top suspect — the living
  target to which its latest earlier report gave the least probability of being on its side (ties:
  any of them). Votes with no earlier report are left out, and the basis counts those kept;
* ``first_day_hit_rate``: vote precision on the first day on which anyone voted.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import GameFacts, Report, Vote


class VoteEvaluator:
    name = "votes"
    version = "1"
    metrics = (
        Metric("vote_precision", "ratio", "votes", "share of votes cast on another faction", binomial=True),
        Metric("vote_belief_consistency", "ratio", "votes", "share of votes on one's own top suspect", binomial=True),
        Metric("first_day_hit_rate", "ratio", "votes", "vote precision on the first voting day", binomial=True),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        out: list[Obs] = []
        first_day = min((v.day for v in game.votes), default=None)
        for vote in game.votes:
            voter, target = game.truth.faction(vote.voter, vote.seq), game.truth.faction(vote.target, vote.seq)
            label = game.labels.get(vote.voter)
            if voter is None or target is None or label is None:
                continue
            hit = 1.0 if target != voter else 0.0
            out.append(Obs(game.game_id, "vote_precision", label, voter, hit, 1.0))
            if vote.day == first_day:
                out.append(Obs(game.game_id, "first_day_hit_rate", label, voter, hit, 1.0))
            top = top_suspects(game, vote, voter)
            if top is not None:
                out.append(Obs(game.game_id, "vote_belief_consistency", label, voter,
                               1.0 if vote.target in top else 0.0, 1.0))
        return out


def latest_report(game: GameFacts, seat: int, before: int) -> Report | None:
    found = [r for r in game.reports if r.seat == seat and r.checkpoint < before]
    return max(found, key=lambda r: r.checkpoint) if found else None


def top_suspects(game: GameFacts, vote: Vote, own: str) -> set[int] | None:
    """The living targets the voter's latest report trusted least; None without a usable report."""
    report = latest_report(game, vote.voter, vote.seq)
    if report is None:
        return None
    trust = {t: p.get(own, 0.0) for t, p in report.probs.items() if game.alive_at(t, vote.seq)}
    if not trust:
        return None
    least = min(trust.values())
    return {t for t, p in trust.items() if p == least}
