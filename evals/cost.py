"""Cost: tokens, latency and money of the model calls, per decision and per game.

Only seats that called a model add observations; tokens are the counted prompt + completion tokens
of each call (calls whose tokens are unknown count in the latency figures only when timed). The
belief and persuasion questions (``purpose`` ``beliefs``, ``persuasion``) are the evaluation's, not the play's: they are not
decisions and count nowhere here, as in ``quality``. Money is each call's ``cost_usd``, computed
when it was made from the endpoint's prices (stored with it): ``usd_per_game`` sums a model's priced
calls in a game, and a game with no priced call of that model (a local server, an old file) adds no
observation rather than a zero.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import EVALUATION_PURPOSES, GameFacts


class CostEvaluator:
    name = "cost"
    version = "3"
    """2: belief questions no longer counted as decisions' calls. 3: ``usd_per_game``."""
    metrics = (
        Metric("tokens_per_decision", "ratio", "decisions", "prompt + completion tokens per decision",
               higher_is_better=False),
        Metric("latency_ms_per_decision", "ratio", "decisions", "model latency (ms) per decision",
               higher_is_better=False),
        Metric("tokens_per_game", "ratio", "games", "tokens a model spent in a game (all its seats)",
               higher_is_better=False),
        Metric("calls_per_game", "ratio", "games", "model calls in a game (all its seats)", higher_is_better=False),
        Metric("usd_per_game", "ratio", "games", "billed cost (USD) of a model's calls in a game, at the stored prices",
               higher_is_better=False),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        out: list[Obs] = []
        per_label: dict[str, tuple[float, float]] = {}
        money: dict[str, float] = {}
        for seat, label in game.labels.items():
            calls = [c for c in game.calls if c.seat == seat and c.purpose not in EVALUATION_PURPOSES]
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
            priced = [c.cost_usd for c in calls if c.cost_usd is not None]
            if priced:
                money[label] = money.get(label, 0.0) + sum(priced)
        for label, (spent, count) in per_label.items():
            out.append(Obs(game.game_id, "tokens_per_game", label, "*", spent, 1.0))
            out.append(Obs(game.game_id, "calls_per_game", label, "*", count, 1.0))
        for label, usd in money.items():
            out.append(Obs(game.game_id, "usd_per_game", label, "*", usd, 1.0))
        return out
