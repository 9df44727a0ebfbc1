"""Token counting with tiktoken's o200k_base, offline.

tiktoken fetches its rank files from the internet at first use; here the rank file ships inside
the package (``prompts/data/o200k_base.tiktoken``, see ``data/NOTICE.md``), is read through
``importlib.resources`` and checked against the sha256 tiktoken pins, so counting works on a fresh
machine with no network and ignores ``TIKTOKEN_CACHE_DIR`` entirely.

``count_messages`` follows OpenAI's published approximation for chat requests: a fixed overhead
per message and per name, the content, and 3 tokens priming the reply; tool schemas are counted
as their JSON text. Providers differ by a few tokens; budgets here leave room for that.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

import tiktoken

ENCODING = "o200k_base"
RANKS_FILE = "data/o200k_base.tiktoken"
SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
"""The hash tiktoken itself expects of o200k_base.tiktoken."""

PATTERN = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""",
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
    r"""\s*[\r\n]+""",
    r"""\s+(?!\S)""",
    r"""\s+""",
])
"""tiktoken's o200k_base pre-tokenizer (MIT, OpenAI)."""
SPECIAL = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}

PER_MESSAGE = 3
"""Tokens each chat message costs besides its fields (``<|start|>role…<|end|>``)."""
PER_NAME = 1
REPLY_PRIMING = 3
"""Tokens that prime the assistant's reply, counted once per request."""


def _ranks() -> dict[bytes, int]:
    data = files("prompts").joinpath(RANKS_FILE).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise RuntimeError(f"{RANKS_FILE} is corrupt: sha256 {digest}, expected {SHA256}")
    ranks: dict[bytes, int] = {}
    for line in data.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


@cache
def encoding() -> tiktoken.Encoding:
    """The o200k_base encoding, built once from the packaged rank file (no network, no cache dir)."""
    return tiktoken.Encoding(name=ENCODING, pat_str=PATTERN, mergeable_ranks=_ranks(), special_tokens=SPECIAL)


def count_tokens(text: str) -> int:
    """Tokens of ``text``; special-token strings a player types are counted as plain text."""
    if not text:
        return 0
    return len(encoding().encode(text, disallowed_special=()))


LONG_TEXT = 4000
"""Characters past which a message's text is counted line by line (see ``count_text``)."""


def count_text(text: str) -> int:
    """Tokens of a message's text. A long one (the public thread, which every request of every
    seat repeats with a little more at its end) is counted line by line, each line once per process:
    the encoding's pre-tokenizer never joins a token across a line break, so the sum is exact but
    for runs of blank lines (a "\n\n" is one token, counted here as two)."""
    if len(text) <= LONG_TEXT:
        return count_tokens(text)
    return sum(_line_tokens(line) for line in text.split("\n")) + text.count("\n")


@lru_cache(maxsize=1 << 17)
def _line_tokens(line: str) -> int:
    return count_tokens(line)


def _content_text(content: Any) -> Iterable[str]:
    if isinstance(content, str):
        yield content
    elif isinstance(content, Sequence):
        for part in content:
            if isinstance(part, Mapping) and isinstance(part.get("text"), str):
                yield part["text"]


def _tool_call_text(call: Any) -> str:
    if isinstance(call, Mapping):
        fn = call.get("function")
        if isinstance(fn, Mapping):
            return f"{fn.get('name', '')}{fn.get('arguments', '')}"
        return json.dumps(call, ensure_ascii=False, sort_keys=True, default=str)
    return str(call)


def count_message(message: Mapping[str, Any]) -> int:
    """Tokens of one chat message, overhead included (the reply priming is not)."""
    total = PER_MESSAGE + count_tokens(str(message.get("role", "")))
    total += sum(count_text(text) for text in _content_text(message.get("content")))
    if message.get("name"):
        total += PER_NAME + count_tokens(str(message["name"]))
    for call in message.get("tool_calls") or ():
        total += count_tokens(_tool_call_text(call))
    if message.get("tool_call_id"):
        total += count_tokens(str(message["tool_call_id"]))
    return total


def count_messages(messages: Iterable[Mapping[str, Any]], tools: Sequence[Mapping[str, Any]] | None = None) -> int:
    """Approximate prompt tokens of a chat request: messages, reply priming, and tool schemas as JSON."""
    total = REPLY_PRIMING + sum(count_message(m) for m in messages)
    if tools:
        total += count_tokens(json.dumps(list(tools), ensure_ascii=False, separators=(",", ":")))
    return total
