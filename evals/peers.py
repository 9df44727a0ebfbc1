"""The metrics peers report, defined as their source defines them, so our numbers sit beside theirs.

The source is Kaggle's Game Arena Werewolf, whose evaluation ships in ``kaggle-environments``
(``kaggle_environments/envs/werewolf/eval/loaders.py``, ``GameResult._precompute_voting_results``;
``eval/metrics.py``, ``GameSetEvaluator`` and ``GameSetEvaluator.evaluate``; described at
https://www.kaggle.com/blog/game-arena-werewolf). Their game has two teams (villagers, werewolves);
here the villagers are the majority faction and the werewolves every other faction:

* ``irp`` — "IRP: Identification Precision": every day-exile ballot cast by a villager scores 1
  if it names a werewolf, else 0. Ours: every public ballot of a majority-faction seat, 1 if its
  target belongs to another faction at that moment.
* ``vss`` — "VSS: Voting Success Score ... When a werewolf is exiled, did the player (in villager
  team) vote for the exiled?": on each day a werewolf was exiled, each villager ballot of that day
  scores 1 if it named the exiled. Ours: for each deceiver who died by vote, the majority's final
  ballots of the vote stage that sent it out (a qijian24 day holds up to three stages; the stage
  that exiled, not the whole day).
* ``key_role_survival`` — "KSR: Key Role Survival Rate ... the likelihood of key roles, such as
  Seer or Werewolf surviving until the end of the game": per seat of a key role (by its dealt
  role; ``KEY_ROLES`` per rule set, group ``role``), 1 if alive at the end of a finished game.
* ``margin_of_win`` — "Margin of Win (living teammates / total teammates) ... for winning games":
  per winning seat, the share of its faction's seats alive at the end.
* ``speed_of_win`` — "Speed of Win (1 / turn count) ... for winning games", their turn count
  being the game's last day: per winning seat, 1 / the day the game ended on.

Team Elo, their other rating, is ``evals.elo``. Intervals here are clustered by game like every
other figure (Kaggle gives mean ± 1.96 SEM over per-seat values).
"""

from __future__ import annotations

from evals.base import Metric, Obs
from evals.deception import final_ballots
from evals.facts import GameFacts, Vote

KAGGLE = "Kaggle Game Arena Werewolf: kaggle-environments, kaggle_environments/envs/werewolf/eval (loaders.py, metrics.py)"
KEY_ROLES: dict[str, tuple[str, ...]] = {
    "umineko32": ("detective", "theatergoer", "inquisitor", "witch", "killer"),
    "qijian24": ("fenghuo", "guageluo", "tushi", "lone_killer", "envoy", "mowen", "youlong", "qinggan", "sheshen",
                 "tianpu", "riyue", "jingxing", "prayer", "mage", "performer", "ranger_reveal", "ranger_ban"),
    "suitang21": ("werewolf", "butterfly", "seer", "witch", "elder", "guard", "cupid", "hunter", "detective"),
    "majiasha2": ("elder", "seer", "witch", "guard", "killer", "cupid", "piper"),
}
"""The roles whose survival ``key_role_survival`` follows: every role whose card holds a skill, the
plain roles (平民, 帮手, 庄民, 村民, 阵营成员) aside."""


