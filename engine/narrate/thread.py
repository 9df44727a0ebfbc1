"""Public lines: the thread's posts, ballots and last words, and the judge's public posts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as ev
from engine.narrate import majiasha2, reveal
from engine.narrate.context import Ctx, quote


def game_created(e: ev.GameCreated, c: Ctx) -> str:
    title = quote(c.names.title) if c.names.title and e.ruleset == c.names.ruleset else quote(e.ruleset)
    changed = [f"{quote(k)}={quote(repr(v))}" for k, v in sorted(e.flags.items())
               if k in c.names.flag_defaults and c.names.flag_defaults[k] != v]
    tail = c.t(f"；裁定：{'、'.join(changed)}", f"; flags: {', '.join(changed)}") if changed else ""
    return c.judge(c.t(f"开局：{title}（{quote(e.ruleset)} v{quote(e.version)}），{e.seats} 名棋子，种子 {e.seed}",
                       f"New game: {title} ({quote(e.ruleset)} v{quote(e.version)}), {e.seats} seats, "
                       f"seed {e.seed}") + tail)


def aliases(e: ev.AliasesAssigned, c: Ctx) -> str:
    rows = []
    for seat in sorted(int(s) for s in e.aliases):
        alias = quote(e.aliases[seat])
        english = quote(c.names.english.get(e.aliases[seat], alias))
        rows.append(c.t(f"{seat}号 {alias}", f"{seat} {english} ({alias})" if english != alias else f"{seat} {alias}"))
    if c.names.ruleset == "majiasha2":
        return c.judge(c.t("本局角色（发帖账号）：", "Accounts (who posts): ") + c.sep.join(rows))
    return c.judge(c.t("本局马甲：", "Aliases: ") + c.sep.join(rows))


def phase_began(e: ev.PhaseBegan, c: Ctx) -> str:
    name = c.phase(e.name)
    head = c.t(f"第{e.number}天 {name}", f"Day {e.number} · {name}") if e.number else name
    line = f"—— {head} ——"
    if e.rounds and e.order:
        line += c.t(f"（发言顺序：{c.seats(e.order)}；共 {e.rounds} 轮）",
                    f" (speaking order: {c.seats(e.order)}; {e.rounds} round{'s' if e.rounds > 1 else ''})")
    return line


def post_head(e: ev.Posted, c: Ctx) -> str:
    """A post's frame: its floor, its 蓝字 number and the floor it quotes (``【5楼·蓝字1·回复2楼】``)."""
    tags = [c.t(f"{e.floor}楼", f"#{e.floor}")]
    if e.blue is not None:
        tags.append(c.t(f"蓝字{e.blue}", f"blue {e.blue}"))
    if e.quote is not None:
        tags.append(c.t(f"回复{e.quote}楼", f"re #{e.quote}"))
    return c.t("【" + "·".join(tags) + "】", "[" + " · ".join(tags) + "] ")


def posted(e: ev.Posted, c: Ctx) -> str:
    return f"{post_head(e, c)}{c.seat(e.seat)}{c.t('：', ': ')}{quote(e.text)}"


def vote_cast(e: ev.VoteCast, c: Ctx) -> str:
    who = c.signer(e.seat, e.majia)
    body = c.t(f"{who} 弃票", f"{who} abstains") if e.target is None else \
        c.t(f"{who} 投给 {majiasha2.vote_target(e.target, c)}", f"{who} votes for {majiasha2.vote_target(e.target, c)}")
    if e.reason:
        body += c.t(f"（理由：{quote(e.reason)}）", f" (reason: {quote(e.reason)})")
    return c.t("【投票】", "[Vote] ") + body


def last_words(e: ev.LastWords, c: Ctx) -> str:
    if e.published:
        return c.t("【遗言】", "[Last words] ") + f"{c.seat(e.seat)}{c.t('：', ': ')}{quote(e.text)}"
    return c.private(e, c.t(f"你提交了遗言：{quote(e.text)}", f"You submitted your last words: {quote(e.text)}"),
                     c.t("遗言", "last words"))


WARNINGS: dict[str, tuple[str, str]] = {
    "silence": ("当日未发言", "no public post today"), "no_vote": ("未投票", "did not vote"),
    "blue_overflow": ("蓝字超限", "too many blue (reasoning) posts"), "curfew": ("宵禁后发言", "posting after curfew"),
}


def warned(e: ev.Warned, c: Ctx) -> str:
    zh, en = WARNINGS.get(e.reason, (quote(e.reason), quote(e.reason)))
    who = c.seat(e.seat)
    if c.names.ruleset == "majiasha2":
        return c.judge(majiasha2.penalty(who, zh, en, e.count, c))
    return c.judge(c.t(f"警告 {who}（{zh}），累计 {e.count} 次",
                       f"Warning to {who} ({en}); {e.count} in total"))


