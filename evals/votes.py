"""Votes as inference: do a side's ballots hit the other side, and do seats vote as they believe?

Only public ballots count (a team chat's election is not a vote on the thread), and a ballot
naming a 马甲 is scored against the seat behind it.

* ``vote_precision``: the share of a side's ballots (abstentions aside) cast on a seat of another
  faction, factions taken at the moment of the ballot;
* ``vote_belief_consistency``: whether a ballot goes to the voter's own top suspect — the living
  target(s) to which its latest earlier report gave the least probability of being on its side.
  Ties share the credit: a ballot on one of k tied top suspects scores 1/k, so a flat (know-nothing)
  report scores what a random ballot would (version 1 counted any tied target as a hit, and flat
  beliefs scored 0.94). Ballots with no earlier report are left out, and the basis counts those kept;
* ``first_day_hit_rate``: vote precision on the first day on which anyone voted.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import GameFacts, Report, Vote


class VoteEvaluator:
    name = "votes"
    version = "2"
    """2: ties in vote_belief_consistency share the credit (1/k); public ballots only."""
    metrics = (
        Metric("vote_precision", "ratio", "votes", "share of public ballots cast on a seat of another faction",
               "投票命中率", "公开投票中投向其他阵营席位的比例", "票", binomial=True),
        Metric("vote_belief_consistency", "ratio", "votes", "per ballot after a belief report: 1/k if it names one "
               "of the k living targets the voter's latest report trusted least, else 0", "投票与信念一致度",
               "有信念报告之后的每张票：若投给最近一次报告中最不信任的 k 个存活目标之一记 1/k，否则记 0", "票"),
        Metric("first_day_hit_rate", "ratio", "votes", "vote precision on the first day anyone voted",
               "首日投票命中率", "首个投票日的投票命中率", "票", binomial=True),
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
                               1.0 / len(top) if vote.target in top else 0.0, 1.0))
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
    return {t for t, p in trust.items() if p <= least + 1e-12}
