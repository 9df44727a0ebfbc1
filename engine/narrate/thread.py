"""Public lines: the thread's posts, ballots and last words, and the judge's public posts.

The renderers here are the shared ones: the forms every rule set's thread has in common and the
typed public events of the shared concepts (dawn, vote result, outs, sheriff, published
identities, a second name list). A rule set that says one of them its own way puts its renderer in
its ``Narration.kinds``; the topics, causes, warnings and end reasons come from its ``Narration``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine import events as ev
from engine.layers import second_layer
from engine.narrate.context import Ctx, quote
from engine.narrate.messages import render_message


def game_created(e: ev.GameCreated, c: Ctx) -> str:
    title = quote(c.names.title) if c.names.title and e.ruleset == c.names.ruleset else quote(e.ruleset)
    changed = [flag_text(c, k, v) for k, v in sorted(e.flags.items())
               if k in c.names.flag_defaults and c.names.flag_defaults[k] != v]
    tail = c.t(f"；本局裁定：{'；'.join(changed)}", f"; adjudications of this game: {'; '.join(changed)}") \
        if changed else ""
    return c.judge(c.t(f"开局：{title}（版本 {quote(e.version)}），{e.seats} 名玩家，种子 {e.seed}",
                       f"New game: {title} (version {quote(e.version)}), {e.seats} players, seed {e.seed}") + tail)


def flag_text(c: Ctx, name: str, value: Any) -> str:
    """A changed adjudication flag in words: what it decides and the value set (a value the rule set
    names in words as ``<flag>=<value>``, else yes/no or the value itself); its id only where the rule
    set has no words for it, which the coverage test refuses."""
    found = c.text.flags.get(name)
    shown = value_text(c, value, name)
    if found is None:
        return f"{quote(name)} = {shown}"
    return c.t(f"{found[0]}：{shown}", f"{found[1]}: {shown}")


def value_text(c: Ctx, value: Any, name: str = "") -> str:
    """A flag's value as words: the rule set's words for ``<flag>=<value>`` where it has them (``none``,
    ``-1`` …), yes/no for a switch, else the value as written (numbers, Chinese words)."""
    named = c.text.pair("words", f"{name}={value}") if name and not isinstance(value, bool) else None
    if named is not None:
        return c.t(*named)
    if isinstance(value, bool):
        return c.t("是", "yes") if value else c.t("否", "no")
    return c.word(str(value))


def aliases(e: ev.AliasesAssigned, c: Ctx) -> str:
    return c.judge(c.t("本局马甲：", "Aliases: ") + c.sep.join(alias_rows(e, c)))


def alias_rows(e: ev.AliasesAssigned, c: Ctx) -> list[str]:
    """``3号 战人`` for each seat (with the English rendering in English)."""
    rows = []
    for seat in sorted(int(s) for s in e.aliases):
        alias = quote(e.aliases[seat])
        english = quote(c.names.english.get(e.aliases[seat], alias))
        rows.append(c.t(f"{seat}号 {alias}", f"{seat} {english} ({alias})" if english != alias else f"{seat} {alias}"))
    return rows


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
    target = c.target(e.target, c.text.ballot_layer)
    body = c.t(f"{who} 弃票", f"{who} abstains") if e.target is None else \
        c.t(f"{who} 投给 {target}", f"{who} votes for {target}")
    if e.reason:
        body += c.t(f"（理由：{quote(e.reason)}）", f" (reason: {quote(e.reason)})")
    return c.t("【投票】", "[Vote] ") + body


def last_words(e: ev.LastWords, c: Ctx) -> str:
    if e.published:
        return c.t("【遗言】", "[Last words] ") + f"{c.seat(e.seat)}{c.t('：', ': ')}{quote(e.text)}"
    return c.private(e, c.t(f"你提交了遗言：{quote(e.text)}", f"You submitted your last words: {quote(e.text)}"),
                     c.t("遗言", "last words"))


def warned(e: ev.Warned, c: Ctx) -> str:
    what = c.pair("warnings", e.reason)
    return c.judge(c.t(f"警告 {c.seat(e.seat)}（{what}），累计 {e.count} 次",
                       f"Warning to {c.seat(e.seat)} ({what}); {e.count} in total"))


def announced(e: ev.Announced, c: Ctx) -> str | None:
    """A rule set's own public post, by its topic (the generic line where the rule set has none); a
    post every rule set's judge may make (``ANNOUNCEMENTS``) where the rule set does not say it."""
    render = c.text.announcements.get(e.topic) or ANNOUNCEMENTS.get(e.topic)
    if render is not None:
        body = render(e, c)
        return c.judge(body) if body is not None else None
    extra = f" {quote(repr(e.data))}" if e.data else ""
    return c.judge(f"{quote(e.topic)}{c.t('：', ': ')}{c.seats(e.seats)}{extra}")


