"""The replay list: every stored game under column headers, its start in the reader's local time,
filters in the reader's language, and where each game stands.

A game's standing is told apart as a person needs it: *finished* (its replay has every view),
*being played here* (this server runs it: watch it live), *interrupted* (stored as running, yet no
process plays it — a restart cut it off: the host may resume it from here), *aborted* (stopped by
an error; the host may try again). Times are stored in UTC and written as ``<time datetime>``;
the page's own script (``/static/replays.js``, allowed by the server's policy) shows them in the
browser's time zone, and without it they read as UTC.
"""

from __future__ import annotations

from html import escape
from typing import Any

from arena.server.replay_data import models_of
from engine.narrate.names import Lang, Names
from engine.rulesets import get_ruleset, ruleset_ids
from transcripts.records import GameRow

STATUSES: dict[str, tuple[str, str]] = {
    "": ("全部", "all"), "finished": ("已结束", "finished"), "running": ("进行中或中断", "running or interrupted"),
    "aborted": ("已中止", "aborted"),
}
STANDING: dict[str, tuple[str, str]] = {
    "finished": ("已结束", "finished"), "live": ("进行中（本服务器）", "being played here"),
    "interrupted": ("中断（可续局）", "interrupted (resumable)"), "aborted": ("已中止（可续局）", "aborted (resumable)"),
}
HEADERS = (("对局", "game"), ("开始时间", "started"), ("规则", "rule set"), ("玩家", "players"), ("状态", "status"),
           ("胜方", "winners"), ("天数", "days"), ("", ""))


def t(lang: Lang, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def standing(row: GameRow, live: bool) -> str:
    """Where a stored game stands (see the module docstring)."""
    if live:
        return "live"
    if row.status == "running":
        return "interrupted"
    return row.status


def page(rows: list[tuple[GameRow, bool]], query: dict[str, str], lang: Lang) -> str:
    """The list page: the search form, the table, and the script that localises its times."""
    other = "en" if lang == "zh" else "zh"
    switch = escape("/replays?" + "&".join(f"{k}={v}" for k, v in {**query, "lang": other}.items() if v))
    head = "".join(f"<th>{t(lang, zh, en)}</th>" for zh, en in HEADERS)
    body = "".join(_row(row, live, lang) for row, live in rows) or (
        f"<tr><td colspan=\"{len(HEADERS)}\">{t(lang, '没有符合条件的对局', 'No game matches')}</td></tr>")
    return (f"<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{t(lang, '对局回放', 'Replays')}</title><link rel=\"stylesheet\" href=\"/static/replay.css\">"
            "<script src=\"/static/replays.js\" defer></script></head>"
            f"<body class=\"replay\" data-lang=\"{lang}\"><header><h1>{t(lang, '对局回放', 'Replays')}</h1><nav>"
            f"<a href=\"/\">{t(lang, '大厅', 'lobby')}</a> · <a id=\"lang-switch\" href=\"{switch}\">"
            f"{'English' if lang == 'zh' else '中文'}</a></nav></header>{_form(query, lang)}"
            f"<p id=\"resume-note\" role=\"status\" hidden></p>"
            f"<table class=\"games\"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></body></html>")


def _form(query: dict[str, str], lang: Lang) -> str:
    ruleset, model, outcome, status = (query.get(k, "") for k in ("ruleset", "model", "outcome", "status"))
    rulesets = [f"<option value=\"\">{t(lang, '全部', 'all')}</option>"] + [
        f"<option value=\"{escape(r)}\"{' selected' if r == ruleset else ''}>{escape(get_ruleset(r).title)} ({escape(r)})</option>"
        for r in ruleset_ids()]
    statuses = "".join(f"<option value=\"{s}\"{' selected' if s == status else ''}>{t(lang, zh, en)}</option>"
                       for s, (zh, en) in STATUSES.items())
    return (f"<form class=\"search\" method=\"get\" action=\"/replays\">"
            f"<label>{t(lang, '规则', 'rule set')} <select name=\"ruleset\">{''.join(rulesets)}</select></label> "
            f"<label>{t(lang, '模型', 'model')} <input name=\"model\" value=\"{escape(model)}\"></label> "
            f"<label>{t(lang, '胜方', 'winner')} <select name=\"outcome\">{_outcomes(outcome, lang)}</select></label> "
            f"<label>{t(lang, '状态', 'status')} <select name=\"status\">{statuses}</select></label> "
            f"<input type=\"hidden\" name=\"lang\" value=\"{lang}\"><button>{t(lang, '搜索', 'search')}</button></form>")


def _outcomes(chosen: str, lang: Lang) -> str:
    """The winning sides to filter by, named by each rule set (one group per rule set)."""
    groups = [f"<option value=\"\">{t(lang, '全部', 'all')}</option>"]
    for r in ruleset_ids():
        ruleset = get_ruleset(r)
        names = Names.from_ruleset(ruleset)
        options = "".join(f"<option value=\"{escape(f.id)}\"{' selected' if f.id == chosen else ''}>"
                          f"{escape(names.faction(f.id, lang))}</option>" for f in ruleset.faction_names)
        groups.append(f"<optgroup label=\"{escape(ruleset.title)}\">{options}</optgroup>")
    return "".join(groups)


def _row(row: GameRow, live: bool, lang: Lang) -> str:
    names = Names.from_ruleset(get_ruleset(row.header.ruleset))
    created = row.header.created_at
    when = (f"<time datetime=\"{created:%Y-%m-%dT%H:%M:%S}Z\">{created:%Y-%m-%d %H:%M} UTC</time>")
    state = standing(row, live)
    zh, en = STANDING.get(state, (row.status, row.status))
    winners = "、".join(names.faction(w, lang) for w in row.winners or []) or "—"
    link = f"<a class=\"game\" href=\"/replays/{escape(row.game_id)}?lang={lang}\">{escape(row.game_id)}</a>"
    cells: list[Any] = [get_ruleset(row.header.ruleset).title, ", ".join(models_of(row)), None, winners,
                        row.days if row.days is not None else "—"]
    tds = [f"<td>{link}</td>", f"<td>{when}</td>", f"<td>{escape(str(cells[0]))}</td>", f"<td>{escape(str(cells[1]))}</td>",
           f"<td class=\"status s-{state}\">{t(lang, zh, en)}</td>", f"<td>{escape(winners)}</td>",
           f"<td>{escape(str(cells[4]))}</td>", f"<td>{_act(row, state, lang)}</td>"]
    return f"<tr data-game=\"{escape(row.game_id)}\" data-status=\"{state}\">" + "".join(tds) + "</tr>"


def _act(row: GameRow, state: str, lang: Lang) -> str:
    gid = escape(row.game_id)
    if state == "live":
        return f"<a class=\"watch\" href=\"/watch/{gid}\">{t(lang, '观战', 'watch')}</a>"
    if state in ("interrupted", "aborted"):
        return f"<button type=\"button\" class=\"resume\" data-game=\"{gid}\">{t(lang, '续局（房主）', 'resume (host)')}</button>"
    return ""
