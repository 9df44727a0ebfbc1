"""A target written as text, read in a game with two name layers (majiasha2's 角色 and 马甲).

A 角色 (account, a seat) is offered as ``3号惊帆`` / ``Startled Sail(3)``; a 马甲 as ``马甲3号拿破仑`` /
``majia 3 Napoleon``. Both layers are numbered 1..N and the mapping between them is the game's
secret, so a form that one layer's label does not fix may name two different persons: ``3``, ``3号``
or ``#3`` (account 3 or 马甲 3), and ``3号惊帆`` for a 马甲 action (account 3, or 马甲 3 by its
number). Such a form is refused with both readings named, never guessed (the mistake this module
exists for: ``3号惊帆`` read silently as 马甲 3, usually another person); a name of the other layer
is refused as such. Exactly the option the prompt offers is always read as offered.

``read_target`` is the one reader: the LLM layer's ``AliasBook`` calls it for every target of a
two-layer game, and its refusals are the rule set's coded errors (``IllegalAction``), rendered in
the reader's language by the rule set's texts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.errors import IllegalAction
from engine.narrate.names import Names
from prompts.render import seat_label

MAJIA, SEAT = "majia", ""
_NUMBERED = re.compile(r"^(?P<marker>马甲|馬甲|majia|角色|account|seat|no\.?|#)?\s*(?P<n>\d{1,3})\s*(?:号|號)?\s*(?P<tail>.*)$",
                       re.IGNORECASE)
_MARKERS = {"马甲": MAJIA, "馬甲": MAJIA, "majia": MAJIA, "角色": SEAT, "account": SEAT, "seat": SEAT}
_STRIP = " \t\n\"'`“”‘’「」『』【】@"

Reading = tuple[str, int]
"""(layer, number): ``("", 3)`` is account 3, ``("majia", 3)`` is 马甲 3."""


def _key(text: str) -> str:
    return text.strip(_STRIP).casefold()


def read_target(names: Names, text: object, layer: str, allowed: Sequence[int] = ()) -> int | None:
    """The number ``text`` names in ``layer`` (``"majia"`` or ``""`` for a 角色), or None where it names
    nothing of the game. Raises ``IllegalAction`` (the game's rule set's code) where it reads as both a
    角色 and a 马甲, or only as the other layer's; ``allowed`` are the options the refusal lists."""
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        return None
    if isinstance(text, str) and _key(text) in _labels(names, layer):
        return _labels(names, layer)[_key(text)]
    found = readings(names, text)
    own = sorted({n for lay, n in found if lay == layer})
    other = sorted({n for lay, n in found if lay != layer})
    if len(own) == 1 and not other:
        return own[0]
    if own and other:
        seat, majia = (own[0], other[0]) if layer == SEAT else (other[0], own[0])
        raise _refusal(names, "target_ambiguous" if layer == MAJIA else "target_ambiguous_account", layer, allowed,
                       text=str(text), target=seat, majia=majia)
    if len(other) == 1 and not own:
        code = "target_is_account" if layer == MAJIA else "target_is_majia"
        raise _refusal(names, code, layer, allowed, text=str(text), **{"target" if layer == MAJIA else "majia": other[0]})
    return None


def readings(names: Names, text: int | str) -> set[Reading]:
    """Every (layer, number) ``text`` can be read as: a label or a name of either layer, a number
    marked by its layer (``马甲3``, ``角色3``), or a bare number (``3``, ``3号``, ``#3``: both layers)."""
    count = len(names.aliases) or len(names.majia)
    if isinstance(text, int):
        return {(SEAT, text), (MAJIA, text)} if 1 <= text <= count else set()
    key = _key(text)
    found: set[Reading] = set()
    for lay in (SEAT, MAJIA):
        if key in _labels(names, lay):
            found.add((lay, _labels(names, lay)[key]))
        if key in _names(names, lay):
            found.add((lay, _names(names, lay)[key]))
    numbered = _NUMBERED.match(key)
    if numbered is None or not 1 <= int(numbered["n"]) <= count:
        return found
    n, tail = int(numbered["n"]), _key(numbered["tail"])
    marker = _MARKERS.get((numbered["marker"] or "").casefold().rstrip("."))
    layers = (SEAT, MAJIA) if marker is None else (marker,)
    found |= {(lay, n) for lay in layers}
    for lay in (SEAT, MAJIA):  # a name after the number: the person it names, in its own layer
        if tail and tail in _names(names, lay):
            found.add((lay, _names(names, lay)[tail]))
    return found


def _labels(names: Names, layer: str) -> dict[str, int]:
    """The options as the prompt writes them, in both languages."""
    if layer == MAJIA:
        return {_key(names.majia_label(n, lang)): n for n in names.majia for lang in ("zh", "en")}
    return {_key(seat_label(names, s, lang)): s for s in names.aliases for lang in ("zh", "en")}


def _names(names: Names, layer: str) -> dict[str, int]:
    """The bare names, in both languages."""
    table = names.majia if layer == MAJIA else names.aliases
    out: dict[str, int] = {}
    for n, name in table.items():
        for shown in (name, names.english.get(name, name)):
            if _key(shown):
                out.setdefault(_key(shown), n)
    return out


def _refusal(names: Names, code: str, layer: str, allowed: Sequence[int], **params: object) -> IllegalAction:
    listing = {"listed": list(allowed)} if layer == MAJIA else {"allowed": list(allowed)}
    return IllegalAction(code, ruleset=names.ruleset, **params, **listing)
