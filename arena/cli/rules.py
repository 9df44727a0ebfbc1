"""``arena rules [RULESET]``: a rule set's roster, skills, flags, adjudications, options and phases.

The adjudications list every item of the rule spec's ambiguity list: the flagged ones (the flag,
its default and its doc) and the rest (the ruling the engine follows and why it has no flag).

On a terminal the sections are ``rich`` tables; piped or redirected, they are plain aligned text
(one row a line, columns padded by display width, so CJK names line up); ``--json`` prints the
same content as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from engine.errors import UnknownName
from engine.names import NameTable
from engine.narrate import ruleset_part
from engine.ruleset import Ruleset
from engine.rulesets import get_ruleset, ruleset_ids

HEADERS: dict[str, dict[str, tuple[str, ...]]] = {
    "roles": {"zh": ("身份", "id", "阵营", "人数", "技能", "说明"),
              "en": ("Role", "id", "Faction", "Count", "Skills", "Summary")},
    "skills": {"zh": ("技能", "id", "English"), "en": ("Skill", "id", "中文")},
    "flags": {"zh": ("裁定", "默认", "条目", "可选值", "说明"), "en": ("Flag", "Default", "Spec", "Choices", "Doc")},
    "adjudications": {"zh": ("条目", "裁定", "开关（默认）", "无开关的理由"),
                      "en": ("Item", "Ruling", "Flag (default)", "Why no flag")},
    "options": {"zh": ("选项", "说明"), "en": ("Option", "Doc")},
    "phases": {"zh": ("阶段", "id", "English"), "en": ("Phase", "id", "中文")},
    "teams": {"zh": ("群聊", "id", "English"), "en": ("Team chat", "id", "中文")},
}
TITLES: dict[str, dict[str, str]] = {
    "roles": {"zh": "身份", "en": "Roles"}, "skills": {"zh": "技能", "en": "Skills"},
    "flags": {"zh": "裁定开关（flags）", "en": "Flags"}, "options": {"zh": "选项", "en": "Options"},
    "adjudications": {"zh": "全部裁定（规则疑义条目）", "en": "Adjudications (every item of the spec)"},
    "phases": {"zh": "阶段", "en": "Phases"}, "teams": {"zh": "群聊", "en": "Team chats"},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", nargs="?", default="umineko32", metavar="RULESET",
                        help=f"rule set id (default umineko32; known: {', '.join(ruleset_ids())})")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of headings and names")


def run(args: argparse.Namespace) -> int:
    try:
        ruleset = get_ruleset(args.ruleset)
    except UnknownName:
        print(f"arena rules: unknown rule set {args.ruleset!r}; known: {', '.join(ruleset_ids())}", file=sys.stderr)
        return 2
    info = describe(ruleset)
    if args.json:
        print(json.dumps(info, ensure_ascii=False, indent=2, default=str))
        return 0
    console = Console()
    if console.is_terminal:
        print_rich(info, args.lang, console)
    else:
        sys.stdout.write(plain(info, args.lang))
    return 0


# -- the content -----------------------------------------------------------------------------------


def _names(table: Any) -> list[dict[str, str]]:
    return [{"id": n.id, "zh": n.zh, "en": n.en} for n in table] if isinstance(table, NameTable) else []


def adjudications(ruleset: Ruleset) -> list[dict[str, Any]]:
    """Every adjudication of the spec, in item order: each flag whose ``ref`` names an item (A-nn),
    and each ruling without a flag."""
    out = [{"id": f.ref, "ruling": f.doc, "flag": f.name, "default": f.default, "reason": ""}
           for f in ruleset.flags if f.ref.startswith("A-")]
    out += [{"id": item, "ruling": ruling, "flag": flag, "default": None, "reason": reason}
            for item, ruling, flag, reason in ruleset.adjudications]
    return sorted(out, key=lambda a: a["id"])


def describe(ruleset: Ruleset) -> dict[str, Any]:
    """Everything ``arena rules`` shows, as plain data."""
    skills, factions = ruleset.skill_names, ruleset.faction_names
    roles = [{
        "id": r.id, "zh": r.zh, "en": r.en, "faction": r.faction, "faction_zh": factions.zh(r.faction),
        "faction_en": factions.en(r.faction), "count": r.count,
        "skills": [{"id": s, "zh": skills.zh(s), "en": skills.en(s)} for s in r.skills], "summary": r.summary,
        "summary_zh": r.summary_in("zh"),
    } for r in ruleset.roles]
    words = ruleset.narration.flags  # each flag as its rule set says it (zh, en); the doc where it has no words
    flags = [{"name": f.name, "default": f.default, "ref": f.ref, "doc": f.doc,
              "doc_zh": words[f.name][0] if f.name in words else f.doc,
              "choices": list(f.choices) or ([True, False] if isinstance(f.default, bool) else [])}
             for f in ruleset.flags]
    return {
        "id": ruleset.id, "version": ruleset.version, "title": ruleset.title, "seats": ruleset.seats,
        "roles": roles, "skills": _names(skills), "factions": _names(factions), "flags": flags,
        "adjudications": adjudications(ruleset),
        "options": [{"name": k, "doc": v} for k, v in ruleset.options_doc.items()],
        "phases": _names(ruleset_part(ruleset, "phase_names")),
        "teams": _names(ruleset_part(ruleset, "team_names")),
    }


def _value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


def rows(info: dict[str, Any], lang: str) -> dict[str, list[tuple[str, ...]]]:
    """Each section's rows as strings, in ``lang``."""
    zh = lang == "zh"
    derived = "衍生" if zh else "derived"
    named: list[tuple[str, ...]] = [(n["zh"], n["id"], n["en"]) if zh else (n["en"], n["id"], n["zh"]) for n in info["skills"]]
    return {
        "roles": [(
            r["zh"] if zh else f"{r['en']} {r['zh']}", r["id"], r["faction_zh"] if zh else r["faction_en"],
            str(r["count"]) if r["count"] else derived,
            ("、" if zh else ", ").join(f"{s['zh']}({s['id']})" for s in r["skills"]) or "—",
            r.get("summary_zh") or r["summary"] if zh else r["summary"],
        ) for r in info["roles"]],
        "skills": named,
        "flags": [(f["name"], _value(f["default"]), f["ref"], " | ".join(_value(c) for c in f["choices"]),
                   f.get("doc_zh", f["doc"]) if zh else f["doc"]) for f in info["flags"]],
        "adjudications": [(a["id"], a["ruling"], f"{a['flag']} ({_value(a['default'])})" if a["flag"] else "—",
                           a["reason"]) for a in info.get("adjudications", [])],
        "options": [(o["name"], o["doc"]) for o in info["options"]],
        "phases": [(p["zh"], p["id"], p["en"]) if zh else (p["en"], p["id"], p["zh"]) for p in info["phases"]],
        "teams": [(t["zh"], t["id"], t["en"]) if zh else (t["en"], t["id"], t["zh"]) for t in info["teams"]],
    }


