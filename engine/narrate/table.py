"""A rule set's own texts: how its judge posts, notices, results, causes and errors read, in zh and en.

Every rule set has one ``Narration`` (``Ruleset.narration``, defined in its own package's
``texts.py``), and the shared renderers of ``engine.narrate`` look up topics, skills, codes and
words in the narration of the game's rule set only. There is no table into which rule sets are
merged, so one rule set's line can never overwrite or stand in for another's; a topic a rule set
emits without a text of its own falls to the generic line (its kind and fields), which the coverage
test (every event kind, topic and code of 200 games per rule set, in both languages) refuses.

``kinds`` replaces the shared renderer of a whole event kind where a rule set says it differently
(qijian24's staged vote results, majiasha2's ballots by 马甲); the other tables hold bodies
(``Render``: the event and the rendering context to a line without its voice) or word pairs
(zh, en).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.narrate.context import Ctx

Render = Callable[[Any, "Ctx"], "str | None"]
"""An event and a context to a line (or None: the event shows nothing)."""
Pair = tuple[str, str]
"""The same text in Chinese and in English."""


def _frozen() -> Mapping[str, Any]:
    return {}


@dataclass(frozen=True, slots=True)
class Narration:
    """One rule set's texts (see the module docstring). Every table is keyed by the rule set's own
    ids: event kinds, ``Announced``/``Notice`` topics, skills, codes."""

    ruleset: str = ""
    ballot_layer: str = ""
    """What a ballot's target numbers name: seats (""), or ``"majia"`` (majiasha2 votes for 马甲)."""
    skill_layers: Mapping[str, str] = field(default_factory=_frozen)
    """Skill → what its target numbers name, where not seats (majiasha2's 预言 and 药剂 name 马甲)."""
    choice_layers: Mapping[str, str] = field(default_factory=_frozen)
    """Choice (``ChoiceMade.skill``) → what its target numbers name, where not seats."""
    kinds: Mapping[str, Render] = field(default_factory=_frozen)
    """Event kind → its renderer, where the rule set renders a whole kind its own way."""
    announcements: Mapping[str, Render] = field(default_factory=_frozen)
    """``Announced.topic`` → the body of the judge's public post."""
    notices: Mapping[str, Render] = field(default_factory=_frozen)
    """``Notice.topic`` → the body of the judge's private message."""
    feedback: Mapping[str, Render] = field(default_factory=_frozen)
    """``Feedback.skill`` → the body of the result."""
    resolved: Mapping[str, Render] = field(default_factory=_frozen)
    """``Resolved.skill`` → the body of the judge-only record (else: skill, actor, targets, result word)."""
    words: Mapping[str, Pair] = field(default_factory=_frozen)
    """Result words and codes (黑/白, 同/异, ``protect`` …) as results and records show them."""
    causes: Mapping[str, Pair] = field(default_factory=_frozen)
    """Causes of an out, public (``night``, ``vote``, ``drowned`` …) and judge-only (``blade`` …)."""
    warnings: Mapping[str, Pair] = field(default_factory=_frozen)
    """``Warned.reason`` codes."""
    withheld: Mapping[str, Pair] = field(default_factory=_frozen)
    """``PostWithheld.reason`` codes."""
    questions: Mapping[str, Pair] = field(default_factory=_frozen)
    """``Question.data["form"]`` → the sentence before the question."""
    end_reasons: Mapping[str, Pair] = field(default_factory=_frozen)
    """``GameEnded.reason`` codes."""
    reveal_reasons: Mapping[str, Pair] = field(default_factory=_frozen)
    """``RoleRevealed.reason`` codes."""
    draws: Mapping[str, str] = field(default_factory=_frozen)
    """A draw's (Chinese) name → its English name."""
    identities: Mapping[str, Pair] = field(default_factory=_frozen)
    """Identity ids that published identities use where the rules publish less than the role
    (qijian24: both 游侠 read alike); any other published identity is a role id, named as the role."""
    statuses: Mapping[str, Pair] = field(default_factory=_frozen)
    """Status ids of an observation (``dying``, ``frenzied`` …) and skill notes (``restricted`` …)."""
    errors: Mapping[str, Pair] = field(default_factory=_frozen)
    """The rule set's error codes (``IllegalAction``) → message templates with ``{param}`` fields."""
    notes: Mapping[str, Pair] = field(default_factory=_frozen)
    """``LegalAction.note`` codes → templates with ``{param}`` fields (``note_params``), as errors are."""
    flags: Mapping[str, Pair] = field(default_factory=_frozen)
    """Each adjudication flag → what it decides, in words (rules texts and headers say a changed flag
    this way, never by its id)."""

    def pair(self, table: str, key: str) -> Pair | None:
        """The (zh, en) pair of ``key`` in the word table ``table`` (None where there is none)."""
        found: Mapping[str, Pair] = getattr(self, table)
        return found.get(key)


EMPTY = Narration()
"""The narration of no rule set (events rendered without one show their generic lines)."""
