"""What the server says to a person, in Chinese and in English: every refusal is a code with parameters.

A refusal (``ServerError`` and its kinds) never carries a sentence of its own: it has a ``code`` from
``TEXTS`` and the parameters the sentence needs, and is rendered in the reader's language at the
edge — a JSON reply holds both (``message: {"zh": …, "en": …}``, with ``error`` the English one for
logs and scripts), so the page shows the one its reader chose without asking again, and a Chinese
screen never shows an English sentence. An engine error (``engine.errors.EngineError``) is rendered
by the engine's own texts with the game's names (``ServerError.of_engine``).

Each kind has the HTTP status that says what went wrong: 400 bad input, 401 no host key, 403 no
grant, 404 unknown game, 409 not now, 410 game gone from memory, 413 too large, 429 over a quota.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.errors import EngineError
from engine.narrate.names import Lang, Names

Pair = tuple[str, str]

TEXTS: dict[str, Pair] = {
    # the body of a request or message
    "not_json_type": ("请以 JSON 发送（Content-Type: application/json）", "send the body as JSON with Content-Type: application/json"),
    "not_json": ("请求内容不是 JSON：{detail}", "the body is not JSON: {detail}"),
    "too_large": ("请求过大：最多 {limit} 字节", "request too large: at most {limit} bytes"),
    "message_too_large": ("消息过大：最多 {limit} 字节", "message too large: at most {limit} bytes"),
    "not_object": ("消息应是带 type 的 JSON 对象", "a message is a JSON object with a type"),
    "unknown_message": ("未知的消息类型 {kind}；可用：act、leave、back、ping", "unknown message type {kind}; one of: act, leave, back, ping"),
    "act_shape": ('请发送 {{"action": {{…}}, "decision": N}}', 'send {{"action": {{...}}, "decision": N}}'),
    "bad_origin": ("来自 {origin} 的页面不能使用本服务器", "a page from {origin} may not use this server"),
    # actions
    "action_shape": ("行动应是带 kind 的 JSON 对象（{kinds}）", "an action is a JSON object with a kind ({kinds})"),
    "other_seat": ("你是 {seat} 号座位；替 {other} 的行动被拒绝", "you hold seat {seat}; an action for seat {other} is refused"),
    "unknown_kind": ("未知的行动类型 {kind}；可用：{kinds}", "unknown action kind {kind}; one of: {kinds}"),
    "field_too_long": ("{field} 太长：最多 {limit} 字", "{field} is too long: at most {limit} characters"),
    "field_empty": ("{field} 是空的：请先写点什么", "{field} is empty: write something first"),
    "field_unknown": ("{field}：这类行动没有这个字段", "{field}: unknown field for this kind of action"),
    "field_bad": ("{field} 的值不合规", "{field}: {detail}"),
    "pass_flags": ('玩家的“过”不带 fallback 或 reason；请发送 {{"kind": "pass"}}',
                   'a pass from a player carries no fallback or reason; send {{"kind": "pass"}}'),
    "blue_not_now": ("现在不能发蓝字：蓝字只在限制发言阶段计数；请取消蓝字再发",
                     "no blue post now: blue posts count only in the restricted phase; untick blue and send again"),
    "no_target": ("请先选择目标", "choose a target first"),
    "game_over": ("游戏已结束，不再接受行动", "the game is over; no action is accepted"),
    "stale": ("这是对第 {decision} 个问题的回答，但法官现在问的是第 {now} 个（第{day}天 {phase}）；请看行动面板",
              "stale action: it answered question {decision}, but the judge now asks question {now} (day {day}, {phase}); "
              "look at the action panel again"),
    "not_asked": ("{seat} 号座位现在没有被问任何事（{phase}）；请等待行动面板",
                  "seat {seat} is not being asked anything now ({phase}); wait for the action panel"),
    "dead_seat": ("{seat} 号座位已出局：出局的座位现在不能行动", "seat {seat} is dead: a dead seat takes no action now"),
    "bot_playing": ("机器人正在代打 {seat} 号座位：请先点“回来继续玩”", "seat {seat} is played by a bot now; take the seat back first"),
    "not_human": ("{seat} 号座位不是游戏 {game} 的人类座位", "seat {seat} is not a human seat of game {game}"),
    "over_no_handover": ("游戏 {game} 已结束，座位不能再换手", "game {game} is over; the seat can no longer change hands"),
    # seat tokens
    "no_token": ("没有座位令牌：请打开大厅给这个座位的加入链接", "no seat token: open the join link the lobby gave for this seat"),
    "wrong_token": ("这个令牌不能进入游戏 {game} 的 {seat} 号座位：请用这个座位自己的加入链接",
                    "this token does not grant seat {seat} of game {game}: use that seat's own join link"),
    "expired_token": ("游戏 {game} 的 {seat} 号座位的令牌已过期：请向房主要新的加入链接",
                      "the token for seat {seat} of game {game} has expired: ask the host for a new join link"),
    "revoked_token": ("房主已为 {seat} 号座位发了新的加入链接，这个链接不再有效",
                      "the host issued a new join link for seat {seat}: this one no longer works"),
    "auth_timeout": ('10 秒内没有收到令牌：请先发送 {{"token": …}}', 'no token within 10 s: send {{"token": …}} first'),
    # the host
    "host_key_missing": ("需要房主密钥：打开服务器启动时打印的链接，或在大厅输入密钥", "the host key is needed: open the link arena serve printed, or enter the key in the lobby"),
    "host_key_wrong": ("房主密钥不对", "wrong host key"),
    "too_many_games": ("服务器同时最多进行 {limit} 局：请等一局结束", "this server plays at most {limit} games at once: wait for one to end"),
    "too_many_humans": ("每局最多 {limit} 名人类玩家（这局有 {count} 名）", "at most {limit} human seats a game ({count} asked for)"),
    "spec": ("{detail}", "{detail}"),
    "not_resumable": ("游戏 {game} 不能续局：{why}", "game {game} cannot be resumed: {why}"),
    "resume_running": ("游戏 {game} 正在这个服务器上进行", "game {game} is already being played on this server"),
    # games
    "unknown_game": ("这个服务器上没有游戏 {game}；请在大厅开一局（/）", "no game {game} is being played on this server; start one in the lobby (/)"),
    "game_gone": ("游戏 {game} 已结束，回放在 /replays/{game}", "game {game} is over; its replay is at /replays/{game}"),
    "no_db": ("这个服务器不记录对局（没有 --db）：没有可回放的", "this server records no games (no --db): there is nothing to replay"),
    # replays
    "replay_unfinished": ("游戏 {game} 尚未结束（{status}）：结束前只能看公开视角（?view=spectator）",
                          "game {game} is not finished ({status}): only its public view (?view=spectator) can be replayed until it ends"),
    "replay_view": ("视角只能是 god、spectator，或 seat 加 seat=1..{seats}", "view must be god, spectator, or seat with seat=1..{seats}"),
    "no_call": ("游戏 {game} 没有第 {call} 次模型调用（或这个视角看不到）", "game {game} has no model call {call} (or not in this view)"),
    # who was a bot
    "guess_not_over": ("游戏结束后才能回答“谁是机器人”", "“who was a bot?” is asked once the game is over"),
    "guess_no_humans": ("这局没有人类玩家，没有“谁是机器人”可答", "this game had no human players: there is no “who was a bot?” to answer"),
    "guess_target": ("{target} 不是可以猜的座位（猜的是除你以外的每个马甲）", "{target} is not a seat to guess (every alias but your own)"),
    "guess_value": ("对 {target} 的回答只能是 human 或 bot", "the answer for {target} is human or bot"),
    "guess_model": ("对 {target} 的模型猜测不在选项里", "the model guessed for {target} is not one of the choices"),
    "guess_missing": ("还有 {count} 个马甲没回答", "{count} alias(es) still unanswered"),
    "guess_done": ("你已经回答过了", "you have already answered"),
}
"""Every sentence the server may say to a person; ``{name}`` fields are the parameters."""


class _Missing(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


def render(code: str, params: dict[str, Any], lang: Lang) -> str:
    """``code``'s sentence in ``lang`` with ``params`` (a code without a text reads as itself); a
    parameter given in both languages (``{"zh": …, "en": …}``, a phase's name) is read in ``lang``."""
    pair = TEXTS.get(code)
    if pair is None:
        return code
    template = pair[0] if lang == "zh" else pair[1]
    shown = {k: str(v[lang] if isinstance(v, dict) and lang in v else v) for k, v in params.items()}
    return template.format_map(_Missing(shown))


class ServerError(Exception):
    """A request the server will not act on, said by a code (see the module docstring)."""

    status: ClassVar[int] = 400

    def __init__(self, code: str, /, *, texts: dict[str, str] | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        self._texts = texts

    def render(self, lang: Lang) -> str:
        if self._texts is not None:
            return self._texts[lang]
        return render(self.code, self.params, lang)

    def both(self) -> dict[str, str]:
        """The message in both languages (what a page switches between)."""
        return {"zh": self.render("zh"), "en": self.render("en")}

    def body(self) -> dict[str, Any]:
        """The JSON of a refusal: its code, the English sentence, and both languages."""
        return {"error": self.render("en"), "code": self.code, "message": self.both()}

    def __str__(self) -> str:
        return self.render("en")

    @classmethod
    def of_engine(cls, error: EngineError, names: Names) -> ServerError:
        """The engine's refusal, in the engine's words for the game (its names, its rule set's texts)."""
        return cls(error.code, texts={"zh": error.render("zh", names), "en": error.render("en", names)})


class Refused(ServerError):
    """An action, message or request the server will not act on now."""

    status = 409


class BadRequest(ServerError):
    status = 400


class TokenError(ServerError):
    """A seat token that grants nothing here: missing, forged, expired, revoked, for another seat or game."""

    status = 403


class HostKeyError(ServerError):
    """A host request without the host's key (or with a wrong one)."""

    status = 401


class UnknownGame(ServerError):
    status = 404


class GameGone(ServerError):
    """A finished game no longer held in memory: its replay is where to look."""

    status = 410


class TooLarge(ServerError):
    status = 413


class OverQuota(ServerError):
    status = 429
