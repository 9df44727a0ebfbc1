"""Outcomes: who won, per model and side, over finished games.

A seat wins when its faction at the end is among the game's winners. ``win_rate`` is given per side
and over all sides (with Wilson intervals: each seat-game is a trial); ``balanced_win_rate`` is the
mean of a model's per-side win rates, so drawing the stronger side often is not counted as skill.
Games that did not finish (aborted, still running) have no outcome and add nothing.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import GameFacts


class OutcomeEvaluator:
    name = "outcomes"
    version = "1"
    metrics = (
        Metric("win_rate", "ratio", "seat-games", "share of seat-games won", binomial=True),
        Metric("balanced_win_rate", "balanced", "seat-games", "mean over sides of the side's win rate"),
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