def heading(info: dict[str, Any], lang: str) -> str:
    seats = f"{info['seats']} 人" if lang == "zh" else f"{info['seats']} seats"
    return f"{info['title']}  ·  {info['id']} v{info['version']}  ·  {seats}"


# -- the two renderings ----------------------------------------------------------------------------


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_len(text))


def table_text(header: tuple[str, ...], body: list[tuple[str, ...]]) -> list[str]:
    """Aligned plain-text rows (wide CJK characters counted as two columns)."""
    widths = [max(cell_len(row[i]) for row in [header, *body]) for i in range(len(header))]
    out = []
    for row in [header, *body]:
        out.append("  ".join(_pad(cell, w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return out


def plain(info: dict[str, Any], lang: str) -> str:
    """The rule set as plain aligned text."""
    lines = [heading(info, lang)]
    for section, body in rows(info, lang).items():
        if not body:
            continue
        lines += ["", f"## {TITLES[section][lang]}", *table_text(HEADERS[section][lang], body)]
    return "\n".join(lines) + "\n"


def print_rich(info: dict[str, Any], lang: str, console: Console) -> None:
    """The rule set as ``rich`` tables."""
    console.print(Text(heading(info, lang), style="bold"))
    for section, body in rows(info, lang).items():
        if not body:
            continue
        table = Table(title=TITLES[section][lang], title_justify="left", show_lines=section == "roles")
        for header in HEADERS[section][lang]:
            table.add_column(header, overflow="fold")
        for row in body:
            table.add_row(*(Text(cell) for cell in row))
        console.print(table)
