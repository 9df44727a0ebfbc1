"""Inference: how well each seat's reported beliefs match the truth at the moment it reported them.

Per report (one seat at one checkpoint) and target (another living seat): the Brier score of its
distribution over factions, the log loss of the true faction (probabilities clipped at ``EPS``), and
the same two for a prior that knows only the roster and the seat's own faction; the skill is
``1 - score / prior score`` over all of a model's reports (0: no better than the roster, 1: perfect).
AUROC, per report: how well the seat ranks its opponents (targets of another faction) above its
own side by ``1 - P(own faction)``; a report whose targets are all of one kind has none.
"""

from __future__ import annotations

import math

from evals.base import Metric, Obs, brier
from evals.facts import GameFacts, Report

EPS = 1e-3
"""Probabilities are clipped here before the log: one confident mistake costs at most ln(1000)."""


class InferenceEvaluator:
    name = "inference"
    version = "1"
    metrics = (
        Metric("brier", "ratio", "targets", "mean multi-class Brier score of beliefs vs truth", higher_is_better=False),
        Metric("log_loss", "ratio", "targets", "mean -ln P(true faction)", higher_is_better=False),
        Metric("brier_skill", "skill", "targets", "1 - Brier / Brier of the roster prior"),
        Metric("log_loss_skill", "skill", "targets", "1 - log loss / log loss of the roster prior"),
        Metric("auroc", "ratio", "reports", "AUROC of P(not my side) for opponents vs own side, per report"),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        out: list[Obs] = []
        for report in game.reports:
            out += self.report(game, report)
        return out

    def report(self, game: GameFacts, report: Report) -> list[Obs]:
        """The observations of one report (none when the truth of its seat is unknown)."""
        own = game.truth.faction(report.seat, report.checkpoint)
        label = game.labels.get(report.seat)
        if own is None or label is None:
            return []
        prior = game.truth.prior(own)
        sums = {"brier": 0.0, "log_loss": 0.0, "prior_brier": 0.0, "prior_log_loss": 0.0}
        scored: list[tuple[float, bool]] = []
        for target, probs in report.probs.items():
            truth = game.truth.faction(target, report.checkpoint)
            if truth is None:
                continue
            sums["brier"] += brier(probs, truth)
            sums["prior_brier"] += brier(prior, truth)
            sums["log_loss"] += log_loss(probs, truth)
            sums["prior_log_loss"] += log_loss(prior, truth)
            scored.append((1.0 - probs.get(own, 0.0), truth != own))
        if not scored:
            return []
        n = float(len(scored))

        def obs(metric: str, num: float, den: float) -> Obs:
            return Obs(game.game_id, metric, label, own, num, den, n)

        out = [obs("brier", sums["brier"], n), obs("log_loss", sums["log_loss"], n),
               obs("brier_skill", sums["brier"], sums["prior_brier"]),
               obs("log_loss_skill", sums["log_loss"], sums["prior_log_loss"])]
        area = auroc(scored)
        if area is not None:
            out.append(Obs(game.game_id, "auroc", label, own, area, 1.0))
        return out


def log_loss(probs: dict[str, float], truth: str) -> float:
    return -math.log(min(max(probs.get(truth, 0.0), EPS), 1.0))


def auroc(scored: list[tuple[float, bool]]) -> float | None:
    """Probability that a random positive outscores a random negative (ties count half)."""
    pos = [s for s, y in scored if y]
    neg = [s for s, y in scored if not y]
    if not pos or not neg:
        return None
    wins = sum(1.0 if p > q else 0.5 if p == q else 0.0 for p in pos for q in neg)
    return wins / (len(pos) * len(neg))
