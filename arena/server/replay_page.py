"""The replay viewer as one self-contained HTML page (served, or exported to a file to share).

The page holds exactly one viewer's view: the events ``engine.views.view`` gives that viewer, the
model calls of that seat (all of them for god, none for a spectator), and, for a finished game,
the seats' roles behind a "reveal" button. Everything stored is text, escaped here; the one
script is a constant (its hash goes into the page's Content-Security-Policy) and only toggles
what is shown. Sections: header and views, the fork (``replay_fork``: a fork beside its origin from
the fork point, or the forks made of this game), seats, plots, beliefs (``replay_beliefs``: god sees how
near the truth they were, a seat its own reports, a spectator nothing), votes, deaths, then the
timeline by day and phase with each LLM decision under the event it produced.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from html import escape
from importlib import resources

from arena.server.payload import channel
from arena.server.plots import heatmap
from arena.server.replay_beliefs import beliefs_section
from arena.server.replay_calls import call_html
from arena.server.replay_data import ReplayData, final_ballots, player_name, votes_by_day
from arena.server.replay_fork import TimelineMarks, fork_section
from engine import events as ev
from engine.events import Event
from engine.narrate import narrate
from engine.narrate.names import Lang
from engine.views import Viewer, view
from transcripts.records import CallRecord

SCRIPT = ("document.querySelectorAll('[data-toggle]').forEach(function(b){b.addEventListener('click',function(){"
          "document.body.classList.toggle(b.getAttribute('data-toggle'));});});"
          "document.querySelectorAll('details[data-src]').forEach(function(d){d.addEventListener('toggle',function(){"
          "if(!d.open||d.getAttribute('data-loaded'))return;d.setAttribute('data-loaded','1');"
          "var box=d.querySelector('.call-body');fetch(d.getAttribute('data-src')).then(function(r){return r.json();})"
          ".then(function(c){box.textContent='';(c.sections||[]).forEach(function(s){var h=document.createElement('h4');"
          "h.textContent=s.title;var p=document.createElement('pre');p.textContent=s.text;if(s.kind)p.className=s.kind;"
          "box.appendChild(h);box.appendChild(p);});if(c.error&&!c.sections){box.textContent=c.error;}});});});")
"""The page's one script: the roles' reveal button, and a model call's body fetched when it is opened
(every text set with ``textContent``: a prompt or a reply is never markup)."""
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
CSP = (f"default-src 'none'; script-src '{SCRIPT_HASH}'; style-src 'unsafe-inline'; img-src data:; "
       "base-uri 'none'; form-action 'self'")
"""The exported page's policy: its own script by hash, nothing else runs, nothing is fetched."""
CSP_SERVED = CSP + "; connect-src 'self'"
"""The served page's: the same, and its calls fetched from the server that sent it."""
CSP_HEADER = CSP_SERVED + "; frame-ancestors 'none'"
"""The served page's, as the server sends it (``frame-ancestors`` works only in a header, not in a meta)."""


def _css() -> str:
    return (resources.files("arena.server") / "static" / "replay.css").read_text(encoding="utf-8")


