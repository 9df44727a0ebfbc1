"""What a seat may do now: the answer of ``Game.pending()``.

A ``LegalAction`` is a template: the kind of action, the skill, and the legal targets as a set, so
that an LLM tool can offer targets as an enum and a bot can pick among them. Constraints that a
set cannot express (one target of a pair from a given set) are spelled out in ``first_from`` and
``note``; the engine still validates every submission.

A ``note`` is a code, not a sentence: the rule set's texts (``Narration.notes``) say it in the
reader's language, with ``note_params`` rendered by their names as error parameters are
(``engine.narrate.messages.note_text``), so a Chinese prompt never shows an English note.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

ActionKind = Literal["post", "team_post", "vote", "skill", "choose", "last_words", "pass"]


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One thing a seat may do now."""

    kind: ActionKind
    skill: str | None = None
    targets: tuple[int, ...] = ()
    arity: int = 0
    team: str | None = None
    blue_left: int | None = None
    first_from: tuple[int, ...] = ()
    abstain: bool = False
    yes_no: bool = False
    free: bool = False
    note: str = ""
    """What else constrains the action, as a code of the rule set's ``Narration.notes``."""
    note_params: tuple[tuple[str, Any], ...] = ()
    """The note's parameters as (name, value) pairs (a tuple, so that the template stays hashable)."""
    needs_reason: bool = False
    """A vote that names a target must give a reason (suitang21 §2.4, flag ``suitang.vote_needs_reason``):
    the vote tool then requires ``reason`` and the parser asks for it before the engine refuses."""
    layer: str = ""
    """What the target numbers name: seats (""), or ``"majia"`` for a rule set with a second public
    name list whose mapping to the seats is secret (majiasha2's 马甲: votes, 预言, 药剂 …), so that
    prompts, tools and the web table name them as 马甲, not as seats."""

    @property
    def decisive(self) -> bool:
        """Whether taking it ends the seat's turn or its part in the window (free actions do not)."""
        return self.kind != "team_post" and not self.free


PASS = LegalAction("pass")
