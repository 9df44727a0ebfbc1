"""The replay viewer's beliefs: what seats privately reported at checkpoints, as far as a viewer may see it.

* God view: one line per target seat, the mean over the seats that reported on it of the
  probability they gave its *true* faction at that checkpoint (its last ``role_dealt`` /
  ``role_changed`` up to the checkpoint, as the evaluations score it), coloured by that faction,
  and one thick line per faction (the mean of its seats' lines). The truth is hidden information,
  so no other view draws it.
* A seat's view: only that seat's own reports, which it wrote: per target, its probability that
  the target is not on its side (1 − P(its own faction, as it knew it)), and the reports in a table.
* The spectator view, a game that is not finished, and a game without reports show nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from arena.run.beliefs import factions_of
from arena.server.plots import Series, line_chart
from arena.server.replay_data import ReplayData
from engine import events as ev
from engine.events import Event
from engine.narrate.names import Lang
from engine.views import Viewer, view
from evals.truth import Truth
from transcripts.beliefs import BeliefRow

PALETTE = ("#b22222", "#1f5fae", "#2e7d32", "#8e44ad", "#e67e22", "#00838f", "#6d4c41", "#c2185b", "#558b2f",
           "#455a64")

FACTION_COLORS = {"black": "#222222", "white": "#1f5fae", "witch": "#8e44ad"}
"""The usual factions' own colours (others take the palette in the rule set's order)."""

Point = tuple[int, int, str]
"""A checkpoint: its event seq, day and phase."""


def t(lang: Lang, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def beliefs_section(data: ReplayData, viewer: Viewer, lang: Lang) -> str:
    """The section for ``viewer`` ("" where it may see none, or there are none to see)."""
    if not data.finished or viewer.kind == "spectator" or not data.beliefs:
        return ""
    body = _god(data, lang) if viewer.kind == "god" else _own(data, viewer, lang)
    return f"<section id=\"beliefs\"><h2>{t(lang, '信念', 'Beliefs')}</h2>{body}</section>"


def truth_of(events: Iterable[Event]) -> Truth:
    """Each seat's faction over time, from the role events among ``events``."""
    truth = Truth()
    for e in events:
        if isinstance(e, ev.RoleDealt | ev.RoleChanged):
            truth.add(e.seq, e.seat, e.faction)
    return truth


def _points(rows: list[BeliefRow]) -> list[Point]:
    return sorted({(r.checkpoint, r.day, r.phase) for r in rows})


def _labels(data: ReplayData, points: list[Point], lang: Lang) -> list[str]:
    """A checkpoint's day, and its phase where a day has more than one checkpoint."""
    days = [day for _, day, _ in points]
    return [t(lang, f"第{day}天", f"day {day}") + (f" {data.names.phase(phase, lang)}" if days.count(day) > 1 else "")
            for _, day, phase in points]


def _reports(rows: list[BeliefRow]) -> dict[tuple[int, int, int], dict[str, float]]:
    """(checkpoint, believer, target) -> faction -> probability."""
    out: dict[tuple[int, int, int], dict[str, float]] = {}
    for r in rows:
        out.setdefault((r.checkpoint, r.seat, r.target), {})[r.faction] = r.prob
    return out


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _colors(data: ReplayData) -> dict[str, str]:
    return {f: FACTION_COLORS.get(f, PALETTE[i % len(PALETTE)]) for i, f in enumerate(factions_of(data.ruleset))}


