"""Prompts: a seat's view and legal actions → OpenAI chat messages (Chinese first, English too).

``SeatPrompt`` keeps one seat's messages for a whole game, in a stable order that providers'
prefix caches reward; ``render_event`` turns one visible event into the line a model reads, with
player text quoted as data; ``count_tokens`` / ``count_messages`` count with tiktoken's o200k_base,
shipped in the package so nothing is downloaded. Imports ``engine`` only.
"""

from prompts.actions import describe, tool_name
from prompts.render import quoted, render_event, render_events, seat_label
from prompts.seat import Compaction, Message, SeatPrompt
from prompts.texts import Texts, load
from prompts.tokens import count_message, count_messages, count_tokens, encoding

__all__ = [
    "Compaction", "Message", "SeatPrompt", "Texts", "count_message", "count_messages", "count_tokens", "describe",
    "encoding", "load", "quoted", "render_event", "render_events", "seat_label", "tool_name",
]