def void_ballot(e: ev.Announced, c: Ctx) -> str:
    """The judge console's record of a ballot the rules do not count (``arena.judge.void_ballots``): a
    malformed one (废票) or a change beyond the limit, with why, and whether the earlier one stands."""
    seat = c.seats(e.seats)
    target = e.data.get("target")
    whom = c.t("弃权", "an abstention") if target is None else c.target(int(target), c.text.ballot_layer)
    reason = str(e.data.get("reason") or "")
    said = c.t(f"（理由：{quote(reason)}）", f" (reason: {quote(reason)})") if reason else ""
    error = e.data.get("error") or {}
    why = render_message(str(error.get("code", "")), dict(error.get("params") or {}), c) if error else ""
    if e.data.get("kind") == "void":
        head = c.t(f"{seat} 的改票无效：改投 {whom}{said}，不计入", f"{seat}'s change of vote is void: {whom}{said} does not count")
    else:
        head = c.t(f"{seat} 的投票格式有误，记为废票：投给 {whom}{said}，不计入",
                   f"{seat}'s ballot is malformed, a spoiled ballot: {whom}{said} does not count")
    kept = c.t("，此前的投票仍有效", "; the earlier ballot stands") if e.data.get("kept") else \
        c.t("，本轮尚无有效投票", "; it has no valid ballot yet")
    return head + (c.t(f"（{why}）", f" ({why})") if why else "") + kept


ANNOUNCEMENTS: dict[str, Callable[[ev.Announced, Ctx], str]] = {"void_ballot": void_ballot}
"""Posts every rule set's judge may make (a rule set's own ``Narration.announcements`` come first)."""


def game_ended(e: ev.GameEnded, c: Ctx) -> str:
    winners = c.sep.join(c.faction(f) for f in e.winners)
    body = c.t(f"游戏结束：{winners} 获胜", f"Game over: {winners} win") if e.winners else \
        c.t("游戏结束：无人获胜", "Game over: nobody wins")
    if e.reason:
        body += c.t(f"（{c.pair('end_reasons', e.reason)}）", f" ({c.pair('end_reasons', e.reason)})")
    return c.judge(body)


# -- the typed public events of the shared concepts ---------------------------------------------------


def with_identities(c: Ctx, seats: Iterable[int], roles: Mapping[int, str], majia: Mapping[int, int]) -> str:
    """Seats, each with the identity and the 马甲 the post publishes for it."""
    shown = []
    for seat in seats:
        extra = [c.identity(roles[seat])] if seat in roles else []
        extra += [c.majia(majia[seat])] if seat in majia else []
        shown.append(c.seat(seat) + (c.t(f"（{'，'.join(extra)}）", f" ({', '.join(extra)})") if extra else ""))
    return c.sep.join(shown) if shown else c.t("无", "nobody")


def dawn(e: ev.Dawn, c: Ctx) -> str:
    if e.seats:
        body = c.t("天亮了。昨夜出局：", "Dawn. Out last night: ") + with_identities(c, e.seats, e.roles, e.majia)
    else:
        body = c.t("天亮了。昨夜无人出局", "Dawn. Nobody went out last night")
    if e.revived:
        body += c.t(f"；复活：{c.seats(e.revived)}", f"; revived: {c.seats(e.revived)}")
    return c.judge(body)


