"""Inference: how well each seat's reported beliefs match the truth at the moment it reported them.

Per report (one seat at one checkpoint) and target (another living seat): the Brier score of its
distribution over factions and the log loss of the true faction (probabilities clipped at
``EPS``), against two baselines (``evals.knowledge``):

* the *knowledge* prior — the deal conditioned on exactly what the seat's role told it (its team
  chats' members, its own skills' results, its own dealt card): the headline, ``brier_skill`` and
  ``log_loss_skill``, ``1 - score / prior's score`` over all of a model's reports (0: it knows no
  more than its role told it; below 0: it knows less);
* the *roster* prior — the dealt roster minus the seat's own dealt card: ``brier_skill_roster`` and
  ``log_loss_skill_roster``, which also credit what the role handed over (a killer's mates).

AUROC, per report: how well the seat ranks its opponents (targets of another faction) above its
own side by ``1 - P(own faction)``; a report whose targets are all of one kind has none.

Every figure is split by the reporter's side (its faction at the checkpoint); pooled rows beside.
"""

from __future__ import annotations

import math

from evals.base import Metric, Obs, brier
from evals.facts import GameFacts, Report
from evals.knowledge import knowledge, roster

EPS = 1e-3
"""Probabilities are clipped here before the log: one confident mistake costs at most ln(1000)."""


class InferenceEvaluator:
    name = "inference"
    version = "2"
    """2: skill against the knowledge-aware prior (headline) and the roster prior of the *dealt* card."""
    metrics = (
        Metric("brier", "ratio", "targets", "mean multi-class Brier score of a report's distribution over "
               "factions against the target's faction at the checkpoint (0 perfect, 2 worst)", "Brier 分数",
               "信念报告对各阵营的概率与目标当时真实阵营的多类 Brier 分数均值（0 最好，2 最差）", "目标",
               higher_is_better=False),
        Metric("log_loss", "ratio", "targets", "mean -ln P(true faction), P clipped at 0.001", "对数损失",
               "真实阵营概率的负对数均值（概率下限 0.001）", "目标", higher_is_better=False),
        Metric("brier_skill", "skill", "targets", "1 - Brier / Brier of the knowledge prior (the deal given exactly "
               "what the seat's role told it: its chats, its results, its card); the headline", "Brier 技能分（知情基线）",
               "1 − Brier ÷ 知情先验的 Brier（知情先验：只凭身份告诉该席位的信息——同伴、技能结果、自己的牌——推出的发牌后验）；主指标",
               "目标"),
        Metric("log_loss_skill", "skill", "targets", "1 - log loss / log loss of the knowledge prior",
               "对数损失技能分（知情基线）", "1 − 对数损失 ÷ 知情先验的对数损失", "目标"),
        Metric("brier_skill_roster", "skill", "targets", "1 - Brier / Brier of the roster prior (the dealt roster "
               "minus the seat's own dealt card; credits what the role handed over)", "Brier 技能分（名单基线）",
               "1 − Brier ÷ 名单先验的 Brier（名单先验：发牌名单减去自己发到的牌；身份给的信息也算进技能）", "目标"),
        Metric("log_loss_skill_roster", "skill", "targets", "1 - log loss / log loss of the roster prior",
               "对数损失技能分（名单基线）", "1 − 对数损失 ÷ 名单先验的对数损失", "目标"),
        Metric("auroc", "ratio", "reports", "per report, the probability that an opponent gets a higher "
               "1 - P(own faction) than a same-side seat (ties half)", "AUROC",
               "每份报告中，对手的“非己方”概率高于同阵营席位的概率（平局记半）", "报告"),
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
        told, dealt = knowledge(game, report.seat, report.checkpoint), roster(game, report.seat)
        sums = dict.fromkeys(("brier", "log_loss", "k_brier", "k_log_loss", "r_brier", "r_log_loss"), 0.0)
        scored: list[tuple[float, bool]] = []
        for target, probs in report.probs.items():
            truth = game.truth.faction(target, report.checkpoint)
            if truth is None:
                continue
            for prefix, dist in (("", probs), ("k_", told.of(target)), ("r_", dealt.of(target))):
                sums[prefix + "brier"] += brier(dist, truth)
                sums[prefix + "log_loss"] += log_loss(dist, truth)
            scored.append((1.0 - probs.get(own, 0.0), truth != own))
        if not scored:
            return []
        n = float(len(scored))

        def obs(metric: str, num: float, den: float) -> Obs:
            return Obs(game.game_id, metric, label, own, num, den, n)

        out = [obs("brier", sums["brier"], n), obs("log_loss", sums["log_loss"], n),
               obs("brier_skill", sums["brier"], sums["k_brier"]),
               obs("log_loss_skill", sums["log_loss"], sums["k_log_loss"]),
               obs("brier_skill_roster", sums["brier"], sums["r_brier"]),
               obs("log_loss_skill_roster", sums["log_loss"], sums["r_log_loss"])]
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
