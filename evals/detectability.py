"""Detectability: how often the people at the table took a player for a human (issue 19).

After a game with at least one person, each person answers, for every other seat, "human or bot?"
and, if they like, which model (``transcripts.guesses``, the ``bot_guesses`` table). The truth is
the game's seat configs, so each answer is scored against who really played:

* ``taken_for_human`` — of the answers about seats a model (or bot, or person) played, the share
  that said *human*. For a model this is how well it passes as a person: near the people's own
  row (people taken for people) it is hard to tell apart; near 0 it is easy to detect.
* ``model_named`` — of the answers that named a model for a seat a bot or model played, the share
  that named the right one (the seat's label, as leaderboards name it).

Each answer is one unit; its game is its cluster (the people of one game saw the same table talk,
so their answers are not independent trials), and every interval is the clustered bootstrap of
``evals.clustered`` that the report draws for every metric (``evals.summary``). Rows are per rule
set and per the target's side, with the pooled rows beside them, like every other metric; a
person's own seat is never among their answers.
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.facts import GameFacts

HUMAN = "human"


class DetectabilityEvaluator:
    name = "detectability"
    version = "1"
    metrics = (
        Metric("taken_for_human", "ratio", "answers",
               "share of the people's answers about this player's seats that said human (people: near their own "
               "row is hard to tell apart, near 0 easy to detect)",
               zh="被当作人类的比例",
               zh_description="人类玩家对该玩家所坐座位的回答中，答“人类”的比例（接近人类自己的那一行：难以分辨；接近 0：容易识破）",
               zh_basis="个回答", binomial=True, higher_is_better=None),
        Metric("model_named", "ratio", "answers naming a model",
               "share of the answers naming a model for a bot's seat that named the right one",
               zh="猜中模型的比例", zh_description="对机器人座位猜了模型的回答中，猜对是哪个模型的比例",
               zh_basis="个猜模型的回答", binomial=True, higher_is_better=None),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        out: list[Obs] = []
        for guess in game.guesses:
            label = game.labels.get(guess.target)
            if label is None or guess.target == guess.guesser:
                continue
            side = game.truth.faction(guess.target) or "?"
            out.append(Obs(game.game_id, "taken_for_human", label, side, 1.0 if guess.human else 0.0, 1.0))
            if guess.model and not guess.human and game.players.get(guess.target) != HUMAN:
                out.append(Obs(game.game_id, "model_named", label, side, 1.0 if guess.model == label else 0.0, 1.0))
        return out
