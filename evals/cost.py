"""Cost: tokens and latency of the model calls, per decision and per game.

Only seats that called a model add observations; tokens are the counted prompt + completion tokens
of each call (calls whose tokens are unknown count in the latency figures only when timed). The
belief questions (``purpose = "beliefs"``) are the evaluation's, not the play's: they are not
decisions and count nowhere here, as in ``quality``.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import GameFacts


class CostEvaluator:
    name = "cost"
    version = "2"
    """2: belief questions no longer counted as decisions' calls."""
    metrics = (
        Metric("tokens_per_decision", "ratio", "decisions", "prompt + completion tokens per decision",
               higher_is_better=False),
        Metric("latency_ms_per_decision", "ratio", "decisions", "model latency (ms) per decision",
               higher_is_better=False),
        Metric("tokens_per_game", "ratio", "games", "tokens a model spent in a game (all its seats)",
               higher_is_better=False),
        Metric("calls_per_game", "ratio", "games", "model calls in a game (all its seats)", higher_is_better=False),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        out: list[Obs] = []
        per_label: dict[str, tuple[float, float]] = {}
        for seat, label in game.labels.items():
            calls = [c for c in game.calls if c.seat == seat and c.purpose != "beliefs"]
            if not calls:
                continue
            side = game.truth.faction(seat) or "?"
            tokens = float(sum(c.tokens or 0 for c in calls))
            decisions = float(game.decisions[seat])
            if decisions:
                out.append(Obs(game.game_id, "tokens_per_decision", label, side, tokens, decisions))
                latency = sum(c.latency_ms or 0.0 for c in calls)
                out.append(Obs(game.game_id, "latency_ms_per_decision", label, side, latency, decisions))
            spent, count = per_label.get(label, (0.0, 0.0))
            per_label[label] = (spent + tokens, count + len(calls))
        for label, (spent, count) in per_label.items():
            out.append(Obs(game.game_id, "tokens_per_game", label, "*", spent, 1.0))
            out.append(Obs(game.game_id, "calls_per_game", label, "*", count, 1.0))
        return out
