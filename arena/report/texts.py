"""Every sentence of ``arena report``, in Chinese and in English, and the names it prints.

A Chinese page never shows an English sentence: titles, columns, notes, captions, the glossary's
definitions and the names of sides, roles and rule sets come from here or from the rule sets'
own name tables (metric ids, model labels and commit hashes are ids, shown as they are).
"""

from __future__ import annotations

from typing import Literal

from engine.errors import UnknownName
from engine.names import NameTable

Lang = Literal["zh", "en"]

TEXT: dict[str, tuple[str, str]] = {
    "title": ("版杀竞技场评测报告", "Bansha Arena report"),
    "tournament": ("赛事", "tournament"),
    "style.title": ("马甲的匿名性：只凭发言能否认出模型", "The aliases' anonymity: can the posts alone tell the model"),
    "style.who": ("指标", "figure"),
    "style.value": ("值", "value"),
    "style.interval": ("95% 区间（按对局聚类）", "95% interval (clustered by game)"),
    "style.units": ("依据", "basis"),
    "style.basis": ("{docs} 个马甲 · {games} 局", "{docs} aliases · {games} games"),
    "style.above": ("高出机会水平的准确率", "accuracy above chance"),
    "style.accuracy": ("分类准确率", "accuracy"),
    "style.chance": ("机会水平（总猜训练局中最常见的模型）", "chance (always the training games' most frequent model)"),
    "style.recall": ("{label}：其马甲被认出的比例", "{label}: share of its aliases named right"),
    "style.note": ("每局每个马甲的公开发言合为一篇（不含身份、投票与座位），以字符 1–3 元组的 TF-IDF 加逻辑回归"
                   "（scikit-learn）分类，按对局分 {folds} 折交叉验证：测试局从不进入训练，{labels} 个模型。"
                   "高出机会水平的准确率接近 0，说明马甲层在文风上是匿名的；明显大于 0，说明读帖就能认出模型。",
                   "One document per alias and game (its public posts only: no role, vote or seat), character 1-3-gram "
                   "TF-IDF and a logistic regression (scikit-learn), cross-validated over {folds} folds by game (a test "
                   "game is never trained on), {labels} models. Accuracy above chance near 0: the alias layer is "
                   "anonymous in style; clearly above 0: reading the thread tells the model."),
    "style.missing.labels": ("只有 {labels} 个模型写过发言：没有可区分的对象。", "only {labels} model(s) posted: nothing to tell apart."),
    "style.missing.games": ("只有 {games} 局有发言：按对局交叉验证至少需要 2 局。",
                            "posts in {games} game(s) only: cross-validation by game needs at least 2."),
    "caps.title": ("因额度上限交给替补机器人的席位", "Seats handed to a stand-in by a cap"),
    "caps.note": ("{games} 局中有 {seats} 个席位在其模型端点达到额度上限（max_cost / max_tokens）后由替补机器人接手；"
                  "此后这些席位的决策都是机器人的。",
                  "{seats} seats in {games} games were played by a stand-in bot once their endpoint reached a cap "
                  "(max_cost / max_tokens); their decisions from that event on are the bot's."),
    "caps.game": ("对局", "game"),
    "caps.seat": ("席位", "seat"),
    "caps.from": ("自事件", "from event"),
    "caps.stand_in": ("替补", "stand-in"),
    "caps.reason": ("原因（记录原文）", "reason (as recorded)"),
    "summary": ("{games} 局（{finished} 局已结束），其中不同的对局 {distinct} 局（字节相同的对局只算一次）；规则集：{rulesets}；模型：{labels}。",
                "{games} games ({finished} finished), {distinct} distinct (byte-identical games counted once); "
                "rule sets: {rulesets}; models: {labels}."),
    "intervals": ("所有区间均为 95%，按{unit}聚类的自助法（每次重抽整局，不拆席位）；无离散时显示“—”及样本量。",
                  "Every interval is 95%, a bootstrap clustered by {unit} (resampling whole games, never seats); "
                  "a figure with no spread shows “—” with its N."),
    "unit.game": ("对局", "game"),
    "unit.deal": ("发牌（同一种子的各轮换）", "deal (the rotations of one seed)"),
    "provenance": ("来源", "Provenance"),
    "prov.report_commit": ("生成报告的代码提交", "code that made this report"),
    "prov.game_commits": ("对局的代码提交", "code that played the games"),
    "prov.seeds": ("对局种子（{n} 个）", "game seeds ({n})"),
    "prov.resamples": ("自助重抽次数", "bootstrap resamples"),
    "prov.rating_resamples": ("评分自助重抽 / 仅换序次数", "rating resamples / order-only permutations"),
    "prov.boot_seed": ("自助法随机种子", "bootstrap seed"),
    "prov.versions": ("评测器版本", "evaluator versions"),
    "missing": ("缺失的数据", "What is missing"),
    "missing.no_games": ("数据库中没有对局：下面的表都是空的。", "No games in the database: every table below is empty."),
    "missing.no_finished": ("没有已结束的对局：没有胜负、评分或存活数据。",
                            "No finished game: there are no outcomes, ratings or survivals."),
    "missing.silent": ("以下模型没有任何信念报告，其信念分数缺失（不是零）：{labels}。",
                       "No belief reports from: {labels} — their belief scores are absent, not zero."),
    "missing.zero": ("{n} 个比率在其全部样本中没有发生任何事件（或全部发生），区间显示为“—”及样本量。",
                     "{n} rates had no event (or only events) in their whole basis: their interval shows “—” with N."),
    "missing.duplicates": ("{n} 局与另一局字节相同（确定性选手在不同轮换中打出了同一局），按一局计入所有区间。",
                           "{n} games are byte-identical to another (deterministic players in different rotations) "
                           "and count as one game in every interval."),
    "no_data": ("无数据。", "No data."),
    "leaderboard": ("排行榜：相对参照模型的评分差", "Leaderboard: rating differences against the reference model"),
    "leaderboard.note": ("只有差值有意义：μ 随对局数漂移，阵营项会吸收几十分。参照模型：{reference}。差值取各种对局顺序的平均；"
                         "95% 区间来自换序自助法（重抽对局并打乱顺序后重新评分）；“仅换序”区间只打乱同一批对局的顺序。",
                         "Only differences mean anything: μ drifts with the games and the side terms soak up tens of "
                         "points. Reference model: {reference}. The difference is the mean over random orders of the "
                         "games; its 95% interval is an order-permutation bootstrap (games resampled, their order "
                         "shuffled, rated again); the order-only range shuffles the same games."),
    "leaderboard.none": ("没有可评分的已结束对局，或没有参照模型。", "No finished game to rate, or no reference model."),
    "system.openskill": ("OpenSkill（Plackett-Luce，含阵营项）μ 差", "OpenSkill (Plackett-Luce, with side terms) Δμ"),
    "system.elo": ("团队 Elo 差（Kaggle 定义，无阵营项）", "team Elo Δ (Kaggle's definition, no side term)"),
    "ratings": ("评分（单独看没有意义，仅供核对）", "Ratings (not comparable on their own; for checking)"),
    "ratings.note": ("按对局实际顺序计算。σ 是 OpenSkill 自身的不确定度，不是样本统计量。",
                     "In the order the games were played. σ is OpenSkill's own uncertainty, not a sample statistic."),
    "sides": ("阵营项（无论谁来打，该阵营本身有多强）", "Side terms (how strong each side is, whoever plays it)"),
    "wins": ("各阵营胜率", "Win rates by side"),
    "wins.note": ("{finished} 局已结束（共 {games} 局）；未结束的对局没有胜负。区间按对局聚类：同一阵营的席位共享一个结果，不是独立试验，因此不给逐席位的 Wilson 区间。",
                  "{finished} finished games of {games}; unfinished games have no outcome. Intervals are clustered "
                  "by game: the seats of a side share one outcome and are no independent trials, so no per-seat "
                  "Wilson interval is given."),
    "versus": ("相对参照模型的胜率差（按对局配对）", "Win rate minus the reference model's (paired by game)"),
    "versus.note": ("每行是该模型在该阵营的胜率减去 {reference} 在同一阵营的胜率；两者来自同一批重抽的对局。",
                    "Each row is the model's win rate on that side minus {reference}'s on the same side, both from "
                    "the same resampled games."),
    "section.inference": ("推理：信念与投票对照真相", "Inference: beliefs and votes against the truth"),
    "section.inference.note": ("主指标是相对知情先验的技能分（只凭身份告诉该席位的信息）；名单先验的技能分还包含了身份直接给出的信息（例如杀手知道同伴）。每个信念数字都按报告者的阵营分列。",
                               "The headline is the skill over the knowledge prior (what the seat's role told it); "
                               "the roster prior's skill also credits what the role handed over (a killer's mates). "
                               "Every belief figure is split by the reporter's side."),
    "section.deception": ("欺骗：信息占优的少数派在多数派之中", "Deception: the informed minority among the majority"),
    "section.claims": ("声明：跳身份与报结果（声明台账）", "Claims: role and result claims (the claims ledger)"),
    "section.claims.note": ("每条声明的真假取自其发帖时的上帝视角（声明台账，{games} 局）；同一声明重复发帖只计一次；倒钩率与欺骗一节相同，列在此处对照。",
                            "Each claim's truth is the god state when it was posted (the claims ledger, {games} games); a "
                            "claim repeated in later posts counts once; 倒钩 is the deception section's, shown here beside them."),
    "missing.claims": ("没有声明台账：请不带 --no-views 重新生成报告（生成时会为已结束的对局建立台账）。",
                       "no claims ledger: write the report again without --no-views (it builds the ledger of finished "
                       "games)."),
    "section.peers": ("同类评测的指标（按来源的定义）", "Peers' metrics (as their source defines them)"),
    "section.quality": ("对局质量", "Play quality"),
    "section.cost": ("成本", "Cost"),
    "section.detectability.note": ("每局有人类玩家时，赛后每人对其他每个马甲回答“人类还是机器人”（可选：哪个模型）。“human”一行是人类被当作人类的比例，作为对照；区间按对局聚类（同一局的回答看的是同一段帖子）。",
                                   "After each game with people, each person answered for every other alias “human or "
                                   "bot?” (and, optionally, which model). The “human” row — people taken for people — "
                                   "is the yardstick; intervals are clustered by game (one game's answers read the same "
                                   "thread)."),
    "section.detectability": ("谁是机器人？可识别度（人类玩家赛后的回答）", "Who was a bot? Detectability (the people's answers after their games)"),
    "calibration": ("信念校准：各分箱的数量与区间", "Calibration of beliefs: counts and intervals per bin"),
    "glossary": ("指标释义", "Glossary of metrics"),
    "col.model": ("模型", "model"),
    "col.ruleset": ("规则集", "rule set"),
    "col.side": ("阵营", "side"),
    "col.group": ("细分", "group"),
    "col.metric": ("指标", "metric"),
    "col.value": ("数值", "value"),
    "col.ci": ("95% 区间（按对局聚类）", "95% CI (clustered by game)"),
    "col.basis": ("样本", "basis"),
    "col.games": ("对局", "games"),
    "col.system": ("评分体系", "rating"),
    "col.delta": ("差值", "difference"),
    "col.delta_ci": ("95% 区间（换序自助法）", "95% CI (order-permutation bootstrap)"),
    "col.played": ("实际顺序下的差值", "in the played order"),
    "col.order": ("仅换序的 95% 范围", "order-only 95% range"),
    "col.mu": ("μ", "μ"),
    "col.sigma": ("σ", "σ"),
    "col.elo": ("团队 Elo", "team Elo"),
    "col.bin": ("预测区间", "forecast bin"),
    "col.mean_forecast": ("平均预测", "mean forecast"),
    "col.observed": ("实际频率", "observed"),
    "col.forecasts": ("预测数", "forecasts"),
    "col.name": ("名称", "name"),
    "col.definition": ("定义", "definition"),
    "col.better": ("方向", "better"),
    "col.version": ("评测器版本", "evaluator version"),
    "col.source": ("来源", "source"),
    "better.up": ("越高越好", "higher"),
    "better.down": ("越低越好", "lower"),
    "better.none": ("无优劣", "neither"),
    "source.ours": ("本项目", "ours"),
    "all": ("全部", "all"),
    "balanced": ("阵营均衡", "side-balanced"),
    "reporter": ("报告者：{label}", "seen by {label}"),
    "ci.none_of": ("—（{n} 中无一）", "— (none of {n})"),
    "ci.all_of": ("—（{n} 全部）", "— (all of {n})"),
    "ci.one_game": ("—（仅 1 局）", "— (1 game)"),
    "ci.no_spread": ("—（无离散）", "— (no spread)"),
    "fig.ratings": ("评分差", "Rating differences"),
    "fig.ratings.x": ("相对 {reference} 的 OpenSkill μ 差（95% 换序自助区间）",
                      "OpenSkill μ minus {reference}'s (95% order-permutation bootstrap)"),
    "fig.ratings.caption": ("{finished} 局已结束；每个模型最多 {games} 局。", "{finished} finished games; up to {games} per model."),
    "fig.wins": ("各模型各阵营胜率", "Win rate per model and side"),
    "fig.wins.x": ("胜率（95% 按对局聚类区间）", "win rate (95% interval clustered by game)"),
    "fig.wins.caption": ("每个点是一个模型在一个规则集的一个阵营上的胜率；括号内为席位局数。",
                         "Each point is a model's win rate on one side of one rule set; seat-games in brackets."),
    "fig.calibration": ("信念校准", "Calibration of reported beliefs"),
    "fig.calibration.x": ("预测概率", "forecast probability"),
    "fig.calibration.y": ("实际频率", "observed frequency"),
    "fig.calibration.caption": ("{forecasts} 个预测（目标 × 阵营），最多来自 {games} 局；虚线为完美校准，竖线为按对局聚类的 95% 区间，点旁数字为该分箱的预测数。",
                                "{forecasts} forecasts (target × faction) from up to {games} games; the dashed line "
                                "is perfect calibration, bars are 95% intervals clustered by game, and the number "
                                "by each point is its bin's forecasts."),
    "fig.cost": ("每局成本", "Cost per game"),
    "fig.cost.x": ("每局词元数（95% 按对局聚类区间）", "tokens per game (95% interval clustered by game)"),
    "fig.cost.caption": ("{detail}。", "{detail}."),
    "fig.games": ("{label}：{games} 局", "{label}: {games} games"),
    "figures": ("图", "Figures"),
    "figures.md": ("图见 report.html：{names}", "In report.html: {names}"),
    "views": ("用于 SQL 的 DuckDB 视图：{names}（见 README）。", "DuckDB views for SQL: {names} (see the README)."),
}


def t(lang: Lang, key: str, **values: object) -> str:
    zh, en = TEXT[key]
    return (zh if lang == "zh" else en).format(**values)


def ruleset_name(ruleset: str, lang: Lang) -> str:
    if ruleset == "*":
        return t(lang, "all")
    return ruleset


def side_name(ruleset: str, side: str, lang: Lang) -> str:
    """A faction in the reader's language (its rule set's own name), ``*`` as "all"."""
    if side == "*":
        return t(lang, "all")
    table = _table(ruleset, "faction_names")
    if table is None:
        return side
    return table.zh(side) if lang == "zh" else table.en(side)


def role_name(ruleset: str, role: str, lang: Lang) -> str:
    if role == "*":
        return t(lang, "all")
    table = _table(ruleset, "role_names")
    if table is None:
        return role
    return table.zh(role) if lang == "zh" else table.en(role)


def _table(ruleset: str, which: str) -> NameTable | None:
    from engine.rulesets import get_ruleset

    try:
        found: NameTable = getattr(get_ruleset(ruleset), which)
        return found
    except (UnknownName, KeyError, ValueError):
        return None
