"""The metric glossary: every metric's id, names, definition, direction, version and source.

The definitions live with their metrics (``evals.base.Metric``); this module gathers them for the
report and fills the Chinese of metrics whose evaluator states only English (``ZH``), so that a
Chinese page never prints an English sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evals.base import Evaluator

ZH: dict[str, tuple[str, str, str]] = {
    "tokens_per_decision": ("每次决策词元数", "每次决策的提示与补全词元数（不含信念提问）", "决策"),
    "latency_ms_per_decision": ("每次决策延迟（毫秒）", "每次决策的模型延迟（毫秒；不含信念提问）", "决策"),
    "tokens_per_game": ("每局词元数", "一个模型在一局中（全部席位）花费的词元数（不含信念提问）", "局"),
    "calls_per_game": ("每局调用次数", "一个模型在一局中（全部席位）的模型调用次数（不含信念提问）", "局"),
    "usd_per_game": ("每局费用（美元）", "一个模型在一局中已计价调用的费用（美元，按每次调用时记录的价格）", "局"),
}
"""Chinese name, definition and unit of metrics whose evaluator gives them in English only."""
SOURCES_ZH: dict[str, str] = {
    "Kaggle Game Arena Werewolf: kaggle-environments, kaggle_environments/envs/werewolf/eval (loaders.py, metrics.py)":
        "Kaggle Game Arena Werewolf（kaggle-environments 的 kaggle_environments/envs/werewolf/eval：loaders.py、metrics.py）",
}
"""Citations in Chinese."""


@dataclass(frozen=True, slots=True)
class Entry:
    metric: str
    evaluator: str
    version: str
    name: dict[str, str]
    definition: dict[str, str]
    unit: dict[str, str]
    higher_is_better: bool | None
    source: dict[str, str]


def glossary(evaluators: Sequence[Evaluator]) -> list[Entry]:
    """One entry per metric, in the evaluators' order."""
    out = []
    for ev in evaluators:
        for m in ev.metrics:
            zh_name, zh_def, zh_unit = ZH.get(m.name, (m.zh, m.zh_description, m.zh_basis))
            out.append(Entry(m.name, ev.name, ev.version, {"en": m.name, "zh": zh_name or m.name},
                             {"en": m.description, "zh": zh_def}, {"en": m.basis, "zh": zh_unit},
                             m.higher_is_better, {"en": m.source, "zh": SOURCES_ZH.get(m.source, m.source)}))
    return out
