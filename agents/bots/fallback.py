"""The safest legal move, for a scripted bot after an illegal answer or on a rule set it does not know."""

from __future__ import annotations

from collections.abc import Mapping

from agents.base import Turn
from engine.actions import Action, Choose, Pass, Vote
from engine.legal import LegalAction
from engine.observation import derive


def keyed(legal: tuple[LegalAction, ...]) -> Mapping[str, LegalAction]:
    """The legal templates by ``kind[:skill|team]`` (a later template of the same key wins), read-only:
    kept by the identity of ``legal`` (``engine.observation.derive``), since the engine hands a seat the
    same tuple again while its legal actions have not changed (about three turns in five of a scripted
    umineko32 game), and a bot keys them at every turn."""
    return derive(_keyed, legal)


def _keyed(legal: tuple[LegalAction, ...]) -> Mapping[str, LegalAction]:
    out: dict[str, LegalAction] = {}
    for template in legal:
        what = template.skill or template.team
        out[template.kind if what is None else f"{template.kind}:{what}"] = template
    return out


def fallback(turn: Turn) -> Action:
    """An abstention where a plain vote is offered (it counts as a vote, where a pass would earn a
    warning), else a pass, else declining the first choice offered."""
    legal = keyed(turn.legal)
    if "vote" in legal:
        return Vote(seat=turn.seat, target=None, reason="弃票")
    if "pass" in legal:
        return Pass(seat=turn.seat)
    for key, template in legal.items():
        if key.startswith("choose:") and template.skill is not None:
            return Choose(seat=turn.seat, skill=template.skill, use=False)
    return Pass(seat=turn.seat)
