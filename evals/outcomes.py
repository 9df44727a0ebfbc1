"""Outcomes: who won, per model and side, over finished games.

A seat wins when its faction at the end is among the game's winners. ``win_rate`` is given per rule
set and side and pooled beside; its interval is the bootstrap over games (``evals.clustered``): all
seats of a side share one outcome, so a seat-game is not an independent trial and no per-seat
(Wilson) interval is given. ``balanced_win_rate`` is the mean of a model's per-side win rates, so
drawing the stronger side often is not counted as skill. Games that did not finish (aborted, still
running) have no outcome and add nothing.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import GameFacts


class OutcomeEvaluator:
    name = "outcomes"
    version = "2"
    """2: intervals clustered by game only (the per-seat Wilson interval is gone), rows per rule set."""
    metrics = (
        Metric("win_rate", "ratio", "seat-games", "share of a model's seat-games (seats it held in finished games) "
               "whose faction was among the winners", "胜率", "模型所坐席位中（已结束的对局），其阵营获胜的比例",
               "席位局", binomial=True),
        Metric("balanced_win_rate", "balanced", "seat-games", "mean over the sides of a rule set of the model's win "
               "rate on that side (over rule sets: the mean of those)", "阵营均衡胜率",
               "模型在各阵营胜率的平均（跨规则集时再取各规则集的平均）：多抽到强势阵营不算本事", "席位局"),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        if not game.finished or game.winners is None:
            return []
        out = []
        for seat, label in game.labels.items():
            side = game.truth.faction(seat)
            if side is None:
                continue
            won = 1.0 if side in game.winners else 0.0
            out.append(Obs(game.game_id, "win_rate", label, side, won, 1.0))
            out.append(Obs(game.game_id, "balanced_win_rate", label, side, won, 1.0))
        return out
