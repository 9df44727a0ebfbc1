"""A seat's legal actions in words, for the decision instruction.

Each line starts with the action's tool name (``tool_name``: ``post``, ``vote``, ``last_words``,
``pass``, ``team_post_<team>``, ``skill_<skill>``, ``answer_<skill>``; an LLM agent names its
tools the same way) and says what it does, its targets as the log writes them (``3号右代宫战人``,
``Battler(3)``), and its token limit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.layers import second_layer
from engine.legal import LegalAction
from engine.narrate import Names
from engine.narrate.context import Ctx, quote
from engine.narrate.messages import note_text
from prompts.render import seat_label
from prompts.texts import Texts

LIMIT_OF: dict[str, str] = {"post": "post", "team_post": "team_post", "last_words": "last_words", "vote": "vote_reason"}
"""Which token limit applies to the text an action carries."""


def tool_name(action: LegalAction) -> str:
    """The conventional tool name of a legal action."""
    if action.kind == "team_post":
        return f"team_post_{safe_name(action.team or '')}"
    if action.kind == "skill":
        return f"skill_{safe_name(action.skill or '')}"
    if action.kind == "choose":
        return f"answer_{safe_name(action.skill or '')}"
    return action.kind


def safe_name(ident: str) -> str:
    """An id as a tool-name part (OpenAI allows ``[a-zA-Z0-9_-]``)."""
    return re.sub(r"[^a-zA-Z0-9_-]", "_", ident)[:48]


def _seats(texts: Texts, names: Names, seats: tuple[int, ...], layer: str = "") -> str:
    """Targets as the log writes them; 马甲 numbers (``layer`` "majia", majiasha2) as ``马甲7号拿破仑``."""
    if second_layer(layer):
        shown = [quote(names.majia_label(n, texts.lang)) for n in seats]
    else:
        shown = [seat_label(names, s, texts.lang) for s in seats]
    return texts.word("sep").join(shown) or texts.word("nobody")


def describe(action: LegalAction, texts: Texts, names: Names, limits: Mapping[str, int],
             blue_left: int | None = None) -> str:
    """One legal action as one line."""
    limit = limits.get(LIMIT_OF.get(action.kind, ""), 0)
    lang = texts.lang
    free = texts.word("action.free") if not action.decisive else ""
    if action.kind == "post":
        left = action.blue_left if action.blue_left is not None else blue_left
        if left is None:
            return texts.word("action.post", limit=limit)
        return texts.word("action.post_blue", limit=limit, blue_left=left)
    if action.kind == "team_post":
        team = names.team(action.team or "", lang)
        return texts.word("action.team_post", tool=tool_name(action), team=team, limit=limit) + free
    if action.kind == "vote":
        line = texts.word("action.vote", targets=_seats(texts, names, action.targets, action.layer), limit=limit)
        return line + (texts.word("action.abstain") if action.abstain else "")
    if action.kind in ("skill", "choose"):
        return _skill(action, texts, names) + free
    if action.kind == "last_words":
        if action.note:  # the rule set states its own rule (majiasha2: 10–200 characters on one line)
            return texts.word("action.last_words_rule", rule=note_text(action.note, action.note_params, Ctx(names, texts.lang)))
        return texts.word("action.last_words", limit=limits.get("last_words", 0))
    if action.kind == "pass":
        return texts.word("action.pass")
    return texts.word("action.other", kind=action.kind)


def _skill(action: LegalAction, texts: Texts, names: Names) -> str:
    skill = names.skill(action.skill or "", texts.lang)
    tool = tool_name(action)
    if action.yes_no:
        return texts.word(f"action.{action.kind}_yes_no", tool=tool, skill=skill)
    if action.kind == "skill" and action.arity == 0:
        return texts.word("action.skill_plain", tool=tool, skill=skill)
    line = texts.word(f"action.{action.kind}_targets", tool=tool, skill=skill, arity=action.arity or 1,
                      targets=_seats(texts, names, action.targets, action.layer))
    if action.first_from:
        line += texts.word("action.first_from", first=_seats(texts, names, action.first_from))
    elif action.note:
        line += texts.word("action.note", note=note_text(action.note, action.note_params, Ctx(names, texts.lang)))
    return line


def describe_all(legal: tuple[LegalAction, ...], texts: Texts, names: Names, limits: Mapping[str, int],
                 blue_left: int | None = None) -> list[str]:
    """Every legal action, one line each, in the engine's order."""
    return [describe(a, texts, names, limits, blue_left) for a in legal]
