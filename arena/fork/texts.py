"""What ``arena fork`` says, in zh and en: its refusals (a code with parameters) and its lines.

A refusal is a ``ForkError``: a code and its parameters, rendered in the reader's language by
``say`` (the same way the engine's errors are: ``engine.narrate.messages``), so a zh screen shows
no English sentence. Nothing is stored before every check has passed.
"""

from __future__ import annotations

from typing import Any, Literal

Lang = Literal["zh", "en"]

TEXTS: dict[str, tuple[str, str]] = {
    # refusals
    "fork_point": ("读不懂分支点 {point!r}：写事件序号（如 120），或楼层（如 f12、12楼）",
                   "cannot read the fork point {point!r}: give an event seq (120) or a floor (f12)"),
    "fork_past_end": ("分支点 {point} 超出了对局 {game} 的末尾（共 {events} 个事件、{floors} 楼）",
                      "fork point {point} is past the end of game {game} ({events} events, {floors} floors)"),
    "fork_over": ("对局 {game} 在序号 {seq} 已经结束：从那里分支没有可继续的对局",
                  "game {game} is over at seq {seq}: a fork there has nothing left to play"),
    "fork_mid": ("序号 {seq} 落在一次结算之中（序号 {start}–{last} 由同一次{what}产生）：请在其前的 {start} 或其后的 {end} 分支",
                 "seq {seq} lies in the middle of a resolution (seqs {start}-{last} come from one {what}): "
                 "fork at {start} before it or {end} after it"),
    "fork_schema": ("对局 {game} 以存档格式第 {found} 版写入，本程序写第 {expected} 版：其事件不一定按今天的引擎重演，"
                    "不能分支（请用写入它的版本分支）",
                    "game {game} was stored with schema version {found}, this package writes version {expected}: "
                    "its events may not replay under today's engine, so it cannot be forked (fork it with the "
                    "version that wrote it)"),
    "fork_version": ("对局 {game} 按规则 {ruleset} 第 {found} 版进行，本程序是第 {expected} 版：不能分支",
                     "game {game} was played under {ruleset} version {found}, this package has version {expected}: "
                     "it cannot be forked"),
    "fork_replay": ("对局 {game} 的存档在序号 {seq}（{kind}）处无法由引擎重演：不能从它分支",
                    "the engine does not write game {game}'s stored log again at seq {seq} ({kind}): it cannot be forked"),
    "fork_no_floor": ("对局 {game} 没有第 {floor} 楼（共 {floors} 楼）", "game {game} has no floor {floor} ({floors} floors)"),
    "fork_edit_after": ("第 {floor} 楼（序号 {seq}）在分支点 {point} 之后：改写或删除的楼层必须在共享的前缀之内",
                        "floor {floor} (seq {seq}) comes after the fork point {point}: the floor edited or dropped "
                        "must lie in the shared prefix"),
    "fork_edit_form": ("--edit 要写成 楼层=文字，例如 --edit 12=我是预言家", "--edit takes FLOOR=TEXT, e.g. --edit 12=\"I am the seer\""),
    "fork_edit_refused": ("引擎拒绝改写后的第 {floor} 楼：{error}", "the engine refuses the edited floor {floor}: {error}"),
    "fork_replay_refused": ("改写之后，原对局在序号 {seq} 的行动不再合规（{error}）：请直接在第 {floor} 楼分支（--at f{floor}）",
                            "after the edit, the stored action at seq {seq} is no longer legal ({error}): fork at the "
                            "edited floor instead (--at f{floor})"),
    "fork_running": ("对局 {game} 还在进行：只能从已结束或中断的对局分支", "game {game} is still being played: fork a finished or interrupted game"),
    "fork_local": ("这些座位使用内置本地模型，但 {problem}", "these seats play on the embedded local model, but {problem}"),
    # lines
    "made": ("分支 {fork}：来自 {origin}，共享前 {shared} 个事件，自序号 {point} 起继续对局",
             "fork {fork}: from {origin}, sharing its first {shared} events, played on from seq {point}"),
    "edited": ("第 {floor} 楼为反事实改写（非原作者所写），所有座位可见：{text}",
               "floor {floor} is a counterfactual edit (not its author's words), seen by every seat: {text}"),
    "dropped": ("第 {floor} 楼已删除（反事实：原作者的这条发言不存在）",
                "floor {floor} is dropped (counterfactual: its author's post is not there)"),
    "reseeded": ("自分支点起随机数取自种子 {seed}", "from the fork point on, randomness is drawn from seed {seed}"),
    "ended": ("分支结束：胜者 {winners}，{days} 天，{events} 个事件（原对局：胜者 {origin_winners}，{origin_days} 天）",
              "the fork ended: winners {winners}, {days} days, {events} events (origin: winners {origin_winners}, "
              "{origin_days} days)"),
    "same_end": ("与原对局逐字节相同", "byte for byte the same as the origin"),
    "see": ("对照查看：arena serve 后打开 /replays/{fork}#fork，或 arena replay {fork} --html 文件",
            "see it beside its origin: arena serve, then /replays/{fork}#fork; or arena replay {fork} --html FILE"),
    "resolution": ("结算", "resolution"),
    "action": ("行动", "action"),
    "none": ("无", "none"),
    "error": ("错误：", "error:"),
}


class ForkError(ValueError):
    """A fork that cannot be made as asked; ``say(lang)`` tells why in the reader's language."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code, self.params = code, params

    def say(self, lang: Lang) -> str:
        return say(lang, self.code, **self.params)

    def __str__(self) -> str:
        return self.say("en")


def say(lang: Lang, code: str, **params: Any) -> str:
    """The text of ``code`` in ``lang`` with ``params`` (a missing one reads ``?``)."""
    zh, en = TEXTS[code]
    return (zh if lang == "zh" else en).format_map(_Missing(params))


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"