def t(lang: Lang, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def render_replay(data: ReplayData, viewer: Viewer, lang: Lang = "zh", *, nav: bool = True) -> str:
    """The page of ``data`` as ``viewer`` sees it; ``nav`` adds links to the other views (not in exports)."""
    events = view(data.events, viewer, data.ruleset)
    fork = fork_section(data.fork, data.row.game_id, data.ruleset, data.names, data.events, viewer, lang, nav=nav)
    body = [_header(data, viewer, lang, nav), fork, _seats(data, viewer, lang), _plots(data, events, lang),
            beliefs_section(data, viewer, lang), _votes(data, events, lang), _deaths(data, events, viewer, lang),
            _timeline(data, events, viewer, lang, lazy=nav)]
    title = escape(f"{data.names.title or data.row.header.ruleset} · {data.row.game_id} · {viewer}")
    return ("<!doctype html><html lang=\"" + lang + "\"><head><meta charset=\"utf-8\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP_SERVED if nav else CSP}\">"
            f"<title>{title}</title><style>{_css()}</style></head><body class=\"replay\">"
            + "".join(body) + f"<script>{SCRIPT}</script></body></html>")


def _header(data: ReplayData, viewer: Viewer, lang: Lang, nav: bool) -> str:
    row, header = data.row, data.row.header
    winners = "、".join(data.names.faction(w, lang) for w in row.winners or []) or "—"
    facts = [f"{escape(header.ruleset)} v{escape(header.ruleset_version)}", t(lang, f"种子 {header.seed}", f"seed {header.seed}"),
             t(lang, f"状态 {row.status}", f"status {row.status}"),
             t(lang, f"天数 {row.days or '-'}", f"days {row.days or '-'}"), t(lang, f"胜者 {winners}", f"winners {winners}")]
    out = [f"<header><h1>{escape(data.names.title or header.ruleset)}</h1>",
           f"<p class=\"facts\">{escape(row.game_id)} · " + " · ".join(escape(f) for f in facts) + "</p>",
           f"<p class=\"viewing\">{t(lang, '视角', 'View')}: <b id=\"viewer\">{escape(_viewer_name(viewer, data, lang))}</b></p>"]
    if nav:
        out.append(_nav(data, lang))
    out.append("</header>")
    return "".join(out)


def _viewer_name(viewer: Viewer, data: ReplayData, lang: Lang) -> str:
    if viewer.kind == "seat":
        return f"{viewer.seat} {data.names.seat(viewer.seat, lang)}"
    return {"god": t(lang, "上帝视角", "god view"), "spectator": t(lang, "观众（公开）", "spectator (public)")}[viewer.kind]


def _nav(data: ReplayData, lang: Lang) -> str:
    base = f"/replays/{escape(data.row.game_id)}"
    links = [f'<a href="{base}?view=spectator&amp;lang={lang}">{t(lang, "公开", "public")}</a>']
    if data.finished:
        links.insert(0, f'<a href="{base}?view=god&amp;lang={lang}">{t(lang, "上帝", "god")}</a>')
        links += [f'<a href="{base}?view=seat&amp;seat={s}&amp;lang={lang}">{s}</a>'
                  for s in range(1, data.ruleset.seats + 1)]
    other = "en" if lang == "zh" else "zh"
    return (f"<nav class=\"views\">{' · '.join(links)} · <a href=\"{base}?lang={other}\">{other}</a> · "
            f"<a href=\"{base}/export?lang={lang}\">{t(lang, '导出HTML', 'export HTML')}</a> · "
            f"<a href=\"/replays\">{t(lang, '全部对局', 'all games')}</a></nav>")


def _seats(data: ReplayData, viewer: Viewer, lang: Lang) -> str:
    roles = {s.seat: s for s in data.seats} if data.finished else {}
    configs = {int(c["seat"]): c for c in data.row.header.seat_configs}
    rows = []
    for seat in range(1, data.ruleset.seats + 1):
        player = player_name(configs[seat]) if seat in configs else "?"
        record = roles.get(seat)
        secret = (f"<td class=\"secret\">{escape(data.names.role(record.role, lang))}</td>"
                  f"<td class=\"secret\">{escape(data.names.faction(record.faction, lang))}</td>") if record else "<td></td><td></td>"
        rows.append(f"<tr><td>{seat}</td><td>{escape(data.names.seat(seat, lang))}</td><td>{escape(player)}</td>{secret}</tr>")
    button = (f"<button type=\"button\" data-toggle=\"reveal\" id=\"reveal\">{t(lang, '显示/隐藏身份', 'reveal / hide roles')}</button>"
              if roles else f"<p class=\"note\">{t(lang, '对局未结束：身份不公开', 'game not finished: roles are not shown')}</p>")
    control = "".join(f"<li>{t(lang, '座位', 'seat')} {c.seat}: {escape(_controller(c.controller, lang))} "
                      f"({t(lang, '自事件', 'from event')} {c.at_seq}) — {escape(_reason(c.reason, lang))}</li>"
                      for c in data.control if viewer.kind == "god" or viewer.seat == c.seat)
    handovers = f"<h3>{t(lang, '换手记录', 'Hand-overs')}</h3><ul class=\"control\">{control}</ul>" if control else ""
    head = t(lang, "<th>#</th><th>马甲</th><th>玩家</th><th>身份</th><th>阵营</th>",
             "<th>#</th><th>alias</th><th>player</th><th>role</th><th>faction</th>")
    return (f"<section id=\"seats\"><h2>{t(lang, '座位', 'Seats')}</h2>{button}"
            f"<table class=\"seats\"><tr>{head}</tr>{''.join(rows)}</table>{handovers}</section>")


HANDOVERS: dict[str, tuple[str, str]] = {
    "left": ("玩家离开，机器人代打", "the player left; the stand-in plays"),
    "back": ("玩家回来继续玩", "the player came back"),
    "gone": ("到时限时玩家不在，替补机器人接手", "the player was gone at a deadline; the stand-in took over"),
    "returned": ("玩家回到桌前，座位还给本人", "the player returned; the seat is theirs again"),
}
"""Why a seat changed hands (``seat_control.reason``); an older game's free text is shown as stored."""


def _reason(code: str, lang: Lang) -> str:
    found = HANDOVERS.get(code)
    return t(lang, *found) if found is not None else code


def _controller(who: str, lang: Lang) -> str:
    return {"human": t(lang, "本人", "the person"), "bot": t(lang, "机器人", "the bot")}.get(who, who)


def _plots(data: ReplayData, events: list[Event], lang: Lang) -> str:
    days = votes_by_day(events)
    if not days:
        return ""
    columns = sorted(days)
    targets = sorted({b.target for ballots in days.values() for b in final_ballots(ballots).values() if b.target})
    values: dict[tuple[int, int], int] = {}
    for c, day in enumerate(columns):
        for ballot in final_ballots(days[day]).values():
            if ballot.target:
                key = (targets.index(ballot.target), c)
                values[key] = values.get(key, 0) + 1
    layer = _ballot_layer(data)
    rows = [f"{s} {data.names.seat(s, lang)}" if not layer else data.names.majia_label(s, lang) for s in targets]
    title = t(lang, "每天得票（行：被投者，列：天）", "Votes received per day (rows: seats, columns: days)")
    svg = heatmap(title, rows, [t(lang, f"第{d}天", f"day {d}") for d in columns], values)
    return f"<section id=\"plots\"><h2>{t(lang, '图', 'Plots')}</h2><figure>{svg}<figcaption>{escape(title)}</figcaption></figure></section>"


def _ballot_layer(data: ReplayData) -> str:
    """What ballots name: 马甲 where the game has that second list (majiasha2), else seats."""
    return "majia" if data.names.majia else ""


def _votes(data: ReplayData, events: list[Event], lang: Lang) -> str:
    parts = []
    for day, ballots in sorted(votes_by_day(events).items()):
        rows = "".join(
            f"<tr><td>{escape(data.names.seat(b.seat, lang))}</td><td>"
            f"{escape(data.names.target(b.target, _ballot_layer(data), lang)) if b.target else t(lang, '弃票', 'abstain')}</td>"
            f"<td class=\"text\">{escape(b.reason)}</td></tr>" for b in final_ballots(ballots).values())
        head = t(lang, "<th>投票者</th><th>投给</th><th>理由</th>", "<th>voter</th><th>for</th><th>reason</th>")
        parts.append(f"<h3>{t(lang, f'第{day}天', f'Day {day}')}</h3><table class=\"votes\" data-day=\"{day}\">"
                     f"<tr>{head}</tr>{rows}</table>")
    return f"<section id=\"votes\"><h2>{t(lang, '投票', 'Votes')}</h2>{''.join(parts) or '—'}</section>"


def _deaths(data: ReplayData, events: list[Event], viewer: Viewer, lang: Lang) -> str:
    items = []
    for e in events:
        if isinstance(e, ev.Died):  # the god view only: causes are judge-only
            line = narrate(e, data.names, lang, god=True)
            items.append(f"<li>{t(lang, f'第{e.day}天', f'day {e.day}')} · {escape(line or '')}</li>")
        elif isinstance(e, ev.Dawn | ev.VoteResult | ev.SeatsOut) and viewer.kind != "god":
            line = narrate(e, data.names, lang)
            items.append(f"<li>{t(lang, f'第{e.day}天', f'day {e.day}')} · {escape(line or '')}</li>")
    return f"<section id=\"deaths\"><h2>{t(lang, '死亡', 'Deaths')}</h2><ul>{''.join(items) or '—'}</ul></section>"


def _timeline(data: ReplayData, events: list[Event], viewer: Viewer, lang: Lang, *, lazy: bool = False) -> str:
    calls = calls_for(data.calls, viewer)
    marks = TimelineMarks(data.fork, viewer, lang)
    sections: list[str] = []
    days: list[int] = []
    current: tuple[int, str] | None = None
    for e in events:
        key = (e.day, e.phase)
        if key != current:
            if current is not None:
                sections.append("</details>")
            if e.day not in days:
                days.append(e.day)
                sections.append(f"<h3 class=\"day\" id=\"day{e.day}\">{t(lang, f'第{e.day}天', f'Day {e.day}')}</h3>")
            current = key
            label = t(lang, f"第{e.day}天 · ", f"Day {e.day} · ") + data.names.phase(e.phase, lang)
            sections.append(f"<details open class=\"phase\" id=\"d{e.day}-{escape(e.phase)}\"><summary>{escape(label)}</summary>")
        sections.append(marks.before(e.seq) + _event(e, data, viewer, lang, marks.after(e.seq)))
        sections.extend(call_html(c, lang, call_src(data, viewer, c, lang) if lazy else None) for c in calls.pop(e.seq, []))
    sections.append(marks.rest())
    if current is not None:
        sections.append("</details>")
    nav = " · ".join(f"<a href=\"#day{d}\">{t(lang, f'第{d}天', f'day {d}')}</a>" for d in days)
    return (f"<section id=\"timeline\"><h2>{t(lang, '时间线', 'Timeline')}</h2><nav class=\"days\">{nav}</nav>"
            f"{''.join(sections)}</section>")


def _event(e: Event, data: ReplayData, viewer: Viewer, lang: Lang, mark: str = "") -> str:
    """One event's line (``mark``: a counterfactual floor's mark, after its text)."""
    line = narrate(e, data.names, lang, god=viewer.kind == "god")
    if line is None:
        return ""
    kind = escape(e.kind)
    if isinstance(e, ev.Posted):
        quote = (f" <a class=\"quote\" href=\"#f{e.quote}\">{t(lang, f'回复{e.quote}楼', f're #{e.quote}')}</a>"
                 if e.quote else "")
        blue = f" <span class=\"blue\">{t(lang, f'蓝字{e.blue}', f'blue {e.blue}')}</span>" if e.blue else ""
        return (f"<div class=\"ev post ch-thread\" id=\"f{e.floor}\" data-seq=\"{e.seq}\"><span class=\"floor\">"
                f"{t(lang, f'{e.floor}楼', f'#{e.floor}')}</span>{blue} <b>{escape(data.names.seat(e.seat, lang))}</b>{quote}"
                f"<p class=\"text\">{escape(e.text)}</p>{mark}</div>")
    return f"<div class=\"ev k-{kind} ch-{channel(e)}\" data-seq=\"{e.seq}\">{escape(line)}</div>"


def calls_for(calls: Iterable[CallRecord], viewer: Viewer) -> dict[int | None, list[CallRecord]]:
    """The calls a viewer may see: god all, a seat its own, a spectator none."""
    out: dict[int | None, list[CallRecord]] = {}
    for call in calls:
        if viewer.kind == "god" or (viewer.kind == "seat" and call.seat == viewer.seat):
            out.setdefault(call.event_seq, []).append(call)
    return out


def call_src(data: ReplayData, viewer: Viewer, call: CallRecord, lang: Lang) -> str:
    """Where a served page fetches one call's body, for the same viewer."""
    who = "view=god" if viewer.kind == "god" else f"view=seat&seat={viewer.seat}"
    return f"/replays/{data.row.game_id}/calls/{call.call_id}?{who}&lang={lang}"