class PeerEvaluator:
    name = "peers"
    version = "1"
    metrics = (
        Metric("irp", "ratio", "votes", "IRP (Kaggle): share of the majority's public ballots that name a seat of "
               "another faction", "IRP 识别精度", "IRP（Kaggle 定义）：多数阵营的公开投票中投向其他阵营席位的比例", "票",
               binomial=True, source=KAGGLE),
        Metric("vss", "ratio", "votes", "VSS (Kaggle): when a deceiver is voted out, the share of the majority's "
               "ballots of that vote stage that named it", "VSS 投票成功分",
               "VSS（Kaggle 定义）：欺骗者被投出时，该投票环节多数阵营的票投给它的比例", "票", binomial=True, source=KAGGLE),
        Metric("key_role_survival", "ratio", "key-role seats", "KSR (Kaggle): share of key-role seats (by dealt "
               "role) alive at the end of finished games; per role", "关键身份存活率",
               "KSR（Kaggle 定义）：关键身份（按发到的身份）席位存活到终局的比例；按身份分列", "关键身份席位", binomial=True,
               group="role", source=KAGGLE),
        Metric("margin_of_win", "ratio", "winning seats", "Margin of Win (Kaggle): per winning seat, the share of its "
               "faction's seats alive at the end", "胜利余量", "胜利余量（Kaggle 定义）：每个获胜席位，其阵营席位存活到终局的比例",
               "获胜席位", source=KAGGLE),
        Metric("speed_of_win", "ratio", "winning seats", "Speed of Win (Kaggle): per winning seat, 1 / the day the "
               "game ended on", "胜利速度", "胜利速度（Kaggle 定义）：每个获胜席位，1 ÷ 对局结束的天数", "获胜席位",
               source=KAGGLE),
    )

    def observe(self, game: GameFacts) -> list[Obs]:
        majority = game.truth.majority()
        if majority is None:
            return []
        return [*self._irp(game, majority), *self._vss(game, majority), *self._survival(game), *self._wins(game)]

    def _irp(self, game: GameFacts, majority: str) -> list[Obs]:
        out = []
        for vote in game.votes:
            label, target = game.labels.get(vote.voter), game.truth.faction(vote.target, vote.seq)
            if label is None or target is None or game.truth.faction(vote.voter, vote.seq) != majority:
                continue
            out.append(Obs(game.game_id, "irp", label, majority, 1.0 if target != majority else 0.0, 1.0))
        return out

    def _vss(self, game: GameFacts, majority: str) -> list[Obs]:
        out = []
        ballots = final_ballots(game.votes)
        for seat, seq in game.deaths.items():
            if game.causes.get(seat) != "vote" or game.truth.faction(seat, seq) in (None, majority):
                continue
            stage = _exiling_stage(ballots, seat, seq)
            for vote in ballots:
                label = game.labels.get(vote.voter)
                if vote.stage != stage or label is None or game.truth.faction(vote.voter, vote.seq) != majority:
                    continue
                out.append(Obs(game.game_id, "vss", label, majority, 1.0 if vote.target == seat else 0.0, 1.0))
        return out

    def _survival(self, game: GameFacts) -> list[Obs]:
        if not game.finished:
            return []
        keys = KEY_ROLES.get(game.ruleset, ())
        out = []
        for seat, label in game.labels.items():
            role, side = game.truth.dealt_role(seat), game.truth.faction(seat)
            if role in keys and side is not None:
                out.append(Obs(game.game_id, "key_role_survival", label, side, 0.0 if seat in game.deaths else 1.0,
                               1.0, group=role))
        return out

    def _wins(self, game: GameFacts) -> list[Obs]:
        if not game.finished or game.winners is None:
            return []
        final = {seat: game.truth.faction(seat) for seat in game.truth.seats}
        out = []
        for seat, label in game.labels.items():
            side = final.get(seat)
            if side is None or side not in game.winners:
                continue
            team = [s for s, f in final.items() if f == side]
            alive = sum(1 for s in team if s not in game.deaths)
            out.append(Obs(game.game_id, "margin_of_win", label, side, alive / len(team), 1.0))
            if game.last_day > 0:
                out.append(Obs(game.game_id, "speed_of_win", label, side, 1.0 / game.last_day, 1.0))
        return out


def _exiling_stage(ballots: list[Vote], seat: int, seq: int) -> int | None:
    """The vote stage whose close sent ``seat`` out at ``seq``: the last stage with ballots before it."""
    before = [v for v in ballots if v.seq < seq]
    return before[-1].stage if before else None
