"""Team Elo as Kaggle's Game Arena Werewolf computes it, beside our OpenSkill rating.

Defined in ``kaggle-environments`` (``kaggle_environments/envs/werewolf/eval/metrics.py``,
``GameSetEvaluator._compute_elo_ratings``): every agent starts at 1200; per game, in the order
played, each team's rating is the mean of its seats' ratings (one entry per seat: an agent holding
three seats counts three times); the villagers' expected score is ``1 / (1 + 10^((W - V) / 400))``
(the exponent clipped to ±40); ``K = 32``; the team's gain ``K (result - expected)`` is split
equally over its seats and the other team loses the same (zero-sum).

Their game has two teams. Here the two teams of a game are its winning factions' seats and the
others' (a co-victory puts several factions in one team); a game with no loser or no winner is
skipped. Unlike our OpenSkill rating there is no side term: a model that drew the stronger side
more often is credited for it, as in theirs — which is why the report shows it beside, not
instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from evals.matches import RatedGame

START, K, CLIP = 1200.0, 32.0, 40.0


def team_elo(games: Sequence[RatedGame]) -> dict[str, float]:
    """Every label's Elo after ``games``, in their order."""
    elos: dict[str, float] = {}
    for game in games:
        winners = [label for f, team in game.teams.items() if f in game.winners for label in team]
        losers = [label for f, team in game.teams.items() if f not in game.winners for label in team]
        if not winners or not losers:
            continue
        mean_w = sum(elos.get(a, START) for a in winners) / len(winners)
        mean_l = sum(elos.get(a, START) for a in losers) / len(losers)
        exponent = min(max((mean_l - mean_w) / 400.0, -CLIP), CLIP)
        delta = K * (1.0 - 1.0 / (1.0 + 10.0 ** exponent))
        for agent in winners:
            elos[agent] = elos.get(agent, START) + delta / len(winners)
        for agent in losers:
            elos[agent] = elos.get(agent, START) - delta / len(losers)
    return elos
