"""Play quality: answers the engine refused, decisions the runner had to take, posts over budget.

* ``invalid_rate``: the share of a model's calls for a decision whose answer was unusable (an error
  on record; belief questions are not decisions); seats that call no model add nothing, and the
  basis counts calls;
* ``fallback_rate`` / ``timeout_rate``: the share of decisions the runner settled with a recorded
  fallback (a pass), and those of them caused by the decision timeout;
* ``speech_compliance``: 1 - the share of posts withheld for overrunning the phase's 蓝字 budget.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import EVALUATION_PURPOSES, GameFacts


class QualityEvaluator:
    name = "quality"
    version = "1"
    metrics = (
        Metric("invalid_rate", "ratio", "calls", "share of a model's calls for a decision whose answer was unusable",
               "无效回答率", "模型为决策所做调用中回答无法使用的比例", "调用", binomial=True, higher_is_better=False),
        Metric("fallback_rate", "ratio", "decisions", "share of decisions the runner settled with a recorded fallback",
               "兜底率", "由运行器以记录在案的兜底（跳过）完成的决策比例", "决策", binomial=True, higher_is_better=False),
        Metric("timeout_rate", "ratio", "decisions", "share of decisions that timed out", "超时率",
               "超时的决策比例", "决策", binomial=True, higher_is_better=False),
        Metric("speech_compliance", "skill", "posts", "1 - share of posts withheld for overrunning the 蓝字 budget",
               "发言合规率", "1 − 因超出蓝字额度被扣下的帖子比例", "帖子"),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        out: list[Obs] = []
        for seat, label in game.labels.items():
            side = game.truth.faction(seat) or "?"

            def obs(metric: str, num: float, den: float, seat_side: str = side, who: str = label) -> Obs:
                return Obs(game.game_id, metric, who, seat_side, num, den)

            calls = [c for c in game.calls if c.seat == seat and c.purpose not in EVALUATION_PURPOSES]
            if calls:
                out.append(obs("invalid_rate", sum(1.0 for c in calls if c.error), len(calls)))
            decisions = game.decisions[seat]
            if decisions:
                out.append(obs("fallback_rate", game.fallbacks[seat], decisions))
                out.append(obs("timeout_rate", game.timeouts[seat], decisions))
            if game.posts[seat]:
                out.append(obs("speech_compliance", game.overflows[seat], game.posts[seat]))
        return out