def _night_deaths(e: ev.Announced, c: Ctx) -> str:
    if not e.seats:
        return c.t("昨夜平安夜，无人死亡", "Nobody died last night")
    roles: dict[str, Any] = e.data.get("roles", {}) if isinstance(e.data.get("roles"), dict) else {}
    shown = [c.seat(s) + (c.t(f"（{c.role(str(roles[str(s)]))}）", f" ({c.role(str(roles[str(s)]))})")
                          if str(s) in roles else "") for s in e.seats]
    return c.t("昨夜死亡：", "Died last night: ") + c.sep.join(shown)


def _exit_clause(c: Ctx, target: int, died: list[int]) -> str:
    who = c.seat(target)
    if died == [target]:
        return c.t(f"{who} 被投票出局，死亡", f"{who} was voted out and died")
    if not died:
        return c.t(f"{who} 被投票出局，未死亡", f"{who} was voted out and did not die")
    return c.t(f"{who} 被投票出局；{c.seats(died)} 死亡", f"{who} was voted out; {c.seats(died)} died")


def _by_votes(item: tuple[str, Any]) -> tuple[int, int]:
    seat, n = item
    return (-int(n), int(seat))


def _vote_result(e: ev.Announced, c: Ctx) -> str:
    if c.names.ruleset == "majiasha2":
        return majiasha2.vote_result(e, c)
    died = [int(s) for s in e.data.get("died", [])]
    if not e.seats:
        body = c.t("无人被投票出局", "nobody was voted out")
    elif len(e.seats) == 1:
        body = _exit_clause(c, e.seats[0], died)
    else:
        body = c.t(f"{c.seats(e.seats)} 被投票出局；死亡：{c.seats(died)}",
                   f"{c.seats(e.seats)} were voted out; died: {c.seats(died)}")
    tally = e.data.get("tally", {})
    if isinstance(tally, dict) and tally:
        counts = c.sep.join(f"{c.seat(int(s))} {n}" for s, n in sorted(tally.items(), key=_by_votes))
        body += c.t(f"（票数：{counts}）", f" (votes: {counts})")
    return _stage_head(e, c) + body + _stage_tail(e, c)


def _stage_head(e: ev.Announced, c: Ctx) -> str:
    """``投票结果：``, or ``第2部分投票结果：`` where the day has several vote stages (qijian24)."""
    stage = e.data.get("stage")
    return c.t(f"第{stage}部分投票结果：", f"Stage {stage} vote result: ") if stage else c.t("投票结果：", "Vote result: ")


def _stage_tail(e: ev.Announced, c: Ctx) -> str:
    """What a multi-stage vote says after the result: 特权生效, and who the next stage may name."""
    tail = c.t("；特权生效", "; a privilege took effect") if e.data.get("privilege") else ""
    following = e.data.get("next")
    if following == "STAGE2" and e.data.get("all"):
        tail += c.t("；可疑者不足 2 人，所有玩家都是可疑者", "; fewer than 2 suspects: everyone is a suspect")
    elif following in ("STAGE2", "STAGE3"):
        who = c.seats(int(s) for s in e.data.get("suspects", []))
        tail += c.t(f"；下一部分的候选人：{who}", f"; candidates of the next stage: {who}")
    return tail


def _drowned(e: ev.Announced, c: Ctx) -> str:
    return c.t(f"{c.seats(e.seats)} 累计警告，淹死", f"{c.seats(e.seats)} drowned (too many warnings)")


def _witch_revival(e: ev.Announced, c: Ctx) -> str:
    return c.t("魔女复苏", "The witch revives (魔女复苏)")


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {
    "night_deaths": _night_deaths, "vote_result": _vote_result, "drowned": _drowned,
    "witch_revival": _witch_revival,
    **majiasha2.ANNOUNCEMENTS,
    **reveal.ANNOUNCEMENTS,
}


def announced(e: ev.Announced, c: Ctx) -> str:
    render = ANNOUNCEMENTS.get(e.topic)
    if render is not None:
        return c.judge(render(e, c))
    extra = f" {quote(repr(e.data))}" if e.data else ""
    return c.judge(f"{quote(e.topic)}{c.t('：', ': ')}{c.seats(e.seats)}{extra}")


END_REASONS: dict[str, tuple[str, str]] = {
    "key whites all dead": ("白方关键棋子全部死亡", "every key white piece is dead"),
    "killers all dead": ("杀手全部死亡", "every killer is dead"),
    "both": ("黑白双方同时达成胜利条件", "both Black and White met their conditions"),
}


def game_ended(e: ev.GameEnded, c: Ctx) -> str:
    winners = c.sep.join(c.faction(f) for f in e.winners)
    body = c.t(f"游戏结束：{winners} 获胜", f"Game over: {winners} win") if e.winners else \
        c.t("游戏结束：无人获胜", "Game over: nobody wins")
    if e.reason:
        zh, en = END_REASONS.get(e.reason, (quote(e.reason), quote(e.reason)))
        body += c.t(f"（{zh}）", f" ({en})")
    return c.judge(body)


RENDER: dict[str, Callable[[Any, Ctx], str | None]] = {
    "game_created": game_created, "aliases": aliases, "phase_began": phase_began, "posted": posted,
    "vote_cast": vote_cast, "last_words": last_words, "warned": warned, "announced": announced,
    "game_ended": game_ended,
}
