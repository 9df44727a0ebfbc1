"""A fork in the replay viewer: shown beside its origin from the fork point, its counterfactual floors marked.

A fork's page gets a section that sets the two games side by side from the point where the fork
began (``origin_seq``: everything before it is the origin's, byte for byte, and is not repeated):
one row per day and phase, the origin's lines on the left, the fork's on the right, the rows where
they differ marked, the first of them anchored (``#diverge``). Each game is shown as the page's
viewer may see it (an origin that is not finished only in its public view). The origin's page lists
the forks made of it. In the timeline an edited floor carries its mark and a dropped one is said to
be missing (``arena.fork.marks``), only for a viewer who could see that floor: an edit is never
shown as its author's words, in the page or in its export.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from arena.fork.marks import fork_mark, html_mark
from engine import events as ev
from engine.events import Event
from engine.narrate import Names, narrate
from engine.narrate.names import Lang
from engine.ruleset import Ruleset
from engine.views import Viewer, view
from transcripts.forks import ForkEdit, ForkOrigin, fork_origin, forks_of, load_edits
from transcripts.reader import Db, load_events, load_header


@dataclass(frozen=True)
class ForkView:
    """What the page needs to show a game as a fork, and the forks made of it."""

    origin: ForkOrigin | None = None
    edits: dict[int, ForkEdit] = field(default_factory=dict)
    origin_events: list[Event] = field(default_factory=list)
    origin_finished: bool = False
    forks: list[tuple[str, int, str]] = field(default_factory=list)
    """(fork id, its fork point, status) of every fork of this game."""


def load_fork_view(db: Db, game_id: str) -> ForkView:
    """The fork facts of ``game_id`` (a full id), read through ``db`` (a path or a connection)."""
    origin = fork_origin(db, game_id)
    forks = forks_of(db, game_id)
    if origin is None:
        return ForkView(forks=forks)
    row = load_header(db, origin.origin)
    return ForkView(origin, load_edits(db, game_id), load_events(db, origin.origin), row.status == "finished", forks)


def sees(edit: ForkEdit, viewer: Viewer) -> bool:
    """Whether ``viewer`` could see the floor an edit stands for (its mark says nothing to the others)."""
    return viewer.kind == "god" or edit.vis == "public" or (viewer.kind == "seat" and viewer.seat in edit.audience)


class TimelineMarks:
    """The marks of the timeline, handed out as its events are written in order."""

    def __init__(self, fork: ForkView, viewer: Viewer, lang: Lang) -> None:
        self.fork, self.lang = fork, lang
        self.edits = {seq: e for seq, e in fork.edits.items() if sees(e, viewer)}
        self.drops = sorted(seq for seq, e in self.edits.items() if e.action == "drop")
        self.point = fork.origin.origin_seq if fork.origin is not None else None

    def before(self, seq: int) -> str:
        """What stands before the event at ``seq``: the fork point's line where the fork's own play begins,
        the marks of the floors dropped at or before it, not yet written."""
        out = []
        if self.point is not None and seq >= self.point and self.fork.origin is not None:
            out.append(f"<div class=\"ev fork-point\" id=\"fork-point\">{escape(fork_mark(self.fork.origin, self.lang))}</div>")
            self.point = None
        while self.drops and self.drops[0] <= seq:
            out.append(f"<div class=\"ev counterfactual-drop\">{html_mark(self.edits[self.drops.pop(0)], self.lang)}</div>")
        return "".join(out)

    def after(self, seq: int) -> str:
        """The mark that goes with the post at ``seq`` (an edited floor), or nothing."""
        edit = self.edits.get(seq)
        return html_mark(edit, self.lang) if edit is not None and edit.action == "edit" else ""

    def rest(self) -> str:
        """The marks of drops after the last event shown."""
        self.point = None
        return self.before(1 << 62)


def _t(lang: Lang, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def fork_section(fork: ForkView, game_id: str, ruleset: Ruleset, names: Names, events: list[Event], viewer: Viewer,
                 lang: Lang, *, nav: bool) -> str:
    """The page's fork section: the origin beside this fork, and the list of forks made of this game."""
    parts = []
    if fork.origin is not None:
        parts.append(_beside(fork, game_id, ruleset, names, events, viewer, lang, nav))
    if fork.forks:
        items = "".join(f"<li>{_link(gid, lang, nav)} · {_t(lang, f'自序号 {seq} 起', f'from seq {seq}')} · "
                        f"{escape(status)}</li>" for gid, seq, status in fork.forks)
        parts.append(f"<h3>{_t(lang, '本局的分支', 'Forks of this game')}</h3><ul class=\"forks\">{items}</ul>")
    if not parts:
        return ""
    return f"<section id=\"fork\"><h2>{_t(lang, '分支', 'Fork')}</h2>{''.join(parts)}</section>"