def _god(data: ReplayData, lang: Lang) -> str:
    points = _points(data.beliefs)
    reports = _reports(data.beliefs)
    truth = truth_of(data.events)
    colors = _colors(data)
    targets = sorted({target for _, _, target in reports})
    lines: dict[int, list[float | None]] = {}
    for target in targets:
        line: list[float | None] = []
        for cp, _, _ in points:
            faction = truth.faction(target, cp)
            if faction is None:  # no role on record yet: nothing to measure against
                line.append(None)
                continue
            line.append(_mean([p.get(faction, 0.0) for (c, _, tg), p in reports.items() if c == cp and tg == target]))
        lines[target] = line
    series = []
    for faction, color in colors.items():
        means = [_mean([v for tg, line in lines.items() if (v := line[i]) is not None and truth.faction(tg, cp) == faction])
                 for i, (cp, _, _) in enumerate(points)]
        if any(m is not None for m in means):
            label = t(lang, f"平均 · {data.names.faction(faction, lang)}", f"mean · {data.names.faction(faction, lang)}")
            series.append(Series(label, means, color, 3.5, {"faction": faction}))
    for target, line in lines.items():
        faction = truth.faction(target, points[-1][0]) or truth.faction(target) or ""
        label = f"{target} {data.names.seat(target, lang)} ({data.names.faction(faction, lang) if faction else '?'})"
        series.append(Series(label, line, colors.get(faction, "#888"), 1.2, {"target": target}))
    title = t(lang, "信念：其他玩家给出该座位真实阵营的平均概率（按检查点）",
              "Beliefs: the mean probability the other seats gave each seat's true faction, by checkpoint")
    svg = line_chart(title, _labels(data, points, lang), series, t(lang, "P(真实阵营)", "P(true faction)"))
    caption = t(lang, "细线：一个座位（被评估者），颜色为其阵营；粗线：该阵营各座位的平均。真相仅上帝视角可见。",
                "Thin lines: one seat each (the one judged), coloured by its faction; thick lines: the mean of a "
                "faction's seats. The truth is shown in the god view only.")
    return f"<figure class=\"beliefs\">{svg}<figcaption>{escape(title)}. {escape(caption)}</figcaption></figure>"


def _own(data: ReplayData, viewer: Viewer, lang: Lang) -> str:
    rows = [r for r in data.beliefs if r.seat == viewer.seat]
    if not rows:
        return f"<p class=\"note\">{t(lang, '该座位没有信念报告', 'no belief reports from this seat')}</p>"
    points = _points(rows)
    reports = _reports(rows)
    labels = _labels(data, points, lang)
    targets = sorted({target for _, _, target in reports})
    mine = truth_of(e for e in view(data.events, viewer, data.ruleset) if getattr(e, "seat", None) == viewer.seat)
    figure = ""
    if all(mine.faction(viewer.seat, cp) is not None for cp, _, _ in points):
        series = []
        for i, target in enumerate(targets):
            line = [1.0 - p.get(mine.faction(viewer.seat, cp) or "", 0.0) if (p := reports.get((cp, viewer.seat, target)))
                    is not None else None for cp, _, _ in points]
            series.append(Series(f"{target} {data.names.seat(target, lang)}", line, PALETTE[i % len(PALETTE)], 1.2,
                                 {"believer": viewer.seat, "target": target}))
        title = t(lang, f"{viewer.seat}号的信念：各座位不属于本方阵营的概率", f"Seat {viewer.seat}'s beliefs: the "
                  "probability it gave each seat of not being on its side")
        svg = line_chart(title, labels, series, t(lang, "P(非本方)", "P(not my side)"))
        figure = f"<figure class=\"beliefs\">{svg}<figcaption>{escape(title)}</figcaption></figure>"
    head = "".join(f"<th data-checkpoint=\"{cp}\">{escape(label)}</th>" for (cp, _, _), label in zip(points, labels, strict=True))
    body = []
    for target in targets:
        cells = []
        for cp, _, _ in points:
            probs = reports.get((cp, viewer.seat, target), {})
            cells.append("<td>" + "<br>".join(f"{escape(data.names.faction(f, lang))} {p:.2f}"
                                               for f, p in sorted(probs.items(), key=lambda fp: -fp[1])) + "</td>")
        body.append(f"<tr><td>{target} {escape(data.names.seat(target, lang))}</td>{''.join(cells)}</tr>")
    table = (f"<details class=\"reports\"><summary>{t(lang, '报告原文', 'the reports')}</summary>"
             f"<table class=\"beliefs\" data-believer=\"{viewer.seat}\"><tr><th>{t(lang, '座位', 'seat')}</th>{head}</tr>"
             f"{''.join(body)}</table></details>")
    return figure + table