def vote_head(e: ev.VoteResult, c: Ctx) -> str:
    """``投票结果：``, or ``第2部分投票结果：`` where the day has several vote stages."""
    return c.t(f"第{e.stage}部分投票结果：", f"Stage {e.stage} vote result: ") if e.stage else \
        c.t("投票结果：", "Vote result: ")


def vote_outcome(e: ev.VoteResult, c: Ctx) -> str:
    """Who is voted out and who dies by it."""
    if not e.seats and not e.died:
        return c.t("无人被投票出局", "nobody was voted out")
    if not e.seats:
        return c.t(f"无人被投票出局；{c.seats(e.died)} 死亡", f"nobody was voted out; {c.seats(e.died)} died")
    out = with_identities(c, e.seats, e.roles, e.majia)
    if e.died == e.seats:
        return c.t(f"{out} 被投票出局，死亡", f"{out} was voted out and died")
    if not e.died:
        return c.t(f"{out} 被投票出局，未死亡", f"{out} was voted out and did not die")
    return c.t(f"{out} 被投票出局；{c.seats(e.died)} 死亡", f"{out} was voted out; {c.seats(e.died)} died")


def vote_tally(e: ev.VoteResult, c: Ctx) -> str:
    """``（票数：A 3、B 1）``, most votes first."""
    if not e.tally:
        return ""
    ranked = sorted(e.tally.items(), key=lambda item: (-item[1], item[0]))
    counts = c.sep.join(f"{c.target(target, e.layer)} {n}" for target, n in ranked)
    return c.t(f"（票数：{counts}）", f" (votes: {counts})")


def vote_result(e: ev.VoteResult, c: Ctx) -> str:
    return c.judge(vote_head(e, c) + vote_outcome(e, c) + vote_tally(e, c))


def seats_out(e: ev.SeatsOut, c: Ctx) -> str:
    who = with_identities(c, e.seats, e.roles, e.majia)
    return c.judge(c.t(f"{who} {c.cause(e.cause)}，出局", f"{who} {c.cause(e.cause)} and is out"))


BY: dict[str, tuple[str, str]] = {
    "election": ("竞选当选", "elected"), "successor": ("由前任指定继任", "named by the previous sheriff"),
    "random": ("随机继任", "drawn at random"), "none": ("无人继任", "nobody succeeds"),
}


def sheriff(e: ev.SheriffChanged, c: Ctx) -> str:
    who = c.majia(e.majia) if e.majia is not None else c.seat(e.seat) if e.seat is not None else None
    if who is None:
        return c.judge(c.t("本局暂无警长", "There is no sheriff"))
    how = c.pair("words", f"sheriff.{e.by}", BY.get(e.by)) if e.by else ""
    return c.judge(c.t(f"警长：{who}" + (f"（{how}）" if how else ""), f"Sheriff: {who}" + (f" ({how})" if how else "")))


def role_revealed(e: ev.RoleRevealed, c: Ctx) -> str:
    why = c.pair("reveal_reasons", e.reason) if e.reason else ""
    body = c.t("公布身份：", "Identity published: ") + with_identities(c, e.seats, e.roles, {})
    return c.judge(body + (c.t(f"（{why}）", f" ({why})") if why else ""))


def layer_listed(e: ev.LayerListed, c: Ctx) -> str:
    listed = c.sep.join(c.majia(n) for n in sorted(e.names)) if second_layer(e.layer) else \
        c.sep.join(f"{n} {quote(name)}" for n, name in sorted(e.names.items()))
    return c.judge(c.t(f"名单：{listed}", f"The list: {listed}"))


RENDER: dict[str, Callable[[Any, Ctx], str | None]] = {
    "game_created": game_created, "aliases": aliases, "phase_began": phase_began, "posted": posted,
    "vote_cast": vote_cast, "last_words": last_words, "warned": warned, "announced": announced,
    "game_ended": game_ended, "dawn": dawn, "vote_result": vote_result, "seats_out": seats_out,
    "sheriff": sheriff, "role_revealed": role_revealed, "layer_listed": layer_listed,
}
