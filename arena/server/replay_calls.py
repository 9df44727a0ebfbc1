"""The call inspector of a replay: each model decision's summary line, and what is stored of it.

A model call's prompt holds the whole thread and the seat's own part, so an LLM game's calls are
most of what is stored about it (146 calls inline made a god view of 4.8 MB). The served page
therefore carries each call's summary only — seat, model, latency, tokens, fallback — and the
browser fetches a call's body when the person opens it (``/replays/{game}/calls/{id}``, under the
same rule of who may see which call). An exported file has no server to ask, so it carries every
body inline.

The body shows every stored field of the record, not a chosen few: a field the providers add to
``llm_calls`` (reasoning, cost …) is shown as soon as it is stored.
"""

from __future__ import annotations

import json
from dataclasses import fields
from html import escape
from typing import Any

from engine.narrate.names import Lang
from transcripts.records import CallRecord

SHOWN = frozenset({"call_id", "seat", "event_seq", "phase", "day", "model", "latency_ms", "tokens_in", "tokens_out",
                   "cached_tokens", "fallback", "retries", "messages", "tool_calls", "response", "error", "tools",
                   "reasoning", "cost_usd"})
"""Fields the summary or a section of its own already shows."""


def t(lang: Lang, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


def summary(call: CallRecord, lang: Lang) -> str:
    """The call's one line: who, which model, how long, how many tokens, whether it fell back."""
    tokens = f"in {call.tokens_in} / out {call.tokens_out}" + (f" (cached {call.cached_tokens})" if call.cached_tokens else "")
    latency = f"{call.latency_ms:.0f} ms" if call.latency_ms is not None else "-"
    flags = (t(lang, " · 兜底", " · FALLBACK") if call.fallback else "") + (
        t(lang, f" · 重试 {call.retries}", f" · retries {call.retries}") if call.retries else "")
    cost = f" · ${call.cost_usd:.5f}" if call.cost_usd is not None else ""
    return f"LLM · {t(lang, '座位', 'seat')} {call.seat} · {call.model or ''} · {latency} · {tokens}{cost}{flags}"


def _dump(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, indent=1, default=str)


def sections(call: CallRecord, lang: Lang) -> list[dict[str, str]]:
    """The call's body as titled texts (player text and model output stay text: the page escapes them)."""
    out: list[dict[str, str]] = []
    if call.error:
        out.append({"title": t(lang, "错误", "error"), "text": call.error, "kind": "error"})
    if call.reasoning:  # DeepSeek's reasoning_content and the like, as the provider returned it
        out.append({"title": t(lang, "推理过程", "reasoning"), "text": call.reasoning, "kind": "reasoning"})
    out.append({"title": t(lang, "工具调用", "tool calls"), "text": _dump(call.tool_calls or [])})
    out.append({"title": t(lang, "回应", "response"), "text": _dump(call.response) if call.response else ""})
    for message in call.messages or []:
        role = str(message.get("role", "")) if isinstance(message, dict) else ""
        content = message.get("content", "") if isinstance(message, dict) else message
        out.append({"title": t(lang, f"提示 · {role}", f"prompt · {role}"), "text": _dump(content or "")})
    for f in fields(call):
        value = getattr(call, f.name)
        if f.name not in SHOWN and value not in (None, "", [], {}):
            out.append({"title": f.name, "text": _dump(value)})
    return out


def call_html(call: CallRecord, lang: Lang, src: str | None) -> str:
    """One call in the timeline: its summary, and its body inline (``src`` None) or fetched from ``src``."""
    head = f"<summary>{escape(summary(call, lang))}</summary>"
    if src is not None:
        waiting = t(lang, "打开时加载……", "loaded when opened…")
        return (f"<details class=\"call\" data-call=\"{call.call_id}\" data-src=\"{escape(src)}\">{head}"
                f"<div class=\"call-body\"><p class=\"note\">{waiting}</p></div></details>")
    body = "".join(f"<h4>{escape(s['title'])}</h4><pre{_class(s)}>{escape(s['text'])}</pre>" for s in sections(call, lang))
    return f"<details class=\"call\" data-call=\"{call.call_id}\">{head}<div class=\"call-body\">{body}</div></details>"


def _class(section: dict[str, str]) -> str:
    kind = section.get("kind")
    return f' class="{kind}"' if kind in ("error", "reasoning") else ""
