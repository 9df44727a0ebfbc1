"""What counts as English on a Chinese screen: ASCII words, less the ids and numbers a zh text may hold.

A Chinese screen (a zh prompt, thread, replay, table or judge text) must never show an English
sentence. ``ascii_words`` finds every ASCII word (a run of ASCII letters, digits, ``_``, ``'``, ``-``
that starts with a letter) of a text and keeps those that are not allowed. Allowed, and nothing else:

* numbers: digits never start a word; a Roman numeral of two letters or more is a number too (the
  forum numbers its games 版杀XXXII, and the rule set's title keeps it);
* ids a model or a person types back, where the text names them as such: the tool names of the
  prompt (``post``, ``vote``, ``pass``, ``last_words``, ``read_log``, ``write_notes``,
  ``team_post_<team>``, ``skill_<skill>``, ``answer_<skill>``: ``TOOL``, or the exact names given),
  a tool argument with its value written ``name=value`` (``blue=true``, ``use=false``), a call
  written ``name(argument)`` (``read_log(day)``);
* an escape of JSON text (``\\n``, ``\\u2028``): how a line break or a control character of quoted
  player text is written;
* ``TERMS``: the few technical words the shared Chinese frames use where Chinese has no better one
  that a model reads the same way (the unit of every limit, the format player text is quoted in,
  the JSON values of a yes/no argument, "AI").

Player text is not the engine's: callers leave it out before counting (a post is data, and a player
may well write English).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'\-]*")
ROMAN = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
TOOL = re.compile(r"(post|vote|pass|last_words|read_log|write_notes|select_action|(team_post|skill|answer)_[a-z0-9_]+)")
ARGUMENT = re.compile(r"\b[a-z_]+=(true|false|\d+|[a-z_]+)\b")
CALL = re.compile(r"\b[a-z_]+\([a-z_]*\)")
ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[nrtbf])")
TERMS = frozenset({"token", "JSON", "AI", "true", "false"})


def ascii_words(text: str, *, tools: Iterable[str] | None = None) -> list[str]:
    """The ASCII words of ``text`` that a Chinese screen must not show (see the module docstring).

    ``tools``: the tool names the text may name (default: any name of the conventional forms)."""
    named = None if tools is None else frozenset(tools)
    text = ESCAPE.sub(" ", CALL.sub(" ", ARGUMENT.sub(" ", text)))
    return [w for w in WORD.findall(text) if not _allowed(w, named)]


def _allowed(word: str, tools: frozenset[str] | None) -> bool:
    if word in TERMS or (len(word) > 1 and ROMAN.fullmatch(word)):
        return True
    return word in tools if tools is not None else TOOL.fullmatch(word) is not None
