"""Coded messages rendered in the reader's language: the engine's errors and the runner's fallbacks.

An ``EngineError`` (``IllegalAction`` …) and a fallback pass carry a *code* and *parameters*, never a
sentence; this module turns them into one sentence in zh or en, with seats, skills, phases and
roles named as the game names them. A code is looked up in the game's rule set's own table
(``Narration.errors``) and then in the tables every rule set shares below, so a rule set may say
its refusals in its own words without another rule set seeing them.

Parameters are rendered by their name: ``seat``/``target``/``speaker``/``actor`` (one seat) and
``seats``/``targets`` (several) as seats; ``majia``/``majias`` as 马甲; ``skill``, ``role``,
``phase``, ``team``, ``faction`` by the name tables (``skills`` and ``roles``: lists of them);
``error`` (a nested coded message: ``{"code": …, "params": …}``) recursively; anything else as
written. A code without a text (an old transcript's free-text reason) is shown as written, quoted:
it is data.

A legal action's note (``LegalAction.note``, ``note_params``) is rendered the same way from the rule
set's ``Narration.notes`` (``note_text``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.narrate.context import Ctx, quote
from engine.narrate.table import Pair

SEAT_KEYS = frozenset({"seat", "target", "speaker", "actor", "first", "second", "partner"})
SEATS_KEYS = frozenset({"seats", "targets", "living", "legal", "allowed", "candidates"})
MAJIA_KEYS = frozenset({"majia"})
MAJIAS_KEYS = frozenset({"majias", "listed"})
NAMED = {"skill": "skill", "role": "role", "phase": "phase", "team": "team", "faction": "faction",
         "skills": "skill", "roles": "role"}

ERRORS: dict[str, Pair] = {
    "game_over": ("{seat}：游戏已结束，不再接受任何行动", "{seat}: the game is over; no action is accepted"),
    "no_seat": ("没有 {target} 这个座位（座位为 1 至 {count}）", "no seat {target} (seats are 1..{count})"),
    "wrong_seat": ("你是 {seat}；替 {other} 的行动被拒绝", "you are {seat}; an action for {other} is refused"),
    "not_your_turn": ("{seat} 现在不能行动：轮到 {speaker} 发言", "{seat} cannot act now: it is {speaker}'s turn to speak"),
    "already_answered": ("{seat} 在本阶段已经作答", "{seat} has already answered in this phase"),
    "nothing_to_do": ("{seat} 在本阶段没有可做的事", "{seat} has nothing to do in this phase"),
    "dead_cannot_act": ("{seat} 已出局，本阶段不能行动", "{seat} is out and cannot act in this phase"),
    "cannot_do": ("{seat} 现在不能{what}；可以做的是：{can}", "{seat} cannot {what} now; it may: {can}"),
    "no_such_floor": ("没有第 {floor} 楼（帖子共 {floors} 楼）", "no floor {floor} (the thread has {floors} floors)"),
    "vote_target": ("投票目标 {target} 不可选（{why}）；可投：{targets}",
                    "vote: target {target} cannot be chosen ({why}); living: {targets}"),
    "vote_changes_used": ("{seat} 今天的改票次数（{limit} 次）已用完", "{seat} has used its {limit} vote change(s) today"),
    "vote_needs_reason": ("投票必须写明理由", "a vote needs a reason"),
    "skill_now": ("{seat} 现在不能使用【{skill}】", "{seat} cannot use {skill} now"),
    "skill_arity": ("【{skill}】需要恰好 {n} 个目标，收到 {got}", "{skill} takes exactly {n} target(s), got {got}"),
    "skill_target": ("【{skill}】：目标 {target} 不可选（{why}）", "{skill}: target {target} is not legal ({why})"),
    "yes_no": ("【{skill}】是一个是/否选择：请回答是或否", "{skill} is a yes/no choice: answer yes or no"),
    "team_not_member": ("{seat} 不在【{team}】中", "{seat} is not in {team}"),
    "team_closed": ("【{team}】现在不能发言", "{team} is closed now"),
    "text_too_long": ("文字超过 {limit} 字（{length} 字）", "the text is longer than {limit} characters ({length})"),
    "unknown_name": ("不认识的{what}：{name}", "unknown {what}: {name}"),
    "seat_is_bot": ("{seat} 现在由机器人代打；先把座位拿回来", "{seat} is played by a bot now; take the seat back first"),
    "nothing_asked": ("{seat} 现在没有被问到任何事（已经回答过，或阶段已经过去）",
                      "{seat} is not being asked anything now (already answered, or the phase moved on)"),
}
"""Refusals every rule set shares (a rule set's ``Narration.errors`` may say any of them its own way)."""

FALLBACKS: dict[str, Pair] = {
    "timeout": ("超时未作答，按规则默认处理", "no answer in time: the rules' default"),
    "deadline": ("超过 {seconds} 秒未作答，按规则默认处理", "deadline missed ({seconds} s): the rules' default"),
    "illegal": ("{tries} 次作答均不合规，按规则默认处理：{error}",
                "illegal after {tries} tries, the rules' default: {error}"),
    "player_failed": ("玩家程序出错（{detail}），按规则默认处理", "the player failed ({detail}): the rules' default"),
    "no_answer": ("未给出有效作答，按规则默认处理", "no valid answer: the rules' default"),
    "invalid_answers": ("{tries} 次无效作答后，按规则默认处理：{error}",
                        "after {tries} invalid answer(s), the rules' default: {error}"),
    "endpoint_down": ("模型服务不可用，按规则默认处理", "the model's endpoint is down: the rules' default"),
    "over_limit": ("发言超出字数上限，按规则默认处理", "over the text limit: the rules' default"),
    "handover": ("交由替补机器人", "handed to a stand-in bot"),
    "budget": ("模型预算用尽，交由替补机器人", "the model's budget is spent: handed to a stand-in bot"),
}
"""Why a pass was taken for a seat (``Pass.reason`` with ``fallback``), with its ``detail`` parameters."""


def render_message(code: str, params: Mapping[str, Any], c: Ctx, shared: Mapping[str, Pair] = ERRORS) -> str:
    """The sentence of ``code`` with ``params`` in ``c``'s language (see the module docstring)."""
    found = c.text.errors.get(code) or shared.get(code) or ERRORS.get(code) or FALLBACKS.get(code)
    if found is None:
        return quote(code) if not params else quote(code) + c.t("：", ": ") + _params(params, c)
    return fill(found, params, c)


def note_text(code: str, params: Iterable[tuple[str, Any]], c: Ctx) -> str:
    """A legal action's note (``LegalAction.note``: a code of the rule set's ``Narration.notes``,
    with its ``note_params``) in ``c``'s language. A note without a text (a sentence written by an
    older rule set) is shown as written, quoted; the Chinese-screen tests refuse it."""
    found = c.text.notes.get(code)
    return quote(code) if found is None else fill(found, dict(params), c)


def fill(found: Pair, params: Mapping[str, Any], c: Ctx) -> str:
    """The template of ``found`` in ``c``'s language with each parameter rendered by its name."""
    template = c.t(*found)
    shown = {key: param(key, value, c) for key, value in params.items()}
    try:
        return template.format_map(_Missing(shown))
    except (ValueError, IndexError):
        return quote(template)


def param(key: str, value: Any, c: Ctx) -> str:
    """One parameter as its name says it should read."""
    if value is None:
        return c.t("无", "none")
    if isinstance(value, Mapping) and "code" in value:
        return render_message(str(value["code"]), dict(value.get("params") or {}), c)
    if key in SEAT_KEYS and isinstance(value, int):
        return c.seat(value)
    if key in SEATS_KEYS and _ints(value):
        return c.seats(value)
    if key in MAJIA_KEYS and isinstance(value, int):
        return c.majia(value)
    if key in MAJIAS_KEYS and _ints(value):
        return c.majias(value)
    if key in NAMED and isinstance(value, str):
        return str(getattr(c, NAMED[key])(value))
    if isinstance(value, bool):
        return c.t("是", "yes") if value else c.t("否", "no")
    if isinstance(value, (list, tuple)):
        return c.sep.join(param(key, v, c) for v in value) if value else c.t("无", "none")
    if isinstance(value, str):
        return c.word(value)
    return quote(str(value))


def _ints(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(v, int) for v in value)


def _params(params: Mapping[str, Any], c: Ctx) -> str:
    return c.sep.join(f"{quote(k)}={param(k, v, c)}" for k, v in params.items())


class _Missing(dict[str, str]):
    """A template's fields: a parameter the template names but the raiser did not give reads as ``?``."""

    def __missing__(self, key: str) -> str:
        return "?"


def codes(*tables: Iterable[str]) -> set[str]:
    """Every code of the given tables (for the coverage tests)."""
    return {code for table in tables for code in table}