def _link(gid: str, lang: Lang, nav: bool) -> str:
    if not nav:
        return f"<code>{escape(gid)}</code>"
    return f"<a class=\"game\" href=\"/replays/{escape(gid)}?lang={lang}\">{escape(gid)}</a>"


Row = tuple[tuple[int, str] | None, list[str], list[str]]


def _beside(fork: ForkView, game_id: str, ruleset: Ruleset, names: Names, events: list[Event], viewer: Viewer,
            lang: Lang, nav: bool) -> str:
    assert fork.origin is not None
    start = fork.origin.origin_seq
    theirs_viewer = viewer if fork.origin_finished else Viewer.spectator()
    theirs = [e for e in view(fork.origin_events, theirs_viewer, ruleset) if e.seq >= start]
    marks = TimelineMarks(fork, viewer, lang)
    marks.point = None  # every row here is after the fork point
    mine = [e for e in view(events, viewer, ruleset) if e.seq >= start]
    rows = merge(_grouped(theirs, names, lang, viewer, None), _grouped(mine, names, lang, viewer, marks))
    body, anchored = [], False
    for key, left, right in rows:
        same = left == right
        anchor = "" if same or anchored else " id=\"diverge\""
        anchored = anchored or not same
        when = "" if key is None else _t(lang, f"第{key[0]}天 · ", f"day {key[0]} · ") + names.phase(key[1], lang)
        body.append(f"<tr class=\"{'same' if same else 'diverged'}\"{anchor}><td>{escape(when)}</td>"
                    f"<td>{''.join(left) or '—'}</td><td>{''.join(right) or '—'}</td></tr>")
    head = (f"<tr><th>{_t(lang, '天 · 阶段', 'day · phase')}</th><th>{_t(lang, '原局', 'origin')} "
            f"{_link(fork.origin.origin, lang, nav)}</th><th>{_t(lang, '本分支', 'this fork')} "
            f"<code>{escape(game_id)}</code></th></tr>")
    note = "" if fork.origin_finished else (
        f"<p class=\"note\">{_t(lang, '原局未结束：只显示其公开视角', 'the origin is not finished: its public view only')}</p>")
    jump = (f"<p><a href=\"#diverge\">{_t(lang, '跳到第一处不同', 'jump to the first difference')}</a></p>"
            if anchored else f"<p class=\"note\">{_t(lang, '分叉后两局（此视角所见）相同', 'after the fork point both games (as this view sees them) are the same')}</p>")
    return (f"<p class=\"fork-mark\">{escape(fork_mark(fork.origin, lang))}</p>{note}{jump}"
            f"<table class=\"beside\">{head}{''.join(body)}</table>")


def _grouped(events: list[Event], names: Names, lang: Lang, viewer: Viewer, marks: TimelineMarks | None
             ) -> list[tuple[tuple[int, str], list[str]]]:
    """The events' lines by consecutive (day, phase)."""
    out: list[tuple[tuple[int, str], list[str]]] = []
    for e in events:
        line = _line(e, names, lang, viewer, marks)
        if not line:
            continue
        key = (e.day, e.phase)
        if not out or out[-1][0] != key:
            out.append((key, []))
        out[-1][1].append(line)
    if marks is not None and out:
        rest = marks.rest()
        if rest:
            out[-1][1].append(rest)
    return out


def _line(e: Event, names: Names, lang: Lang, viewer: Viewer, marks: TimelineMarks | None) -> str:
    before = marks.before(e.seq) if marks is not None else ""
    if isinstance(e, ev.Posted):
        after = marks.after(e.seq) if marks is not None else ""
        floor = _t(lang, f"{e.floor}楼", f"#{e.floor}")
        return (f"{before}<div class=\"ev post\"><span class=\"floor\">{floor}</span> "
                f"<b>{escape(names.seat(e.seat, lang))}</b> <span class=\"text\">{escape(e.text)}</span>{after}</div>")
    text = narrate(e, names, lang, god=viewer.kind == "god")
    return before + (f"<div class=\"ev\">{escape(text)}</div>" if text else "")


def merge(left: list[tuple[tuple[int, str], list[str]]], right: list[tuple[tuple[int, str], list[str]]]) -> list[Row]:
    """Rows of the two games aligned by day and phase: a phase both have shares a row; one only a game
    has (it ended sooner, or a phase the other skipped) stands alone."""
    rows: list[Row] = []
    i = j = 0
    while i < len(left) or j < len(right):
        if i < len(left) and j < len(right) and left[i][0] == right[j][0]:
            rows.append((left[i][0], left[i][1], right[j][1]))
            i, j = i + 1, j + 1
        elif j < len(right) and (i >= len(left) or left[i][0] in (k for k, _ in right[j:])):
            rows.append((right[j][0], [], right[j][1]))
            j += 1
        else:
            rows.append((left[i][0], left[i][1], []))
            i += 1
    return rows
